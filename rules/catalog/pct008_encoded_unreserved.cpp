// PCT008 encoded-unreserved
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT008",
    .name = "encoded-unreserved",
    .default_severity = Severity::Info,
    .summary = "Unreserved character needlessly percent-encoded",
    .docs =
        R"(Finds escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`), such as `%41` or `%7E`.

RFC 3986 §2.3: "URIs that differ in the replacement of an unreserved character with its
corresponding percent-encoded US-ASCII octet are equivalent", and §6.2.2.2 normalizes them by
decoding. Some consumers still treat `%7E` and `~` differently, so the decoded form is the one to
write.

## Bad
    https://example.com/%7Euser/file%2Etxt

## Good
    https://example.com/~user/file.txt

A `%2D` in a fragment directive (`#:~:text=…`) is left alone: there `-` is the directive's own
syntax (a prefix's or suffix's mark), so a literal hyphen must stay encoded (URL Fragment Text
Directives, WICG).

## Fix
Writes the character itself (safe: equivalent by definition).
)",
    .fix = FixAvailability::Always,
};

// Where the fragment directive (":~:", text fragments) begins in the URL's text; npos if none.
std::size_t fragment_directive(const UrlUnderCheck& url) {
  if (!url.parts.fragment) return std::string_view::npos;
  const std::string_view fragment = url.parts.fragment->in(url.text);
  const std::size_t at = fragment.find(":~:");
  return at == std::string_view::npos ? at : url.parts.fragment->begin + at;
}

class EncodedUnreserved final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    return EscapeTriggers{byte_set(charsets::unreserved), false, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    std::vector<Span> spans;
    const std::size_t directive = fragment_directive(url);
    for_each_escape(url, [&](std::size_t i, unsigned char b) {
      if (charsets::unreserved.contains(b) && !(b == '-' && i > directive))
        spans.push_back({i, i + 3});
    });
    for (const Span& s : merge_adjacent(spans)) {
      std::string decoded;
      for (std::size_t i = s.begin; i < s.end; i += 3)
        decoded.push_back(static_cast<char>(escape_byte(url.text, i)));
      // "%%31" -> "%1" would make a new escape out of a stray '%' before it: not safe then.
      const std::string_view t = url.text;
      const bool joins =
          hex_value(decoded[0]) >= 0 &&
          ((s.begin >= 1 && t[s.begin - 1] == '%') ||
           (s.begin >= 2 && t[s.begin - 2] == '%' && hex_value(t[s.begin - 1]) >= 0));
      out.push_back(
          {s,
           quoted(s.in(t)) + " encodes unreserved " + quoted(decoded) + ", which needs no encoding",
           UrlFix{"Write " + quoted(decoded),
                  joins ? Applicability::Unsafe : Applicability::Safe,
                  {{s, decoded}}}});
    }
  }
};

} // namespace

const Rule& encoded_unreserved_rule() {
  static const EncodedUnreserved rule;
  return rule;
}

} // namespace pctlint
