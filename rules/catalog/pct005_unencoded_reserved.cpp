// PCT005 unencoded-reserved
#include "core/ascii.h"
#include "core/scan.h"
#include "rules/catalog/catalog.h"

#include <cstring>

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT005",
    .name = "unencoded-reserved",
    .default_severity = Severity::Warning,
    .summary = "General delimiter used literally where it cannot be a delimiter",
    .docs =
        R"(Finds general delimiters (RFC 3986 §2.2) used literally where they cannot delimit anything:
a second `#` (the fragment already began at the first; not in a client-side route such as
`#/docs#intro` or `#!state`, which the application's router reads, nor in the ref after a git
repository's `.git`, which the tool that clones it reads, nor in the channels a web IRC client
joins, `https://web.libera.chat/##rust`, nor the section of MediaWiki's help on a parser function,
`Help:Extension:ParserFunctions##expr`, nor a SOAP action named by its port and operation,
`…/soap/action/#PerfmonPort#PerfmonOpenSession`, which the server compares as written, nor the
`#` of an HTML character reference such as
`&#124;`), `[` or `]` outside an IP-literal host, and more than one `@` in the
authority.

Parsers disagree on such URLs: RFC 3986 says they are invalid, the WHATWG URL Standard takes the
last `@` as the end of the userinfo while older parsers take the first, so the same string can
reach two different hosts. RFC 3986 §2.2: a reserved character used as data in a component
where it would be a delimiter must be percent-encoded.

## Bad
    https://example.com/search?filter[tag]=url#intro#usage

## Good
    https://example.com/search?filter%5Btag%5D=url#intro%23usage

## Fix
Percent-encodes the character (safe: the URL splits into the same components and each decodes to
the same bytes). In the fragment it is unsafe: browsers keep `#`, `[` and `]` as written there, so
the escape changes the string a page's script reads from `location.hash`. A `]` that ends the URL
with no `[` before it, or that a `(` or `[` follows (Markdown pasted into a value, `a](…`, or two
links' texts run together, `MNG-8740][MNG-8733`, outside the query), is fixed only unsafe too, as
is the `[` of such a `][`: it is more often the bracket of a link around the URL, taken in by mistake, and the escape
would make a broken link a valid one that leads elsewhere.
)",
    .fix = FixAvailability::Always,
    .depends_on_extent = true,
};

// A fragment that is a client-side route ("#/handbook#intro", "#!/page"): the application's router
// reads it, '#' and all, and encoding the second '#' would break the link. So does the tool that
// takes a git repository's URL with a ref in its fragment (npm's "x.git#v1.0", pip's
// "x.git#egg=y"; "x.git#main#/docs/" split on '#' by a script).
bool hash_route(std::string_view t, Span path, Span fragment) {
  const std::string_view f = fragment.in(t);
  if (client_side_route(f)) return true;
  if (path.in(t).ends_with(".git")) return true;
  // A path in the fragment before its next '#' is a route too
  // ("#documentation/Foo.html#//apple_ref" of Apple's old reference library); a word before it is
  // an anchor ("#install#linux").
  const std::size_t hash = f.find('#', 1);
  if (hash == std::string_view::npos) return false;
  // A script's state serialised as JSON and encoded after the '#' ("app.diagrams.net/#G<file
  // id>#%7B%22pageId%22…"): the page's script splits its fragment itself.
  const std::string_view after = f.substr(hash + 1);
  if (after.starts_with("%7B%22") || after.starts_with("%7b%22")) return true;
  return f.substr(0, hash).find('/') != std::string_view::npos;
}

// A web IRC client, which joins the channels its fragment names, '#' and all ("web.libera.chat/
// ##hntop": the channel "##hntop"; "#a,#b"): Libera's gamja, KiwiIRC, OFTC's and freenode's
// webchat read location.hash without decoding it, so "%23" would name another channel. Not when
// a query names them ("?channels=##rust"): there the first '#' cut the value short.
bool irc_channels(std::string_view t, const UrlParts& parts) {
  if (!parts.host || parts.query) return false;
  const std::string_view host = parts.host->in(t);
  for (std::string_view client :
       {"web.libera.chat", "webchat.oftc.net", "webchat.freenode.net", "kiwiirc.com"})
    if (ascii::iequals(host, client) ||
        (ascii::iends_with(host, client) && host[host.size() - client.size() - 1] == '.'))
      return true;
  return false;
}

// MediaWiki's help on parser functions, whose sections are named for the functions, '#' and all
// ("Help:Extension:ParserFunctions##expr": the section "#expr"); browsers find the section by the
// fragment as written.
bool parser_function_section(std::string_view t, const UrlParts& parts, std::size_t i) {
  return parts.fragment && i == parts.fragment->begin &&
         ascii::iends_with(parts.path.in(t), "parserfunctions") && i + 1 < t.size() &&
         charsets::alpha.contains(t[i + 1]);
}

// A SOAP action named by a service's port and operation ("…/ast/soap/action/#PerfmonPort#
// PerfmonOpenSession", Cisco's Serviceability API, in a SOAPAction header): the server compares the
// header as written (SOAP 1.1, 6.1.1), so "%23" names no action it knows.
bool soap_action_name(std::string_view t, const UrlParts& parts) {
  return parts.fragment && !parts.query && ascii::iends_with(parts.path.in(t), "/soap/action/");
}

// Whether the '#' at t[i] is the one of an HTML character reference ("&#124;", "&#x7C;"): a URL
// written for HTML inside a string that is not markup (a Markdown link in a heredoc) holds them
// undecoded, and their '#' delimits nothing.
bool in_character_reference(std::string_view t, std::size_t i) {
  return i > 0 && t[i - 1] == '&' && ascii::numeric_reference_after(t, i) > 0;
}

// Whether the ']' at t[i] is more often the bracket of a link around the URL, taken in by
// mistake, than a byte meant to be sent: it ends the URL and no '[' opened before it
// ("[https://x.example/a]" in a wiki or BBCode), or a '(' or '[' follows it (a Markdown link
// pasted into a value, "https://x.example/a](https://x.example/a)", or two links' texts run
// together, "…/browse/MNG-8740][MNG-8733"; the '[' of such a "][" too; not in the query).
// Encoding it makes a broken link a valid one that leads elsewhere.
bool stray_bracket(std::string_view t, const UrlParts& parts, std::size_t i) {
  // In the query "][" is a nested array's ("a[0][1]=x", PHP's and Rails' parameters).
  const bool in_query = parts.query && i >= parts.query->begin && i < parts.query->end;
  if (t[i] == '[') return i > 0 && t[i - 1] == ']' && !in_query;
  if (t[i] != ']') return false;
  if (i + 1 < t.size()) return t[i + 1] == '(' || (t[i + 1] == '[' && !in_query);
  return t.rfind('[', i) == std::string_view::npos;
}

class UnencodedReserved final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("#[]@"); }
  // One '#' starts the fragment and one '@' ends the userinfo: only a second one can be wrong.
  bool may_find(const FoundUrl& url) const override {
    // One pass (URLs are short: six memchr calls cost more than the bytes).
    int hashes = 0, ats = 0;
    for (const char c : url.text)
      if (c == '[' || c == ']' || (c == '#' && ++hashes == 2) || (c == '@' && ++ats == 2))
        return true;
    return false;
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const std::string_view t = url.text;
    auto report = [&](std::size_t i, std::string why) {
      if (url.url.in_placeholder(i)) return;
      const Span s{i, i + 1};
      const std::string esc = escape_of(static_cast<unsigned char>(t[i]));
      const bool unsafe =
          kept_raw_in_fragment(url.parts.fragment, i, static_cast<unsigned char>(t[i])) ||
          stray_bracket(t, url.parts, i);
      out.push_back({s, quoted(s.in(t)) + " " + why + "; percent-encode it as " + esc,
                     UrlFix{"Percent-encode it: " + esc,
                            unsafe ? Applicability::Unsafe : Applicability::Safe,
                            {{s, esc}}}});
    };
    if (const auto& u = url.parts.userinfo)
      for (std::size_t i = u->begin; i < u->end; ++i)
        if (t[i] == '@') report(i, "is a second '@' in the authority");
    for (auto c : {UrlComponent::Userinfo, UrlComponent::Path, UrlComponent::Query,
                   UrlComponent::Fragment}) {
      const auto span = url.parts.get(c);
      if (!span) continue;
      for (std::size_t i = span->begin; i < span->end; ++i) {
        if (t[i] == '[' || t[i] == ']')
          report(i, "is only allowed around an IP-literal host, not in the " +
                        std::string(name_of(c)));
        else if (t[i] == '#' && c == UrlComponent::Fragment &&
                 !hash_route(t, url.parts.path, *span) && !in_character_reference(t, i) &&
                 !irc_channels(t, url.parts) && !parser_function_section(t, url.parts, i) &&
                 !soap_action_name(t, url.parts))
          report(i, "is a second '#' (the fragment already began)");
      }
    }
  }
};

} // namespace

const Rule& unencoded_reserved_rule() {
  static const UnencodedReserved rule;
  return rule;
}

} // namespace pctlint
