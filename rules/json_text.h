// JSON text from files and clients that may be careless or hostile: nesting is bounded before
// anything recurses (a copy or dump of 70,000 nested arrays overflows the stack), and every
// failure (a syntax error, a number no double holds) is a message of ours with the place, never a
// library's exception text. Also where each key stands, so configuration errors name the line.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace pctlint {

struct JsonOptions {
  bool comments = false;       // "//" and "/* */" comments (JSONC), as in .pctlint.json
  std::size_t max_depth = 128; // objects and arrays nested deeper are refused
};

struct JsonParse {
  std::optional<nlohmann::json> value;
  std::string error; // "line 3, column 7: unexpected '}'" when there is no value
};

JsonParse parse_json(std::string_view text, const JsonOptions& options = {});

// The 1-based line of each key (and array element) by its JSON pointer ("/rules/PCT001"), for
// text that parse_json() accepted.
std::map<std::string, std::size_t, std::less<>> json_lines(std::string_view text);

} // namespace pctlint
