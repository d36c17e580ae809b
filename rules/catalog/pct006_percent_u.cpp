// PCT006 percent-u
#include "core/codec/percent_u.h"
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT006",
    .name = "percent-u",
    .default_severity = Severity::Error,
    .summary = "Non-standard %uXXXX escape",
    .docs =
        R"(Finds `%uXXXX` escapes: one UTF-16 code unit written as four hex digits, as ECMAScript's
`escape()` produces.

This syntax is not specified by any RFC and was never standardized by the W3C. Servers
decode it as a literal `%u` followed by text, or reject the request.

## Bad
    https://example.com/search?q=%u00E4rger

## Good
    https://example.com/search?q=%C3%A4rger

## Fix
Replaces it with the UTF-8 escapes of the same character, combining a surrogate pair
(`%uD83D%uDE00` -> `%F0%9F%98%80`): safe. A lone surrogate has no UTF-8 form and gets no fix.
)",
    .fix = FixAvailability::Sometimes,
};

class PercentUEscape final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    // "%u" is not two hex digits
    return EscapeTriggers{ByteSet(), false, true};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    for (const PercentU& u : find_percent_u(url.text)) {
      if (url.url.in_placeholder(u.offset)) continue;
      const Span s{u.offset, u.offset + u.length};
      UrlFinding f{s, "non-standard escape " + quoted(s.in(url.text)), {}};
      if (const auto utf8 = percent_u_replacement(u))
        f.fix = UrlFix{"Use UTF-8 escapes: " + *utf8, Applicability::Safe, {{s, *utf8}}};
      else
        f.message += " is a lone UTF-16 surrogate and stands for no character";
      out.push_back(std::move(f));
    }
  }
};

} // namespace

const Rule& percent_u_rule() {
  static const PercentUEscape rule;
  return rule;
}

} // namespace pctlint
