#include "core/finder/test_code.h"

#include "core/ascii.h"
#include "core/finder/lexer_common.h"
#include "core/scan.h"

#include <algorithm>
#include <string>

namespace pctlint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

std::size_t line_end(std::string_view s, std::size_t at) {
  const std::size_t nl = s.find('\n', at);
  return nl == npos ? s.size() : nl + 1;
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
  const std::string_view last = colon == npos ? path : path.substr(colon + 1);
  if (last == "test" || last == "rstest" || last.starts_with("test_")) return true;
  if (path != "cfg") return false;
  // "test" as a word outside not(...): cfg(all(test, not(miri))) is test code, cfg(not(test)) not.
  std::string outside_not(attribute);
  for (std::size_t at = outside_not.find("not("); at != npos; at = outside_not.find("not(", at)) {
    std::size_t k = at + 4;
    for (int depth = 1; k < outside_not.size() && depth > 0; ++k)
      depth += outside_not[k] == '(' ? 1 : outside_not[k] == ')' ? -1 : 0;
    outside_not.replace(at, k - at, " ");
  }
  for (std::size_t at = outside_not.find("test"); at != npos; at = outside_not.find("test", at + 1))
    if (is_word(outside_not, at, "test")) return true;
  return false;
}

// The text of the attribute whose "#[" (or "#![") ends just before `from`, up to its ']' or, if
// none is near, 512 bytes: an attribute's name and its cfg predicate are at its start, and a
// search to the file's end from each '#[' would cost the square of a file full of them.
std::string_view attribute_text(std::string_view s, std::size_t from) {
  const std::string_view near = s.substr(from, 512);
  const std::size_t close = near.find(']');
  return close == npos ? near : near.substr(0, close);
}

// Reads Rust tokens far enough to match brackets: comments, strings (raw too) and character
// literals are stepped over whole, so a ';', '[' or '{' inside them counts for nothing. Every
// byte it steps over is counted in `budget`, which keeps the whole search linear.
struct ItemScanner {
  std::string_view s;
  std::size_t& budget;

  // Past the token at `i` if it is a comment, string or character, else `i`.
  std::size_t skip_opaque(std::size_t i) const {
    if (s.compare(i, 2, "//") == 0) return line_end(s, i);
    if (s.compare(i, 2, "/*") == 0) {
      const std::size_t close = s.find("*/", i + 2);
      return close == npos ? s.size() : close + 2;
    }
    if (s[i] == 'r' && i + 1 < s.size() && (s[i + 1] == '"' || s[i + 1] == '#') &&
        (i == 0 || !ascii::is_ident(s[i - 1]))) {
      std::size_t k = i + 1;
      while (k < s.size() && s[k] == '#')
        ++k;
      if (k < s.size() && s[k] == '"') {
        const std::string close = "\"" + std::string(k - i - 1, '#');
        const std::size_t end = s.find(close, k + 1);
        return end == npos ? s.size() : end + close.size();
      }
    }
    if (s[i] == '"') {
      for (std::size_t k = i + 1; k < s.size(); ++k)
        if (s[k] == '\\')
          ++k;
        else if (s[k] == '"')
          return k + 1;
      return s.size();
    }
    if (s[i] == '\'') { // 'x', '\n', '\u{e9}'; a lifetime ('a) has no closing quote
      if (i + 2 < s.size() && s[i + 1] != '\\' && s[i + 2] == '\'') return i + 3;
      if (i + 1 < s.size() && s[i + 1] == '\\') {
        const std::size_t close = s.find('\'', i + 3);
        if (close != npos && close - i < 12) return close + 1;
      }
    }
    return i;
  }

  // The first of `stops` at bracket depth 0 from `i`, or the text's end.
  std::size_t find_at_depth0(std::size_t i, std::string_view stops) const {
    int depth = 0;
    while (i < s.size() && budget > 0) {
      const std::size_t past = skip_opaque(i);
      if (past != i) {
        budget -= std::min(budget, past - i);
        i = past;
        continue;
      }
      --budget;
      const char c = s[i];
      if (depth == 0 && stops.find(c) != npos) return i;
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      ++i;
    }
    return s.size();
  }
};

// Past the attributes that begin at `at` (`#[cfg(test)] #[allow(x)]`).
std::size_t after_attributes(const ItemScanner& scan, std::size_t at) {
  const std::string_view s = scan.s;
  for (;;) {
    while (at < s.size() && (ascii::is_blank(s[at]) || s[at] == '\n' || s[at] == '\r'))
      ++at;
    const std::size_t past = scan.skip_opaque(at); // a comment between attributes
    if (past != at && s.compare(at, 1, "/") == 0) {
      at = past;
      continue;
    }
    if (s.compare(at, 2, "#[") != 0) return at;
    const std::size_t close = scan.find_at_depth0(at + 2, "]");
    if (close >= s.size()) return s.size();
    at = close + 1;
  }
}

// The end of the item that starts at `item` (its attributes before it, their line indented by
// `indent`): past the line that closes its block (a `}` at the attribute's indentation) or holds
// its ';' (`#[cfg(test)] const X: &str = "...";`, `#[cfg(test)] mod tests;`).
std::size_t item_end(const ItemScanner& scan, std::size_t item, std::string_view indent) {
  const std::string_view s = scan.s;
  const std::size_t open = scan.find_at_depth0(item, "{;");
  if (open >= s.size()) return s.size();
  if (s[open] == ';') return line_end(s, open);
  // The brace that closes the block, strings and comments stepped over; and, lest a misreading
  // end it early, no earlier than the line that closes it in rustfmt's layout (a '}' at the
  // attribute's indentation). Either not found: to the file's end.
  const std::size_t close = scan.find_at_depth0(open + 1, "}");
  if (close >= s.size()) return s.size();
  const std::size_t block_end = line_end(s, close);
  if (block_end == line_end(s, open)) return block_end; // `#[test] fn f() { ... }` on one line
  for (std::size_t at = line_end(s, open); at < s.size() && scan.budget > 0; at = line_end(s, at)) {
    const std::size_t end = line_end(s, at);
    scan.budget -= std::min(scan.budget, end - at);
    const std::string_view text = s.substr(at, end - at);
    if (text.size() > indent.size() && text.starts_with(indent) && text[indent.size()] == '}')
      return std::max(end, block_end);
  }
  return s.size();
}

std::vector<Span> rust_tests(std::string_view s) {
  // `#![cfg(test)]` makes the whole file (a module) test code.
  for (std::size_t at = s.find("#![cfg("); at != npos; at = s.find("#![cfg(", at + 1))
    if (marks_test(attribute_text(s, at + 3))) return {{0, s.size()}};
  std::vector<Span> out;
  std::size_t budget = 8 * s.size() + (1u << 16);
  const ItemScanner scan{s, budget};
  for (std::size_t at = s.find("#["); at != npos; at = s.find("#[", at + 2)) {
    std::size_t line = at;
    while (line > 0 && ascii::is_blank(s[line - 1]))
      --line;
    if (line > 0 && s[line - 1] != '\n') continue; // an attribute begins its line
    if (!marks_test(attribute_text(s, at + 2))) continue;
    // Nested tests are looked at too (an outer region may have been cut short by a '}' in a
    // string), unless an earlier region already runs to the end.
    if (!out.empty() && out.back().end == s.size() && at >= out.back().begin) break;
    const std::size_t item = after_attributes(scan, at);
    const std::size_t end = budget > 0 ? item_end(scan, item, s.substr(line, at - line)) : s.size();
    if (end > line) out.push_back({line, budget > 0 ? end : s.size()});
    if (budget == 0) break; // past the budget: the rest is taken as test code
  }
  // In order of their starts, overlapping ones merged.
  std::sort(out.begin(), out.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
  std::vector<Span> merged;
  for (const Span& t : out)
    if (!merged.empty() && t.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, t.end);
    else
      merged.push_back(t);
  return merged;
}

} // namespace

namespace {

// Zotero's translators (JavaScript) end with their tests: `var testCases = [...]` between the
// lines "/** BEGIN TEST CASES **/" and "/** END TEST CASES **/", each case's expected items
// compared field by field with what the translator returns (a raw IRI there is what it returns).
// From the first marker's line to the end of the second's (or the file's end), each block.
std::vector<Span> marked_test_blocks(std::string_view source) {
  constexpr std::string_view kBegin = "/** BEGIN TEST CASES **/", kEnd = "/** END TEST CASES **/";
  std::vector<Span> out;
  if (!contains(source, kBegin))
    return out; // in bulk: '/' is common, string_view::find stops at each
  for (std::size_t at = source.find(kBegin); at != std::string_view::npos;
       at = source.find(kBegin, at)) {
    const std::size_t line = source.rfind('\n', at);
    const std::size_t begin = line == std::string_view::npos ? 0 : line + 1;
    const std::size_t close = source.find(kEnd, at + kBegin.size());
    std::size_t end = source.size();
    if (close != std::string_view::npos)
      end = std::min(source.size(), source.find('\n', close) == std::string_view::npos
                                        ? source.size()
                                        : source.find('\n', close) + 1);
    out.push_back({begin, end});
    at = end;
  }
  return out;
}

} // namespace

namespace {

// Whether `line` (from its first non-blank) assigns a test table: a name that starts with '_' and
// ends in "TEST" or "TESTS" (youtube-dl's and yt-dlp's _TEST, _TESTS, _WEBPAGE_TESTS), then '='
// and an opening bracket.
bool test_table_line(std::string_view line) {
  std::size_t i = 0;
  if (line.empty() || line[0] != '_') return false;
  while (i < line.size() && ascii::is_ident(line[i]))
    ++i;
  const std::string_view name = line.substr(0, i);
  if (!name.ends_with("TEST") && !name.ends_with("TESTS")) return false;
  while (i < line.size() && ascii::is_blank(line[i]))
    ++i;
  if (i == line.size() || line[i] != '=') return false;
  ++i;
  while (i < line.size() && ascii::is_blank(line[i]))
    ++i;
  return i < line.size() && std::string_view("[{(").find(line[i]) != std::string_view::npos;
}

// The test tables of a Python extractor (youtube-dl, yt-dlp): `_TESTS = [...]` of the URLs the
// extractor is tested on and the fields it must return, raw as the sites write them (test_all_urls
// matches each 'url' against the extractor's pattern, so an escape written there fails it). From
// the assignment's line to the end of the line where the bracket closes at the assignment's
// indentation (black's layout), or the file's end.
std::vector<Span> python_test_tables(std::string_view s) {
  std::vector<Span> out;
  if (!contains(s, "TEST")) return out;
  for (std::size_t line = 0; line < s.size();) {
    std::size_t eol = s.find('\n', line);
    eol = eol == std::string_view::npos ? s.size() : eol + 1;
    std::size_t first = line;
    while (first < eol && ascii::is_blank(s[first]))
      ++first;
    if (!test_table_line(s.substr(first, eol - first))) {
      line = eol;
      continue;
    }
    // Whether the brackets the line opens close on it ("_TESTS = []"); a comment ends it.
    constexpr std::string_view kOpen = "[{(", kClose = "]})";
    constexpr std::size_t npos = std::string_view::npos;
    int depth = 0;
    for (std::size_t i = first; i < eol && s[i] != '#'; ++i)
      depth += kOpen.find(s[i]) != npos ? 1 : kClose.find(s[i]) != npos ? -1 : 0;
    const std::size_t indent = first - line;
    std::size_t end = eol;
    if (depth > 0) { // to the line that closes it at the assignment's indentation ("    }]")
      end = s.size();
      for (std::size_t l = eol; l < s.size();) {
        std::size_t e = s.find('\n', l);
        e = e == std::string_view::npos ? s.size() : e + 1;
        // Only closing brackets there ("    }]"); "    }, {" goes on to the next entry.
        const bool closes =
            l + indent < e && s.substr(l, indent) == s.substr(line, indent) &&
            kClose.find(s[l + indent]) != npos &&
            s.substr(l + indent, e - l - indent).find_first_not_of("]}), \t\r\n") == npos;
        if (closes) {
          end = e;
          break;
        }
        l = e;
      }
    }
    out.push_back({line, end});
    line = end;
  }
  return out;
}

// A JSON member that holds a data file's own test cases: a key named "tests", "test_cases",
// "testCases", "TEST-URLS", ... (lowercased without '_' and '-': "tests", "testcases", "testurls",
// "testdata"; not "test", a configuration's test environment) whose value is an object or array. A
// regular expression collection carries, beside each pattern, the URLs it must match and the fields
// it must extract from each, inputs kept as written whose escapes the expected values repeat:
// pctlint-disable-next-line PCT001 -- the example is such an input
//   "tests": {"https://x/%c3%a4": {"slug": "%c3%a4"}}
bool names_json_tests(std::string_view key) {
  std::string folded;
  for (char c : key)
    if (c != '_' && c != '-') folded += ascii::lower(c);
  return folded == "tests" || folded == "testcases" || folded == "testurls" || folded == "testdata";
}

// The end of the JSON value that opens with the '{' or '[' at `open`: just past its closing
// bracket, strings skipped; the text's end when it never closes.
std::size_t json_container_end(std::string_view s, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        i += s[i] == '\\';
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return s.size();
}

bool json_space(char c) {
  return ascii::is_blank(c) || c == '\n' || c == '\r';
}

// From the line of each test member's key to the end of the line its value closes on.
std::vector<Span> json_test_members(std::string_view s) {
  std::vector<Span> out;
  if (!contains(s, "est") && !contains(s, "EST")) return out; // "tests", "Test_Cases", "TESTS"
  for (std::size_t at = s.find('"'); at != npos; at = s.find('"', at + 1)) {
    std::size_t close = at + 1;
    while (close < s.size() && s[close] != '"')
      close += s[close] == '\\' ? 2 : 1;
    if (close >= s.size()) break;
    const std::string_view key = s.substr(at + 1, close - at - 1);
    std::size_t i = close + 1;
    while (i < s.size() && json_space(s[i]))
      ++i;
    const bool member = i < s.size() && s[i] == ':';
    if (!member || !names_json_tests(key)) {
      at = close; // a string's closing quote opens nothing
      continue;
    }
    for (++i; i < s.size() && json_space(s[i]);)
      ++i;
    if (i == s.size() || (s[i] != '{' && s[i] != '[')) {
      at = close;
      continue;
    }
    // The member itself, from its key to its value's close: on a line of its own, the whole
    // lines (as the other languages' regions); in minified JSON, nothing of its neighbours.
    const std::size_t value_end = json_container_end(s, i);
    const std::size_t line = s.rfind('\n', at);
    const std::size_t line_begin = line == npos ? 0 : line + 1;
    const std::size_t end = line_end(s, value_end - 1);
    const bool alone = s.substr(line_begin, at - line_begin).find_first_not_of(" \t") == npos &&
                       s.substr(value_end, end - value_end).find_first_not_of(" \t\r\n,") == npos;
    out.push_back(alone ? Span{line_begin, end} : Span{at, value_end});
    at = value_end - 1;
  }
  return out;
}

} // namespace

namespace {

// The first non-blank byte of the line from `at`.
std::size_t first_non_blank(std::string_view s, std::size_t at) {
  while (at < s.size() && ascii::is_blank(s[at]))
    ++at;
  return at;
}

// Whether the line's text (from its first non-blank) begins with an assertion: a name that starts
// with "assert" or "expect" (any case, after "self." or "this."), then a blank, '(', '!', '_' or
// a capital ("assertEquals", "XCTAssert..." aside); or Swift's "XCTAssert".
bool assertion_line(std::string_view line) {
  for (const std::string_view receiver : {"self.", "this.", "t."})
    if (line.starts_with(receiver)) line.remove_prefix(receiver.size());
  if (line.starts_with("XCTAssert")) return true;
  for (const std::string_view word : {"assert", "expect"}) {
    if (!ascii::istarts_with(line, word)) continue;
    if (line.size() == word.size()) return false;
    const char next = line[word.size()];
    return ascii::is_blank(next) || next == '(' || next == '!' || next == '_' ||
           (next >= 'A' && next <= 'Z');
  }
  return false;
}

// Whether the line's text (from its first non-blank) is a doctest prompt: ">>>", then a blank or
// the line's end.
bool prompt_line(std::string_view line) {
  return line.starts_with(">>>") &&
         (line.size() == 3 || line[3] == ' ' || line[3] == '\n' || line[3] == '\r');
}

} // namespace

bool in_test_statement(std::string_view source, std::size_t at) {
  std::size_t line = lexing::line_start_at(source, at, 0);
  std::size_t text = first_non_blank(source, line);
  if (assertion_line(source.substr(text, 32))) return true;
  // Back to the paragraph's start (a blank line ends a doctest example's output), at most 64
  // lines: an example's input and output are short.
  for (int lines = 0; lines < 64; ++lines) {
    if (text >= source.size() || source[text] == '\n' || source[text] == '\r') return false;
    if (prompt_line(source.substr(text, 4))) return true;
    if (line == 0) return false;
    line = lexing::line_start_at(source, line - 1, 0);
    text = first_non_blank(source, line);
  }
  return false;
}

std::vector<Span> in_file_tests(std::string_view source, Language lang) {
  if (lang == Language::JavaScript || lang == Language::TypeScript)
    return marked_test_blocks(source);
  if (lang == Language::Python) return python_test_tables(source);
  if (lang == Language::Json) return json_test_members(source);
  if (lang != Language::Rust) return {};
  return rust_tests(source);
}

} // namespace pctlint
