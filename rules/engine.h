// The engine: find URLs, run every enabled rule on each, map findings to source offsets, honour
// suppression comments, and apply fixes.
#pragma once

#include "core/finder/finder.h"
#include "core/finder/incremental.h"
#include "rules/config.h"
#include "rules/diagnostic.h"
#include "rules/rule.h"

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
  std::size_t url_count = 0;           // URLs found (kept in `urls` or not)
};

// Whether LintResult::urls is filled (the CLI needs only diagnostics).
enum class Urls { Keep, Drop };

LintResult lint(std::string_view source, Language lang, const Config& config,
                Urls urls = Urls::Keep);

// Rules as bits, by their index in all_rules(); there are at most kMaxRules.
using RuleMask = std::uint64_t;
inline constexpr std::size_t kMaxRules = 64;
// The rules triggered(rule, url) holds for (rules/rule.h), from tables in one pass: the engine
// runs only those of them whose may_find() agrees.
RuleMask triggered_rules(const FoundUrl& url);

// lint() in two steps: findings without suppression comments applied, then their removal.
LintResult lint_unsuppressed(std::string_view source, Language lang, const Config& config,
                             Urls urls = Urls::Keep);
// ... and reports suppression comments naming no rule (PCT012) where `config` enables that.
void drop_suppressed(std::string_view source, Language lang, const Config& config,
                     LintResult& result);

// The diagnostics (indices) whose safe fix is unsafe where it stands, in order:
// - in one of the file's in-file tests (core/finder/test_code.h: Rust's #[cfg(test)] modules), as
//   in a test file, since a URL in a test is often wrong on purpose;
// - changing the width of a line whose width the markup depends on (core/finder/layout.h: a cell
//   of a reST table, a section title over its underline): the fix would break the layout.
std::vector<std::size_t> safe_fixes_unsafe_in_place(std::string_view source, Language lang,
                                                    const std::vector<Diagnostic>& diagnostics);

// A rule's finding in one URL, in the URL's text coordinates, before it becomes a Diagnostic.
struct RuleFinding {
  UrlFinding finding;
  std::size_t rule; // index in all_rules()
  Severity severity;
  Doubt doubt = Doubt::None; // reported though in doubt ("extent": "guessed"; certainty.h)
};

// lint() for one document edited over time, as in an editor. Its URLs are found again only around
// an edit (core/finder/incremental.h: from the last checkpoint before it until the lexer stands
// as it stood before, whole-file context kept: an edit that opens a block comment is read to the
// comment's end), and each URL's findings are remembered by what they depend on (its text and how
// it was found), so a keystroke runs the rules only on the URLs it changed. Always equal to
// lint(source, ...). Call clear() when the configuration changes.
class LintCache {
public:
  // With `urls` false, LintResult::urls stays empty (publishing diagnostics needs none).
  // `change`: where `source` differs from the text of the last call (none: read it all again).
  // The result is this cache's: valid until its next call.
  const LintResult& lint(std::string_view source, Language lang, const Config& config,
                         bool urls = true, std::optional<TextChange> change = std::nullopt);
  void clear() { *this = LintCache(); }

private:
  struct Memo {
    std::size_t hash = 0;
    std::string key; // the URL's text and how it was found (memo_key)
    std::vector<RuleFinding> findings;
  };
  void from_scratch(std::string_view source, const Config& config);
  void splice(std::string_view source, const Config& config);
  void find_markers(std::string_view source, std::size_t begin, std::size_t end);
  // How many diagnostics memos[begin, end) made.
  static std::size_t diagnostics_of(const std::vector<Memo>& memos, std::size_t begin,
                                    std::size_t end);

  IncrementalUrls found_;
  // One per URL of the last lint, in document order.
  std::vector<Memo> memos_;
  // The memos the last lint replaced.
  std::vector<Memo> older_;
  // Every URL's findings as diagnostics, in document order, before suppressions; and the
  // offsets of "pctlint-" in the text (where a suppression comment may be).
  LintResult result_;
  std::vector<std::size_t> markers_;
  // The same for the generation of URLs IncrementalUrls keeps before the last (an edit undone
  // finds its URLs, their findings and its markers there).
  struct Before {
    std::vector<Memo> memos;
    std::vector<Diagnostic> diagnostics;
    std::vector<std::size_t> markers;
  } before_;
  LintResult suppressed_; // the result when the text has suppression comments
  Language language_ = Language::PlainText;
};

// A fix left out because the text it made failed check_fix (rules/fix_check.h).
struct DroppedFix {
  Diagnostic diagnostic;  // in the coordinates of the text the pass it was dropped in started from
  std::string reason;     // "it would break a format string's braces"
  bool first_pass = true; // whether those are the original text's coordinates
};

struct FixResult {
  std::string text;
  std::size_t applied = 0;
  std::size_t skipped = 0; // overlapped an earlier fix; a second pass picks them up
  // The edits applied, in the source's coordinates, one per fix (sorted, non-overlapping).
  std::vector<Edit> edits;
  // fix_all: the findings left in `text` (its last pass linted it already), and whether the
  // edits above are all it applied (more passes edit text earlier ones produced).
  std::vector<Diagnostic> remaining;
  bool one_pass = true;
  // fix_all: the fixes it did not apply because the text they made failed check_fix.
  std::vector<DroppedFix> dropped = {};
};

// Applies the fixes of `diagnostics` (safe ones; unsafe too when `unsafe`), never two that
// overlap; bytes outside the edits are untouched.
FixResult apply_fixes(std::string_view source, const std::vector<Diagnostic>& diagnostics,
                      bool unsafe);

// Lint and fix until nothing more applies (bounded); what `--fix` and "Fix all" do. The result's
// `remaining` are the findings of the fixed text. Each pass's text is checked (check_fix): a fix
// that would change the file's lexical structure or a literal's value outside its URL is dropped
// and listed in `dropped`.
FixResult fix_all(std::string_view source, Language lang, const Config& config, bool unsafe);

// The edit that suppresses `rule_id` on the line holding `offset`, in the language's comment
// syntax: appends " // pctlint-disable-line PCT001" (or "<!-- ... -->", "# ..."), or adds the id
// to a pctlint-disable-line comment already there. nullopt where the language has no comments
// (JSON).
std::optional<Edit> disable_for_line_edit(std::string_view source, Language lang,
                                          std::size_t offset, std::string_view rule_id);

} // namespace pctlint
