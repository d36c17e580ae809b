// Options of `pctlint --check / --fix`.
#pragma once

#include "rules/diagnostic.h"
#include "server/commands.h"

#include <optional>
#include <string>
#include <vector>

namespace pctlint::check {

enum class Format { Text, Json, Sarif, Github };
enum class Color { Auto, Always, Never };

struct Options {
  std::vector<std::string> paths;
  bool fix = false;
  bool unsafe_fixes = false;
  bool diff = false; // print what --fix would change; write nothing
  Format format = Format::Text;
  Color color = Color::Auto;
  std::optional<std::string> config_path;
  std::optional<Severity> fail_on; // overrides the config's failOn
  std::vector<std::string> select; // rule ids (normalised); empty = all
  std::vector<std::string> ignore;
  std::optional<std::string> stdin_filename;
  bool statistics = false;
  unsigned shard_index = 0, shard_count = 1; // --shard K/N: index = K-1
  unsigned jobs = 0;                         // 0: all cores
  bool follow_symlinks = false;
  bool no_ignore = false; // walk everything, .gitignore/.ignore notwithstanding
  bool quiet = false;
};

struct ParseResult {
  Options options;
  std::optional<std::string> error; // usage error
  bool help = false;
};

ParseResult parse_options(const Args& args);
extern const char* const kCheckHelp;

} // namespace pctlint::check
