// PCT013 parser-differential
#include "core/ascii.h"
#include "core/codec/percent.h"
#include "core/codec/utf8.h"
#include "core/codec/whatwg_url.h"
#include "core/scan.h"
#include "rules/catalog/catalog.h"

#include <algorithm>
#include <array>

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT013",
    .name = "parser-differential",
    .default_severity = Severity::Warning,
    .summary = "URL that browsers and RFC 3986 parsers read differently (host, path, or accepted)",
    .docs =
        R"(Finds a URL that a WHATWG parser (every browser, Node.js, Deno, Bun) and an RFC 3986 parser
(Python's `urllib.parse`, Java's `java.net.URI`, Go's `net/url`, Ruby's `URI`) read as two
different things: another host, another path, or one accepts it and the other does not. (curl's
parser is between the two: it reads numeric IPv4 forms and percent-encoded host names as browsers
do.)

Server-side request forgery, open redirects and allowlist bypasses keep coming from this gap: a
service checks a URL with one parser and fetches it with another. The classes, and incidents
behind them (in our words):

- **IPv4 in other number forms.** `http://0x7f.1/`, `http://2130706433/`, `http://0177.0.0.1/`
  are 127.0.0.1 to a browser (the URL Standard parses hex, octal and fewer than four parts, as
  `inet_aton` does), and a registered name to an RFC 3986 parser, which a blocklist of
  "127.0.0.1" and "localhost" does not catch. The npm package netmask read `0177.0.0.1` as
  decimal while the system's resolver read it as octal (CVE-2021-28918), and Go's `net` package
  accepted leading zeros the same way (CVE-2021-29923): in both, an address checked as public
  was connected to as private.
- **A backslash.** In `https://evil.example\@good.example/` a browser reads `\` as `/`: the host
  is `evil.example`. An RFC 3986 parser reads `evil.example\` as userinfo and `good.example` as
  the host, the one an allowlist check sees. The npm package url-parse disagreed with browsers
  on backslashes in this way and was used to bypass redirect checks (CVE-2021-27515).
- **A percent-encoded or full-width host.** `http://ex%61mple.com/` and `http://example。com/`
  (U+3002 IDEOGRAPHIC FULL STOP) are `example.com` after the URL Standard's host parsing
  (percent-decoding, then UTS #46 mapping); to an RFC 3986 parser they are other names, which
  string comparisons against `example.com` miss. Orange Tsai's "A New Era of SSRF" (Black Hat
  USA 2017) showed full-width and other Unicode forms of a host getting past filters this way, and
  the same host read differently by the checking library and the fetching one.
- **Encoded dot segments.** `/static/%2e%2e/admin` loses a segment in a browser (`%2e` is a dot
  to the URL Standard's path parser) and keeps it in an RFC 3986 parser, so a path prefix checked
  on one side is escaped on the other. Apache httpd 2.4.49 normalized `.%2e` only after its
  access check and served files outside the document root (CVE-2021-41773).
- **Tabs and newlines** inside a URL are removed by a browser and kept (or refused) by others.
- **Accepted by one, refused by the other**: `http://1.2.3.4.5/` is an invalid IPv4 address to a
  browser and an ordinary registered name to RFC 3986.

Only special schemes (http, https, ws, wss, ftp) are compared, only where the syntax gives the
URL's extent, and never in a template. A host that needs IDNA is compared only where the build
has libidn2; a host libidn2 refuses by IDNA2008's rules (where UTS #46 maps it) is not reported.

## Bad
    http://0x7f.1/admin

## Good
    http://127.0.0.1/admin

## Fix
Unsafe: the URL as browsers serialize it (`http://127.0.0.1/admin`), offered only where an RFC
3986 parser reads that form the same way. Check which reading your code meant.
)",
    .fix = FixAvailability::Sometimes,
    .depends_on_extent = true,
};

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  std::ranges::transform(out, out.begin(), ascii::lower);
  return out;
}

bool special_with_authority(const UrlParts& parts, std::string_view text) {
  if (!parts.scheme || !parts.has_authority) return false;
  const std::string_view scheme = parts.scheme->in(text);
  return ascii::iequals(scheme, "http") || ascii::iequals(scheme, "https") ||
         ascii::iequals(scheme, "ws") || ascii::iequals(scheme, "wss") ||
         ascii::iequals(scheme, "ftp");
}

// RFC 3986 section 5.2.4: only the literal "." and ".." segments go.
std::string remove_dot_segments(std::string_view in) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  const bool absolute = !in.empty() && in[0] == '/';
  if (absolute) i = 1;
  bool trailing = false;
  while (i <= in.size()) {
    const std::size_t slash = std::min(in.find('/', i), in.size());
    const std::string_view seg = in.substr(i, slash - i);
    trailing = false;
    if (seg == "..") {
      if (!out.empty()) out.pop_back();
      trailing = true;
    } else if (seg == ".") {
      trailing = true;
    } else {
      out.push_back(seg);
    }
    i = slash + 1;
  }
  std::string r = absolute ? "/" : "";
  for (std::size_t k = 0; k < out.size(); ++k)
    r.append(out[k]).append(k + 1 < out.size() ? "/" : "");
  if (trailing && !r.ends_with('/')) r += '/';
  return r;
}

std::string decoded(std::string_view s) {
  return decode_lenient(s, {.require_utf8 = false});
}

bool has_non_ascii(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

// The host an RFC 3986 parser returns for it: the authority's host as written, case folded.
// False when the RFC 3986 grammar cannot take it as a host at all (a blank, a quote…): then the
// other rules speak of that, not this one.
bool rfc_host(std::string_view host, std::string& out) {
  for (const char c : host)
    if (static_cast<unsigned char>(c) < 0x80 && !charsets::host.contains(c) && c != '%' &&
        c != '[' && c != ']' && c != ':')
      return false;
  out = lower_ascii(host);
  return true;
}

struct Readings {
  std::string what;        // "host", "path", or "" when the two agree
  std::string whatwg, rfc; // that component in each reading
  Span span;               // where, in the URL's text
};

// Whether the two readings can only agree, seen without splitting the URL: the authority after
// "://" (up to the first '/', '?' or '#') holds no digit and no '%' (no IPv4 number, no "0x", no
// encoded host), and no "%2e" follows (no encoded dot segment). The host lies in that stretch,
// so may_find() below would say no; most URLs are such.
bool plain_authority(std::string_view t) {
  const std::size_t slashes = t.find("://");
  if (slashes == std::string_view::npos) return false;
  std::size_t i = slashes + 3;
  for (; i < t.size() && t[i] != '/' && t[i] != '?' && t[i] != '#'; ++i)
    if (t[i] == '%' || (t[i] >= '0' && t[i] <= '9')) return false;
  for (std::size_t at = t.find('%', i); at != std::string_view::npos; at = t.find('%', at + 1))
    if (at + 2 < t.size() && t[at + 1] == '2' && (t[at + 2] == 'e' || t[at + 2] == 'E'))
      return false;
  return true;
}

class ParserDifferential final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  bool may_find(const FoundUrl& url) const override {
    // Most URLs are plain: lower-case names and dotted quads. Only what can read two ways goes on.
    const std::string_view t = url.text;
    // (One vectorised pass: a backslash, a tab or line end, or a byte of a non-ASCII character.)
    static const ByteClass kTwoWays = [] {
      std::array<bool, 256> m{};
      for (const unsigned char c : std::string_view("\\\t\n\r"))
        m[c] = true;
      for (unsigned c = 0x80; c < 256; ++c)
        m[c] = true;
      return ByteClass(m);
    }();
    if (kTwoWays.find(t, 0) < t.size()) return true;
    if (plain_authority(t)) return false;
    const UrlParts parts = split_url_authority(t);
    if (!parts.host || !special_with_authority(parts, t)) return false;
    // A '%' reads two ways in the authority (a percent-encoded host) and as a dot segment
    // ("%2e"); elsewhere both readings keep it.
    if (const std::size_t percent = t.find('%'); percent != std::string_view::npos) {
      if (percent < parts.host->end) return true;
      for (std::size_t at = percent; at != std::string_view::npos; at = t.find('%', at + 1))
        if (at + 2 < t.size() && t[at + 1] == '2' && (t[at + 2] == 'e' || t[at + 2] == 'E'))
          return true;
    }
    const std::string_view host = parts.host->in(t);
    return !host.empty() &&
           (ascii::is_digit(host.back()) || host.find("0x") != std::string_view::npos ||
            host.find("0X") != std::string_view::npos);
  }

  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const std::string_view t = url.text;
    // Only where the syntax gives the URL's extent: a differential is a claim about the whole URL.
    if (!url.url.exact || !special_with_authority(url.parts, t) || !url.parts.host) return;
    // A byte of another charset (a file that is not UTF-8): a browser reads it in the document's
    // encoding, which the file does not say, so there is no reading to compare with.
    if (!is_valid_utf8(t)) return;
    std::string rfc;
    const std::string_view host = url.parts.host->in(t);
    if (host.empty() || host.front() == '[' || !rfc_host(host, rfc)) return;
    // RFC 3986's port is digits only: "127.0.0.1:$PORT" (a shell variable) is refused by both.
    if (url.parts.port) {
      const std::string_view port = url.parts.port->in(t);
      if (!std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return;
    }
    const whatwg::ParseResult w = whatwg::parse(t);
    if (w.idna_failure) return; // libidn2's IDNA2008: the browser's reading is not known
    const Span host_span = *url.parts.host;
    if (!w.url) {
      out.push_back({host_span,
                     "browsers and Node.js reject this URL (" + w.failure +
                         ") · RFC 3986 parsers (Python, Go) read host " + rfc,
                     {}});
      return;
    }
    const whatwg::Url& u = *w.url;
    Readings r;
    // A non-ASCII host that becomes an "xn--" name is the same name written two ways (PCT004
    // speaks of the raw form); one that becomes plain ASCII (full-width letters, U+3002) is not.
    const bool idn_same = has_non_ascii(host) && u.host.find("xn--") != std::string::npos;
    if (u.host != rfc && !idn_same) {
      r = {"host", u.host, rfc, host_span};
    } else {
      std::string rfc_path = remove_dot_segments(url.parts.path.in(t));
      if (rfc_path.empty()) rfc_path = "/";
      if (decoded(rfc_path) != decoded(u.pathname()))
        r = {"path", u.pathname(), rfc_path, url.parts.path};
    }
    if (r.what.empty()) return;
    if (r.span.empty()) r.span = host_span;
    UrlFinding f{r.span,
                 "browsers and Node.js read " + r.what + " " + r.whatwg +
                     " · RFC 3986 parsers (Python, Go) read " + r.what + " " + r.rfc,
                 {}};
    // The form both read alike, where there is one: the browser's serialization, if an RFC 3986
    // parser reads the same host and path in it.
    const std::string href = u.href();
    const UrlParts again = split_url(href);
    std::string again_host;
    if (again.host && rfc_host(again.host->in(href), again_host) && again_host == u.host &&
        decoded(remove_dot_segments(again.path.in(href))) == decoded(u.pathname()) &&
        url.url.placeholders.empty())
      f.fix = UrlFix{
          "Write it as browsers read it: " + href, Applicability::Unsafe, {{{0, t.size()}, href}}};
    out.push_back(std::move(f));
  }
};

} // namespace

const Rule& parser_differential_rule() {
  static const ParserDifferential rule;
  return rule;
}

} // namespace pctlint
