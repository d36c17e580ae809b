// Configuration: `.pctlint.json` (the nearest above each file, or --config) and the same shape from
// LSP settings (initializationOptions / workspace/configuration section "pctlint"). Comments are
// allowed in the file; the keys and their meaning are in README.md#configuration and the JSON
// Schema rules/pctlint.schema.json:
//
//   { "rules": { "PCT004": "off", "lowercase-hex": "error" },
//     "include": ["src/**"], "exclude": ["vendor/", "*.min.js"],
//     "overrides": [{ "files": ["tests/**"], "rules": { "PCT002": "off" } }],
//     "schemes": ["http", "https"], "mailto": true,
//     "allowNonAscii": false, "nonAsciiInProse": false,
//     "placeholders": ["rfc6570", "dollar-brace", "double-brace", "erb", "colon-param", "printf"],
//     "failOn": "warning", "maxFileSize": 4194304 }
#pragma once

#include "core/finder/finder.h"
#include "rules/diagnostic.h"
#include "rules/glob.h"

#include <cstddef>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct RuleInfo;

// What an override may change for the files its patterns match.
struct LintSettings {
  std::map<std::string, Severity, std::less<>> rule_severity; // by rule id, e.g. "PCT004"
  FinderOptions finder;
  bool allow_non_ascii = false;
  // PCT004 in prose too (comments, docs), where readable IRIs are common and do no harm.
  bool non_ascii_in_prose = false;
  // "extent": "guessed": the rules that depend on where a URL ends (RuleInfo::depends_on_extent)
  // also report on URLs whose end is a guess or that hold template syntax, said in the message.
  bool report_guessed_extent = false;
  // Every fix is unsafe (applied only with --unsafe-fixes): set for test files and lock files
  // (Config::for_path).
  bool fixes_unsafe = false;
};

// Where tests are, unless the configuration's "testFiles" says otherwise: test directories and
// the file names test runners look for (test_x.py, x_test.go, x.test.js, x_spec.rb, FooTest.java).
const std::vector<std::string>& default_test_files();
// default_test_files() matched without globs: one pass over the path's names (every file a run
// checks is asked, and 38 globs a file cost more than the lint of most files).
bool is_default_test_path(std::string_view path);
// Its two halves: a path's directories ("a/tests/", each with its '/'), and a file's name.
bool is_default_test_dir(std::string_view dirs);
bool is_default_test_name(std::string_view name);
// A file a package manager writes (composer.lock, Cargo.lock, package-lock.json, go.sum...): its
// URLs are copied from a registry, and an edit by hand is undone at the next update or breaks a
// hash that pins it (a Nix vendorHash): its fixes are unsafe, as a test file's are.
bool is_lock_file(std::string_view name);
// TeX source (.tex, .sty, .cls, .ltx, .dtx): '%' starts a comment there, and pctlint reads the
// file as plain text, so an escape a fix writes could hide the rest of its line.
bool is_tex_source(std::string_view name);
// Whether a file's name alone makes every fix in it unsafe: a lock file or TeX source.
bool fixes_unsafe_by_name(std::string_view name);

struct Override {
  std::vector<std::string> files; // patterns, as written
  GlobList globs;
  // Only the keys the override sets, applied on top of the configuration in order.
  std::map<std::string, Severity, std::less<>> rule_severity;
  std::optional<std::vector<std::string>> schemes;
  std::optional<bool> mailto, allow_non_ascii, non_ascii_in_prose;
  std::optional<unsigned> placeholders;
};

struct Config : LintSettings {
  std::vector<std::string> include; // patterns (rules/glob.h); empty = everything
  std::vector<std::string> exclude;
  GlobList include_globs, exclude_globs;
  std::vector<Override> overrides;
  Severity fail_on = Severity::Warning;
  std::size_t max_file_size = 4u << 20;
  // Test files ("testFiles"): a URL in a test is often wrong on purpose (a parser's test data, a
  // deliberately malformed certificate name), so no fix is safe there (ruff's rule: a safe fix
  // never changes behaviour). Unless "testFiles" is given (an empty list: every fix keeps its own
  // applicability), the default list, matched by is_default_test_path without a copy per Config.
  bool default_tests = true;
  std::vector<std::string> test_files; // "testFiles" as given
  GlobList test_globs;
  static GlobList default_test_globs(); // default_test_files() compiled (for tests)
  // Whether `path` (relative to the configuration's directory) is a test file.
  bool is_test_file(std::string_view path) const;

  Severity severity_of(const RuleInfo& rule) const;
  // Whether a file at `path` (relative to the configuration's directory) is to be checked.
  bool selects(std::string_view path) const;
  // The configuration for the file at `path`, its matching overrides applied (a copy only when
  // one matches: most configurations have none).
  const Config& for_path(std::string_view path, std::optional<Config>& storage) const;
};

struct ConfigError {
  std::string key;      // JSON pointer of the offending key, e.g. "/rules/PCT099"
  std::string message;  // "unknown rule 'PCT099'"
  std::size_t line = 0; // 1-based, in the file's text; 0 when not known (settings from a client)
};

struct ConfigResult {
  Config config;
  std::vector<ConfigError> errors; // all of them, by line when parsed from text
  bool ok() const { return errors.empty(); }
  // "path:3: /rules/PCT099: unknown rule 'PCT099'", one line per error.
  std::string describe(std::string_view path) const;
};

// Applies the settings in `json` on top of `base`; unknown keys and bad values are errors.
ConfigResult parse_config(const nlohmann::json& json, Config base = {});
// Same, from text (comments allowed); errors name their line.
ConfigResult parse_config_text(std::string_view json_text, Config base = {});

} // namespace pctlint
