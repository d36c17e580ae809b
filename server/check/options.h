// Options of `pctlint --check / --fix`, from one table that makes both the parser and the help.
#pragma once

#include "rules/diagnostic.h"
#include "server/commands.h"

#include <optional>
#include <string>
#include <vector>

namespace pctlint::check {

enum class Format { Text, Json, Sarif, Github, Junit, Gitlab };
enum class Color { Auto, Always, Never };

struct Options {
  std::vector<std::string> paths;
  bool fix = false;
  bool unsafe_fixes = false; // --fix: apply unsafe fixes too; --check: count them as fixable
  bool diff = false;         // print what --fix would change; write nothing
  Format format = Format::Text;
  Color color = Color::Auto;
  std::optional<std::string> output_file;
  std::optional<std::string> config_path;
  std::optional<Severity> fail_on; // overrides the config's failOn
  bool exit_zero = false;          // exit 0 even with findings (not on errors)
  std::vector<std::string> select; // rule ids (normalised); empty = all
  std::vector<std::string> ignore;
  std::optional<std::string> stdin_filename; // also set by the path "-"
  bool force_exclude = false; // apply exclude patterns to files named on the command line too
  bool statistics = false;
  std::optional<std::string> baseline;       // report only findings not in this file
  std::optional<std::string> write_baseline; // record today's findings there
  std::optional<std::string> changed_since;  // only files changed since this git revision
  unsigned shard_index = 0, shard_count = 1; // --shard K/N: index = K-1
  unsigned jobs = 0;                         // 0: all cores
  std::size_t max_findings = 500;            // per file; 0: all
  bool follow_symlinks = false;
  bool no_ignore = false; // walk everything, .gitignore/.ignore notwithstanding
  bool quiet = false;
};

struct ParseResult {
  Options options;
  std::optional<std::string> error; // one line: what is wrong
  bool help = false;
};

ParseResult parse_options(const Args& args);
std::string check_help();

} // namespace pctlint::check
