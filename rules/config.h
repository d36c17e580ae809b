// Configuration: `.pctlint.json` (the nearest above each file, or --config) and the same shape from
// LSP settings (initializationOptions / workspace/configuration section "pctlint").
//
//   { "rules": { "PCT004": "off", "lowercase-hex": "error" },
//     "include": ["**/*"], "exclude": ["vendor/**"],
//     "schemes": ["http", "https"], "mailto": true,
//     "allowNonAscii": false, "nonAsciiInProse": false,
//     "placeholders": ["rfc6570", "dollar-brace", "double-brace", "erb", "colon-param", "printf"],
//     "failOn": "warning", "maxFileSize": 1048576 }
#pragma once

#include "core/finder.h"
#include "rules/diagnostic.h"

#include <cstddef>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct RuleInfo;

struct Config {
  std::map<std::string, Severity, std::less<>> rule_severity; // by rule id, e.g. "PCT004"
  std::vector<std::string> include;                           // globs; empty = everything
  std::vector<std::string> exclude;
  FinderOptions finder;
  bool allow_non_ascii = false;
  // PCT004 in prose too (comments, docs), where readable IRIs are common and do no harm.
  bool non_ascii_in_prose = false;
  Severity fail_on = Severity::Warning;
  std::size_t max_file_size = 4u << 20;

  Severity severity_of(const RuleInfo& rule) const;
};

struct ConfigError {
  std::string key;     // JSON pointer of the offending key, e.g. "/rules/PCT099"
  std::string message; // "unknown rule 'PCT099'"
};

struct ConfigResult {
  Config config;
  std::optional<ConfigError> error;
  bool ok() const { return !error.has_value(); }
};

// Applies the settings in `json` on top of `base`; unknown keys and bad values are errors.
ConfigResult parse_config(const nlohmann::json& json, Config base = {});
// Same, from text; a JSON syntax error names the line and column.
ConfigResult parse_config_text(std::string_view json_text, Config base = {});

} // namespace pctlint
