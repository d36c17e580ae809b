// Suppression comments, ESLint-style, in the file's own comment syntax:
//   pctlint-disable-line [IDS]       this line
//   pctlint-disable-next-line [IDS]  the next line
//   pctlint-disable [IDS] ... pctlint-enable [IDS]   a region (to the end of the file if unclosed)
// IDS are rule ids or names separated by spaces or commas; none means every rule. Text after
// " -- " is a free-form reason. A name that is no rule suppresses nothing and is reported.
#pragma once

#include "core/codec/position.h"
#include "core/finder/finder.h"

#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

class Suppressions {
public:
  Suppressions(std::string_view source, Language lang);

  bool empty() const { return lines_.empty() && regions_.empty(); }
  bool suppressed(std::size_t offset, std::string_view rule_id) const;

  // Names in suppression comments that are no rule: they suppress nothing (PCT012).
  struct UnknownName {
    std::size_t begin, end; // source bytes
    std::string name;
  };
  const std::vector<UnknownName>& unknown_names() const { return unknown_; }

private:
  struct LineRule {
    std::size_t line;
    std::vector<std::string> ids; // empty: all rules
  };
  struct Region {
    std::size_t first_line, end_line; // [first, end)
    std::string id;                   // empty: all rules
  };
  static bool names(const std::vector<std::string>& ids, std::string_view id);

  LineIndex index_;
  std::vector<LineRule> lines_;
  std::vector<Region> regions_;
  std::vector<UnknownName> unknown_;
};

} // namespace pctlint
