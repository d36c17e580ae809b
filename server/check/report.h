// Findings as the CLI reports them: positions resolved (1-based lines, columns in Unicode code
// points), plus per-file errors and notes, and the reporters that print them.
#pragma once

#include "rules/diagnostic.h"
#include "rules/rule.h"
#include "server/check/options.h"

#include <cstdio>
#include <map>
#include <memory>
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
  std::string source_line;    // the text of the start line, for the caret display
  std::size_t caret_from = 0; // byte offsets in source_line
  std::size_t caret_to = 0;
  std::string fix_title;
  std::optional<Applicability> fix;
  std::vector<ReportedEdit> edits;
};

struct FileReport;

struct Summary {
  std::size_t files_checked = 0;
  std::size_t by_severity[4] = {0, 0, 0, 0}; // indexed by Severity
  std::size_t safe_fixable = 0, unsafe_fixable = 0, fixed = 0;
  // Findings per rule, in all_rules() order (a map keyed by name cost allocations per file).
  std::vector<std::size_t> by_rule = std::vector<std::size_t>(all_rules().size());
  std::size_t errors = 0;
  bool failed = false; // something at or above the fail-on level, or a diff to show

  // Adds one file's report; `fail_on` is its fail-on level.
  void add(const FileReport& f, Severity fail_on);
  void add(const Summary& other);
};

struct FileReport {
  std::string path;
  std::vector<Reported> diagnostics;
  std::vector<std::string> errors; // could not read or write: the run exits 2
  std::vector<std::string> notes;  // e.g. not valid UTF-8
  std::size_t fixes_applied = 0;
  std::string diff; // with --diff
  bool checked = false;
  Severity fail_on = Severity::Warning; // the file's configured --fail-on level
  // Filled on the checking thread for reporters that render file by file (see Reporter::render);
  // the diagnostics are then dropped there, and the printing thread only writes and adds up.
  std::optional<std::string> rendered;
  Summary tally; // with `rendered`: this file's part of the summary
};

// Builds the reported form of `diagnostics` over `source`.
// The diagnostics' strings are moved into the reports.
std::vector<Reported> resolve(std::string_view source, std::vector<Diagnostic>&& diagnostics);

class Reporter {
public:
  virtual ~Reporter() = default;
  // A reporter whose output for a file depends on that file alone renders it with render(), which
  // must be safe to call from any thread; file() then writes what was rendered.
  virtual bool renders_per_file() const { return false; }
  virtual std::string render(const FileReport&) const { return {}; }
  virtual void file(const FileReport& report) = 0;
  virtual void finish(const Summary& summary) = 0;
};

std::unique_ptr<Reporter> make_reporter(const Options& options, bool color, std::FILE* out);

} // namespace pctlint::check
