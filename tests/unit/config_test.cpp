#include "rules/config.h"
#include "rules/rule.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using namespace pctlint;

TEST_CASE("a full configuration") {
  const auto r = parse_config_text(R"({
    "rules": {"PCT004": "off", "lowercase-hex": "error"},
    "include": ["src/**"], "exclude": ["vendor/**"],
    "schemes": ["HTTPS"], "mailto": false, "allowNonAscii": true,
    "placeholders": ["rfc6570", "printf"], "failOn": "error", "maxFileSize": 1000 })");
  REQUIRE(r.ok());
  const Config& c = r.config;
  CHECK(c.severity_of(find_rule("PCT004")->info()) == Severity::Off);
  CHECK(c.severity_of(find_rule("PCT001")->info()) == Severity::Error);
  CHECK(c.severity_of(find_rule("PCT002")->info()) == Severity::Error);
  CHECK(c.exclude == std::vector<std::string>{"vendor/**"});
  CHECK(c.finder.schemes == std::vector<std::string>{"https"});
  CHECK_FALSE(c.finder.mailto);
  CHECK(c.allow_non_ascii);
  CHECK(c.finder.placeholders == (static_cast<unsigned>(PlaceholderStyle::Rfc6570) |
                                  static_cast<unsigned>(PlaceholderStyle::Printf)));
  CHECK(c.fail_on == Severity::Error);
  CHECK(c.max_file_size == 1000);
}

TEST_CASE("errors name the key") {
  struct Case {
    const char* json;
    const char* key;
    const char* message_part;
  };
  const Case cases[] = {
      {R"({"rules": {"PCT099": "off"}})", "/rules/PCT099", "unknown rule 'PCT099'"},
      {R"({"rules": {"PCT001": "loud"}})", "/rules/PCT001", "unknown severity 'loud'"},
      {R"({"allowNonAscii": "yes"})", "/allowNonAscii", "expected true or false"},
      {R"({"exclude": ["a", 3]})", "/exclude/1", "expected a string"},
      {R"({"colour": 1})", "/colour", "unknown key 'colour'"},
      {R"({"maxFileSize": -1})", "/maxFileSize", "non-negative integer"},
      {R"({"placeholders": ["jinja"]})", "/placeholders/0", "unknown placeholder style"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.json);
    const auto r = parse_config_text(c.json);
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].key == c.key);
    CHECK(r.errors[0].line == 1);
    CHECK(r.errors[0].message.find(c.message_part) != std::string::npos);
  }
}

TEST_CASE("JSON syntax errors name line and column") {
  const auto r = parse_config_text("{\n  \"rules\": {,}\n}");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors[0].message == "invalid JSON: line 2, column 13: unexpected ','");
}

TEST_CASE("every error in one pass, each with its line; comments allowed") {
  const auto r = parse_config_text(R"({
  // the rules we care about
  "rules": {"PCT099": "off", "PCT001": "loud"},
  /* and a typo */
  "colour": 1,
  "exclude": ["vendor/{a,b}"]
})");
  // In the order of the file's lines.
  REQUIRE(r.errors.size() == 4);
  CHECK(r.errors[0].key == "/rules/PCT001");
  CHECK(r.errors[0].line == 3);
  CHECK(r.errors[1].key == "/rules/PCT099");
  CHECK(r.errors[1].line == 3);
  CHECK(r.errors[2].key == "/colour");
  CHECK(r.errors[2].line == 5);
  CHECK(r.errors[3].key == "/exclude/0");
  CHECK(r.errors[3].line == 6);
  CHECK(r.errors[3].message.find("braces") != std::string::npos);
  CHECK(r.describe(".pctlint.json").find(".pctlint.json:5: /colour: unknown key 'colour'") !=
        std::string::npos);
}

TEST_CASE("hostile JSON: overflowing numbers, deep nesting, wrong types are errors of ours") {
  CHECK(parse_config_text(R"({"maxFileSize": 1e400})").errors[0].message ==
        "invalid JSON: a number is out of range (larger than a double can hold)");
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const auto r = parse_config_text(deep);
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].message.find("nested more than") != std::string::npos);
  CHECK(parse_config_text("null").errors[0].message.find("must be a JSON object") !=
        std::string::npos);
}

TEST_CASE("overrides change rules for the paths they match, in order") {
  const auto r = parse_config_text(R"({
    "rules": {"PCT001": "error"},
    "overrides": [{"files": ["tests/**", "docs/examples/"], "rules": {"PCT001": "off"}},
                  {"files": ["tests/keep/*.py"], "rules": {"lowercase-hex": "warning"}}]})");
  REQUIRE(r.ok());
  const RuleInfo& pct001 = find_rule("PCT001")->info();
  std::optional<Config> storage;
  CHECK(r.config.for_path("src/a.py", storage).severity_of(pct001) == Severity::Error);
  CHECK(r.config.for_path("tests/unit/a.py", storage).severity_of(pct001) == Severity::Off);
  std::optional<Config> s2;
  CHECK(r.config.for_path("docs/examples/x/y.md", s2).severity_of(pct001) == Severity::Off);
  std::optional<Config> s3;
  CHECK(r.config.for_path("tests/keep/a.py", s3).severity_of(pct001) == Severity::Warning);
  CHECK(parse_config_text(R"({"overrides": [{"rules": {}}]})")
            .errors[0]
            .message.find("needs \"files\"") != std::string::npos);
}

TEST_CASE("settings apply on top of a base") {
  Config base;
  base.allow_non_ascii = true;
  const auto r = parse_config(nlohmann::json{{"rules", {{"PCT001", "off"}}}}, base);
  REQUIRE(r.ok());
  CHECK(r.config.allow_non_ascii);
}
