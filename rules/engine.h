// The engine: find URLs, run every enabled rule on each, map findings to source offsets, honour
// suppression comments, and apply fixes.
#pragma once

#include "core/finder.h"
#include "rules/config.h"
#include "rules/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct LintResult {
  std::vector<FoundUrl> urls;
  std::vector<Diagnostic> diagnostics; // sorted by (begin, rule id)
};

LintResult lint(std::string_view source, Language lang, const Config& config);

struct FixResult {
  std::string text;
  std::size_t applied = 0;
  std::size_t skipped = 0; // overlapped an earlier fix; a second pass picks them up
};

// Applies the fixes of `diagnostics` (safe ones; unsafe too when `unsafe`), never two that
// overlap; bytes outside the edits are untouched.
FixResult apply_fixes(std::string_view source, const std::vector<Diagnostic>& diagnostics,
                      bool unsafe);

// Lint and fix until nothing more applies (bounded); what `--fix` and "Fix all" do.
FixResult fix_all(std::string_view source, Language lang, const Config& config, bool unsafe);

// The edit that suppresses `rule_id` on the line holding `offset`, in the language's comment
// syntax: appends " // pctlint-disable-line PCT001" (or "<!-- ... -->", "# ..."), or adds the id
// to a pctlint-disable-line comment already there. nullopt where the language has no comments
// (JSON).
std::optional<Edit> disable_for_line_edit(std::string_view source, Language lang,
                                          std::size_t offset, std::string_view rule_id);

} // namespace pctlint
