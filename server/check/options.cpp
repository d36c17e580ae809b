#include "server/check/options.h"

#include "rules/rule.h"
#include "server/check/report.h"

#include <algorithm>
#include <charconv>
#include <string_view>

namespace pctlint::check {

namespace {

// A path as given, with '/' between names. On Windows `src\a.py` and `src/a.py` name the same
// file; reports, configs' globs and baselines write '/' (a backslash is a name's own byte on
// POSIX).
std::string with_slashes(std::string path) {
#ifdef _WIN32
  std::replace(path.begin(), path.end(), '\\', '/');
#endif
  return path;
}

using Apply = std::optional<std::string> (*)(Options&, const std::string& value);

struct OptionSpec {
  std::string_view names; // "-j, --jobs": the short form first
  std::string_view value; // the value's name ("N"), empty for a flag
  std::string_view help;
  Apply apply;
};

std::optional<std::string> rule_list(const std::string& value, std::vector<std::string>& into) {
  for (std::size_t i = 0; i <= value.size();) {
    const std::size_t comma = std::min(value.find(',', i), value.size());
    const std::string item = value.substr(i, comma - i);
    if (!item.empty()) {
      const Rule* rule = find_rule(item);
      if (!rule) return "unknown rule '" + item + "' (see `pctlint rules`)";
      into.emplace_back(rule->info().id);
    }
    i = comma + 1;
  }
  return std::nullopt;
}

template <typename Number> std::optional<Number> number(const std::string& value) {
  Number n{};
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc{} || end != value.data() + value.size()) return std::nullopt;
  return n;
}

const OptionSpec kOptions[] = {
    {"--check", "", "lint (the default action)",
     [](Options&, const std::string&) { return std::optional<std::string>(); }},
    {"--fix", "", "apply safe fixes",
     [](Options& o, const std::string&) {
       o.fix = true;
       return std::optional<std::string>();
     }},
    {"--unsafe-fixes", "", "with --fix, apply unsafe fixes too; with --check, count them fixable",
     [](Options& o, const std::string&) {
       o.unsafe_fixes = true;
       return std::optional<std::string>();
     }},
    {"--diff", "", "print a unified diff of what --fix would change; write nothing",
     [](Options& o, const std::string&) {
       o.diff = o.fix = true;
       return std::optional<std::string>();
     }},
    {"--format", "FMT", "text (default), json, sarif, github, junit, gitlab",
     [](Options& o, const std::string& v) -> std::optional<std::string> {
       const std::pair<std::string_view, Format> formats[] = {
           {"text", Format::Text},     {"json", Format::Json},   {"sarif", Format::Sarif},
           {"github", Format::Github}, {"junit", Format::Junit}, {"gitlab", Format::Gitlab}};
       for (const auto& [name, format] : formats)
         if (v == name) return o.format = format, std::nullopt;
       return "unknown format '" + v + "' (text, json, sarif, github, junit, gitlab)";
     }},
    {"-o, --output-file", "FILE", "write the report to FILE instead of standard output",
     [](Options& o, const std::string& v) {
       o.output_file = v;
       return std::optional<std::string>();
     }},
    {"--color", "WHEN", "auto (default), always, never",
     [](Options& o, const std::string& v) -> std::optional<std::string> {
       if (v == "auto") return o.color = Color::Auto, std::nullopt;
       if (v == "always") return o.color = Color::Always, std::nullopt;
       if (v == "never") return o.color = Color::Never, std::nullopt;
       return "unknown --color '" + v + "' (auto, always, never)";
     }},
    {"--config", "FILE", "use FILE instead of the nearest .pctlint.json",
     [](Options& o, const std::string& v) {
       o.config_path = v;
       return std::optional<std::string>();
     }},
    {"--fail-on", "LEVEL", "exit 1 from this level up: info, warning (default), error",
     [](Options& o, const std::string& v) -> std::optional<std::string> {
       const auto s = parse_severity(v);
       if (!s || *s == Severity::Off)
         return "unknown --fail-on level '" + v + "' (info, warning, error)";
       o.fail_on = s;
       return std::nullopt;
     }},
    {"--exit-zero", "", "exit 0 even when problems are found (2 still means an error)",
     [](Options& o, const std::string&) {
       o.exit_zero = true;
       return std::optional<std::string>();
     }},
    {"--select", "IDS", "only these rules (comma-separated ids or names)",
     [](Options& o, const std::string& v) { return rule_list(v, o.select); }},
    {"--ignore", "IDS", "not these rules",
     [](Options& o, const std::string& v) { return rule_list(v, o.ignore); }},
    {"--stdin-filename", "NAME", "check standard input as if it were the file NAME",
     [](Options& o, const std::string& v) {
       o.stdin_filename = with_slashes(v);
       return std::optional<std::string>();
     }},
    {"--force-exclude", "", "apply the configuration's exclude to files named here and on stdin",
     [](Options& o, const std::string&) {
       o.force_exclude = true;
       return std::optional<std::string>();
     }},
    {"--statistics", "", "print the number of findings per rule instead of the findings",
     [](Options& o, const std::string&) {
       o.statistics = true;
       return std::optional<std::string>();
     }},
    {"--baseline", "FILE", "report only findings that FILE (from --write-baseline) does not hold",
     [](Options& o, const std::string& v) {
       o.baseline = v;
       return std::optional<std::string>();
     }},
    {"--write-baseline", "FILE", "record today's findings in FILE and exit 0",
     [](Options& o, const std::string& v) {
       o.write_baseline = v;
       return std::optional<std::string>();
     }},
    {"--changed-since", "REV", "check only files changed since the git revision REV",
     [](Options& o, const std::string& v) {
       o.changed_since = v;
       return std::optional<std::string>();
     }},
    {"--shard", "K/N", "check only the K-th of N deterministic parts of the file list",
     [](Options& o, const std::string& v) -> std::optional<std::string> {
       const std::size_t slash = v.find('/');
       const auto k = number<unsigned>(v.substr(0, slash == std::string::npos ? 0 : slash));
       const auto n = number<unsigned>(slash == std::string::npos ? "" : v.substr(slash + 1));
       if (!k || !n || *n == 0 || *k == 0 || *k > *n)
         return "--shard takes K/N with 1 <= K <= N, e.g. 2/4";
       o.shard_index = *k - 1;
       o.shard_count = *n;
       return std::nullopt;
     }},
    {"-j, --jobs", "N", "parallel jobs (default: all cores)",
     [](Options& o, const std::string& v) -> std::optional<std::string> {
       const auto n = number<unsigned>(v);
       if (!n || *n == 0) return "--jobs takes a positive number";
       o.jobs = *n;
       return std::nullopt;
     }},
    {"--max-findings-per-file", "N", "report at most N findings per file (default 500; 0: all)",
     [](Options& o, const std::string& v) -> std::optional<std::string> {
       const auto n = number<std::size_t>(v);
       if (!n) return "--max-findings-per-file takes a number";
       o.max_findings = *n;
       return std::nullopt;
     }},
    {"--follow-symlinks", "", "follow symbolic links",
     [](Options& o, const std::string&) {
       o.follow_symlinks = true;
       return std::optional<std::string>();
     }},
    {"--no-ignore", "", "do not honour .gitignore and .ignore",
     [](Options& o, const std::string&) {
       o.no_ignore = true;
       return std::optional<std::string>();
     }},
    {"-q, --quiet", "", "print findings only, no summary",
     [](Options& o, const std::string&) {
       o.quiet = true;
       return std::optional<std::string>();
     }},
    {"-h, --help", "", "print this help", nullptr},
};

// The spec whose names hold `name` ("--jobs" or "-j").
const OptionSpec* find_option(std::string_view name) {
  for (const OptionSpec& spec : kOptions) {
    std::string_view names = spec.names;
    while (!names.empty()) {
      const std::size_t comma = std::min(names.find(", "), names.size());
      if (names.substr(0, comma) == name) return &spec;
      names.remove_prefix(std::min(comma + 2, names.size()));
    }
  }
  return nullptr;
}

} // namespace

std::string check_help() {
  std::string out = R"(usage: pctlint --check [options] [PATH...]
       pctlint --fix [--unsafe-fixes] [--diff] [options] [PATH...]

Checks every URL literal in the files under PATH (default: .; '-' reads standard input; after
'--' every argument is a path). Exit
status: 0 when nothing at or above --fail-on was found, 1 when something was, 2 on usage,
configuration or I/O errors and paths named here that could not be checked.

)";
  for (const OptionSpec& spec : kOptions) {
    std::string left = "  ";
    if (!spec.names.starts_with("--"))
      left += std::string(spec.names);
    else
      left += "    " + std::string(spec.names);
    if (!spec.value.empty()) left += " " + std::string(spec.value);
    if (left.size() < 29)
      left.resize(30, ' ');
    else
      left += "\n" + std::string(30, ' ');
    out += left + std::string(spec.help) + "\n";
  }
  return out;
}

namespace {

ParseResult parse(const Args& args) {
  ParseResult r;
  Options& o = r.options;
  bool options_ended = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    std::optional<std::string> value;
    if (a == "--" && !options_ended) { // the end of options: what follows are paths
      options_ended = true;
      continue;
    }
    if (options_ended && a != "-") {
      o.paths.push_back(with_slashes(a));
      continue;
    }
    if (a == "-") { // standard input as a path
      if (!o.stdin_filename) o.stdin_filename = "-";
      continue;
    }
    if (!a.starts_with("-")) {
      o.paths.push_back(with_slashes(a));
      continue;
    }
    if (a.starts_with("--") && a.find('=') != std::string::npos) {
      value = a.substr(a.find('=') + 1);
      a.resize(a.find('='));
    } else if (a.size() > 2 && a[1] != '-' && find_option(a.substr(0, 2)) &&
               !find_option(a.substr(0, 2))->value.empty()) {
      value = a.substr(2); // -j4, -oFILE
      a.resize(2);
    }
    const OptionSpec* spec = find_option(a);
    if (!spec) {
      r.error = "unknown option '" + a + "'";
      return r;
    }
    if (!spec->apply) {
      r.help = true;
      return r;
    }
    if (spec->value.empty() && value) {
      r.error = a + " takes no value";
      return r;
    }
    if (!spec->value.empty() && !value) {
      if (i + 1 >= args.size()) {
        r.error = a + " needs a value (" + std::string(spec->value) + ")";
        return r;
      }
      value = args[++i];
    }
    if (auto error = spec->apply(o, value.value_or(""))) {
      r.error = std::move(*error);
      return r;
    }
  }
  if (o.paths.empty() && !o.stdin_filename) o.paths.push_back(".");
  return r;
}

} // namespace

ParseResult parse_options(const Args& args) {
  ParseResult r = parse(args);
  // An error quotes what was typed: one line, whatever bytes an argument holds.
  if (r.error) r.error = printable(*r.error);
  return r;
}

} // namespace pctlint::check
