#include "server/check/options.h"

#include "rules/rule.h"

#include <charconv>

namespace pctlint::check {

const char* const kCheckHelp = R"(usage: pctlint --check [options] [PATH...]
       pctlint --fix [--unsafe-fixes] [--diff] [options] [PATH...]

Checks every URL literal in the files under PATH (default: .). Exit status: 0 when nothing at or
above --fail-on was found, 1 when something was, 2 on usage, configuration or I/O errors.

  --check                 lint (the default action)
  --fix                   apply safe fixes; --unsafe-fixes applies unsafe ones too
  --diff                  with --fix: print a unified diff instead of writing
  --format FMT            text (default), json, sarif, github
  --color WHEN            auto (default), always, never
  --config FILE           use FILE instead of the nearest .pctlint.json
  --fail-on LEVEL         info, warning (default), error
  --select IDS            only these rules (comma-separated ids or names)
  --ignore IDS            not these rules
  --stdin-filename NAME   lint standard input as if it were the file NAME
  --statistics            print the number of findings per rule
  --shard K/N             check only the K-th of N deterministic parts of the file list
  -j, --jobs N            parallel jobs (default: all cores)
  --follow-symlinks       follow symbolic links
  --no-ignore             do not honour .gitignore and .ignore
  -q, --quiet             print findings only, no summary
)";

namespace {

std::optional<std::vector<std::string>> rule_list(const std::string& value, std::string& error) {
  std::vector<std::string> ids;
  std::size_t i = 0;
  while (i <= value.size()) {
    const std::size_t comma = std::min(value.find(',', i), value.size());
    const std::string item = value.substr(i, comma - i);
    if (!item.empty()) {
      const Rule* rule = find_rule(item);
      if (!rule) {
        error = "unknown rule '" + item + "' (see `pctlint rules`)";
        return std::nullopt;
      }
      ids.emplace_back(rule->info().id);
    }
    i = comma + 1;
  }
  return ids;
}

} // namespace

ParseResult parse_options(const Args& args) {
  ParseResult r;
  Options& o = r.options;
  auto fail = [&](std::string message) {
    r.error = std::move(message);
    return r;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    std::string value;
    bool has_value = false;
    if (a.starts_with("-j") && a.size() > 2 && a != "-j") { // -j4
      value = a.substr(2);
      a = "-j";
      has_value = true;
    } else if (a.starts_with("--") && a.find('=') != std::string::npos) {
      value = a.substr(a.find('=') + 1);
      a = a.substr(0, a.find('='));
      has_value = true;
    }
    auto take = [&]() -> bool {
      if (has_value) return true;
      if (i + 1 >= args.size()) return false;
      value = args[++i];
      return true;
    };
    if (a == "--check") continue;
    if (a == "-h" || a == "--help") {
      r.help = true;
      return r;
    }
    if (a == "--fix")
      o.fix = true;
    else if (a == "--unsafe-fixes")
      o.fix = o.unsafe_fixes = true;
    else if (a == "--diff")
      o.diff = true;
    else if (a == "--statistics")
      o.statistics = true;
    else if (a == "--follow-symlinks")
      o.follow_symlinks = true;
    else if (a == "--no-ignore")
      o.no_ignore = true;
    else if (a == "-q" || a == "--quiet")
      o.quiet = true;
    else if (a == "--format") {
      if (!take()) return fail("--format needs a value");
      if (value == "text")
        o.format = Format::Text;
      else if (value == "json")
        o.format = Format::Json;
      else if (value == "sarif")
        o.format = Format::Sarif;
      else if (value == "github")
        o.format = Format::Github;
      else
        return fail("unknown format '" + value + "' (text, json, sarif, github)");
    } else if (a == "--color") {
      if (!take()) return fail("--color needs a value");
      if (value == "auto")
        o.color = Color::Auto;
      else if (value == "always")
        o.color = Color::Always;
      else if (value == "never")
        o.color = Color::Never;
      else
        return fail("unknown --color '" + value + "' (auto, always, never)");
    } else if (a == "--config") {
      if (!take()) return fail("--config needs a file");
      o.config_path = value;
    } else if (a == "--fail-on") {
      if (!take()) return fail("--fail-on needs a level");
      const auto s = parse_severity(value);
      if (!s || *s == Severity::Off)
        return fail("unknown --fail-on level '" + value + "' (info, warning, error)");
      o.fail_on = s;
    } else if (a == "--select" || a == "--ignore") {
      if (!take()) return fail(a + " needs rule ids");
      std::string error;
      auto ids = rule_list(value, error);
      if (!ids) return fail(error);
      auto& into = a == "--select" ? o.select : o.ignore;
      into.insert(into.end(), ids->begin(), ids->end());
    } else if (a == "--stdin-filename") {
      if (!take()) return fail("--stdin-filename needs a name");
      o.stdin_filename = value;
    } else if (a == "--shard") {
      if (!take()) return fail("--shard needs K/N");
      unsigned k = 0, n = 0;
      const std::size_t slash = value.find('/');
      const char* b = value.data();
      if (slash == std::string::npos || std::from_chars(b, b + slash, k).ec != std::errc{} ||
          std::from_chars(b + slash + 1, b + value.size(), n).ec != std::errc{} || n == 0 ||
          k == 0 || k > n)
        return fail("--shard takes K/N with 1 <= K <= N, e.g. 2/4");
      o.shard_index = k - 1;
      o.shard_count = n;
    } else if (a == "-j" || a == "--jobs") {
      if (!take()) return fail("--jobs needs a number");
      if (std::from_chars(value.data(), value.data() + value.size(), o.jobs).ec != std::errc{} ||
          o.jobs == 0)
        return fail("--jobs takes a positive number");
    } else if (a.starts_with("-") && a != "-") {
      return fail("unknown option '" + a + "'");
    } else {
      o.paths.push_back(a);
    }
  }
  if (o.diff && !o.fix) o.fix = true;
  if (o.paths.empty() && !o.stdin_filename) o.paths.push_back(".");
  return r;
}

} // namespace pctlint::check
