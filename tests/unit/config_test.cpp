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
    CHECK(r.error->key == c.key);
    CHECK(r.error->message.find(c.message_part) != std::string::npos);
  }
}

TEST_CASE("JSON syntax errors name line and column") {
  const auto r = parse_config_text("{\n  \"rules\": {,}\n}");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message.find("line 2, column 13") != std::string::npos);
}

TEST_CASE("settings apply on top of a base") {
  Config base;
  base.allow_non_ascii = true;
  const auto r = parse_config(nlohmann::json{{"rules", {{"PCT001", "off"}}}}, base);
  REQUIRE(r.ok());
  CHECK(r.config.allow_non_ascii);
}
