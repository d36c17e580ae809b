#include "rules/json_text.h"

#include <vector>

namespace pctlint {

namespace {

struct Place {
  std::size_t line = 1, column = 1;
};

Place place_of(std::string_view text, std::size_t offset) {
  Place p;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n')
      ++p.line, p.column = 1;
    else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
      ++p.column;
  }
  return p;
}

std::string at_place(std::string_view text, std::size_t offset, const std::string& what) {
  const Place p = place_of(text, offset);
  return "line " + std::to_string(p.line) + ", column " + std::to_string(p.column) + ": " + what;
}

// A JSON pointer's escaping of a key.
std::string pointer_token(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

// One pass over the text that knows strings, comments and nesting, but not the rest of JSON's
// grammar (the parser checks that): the first place nesting goes past `max_depth`, and the line
// of each key and element. Returns an error, or empty.
std::string scan(std::string_view t, const JsonOptions& options,
                 std::map<std::string, std::size_t, std::less<>>* lines) {
  struct Frame {
    bool object;
    std::string pointer;
    std::size_t index = 0;
    std::string key; // the last key read in an object
    bool expect_key = true;
  };
  std::vector<Frame> stack;
  std::size_t line = 1;
  // An array element about to start: record where it stands (a key's line is its own).
  auto value_starts = [&] {
    if (!lines || stack.empty() || stack.back().object) return;
    const Frame& f = stack.back();
    lines->emplace(f.pointer + "/" + std::to_string(f.index), line);
  };
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '\n') {
      ++line;
      continue;
    }
    if (c == '"') {
      std::string text;
      for (++i; i < t.size() && t[i] != '"'; ++i) {
        if (t[i] == '\\' && i + 1 < t.size()) ++i;
        if (t[i] == '\n') ++line;
        text += t[i];
      }
      if (!stack.empty() && stack.back().object && stack.back().expect_key) {
        stack.back().key = text;
        stack.back().expect_key = false;
        if (lines) (*lines)[stack.back().pointer + "/" + pointer_token(text)] = line;
      } else if (!stack.empty() && !stack.back().object) {
        value_starts();
      }
      continue;
    }
    if (options.comments && c == '/' && i + 1 < t.size() && (t[i + 1] == '/' || t[i + 1] == '*')) {
      if (t[i + 1] == '/') {
        while (i < t.size() && t[i] != '\n')
          ++i;
        --i;
      } else {
        const std::size_t close = t.find("*/", i + 2);
        if (close == std::string_view::npos) return at_place(t, i, "a /* comment is never closed");
        for (std::size_t k = i; k < close; ++k)
          line += t[k] == '\n';
        i = close + 1;
      }
      continue;
    }
    if (c == '{' || c == '[') {
      if (!stack.empty() && !stack.back().object) value_starts();
      if (stack.size() >= options.max_depth)
        return at_place(t, i,
                        "nested more than " + std::to_string(options.max_depth) + " levels deep");
      Frame f;
      f.object = c == '{';
      if (!stack.empty())
        f.pointer = stack.back().pointer + "/" +
                    (stack.back().object ? pointer_token(stack.back().key)
                                         : std::to_string(stack.back().index));
      stack.push_back(std::move(f));
      continue;
    }
    if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      continue;
    }
    if (c == ',' && !stack.empty()) {
      Frame& f = stack.back();
      if (f.object)
        f.expect_key = true;
      else
        ++f.index;
      continue;
    }
    if (!stack.empty() && !stack.back().object && c != ' ' && c != '\t' && c != '\r' && c != ':') {
      // A number or literal element: record it at its first byte only.
      const char before = i > 0 ? t[i - 1] : '[';
      if (before == '[' || before == ',' || before == ' ' || before == '\t' || before == '\n')
        value_starts();
    }
  }
  return {};
}

} // namespace

JsonParse parse_json(std::string_view text, const JsonOptions& options) {
  JsonParse result;
  if (std::string error = scan(text, options, nullptr); !error.empty()) {
    result.error = std::move(error);
    return result;
  }
  try {
    result.value = nlohmann::json::parse(text.begin(), text.end(), nullptr, true, options.comments);
  } catch (const nlohmann::json::parse_error& e) {
    const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
    std::string what;
    if (at >= text.size())
      what = "unexpected end of input";
    else if (static_cast<unsigned char>(text[at]) < 0x20)
      what = "unexpected control character";
    else if (text[at] == '/' && !options.comments)
      what = "comments are not allowed here";
    else
      what = "unexpected '" + std::string(1, text[at]) + "'";
    result.error = at_place(text, at, what);
  } catch (const nlohmann::json::out_of_range&) {
    result.error = "a number is out of range (larger than a double can hold)";
  } catch (const nlohmann::json::exception&) {
    result.error = "not valid JSON";
  }
  return result;
}

std::map<std::string, std::size_t, std::less<>> json_lines(std::string_view text) {
  std::map<std::string, std::size_t, std::less<>> lines;
  JsonOptions options;
  options.comments = true;
  options.max_depth = SIZE_MAX;
  scan(text, options, &lines);
  return lines;
}

} // namespace pctlint
