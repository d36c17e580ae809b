// PCT010 encoded-slash
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT010",
    .name = "encoded-slash",
    .default_severity = Severity::Info,
    .summary = "%2F or %5C inside a path segment",
    .docs = R"(Finds `%2F` (`/`) and `%5C` (`\`) in the path.

RFC 3986 §3.3 makes `/` the path's separator; an encoded one inside a segment is data that user
agents and servers treat inconsistently. Apache rejects them by
default (`AllowEncodedSlashes Off`), some proxies decode them into real separators, and path
traversal filters are bypassed with them.

## Bad
    https://example.com/files/reports%2F2024.pdf

## Good
    https://example.com/files/reports/2024.pdf

## Fix
None: whether a real separator or another character was meant is for the author to decide.
)",
    .fix = FixAvailability::None,
};

class EncodedSlash final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    return EscapeTriggers{byte_set("/\\"), false, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const Span path = url.parts.path;
    for_each_escape(url, [&](std::size_t i, unsigned char b) {
      if ((b == '/' || b == '\\') && i >= path.begin && i < path.end)
        out.push_back({{i, i + 3},
                       quoted(url.text.substr(i, 3)) + " encodes a " +
                           (b == '/' ? "slash" : "backslash") +
                           " inside a path segment; servers and proxies treat it inconsistently",
                       {}});
    });
  }
};

} // namespace

const Rule& encoded_slash_rule() {
  static const EncodedSlash rule;
  return rule;
}

} // namespace pctlint
