// PCT003 unencoded-char
#include "core/ascii.h"
#include "rules/catalog/catalog.h"

#include <algorithm>

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT003",
    .name = "unencoded-char",
    .default_severity = Severity::Error,
    .summary = "Character that is never allowed literally in a URL",
    .docs =
        R"(Finds characters that may never appear literally in a URL: space, the C0 controls, DEL, and
`"` `<` `>` `\` `^` `{` `}` `|` and the backtick.

RFC 3986 excludes them from every component; browsers and HTTP libraries disagree on what to do
with them (encode, reject, truncate), so a URL holding one means different things to different
programs.

A query language's comparison or path operator written raw in a query value, between a name and
its operand (`filter_by=num_employees:>=100`, `select=data->>type`: Typesense's and PostgREST's
documented syntax, which their curl examples send as written), is not reported. Nor is a `|`
that ends the URL: it delimits what holds the URL (a wiki link `[[http://example.com|title]]`
written in pieces, `'http://example.com|' . $title`; a table's cell).

## Bad
    https://example.com/files/annual report.pdf

## Good
    https://example.com/files/annual%20report.pdf

## Fix
Percent-encodes the character (safe: it decodes to the same byte). For a control character or
DEL the fix is unsafe: such a byte in a URL is more often test data or a mistake elsewhere (a
NUL terminator, a stray newline) than a character meant to be sent, and a parser that rejects it
would accept the escape. So is `%5C` for a backslash before the query of an `http`, `https`,
`ws`, `wss`, `ftp` or `file` URL: browsers (the WHATWG URL Standard) read that backslash as a `/`,
the escape as a backslash, so the fix may change where the URL leads. So is the fix of a character
right after a `%` (`balance% 2C`): the escape was split, and encoding the blank writes `%%202C`,
which repairs nothing; deleting the blank may be the right edit. So is the fix of a `\`, `^`, `{`,
`}` or `|` in the fragment: browsers keep them as written there (`location.hash` of
`#googtrans(en|en)` holds the `|`), so the escape changes the string a page's script reads. So
is the fix of a `"`, `` ` ``, `<` or `>` that ends the URL (`[docs](https://x.example/guide")`): it is
more often the delimiter of what holds the URL, taken in by mistake, and the escape would turn a
broken link into a valid one that leads elsewhere; deleting the character may be the right edit.
The same goes for the opening backtick of such a pair (``function.html#`rstrip` ``, a code span's
backticks taken into a translated link's anchor): one escaped and one left would be half a repair.

In the host, the port, or the domain of a `mailto:` address there is no fix. A port is digits
only, and no host name holds such a character, escaped or not (`mailto:team@ example.org` with
`%20` is still no address): `https://vault.example.com:8200"` with `%22` after the port is a URL
that browsers refuse, and an escape in the host is a host that RFC 3986 parsers and browsers read
apart (PCT013). The character is usually a stray delimiter (a quote, a `|` of a table) that
belongs outside the URL; the fix is to move or delete it.

A `|` right after a drive letter at the start of a `file` URL's path (`file:///C|/Program%20Files/`,
the form of early browsers) is the drive's `:` to the WHATWG URL Standard; `%7C` would make `C%7C`
the name of a directory. Its fix writes the `:` (safe: browsers read both alike).
)",
    .fix = FixAvailability::Sometimes,
    .depends_on_extent = true,
};

std::string describe_char(unsigned char c) {
  if (c == ' ') return "a space";
  if (c < 0x20 || c == 0x7F) return "control character " + escape_of(c).substr(1) + " (hex)";
  return quoted(std::string(1, static_cast<char>(c)));
}

// Whether t[at] is in the domain of a mailto URL's address: after the address's '@' (addresses
// are separated by ','), before the query. A domain is a host name, which no escape repairs.
bool in_mail_domain(std::string_view t, const UrlParts& parts, std::size_t at) {
  if (!parts.scheme || !ascii::iequals(parts.scheme->in(t), "mailto") || at < parts.path.begin ||
      at >= parts.path.end)
    return false;
  const std::string_view before = t.substr(parts.path.begin, at - parts.path.begin);
  const std::size_t at_sign = before.rfind('@');
  return at_sign != std::string_view::npos && before.find(',', at_sign) == std::string_view::npos;
}

// "a URL's host", "a URL's port" or "an email address's domain" where `at` is in one of them:
// where an escape is no fix.
const char* authority_part(std::string_view t, const UrlParts& parts, std::size_t at) {
  const auto in = [&](const std::optional<Span>& s) { return s && s->begin <= at && at < s->end; };
  if (in(parts.host)) return "a URL's host";
  if (in(parts.port)) return "a URL's port";
  return in_mail_domain(t, parts, at) ? "an email address's domain" : nullptr;
}

// Whether the quote, backtick or angle bracket at t[i] ends the URL: more often the delimiter of
// what holds the URL, taken in by mistake (`[docs](https://x.example/a")`, a code span's closing
// backtick in "[x](https://x.example/a`)"), than a character meant to be sent. Encoding it makes a
// broken link a valid one that leads elsewhere; deleting it may be the right edit.
bool stray_delimiter_at_end(std::string_view t, std::size_t i) {
  return i + 1 == t.size() && i > 0 && (t[i] == '"' || t[i] == '`' || t[i] == '<' || t[i] == '>');
}

// Whether the '"' at t[i] closes a phrase that a '"' opened in the query
// ("?q=is%3Aissue+\"mox+webmail+js+error%3A\"", a search for the phrase): the phrase's own, as
// its opening quote is, not a delimiter taken in at the URL's end.
bool closes_query_phrase(std::string_view t, const std::optional<Span>& query, std::size_t i) {
  if (t[i] != '"' || !in_query(query, i)) return false;
  const std::string_view before = t.substr(query->begin, i - query->begin);
  return std::count(before.begin(), before.end(), '"') % 2 == 1;
}

// Whether the backtick at t[i] opens a pair that the URL's last character closes
// ("…/function.html#`rstrip`"): a code span's, taken in with the URL, as its closing one alone is.
// (A pair of quotes is more often the URL's own: a phrase searched for, ?q=label%3A"Junior+Jobs".)
bool opens_stray_pair(std::string_view t, std::size_t i) {
  return t[i] == '`' && i + 1 < t.size() && t.find('`', i + 1) == t.size() - 1;
}

// Whether the '<' or '>' at t[i], in the query, is part of a query language's operator written
// between a name and its operand: ":>=", ":<", "->", "->>", ">=", "<=" ("num_employees:>=100",
// "data->>type"). A lone "a>b" or a stray "\">" is no such operator.
bool query_operator(std::string_view t, const std::optional<Span>& query, std::size_t i) {
  if (!in_query(query, i)) return false;
  constexpr std::string_view kOperator = "<>=:-!";
  std::size_t begin = i, end = i + 1;
  // Not back over a '=': that one may be the parameter's own ("q=<b>" is markup in a value).
  while (begin > query->begin && t[begin - 1] != '=' &&
         kOperator.find(t[begin - 1]) != std::string_view::npos)
    --begin;
  while (end < query->end && kOperator.find(t[end]) != std::string_view::npos)
    ++end;
  const std::string_view op = t.substr(begin, end - begin);
  const auto word = [](char c) { return charsets::alnum.contains(c) || c == '_'; };
  return op.size() >= 2 && op.size() <= 3 && op.find_first_of(":-=") != std::string_view::npos &&
         begin > query->begin && word(t[begin - 1]) && end < query->end &&
         (word(t[end]) || t[end] == '\'' || t[end] == '"');
}

// Whether the '|' at t[i] follows a Windows drive letter at the start of a file URL's path
// ("file:///C|/Program%20Files/", the form of early browsers): the WHATWG URL Standard reads it as
// the drive's ':', while "%7C" would make "C%7C" a directory's name.
bool drive_letter_bar(std::string_view t, const UrlParts& parts, std::size_t i) {
  if (t[i] != '|' || !parts.scheme || !ascii::iequals(parts.scheme->in(t), "file")) return false;
  const std::size_t path = parts.path.begin;
  const std::size_t letter = path < t.size() && t[path] == '/' ? path + 1 : path;
  if (i != letter + 1 || i >= parts.path.end || !charsets::alpha.contains(t[letter])) return false;
  return i + 1 == t.size() || std::string_view("/\\?#").find(t[i + 1]) != std::string_view::npos;
}

class UnencodedChar final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set(charsets::excluded_ascii); }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const std::string_view t = url.text;
    // A special scheme's URL, whose backslash before the query browsers read as '/'.
    bool special = false;
    if (url.parts.scheme)
      for (std::string_view scheme : {"http", "https", "ws", "wss", "ftp", "file"})
        special = special || ascii::iequals(url.parts.scheme->in(t), scheme);
    for (std::size_t i = 0; i < t.size(); ++i) {
      const auto c = static_cast<unsigned char>(t[i]);
      if (!charsets::excluded_ascii.contains(c) || url.url.in_placeholder(i)) continue;
      if ((c == '<' || c == '>') && query_operator(t, url.parts.query, i)) continue;
      // A '|' that ends the URL delimits what holds it: a wiki link's "[[http://x.example|title]]"
      // written in pieces ('http://example.com|' . $title), a table's cell.
      if (c == '|' && i + 1 == t.size()) continue;
      const Span s{i, i + 1};
      if (drive_letter_bar(t, url.parts, i)) {
        out.push_back({s, "'|' after a drive letter is the old form of ':' in a file URL",
                       UrlFix{"Write the drive's ':'", Applicability::Safe, {{s, ":"}}}});
        continue;
      }
      if (const auto where = authority_part(t, url.parts, i)) {
        out.push_back({s, describe_char(c) + " cannot appear in " + where, std::nullopt});
        continue;
      }
      const bool control = c < 0x20 || c == 0x7F;
      const bool slash_to_browsers = c == '\\' && special &&
                                     (!url.parts.query || i < url.parts.query->begin) &&
                                     (!url.parts.fragment || i < url.parts.fragment->begin);
      // Right after a '%' that starts no escape ("balance% 2C"): the escape was split, and
      // encoding the character writes "%%20", no repair (deleting it may be); PCT007 speaks of it.
      const bool splits_escape = i > 0 && t[i - 1] == '%';
      const bool unsafe =
          control || slash_to_browsers || splits_escape ||
          kept_raw_in_fragment(url.parts.fragment, i, c) ||
          (stray_delimiter_at_end(t, i) && !closes_query_phrase(t, url.parts.query, i)) ||
          opens_stray_pair(t, i);
      out.push_back({s, describe_char(c) + " must be percent-encoded in a URL",
                     UrlFix{"Percent-encode it: " + escape_of(c),
                            unsafe ? Applicability::Unsafe : Applicability::Safe,
                            {{s, escape_of(c)}}}});
    }
  }
};

} // namespace

const Rule& unencoded_char_rule() {
  static const UnencodedChar rule;
  return rule;
}

} // namespace pctlint
