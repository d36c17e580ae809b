// Findings as the CLI reports them: positions resolved (1-based lines, columns in Unicode code
// points), per-file errors, notes and what was not checked, the run's summary, and the reporters
// that print them (one file per format: report_text.cpp, report_json.cpp, ...).
#pragma once

#include "rules/diagnostic.h"
#include "rules/engine.h"
#include "rules/rule.h"
#include "server/check/options.h"

#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::check {

struct Position {
  std::size_t line = 1;   // 1-based
  std::size_t column = 1; // 1-based, Unicode code points
};

struct ReportedEdit {
  Position start, end;
  std::string replacement;
};

struct Reported {
  const RuleInfo* rule = nullptr;
  Severity severity = Severity::Warning;
  std::string message;
  Position start, end;
  std::string source_line;    // the start line, or the stretch of a long one around the finding
  std::size_t caret_from = 0; // byte offsets in source_line
  std::size_t caret_to = 0;
  std::string fix_title;
  std::optional<Applicability> fix;
  std::vector<ReportedEdit> edits;
  // What the finding rests on: "given" (the syntax gives the URL's extent), "guessed" (a URL in
  // running text, the finding in its certain part), "guessed-reported" ("extent": "guessed"),
  // and for the last what is in doubt: "guessed-end", "template-syntax" or "scheme-grammar".
  std::string_view extent = "given";
  std::string_view doubt;
};

enum class SkipReason { None, Binary, TooLarge, InvalidConfig, ProgramLog };

struct FileReport;

struct Summary {
  std::size_t files_checked = 0, files_with_problems = 0, files_fixed = 0;
  std::size_t skipped_binary = 0, skipped_large = 0, skipped_config = 0, skipped_log = 0;
  std::size_t by_severity[4] = {0, 0, 0, 0}; // indexed by Severity
  std::size_t safe_fixable = 0, unsafe_fixable = 0, fixed = 0, baselined = 0;
  // Findings per rule, in all_rules() order: an array, as a map or a vector would cost an
  // allocation per file.
  std::array<std::size_t, kMaxRules> by_rule{};
  std::size_t errors = 0; // files that could not be read or written
  bool failed = false;    // something at or above the fail-on level, or a diff to show

  // Adds one file's report; `fail_on` is its fail-on level.
  void add(const FileReport& f, Severity fail_on);
  std::size_t not_checked() const {
    return skipped_binary + skipped_large + skipped_config + skipped_log;
  }
  void add(const Summary& other);
  std::size_t problems() const { return by_severity[1] + by_severity[2] + by_severity[3]; }
};

struct FileReport {
  std::string path;
  bool named = false; // named on the command line: not checking it is an error
  // Its directory was listed by the walk and holds no .pctlint.json (none to look for there).
  bool listed_without_config = false;
  std::vector<Reported> diagnostics;
  std::size_t more = 0; // findings beyond --max-findings-per-file, not listed
  std::vector<std::pair<const RuleInfo*, Severity>> unlisted; // ... counted in the summary
  std::size_t total = 0;                                      // all findings, listed or not
  std::size_t baselined = 0;       // findings the baseline holds, not reported
  std::vector<std::string> errors; // could not read or write: the run exits 2
  std::vector<std::string> notes;  // e.g. not valid UTF-8
  SkipReason skipped = SkipReason::None;
  std::string skip_detail; // "larger than maxFileSize (4194304 bytes)"
  std::size_t fixes_applied = 0;
  std::string diff; // with --diff
  bool checked = false;
  Severity fail_on = Severity::Warning; // the file's configured --fail-on level
  // Filled on the checking thread for reporters that render file by file (see Reporter::render);
  // the diagnostics are then dropped there, and the printing thread only writes and adds up.
  std::optional<std::string> rendered;
  Summary tally; // with `rendered`: this file's part of the summary
};

// Builds the reported form of `diagnostics` over `source`, with the fixes' edits or not.
// The diagnostics' strings are moved into the reports.
std::vector<Reported> resolve(std::string_view source, std::vector<Diagnostic>&& diagnostics,
                              bool with_edits = true);

// `text` safe for a terminal: control characters (C0 but tab, DEL, C1) as \xNN, so that a file's
// bytes or name cannot move the cursor, set the title or hide text.
std::string printable(std::string_view text);

// "larger than maxFileSize", "binary": why a file was not checked, as a phrase.
std::string skip_phrase(const FileReport& f);

// Whether a file not checked is named in a report's list of files: each one named on the command
// line or skipped for its size or configuration; binary files and logs met by the walk are only
// counted.
inline bool names_skip(const FileReport& f) {
  return f.skipped != SkipReason::None &&
         (f.named || (f.skipped != SkipReason::Binary && f.skipped != SkipReason::ProgramLog));
}

// The run's summary in words: "Found 3 problems (2 errors, 1 warning) in 2 files; 12 files
// checked.", and what was fixed, would be fixed, was not checked or is in the baseline.
std::string summary_text(const Summary& s, const Options& o);

class Reporter {
public:
  virtual ~Reporter() = default;
  // A reporter whose output for a file depends on that file alone renders it with render(), which
  // must be safe to call from any thread; file() then writes what was rendered.
  virtual bool renders_per_file() const { return false; }
  // Whether it writes each fix's edits (JSON, SARIF), or only the fix's title: resolving the
  // positions of a fix folded from thousands of edits costs memory for nothing otherwise.
  virtual bool writes_edits() const { return false; }
  virtual std::string render(const FileReport&) const { return {}; }
  virtual void file(const FileReport& report) = 0;
  virtual void finish(const Summary& summary) = 0;
  // Whether writing failed (a closed pipe): the run goes on, its output is lost.
  bool output_lost() const;

protected:
  explicit Reporter(std::FILE* out) : out_(out) {}
  void write(std::string_view text);
  std::FILE* out_;

private:
  bool lost_ = false;
};

std::unique_ptr<Reporter> make_reporter(const Options& options, bool color, std::FILE* out);

// One per format.
std::unique_ptr<Reporter> make_text_reporter(const Options& options, bool color, std::FILE* out);
std::unique_ptr<Reporter> make_json_reporter(const Options& options, std::FILE* out);
std::unique_ptr<Reporter> make_sarif_reporter(std::FILE* out);
std::unique_ptr<Reporter> make_github_reporter(std::FILE* out);
std::unique_ptr<Reporter> make_junit_reporter(std::FILE* out);
std::unique_ptr<Reporter> make_gitlab_reporter(std::FILE* out);

} // namespace pctlint::check
