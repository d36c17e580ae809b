// The engine: find URLs, run every enabled rule on each, map findings to source offsets, honour
// suppression comments, and apply fixes.
#pragma once

#include "core/finder.h"
#include "rules/config.h"
#include "rules/diagnostic.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pctlint {

struct LintResult {
  std::vector<FoundUrl> urls;
  std::vector<Diagnostic> diagnostics; // sorted by (begin, rule id)
};

// Whether LintResult::urls is filled (the CLI needs only diagnostics).
enum class Urls { Keep, Drop };

LintResult lint(std::string_view source, Language lang, const Config& config,
                Urls urls = Urls::Keep);

// Rules as bits, by their index in all_rules().
using RuleMask = std::uint64_t;
// The rules triggered(rule, url) holds for (rules/rule.h), from tables in one pass: the engine
// runs only those of them whose may_find() agrees.
RuleMask triggered_rules(const FoundUrl& url);

// lint() in two steps: findings without suppression comments applied, then their removal.
LintResult lint_unsuppressed(std::string_view source, Language lang, const Config& config,
                             Urls urls = Urls::Keep);
void drop_suppressed(std::string_view source, Language lang, LintResult& result);

// lint() for one document edited over time, as in an editor: the results of each line are kept
// and reused while the line's text is unchanged, so a keystroke re-lints one line. Exact because
// URL finding is line-local (core/finder.h): the result always equals lint(source, ...).
// Call clear() when the configuration changes.
// Lints successive versions of one document, re-linting only the lines an edit touched: URL
// finding is line-local, so the other lines' findings stand (shifted when the edit moved them).
// The previous text is diffed against the new one (common prefix and suffix), which costs a
// memcmp, not a pass over every line. The caller clears it when the configuration changes.
class LintCache {
public:
  // With `urls` false, LintResult::urls stays empty (publishing diagnostics needs none).
  LintResult lint(std::string_view source, Language lang, const Config& config, bool urls = true);
  void clear() {
    text_.clear();
    lines_.clear();
  }

private:
  struct Line {
    std::size_t start = 0; // in text_
    std::size_t end = 0;   // before its terminator
    LintResult result;     // offsets relative to `start`
  };
  // Only lines holding a ':' (the others cannot hold a URL), in order.
  std::string text_;
  std::vector<Line> lines_;
  Language language_ = Language::PlainText;
};

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
