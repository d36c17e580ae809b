#include "core/finder/test_code.h"

#include "core/ascii.h"

namespace pctlint {
namespace {

std::size_t line_end(std::string_view s, std::size_t at) {
  const std::size_t nl = s.find('\n', at);
  return nl == std::string_view::npos ? s.size() : nl + 1;
}

bool is_word(std::string_view text, std::size_t at, std::string_view word) {
  if (text.substr(at, word.size()) != word) return false;
  return (at == 0 || !ascii::is_ident(text[at - 1])) &&
         (at + word.size() >= text.size() || !ascii::is_ident(text[at + word.size()]));
}

// Whether the attribute `#[...]` (its text between the brackets) marks test code: a test function
// (`test`, `tokio::test`, `rstest`, `test_case(...)`) or code compiled only for tests
// (`cfg(test)`, `cfg(all(test, ...))`; not `cfg(not(test))`).
bool marks_test(std::string_view attribute) {
  std::size_t path_end = 0;
  while (path_end < attribute.size() &&
         (ascii::is_ident(attribute[path_end]) || attribute[path_end] == ':'))
    ++path_end;
  const std::string_view path = attribute.substr(0, path_end);
  const std::size_t colon = path.rfind(':');
  const std::string_view last = colon == std::string_view::npos ? path : path.substr(colon + 1);
  if (last == "test" || last == "rstest" || last.starts_with("test_")) return true;
  if (path != "cfg" || attribute.find("not(") != std::string_view::npos) return false;
  for (std::size_t at = attribute.find("test"); at != std::string_view::npos;
       at = attribute.find("test", at + 1))
    if (is_word(attribute, at, "test")) return true;
  return false;
}

// Past the attributes that begin at `at` (`#[cfg(test)] #[allow(x)]`, each with its brackets).
std::size_t after_attributes(std::string_view s, std::size_t at) {
  while (at < s.size()) {
    while (at < s.size() && (ascii::is_blank(s[at]) || s[at] == '\n' || s[at] == '\r'))
      ++at;
    if (s.substr(at, 2) != "#[") return at;
    int depth = 0;
    for (; at < s.size(); ++at)
      if (s[at] == '[')
        ++depth;
      else if (s[at] == ']' && --depth == 0)
        break;
    ++at;
  }
  return at;
}

// The end of the item that an attribute at `line`'s indentation marks, its attributes ending at
// `item`: past the line that closes its block (a `}` at the attribute's indentation), or `item`
// itself when the item has no block (`#[cfg(test)] mod tests;`, `#[cfg(test)] use ...;`).
std::size_t item_end(std::string_view s, std::size_t item, std::string_view indent) {
  const std::size_t open = s.find_first_of("{;", item);
  if (open == std::string_view::npos || s[open] == ';') return item;
  // A one-line item (`#[test] fn f() { ... }`): its braces balance on the line that opens it.
  const std::size_t open_line_end = line_end(s, open);
  int depth = 0;
  for (std::size_t i = open; i < open_line_end; ++i)
    if (s[i] == '{')
      ++depth;
    else if (s[i] == '}' && --depth == 0)
      return open_line_end;
  for (std::size_t at = open_line_end; at < s.size(); at = line_end(s, at)) {
    const std::size_t end = line_end(s, at);
    const std::string_view text = s.substr(at, end - at);
    if (text.size() > indent.size() && text.starts_with(indent) && text[indent.size()] == '}')
      return end;
  }
  return s.size();
}

std::vector<Span> rust_tests(std::string_view s) {
  std::vector<Span> out;
  // `#![cfg(test)]` makes the whole file (a module) test code.
  for (std::size_t at = s.find("#![cfg("); at != std::string_view::npos;
       at = s.find("#![cfg(", at + 1)) {
    const std::size_t close = s.find(']', at);
    if (close != std::string_view::npos && marks_test(s.substr(at + 3, close - at - 3)))
      return {{0, s.size()}};
  }
  for (std::size_t at = s.find("#["); at != std::string_view::npos; at = s.find("#[", at + 2)) {
    std::size_t line = at;
    while (line > 0 && ascii::is_blank(s[line - 1]))
      --line;
    if (line > 0 && s[line - 1] != '\n') continue; // an attribute begins its line
    if (!out.empty() && at < out.back().end) continue;
    const std::size_t close = s.find(']', at);
    if (close == std::string_view::npos) break;
    if (!marks_test(s.substr(at + 2, close - at - 2))) continue;
    const std::size_t item = after_attributes(s, at);
    const std::size_t end = item_end(s, item, s.substr(line, at - line));
    if (end > item) out.push_back({line, end});
  }
  return out;
}

} // namespace

std::vector<Span> in_file_tests(std::string_view source, Language lang) {
  if (lang != Language::Rust) return {};
  return rust_tests(source);
}

} // namespace pctlint
