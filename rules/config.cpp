#include "rules/config.h"

#include "rules/rule.h"

#include <nlohmann/json.hpp>

namespace pctlint {

Severity Config::severity_of(const RuleInfo& rule) const {
  const auto it = rule_severity.find(rule.id);
  return it == rule_severity.end() ? rule.default_severity : it->second;
}

namespace {

using nlohmann::json;

struct Bad {
  ConfigError error;
};

[[noreturn]] void fail(std::string key, std::string message) {
  throw Bad{{std::move(key), std::move(message)}};
}

std::string type_name(const json& j) {
  return j.type_name();
}

bool get_bool(const json& j, const std::string& key) {
  if (!j.is_boolean()) fail(key, "expected true or false, got " + type_name(j));
  return j.get<bool>();
}

std::vector<std::string> get_strings(const json& j, const std::string& key) {
  if (!j.is_array()) fail(key, "expected an array of strings, got " + type_name(j));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string())
      fail(key + "/" + std::to_string(i), "expected a string, got " + type_name(j[i]));
    out.push_back(j[i].get<std::string>());
  }
  return out;
}

Severity get_severity(const json& j, const std::string& key) {
  if (!j.is_string())
    fail(key, "expected \"off\", \"info\", \"warning\" or \"error\", got " + type_name(j));
  const auto s = parse_severity(j.get<std::string>());
  if (!s)
    fail(key, "unknown severity '" + j.get<std::string>() + "' (use off, info, warning or error)");
  return *s;
}

unsigned placeholder_bit(const std::string& name, const std::string& key) {
  if (const auto style = placeholder_style_named(name)) return static_cast<unsigned>(*style);
  std::string known;
  for (unsigned bit = 1; bit <= all_placeholder_styles; bit <<= 1)
    known += (known.empty() ? "" : ", ") + std::string(name_of(static_cast<PlaceholderStyle>(bit)));
  fail(key, "unknown placeholder style '" + name + "' (use " + known + ")");
}

void apply(const json& j, Config& c) {
  if (!j.is_object()) fail("", "the configuration must be a JSON object, got " + type_name(j));
  for (const auto& [key, value] : j.items()) {
    const std::string ptr = "/" + key;
    if (key == "rules") {
      if (!value.is_object()) fail(ptr, "expected an object of rule id or name -> severity");
      for (const auto& [rule_key, sev] : value.items()) {
        const std::string rptr = ptr + "/" + rule_key;
        const Rule* rule = find_rule(rule_key);
        if (!rule) fail(rptr, "unknown rule '" + rule_key + "' (see `pctlint rules`)");
        c.rule_severity[std::string(rule->info().id)] = get_severity(sev, rptr);
      }
    } else if (key == "include") {
      c.include = get_strings(value, ptr);
    } else if (key == "exclude") {
      c.exclude = get_strings(value, ptr);
    } else if (key == "schemes") {
      c.finder.schemes = get_strings(value, ptr);
      for (std::string& s : c.finder.schemes)
        for (char& ch : s)
          ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    } else if (key == "mailto") {
      c.finder.mailto = get_bool(value, ptr);
    } else if (key == "allowNonAscii") {
      c.allow_non_ascii = get_bool(value, ptr);
    } else if (key == "nonAsciiInProse") {
      c.non_ascii_in_prose = get_bool(value, ptr);
    } else if (key == "placeholders") {
      unsigned bits = 0;
      const auto names = get_strings(value, ptr);
      for (std::size_t i = 0; i < names.size(); ++i)
        bits |= placeholder_bit(names[i], ptr + "/" + std::to_string(i));
      c.finder.placeholders = bits;
    } else if (key == "failOn") {
      c.fail_on = get_severity(value, ptr);
    } else if (key == "maxFileSize") {
      if (!value.is_number_unsigned())
        fail(ptr, "expected a non-negative integer (bytes), got " + type_name(value));
      c.max_file_size = value.get<std::size_t>();
    } else if (key == "$schema") {
      // Editors' schema association; nothing to apply.
    } else {
      fail(ptr,
           "unknown key '" + key +
               "' (known: rules, include, exclude, schemes, mailto, allowNonAscii, "
               "nonAsciiInProse, placeholders, failOn, maxFileSize)");
    }
  }
}

} // namespace

ConfigResult parse_config(const nlohmann::json& j, Config base) {
  ConfigResult r{std::move(base), std::nullopt};
  try {
    apply(j, r.config);
  } catch (const Bad& bad) {
    r.error = bad.error;
  }
  return r;
}

ConfigResult parse_config_text(std::string_view text, Config base) {
  json j;
  try {
    j = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // Name line and column: nlohmann reports a byte offset.
    const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < at; ++i) {
      if (text[i] == '\n')
        ++line, col = 1;
      else
        ++col;
    }
    std::string what = e.what();
    if (const auto p = what.find("parse error"); p != std::string::npos) what = what.substr(p);
    return {std::move(base), ConfigError{"", "invalid JSON at line " + std::to_string(line) +
                                                 ", column " + std::to_string(col) + ": " + what}};
  }
  return parse_config(j, std::move(base));
}

} // namespace pctlint
