// PCT012 invalid-suppression
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT012",
    .name = "invalid-suppression",
    .default_severity = Severity::Warning,
    .summary = "Suppression comment naming a rule that does not exist",
    .docs =
        R"(Finds `pctlint-disable-line`, `pctlint-disable-next-line`, `pctlint-disable` and
`pctlint-enable` comments that name something other than a rule id or name.

A typo such as `PCT01` would otherwise disable nothing without a word (or, worse, everything):
such a name suppresses nothing and is reported here. Names are rule ids (`PCT001`) or names
(`lowercase-hex`), separated by spaces or commas; text after ` -- ` is a free-form reason.

## Bad
    url = "https://example.com/%c3%a9"  # pctlint-disable-line PCT01

## Good
    url = "https://example.com/%c3%a9"  # pctlint-disable-line PCT001 -- matches the server's log

## Fix
None: correct the name, or remove it.
)",
    .fix = FixAvailability::None,
};

// Reported by the engine from the suppression comments (rules/suppression.h), not from URLs.
class InvalidSuppression final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return ByteSet(); }
  void check(const UrlUnderCheck&, UrlFindings&) const override {}
};

} // namespace

const Rule& invalid_suppression_rule() {
  static const InvalidSuppression rule;
  return rule;
}

} // namespace pctlint
