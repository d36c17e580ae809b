// PCT001 lowercase-hex
#include "core/ascii.h"
#include "rules/catalog/catalog.h"

#include <cctype>

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT001",
    .name = "lowercase-hex",
    .default_severity = Severity::Warning,
    .summary = "Percent-escape written with lowercase hex digits",
    .docs = R"(Finds percent-escapes written with lowercase hex digits, such as `%c3%a4`.

RFC 3986 §2.1: "For consistency, URI producers and normalizers should use uppercase hexadecimal
digits for all percent-encodings." Both cases decode to the same bytes, but mixed spellings defeat
caching, signing and string comparison of URLs.

## Bad
    https://example.com/caf%c3%a9

## Good
    https://example.com/caf%C3%A9

## Fix
Uppercases the hex digits (safe: the URL decodes to the same bytes).
)",
    .fix = FixAvailability::Always,
};

class LowercaseHex final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    // a lowercase hex digit
    return EscapeTriggers{ByteSet(), true, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    // An escaped unreserved character is PCT008's to fix (it removes the escape altogether).
    const RuleInfo& unreserved = encoded_unreserved_rule().info();
    const bool leave_unreserved = url.config.severity_of(unreserved) != Severity::Off;
    const std::size_t directive = fragment_directive(url);
    std::vector<Span> spans;
    for_each_escape(url, [&](std::size_t i, unsigned char b) {
      const bool lower = ascii::is_lower(url.text[i + 1]) || ascii::is_lower(url.text[i + 2]);
      if (lower && !(leave_unreserved && encoded_unreserved_at(directive, i, b)))
        spans.push_back({i, i + 3});
    });
    for (const Span& s : merge_adjacent(spans)) {
      const std::string_view escapes = s.in(url.text);
      std::string upper;
      upper.reserve(escapes.size());
      for (char c : escapes)
        upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
      std::string message = "percent-escape ";
      message.append(quoted(escapes)).append(" uses lowercase hex digits");
      std::string title = "Use uppercase hex: ";
      title.append(upper);
      out.push_back(
          {s, std::move(message), UrlFix{std::move(title), Applicability::Safe, {{s, upper}}}});
    }
  }
};

} // namespace

const Rule& lowercase_hex_rule() {
  static const LowercaseHex rule;
  return rule;
}

} // namespace pctlint
