#include "core/finder/layout.h"

#include "core/ascii.h"

#include <algorithm>
#include <string>

namespace pctlint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

struct Line {
  std::size_t begin, end; // the line with its line break
  std::string_view text;  // without the line break
};

std::vector<Line> lines_of(std::string_view s) {
  std::vector<Line> out;
  for (std::size_t at = 0; at < s.size();) {
    const std::size_t nl = s.find('\n', at);
    const std::size_t end = nl == npos ? s.size() : nl + 1;
    std::string_view text = s.substr(at, (nl == npos ? s.size() : nl) - at);
    if (text.ends_with('\r')) text.remove_suffix(1);
    out.push_back({at, end, text});
    at = end;
  }
  return out;
}

std::string_view trimmed(std::string_view t) {
  const std::size_t b = t.find_first_not_of(" \t");
  if (b == npos) return {};
  return t.substr(b, t.find_last_not_of(" \t") + 1 - b);
}

bool blank(std::string_view t) {
  return trimmed(t).empty();
}

// "+----+=====+": a grid table's border.
bool grid_border(std::string_view t) {
  t = trimmed(t);
  if (t.size() < 3 || t.front() != '+' || t.back() != '+') return false;
  bool cell = false;
  for (const char c : t.substr(1)) {
    if (c == '+') {
      if (!cell) return false;
      cell = false;
    } else if (c == '-' || c == '=') {
      cell = true;
    } else {
      return false;
    }
  }
  return true;
}

// "=====  ======": a simple table's border, of two columns or more (one run alone is also a
// section's underline).
bool simple_border(std::string_view t) {
  t = trimmed(t);
  if (t.empty() || t.find_first_not_of("= ") != npos) return false;
  std::size_t runs = 0;
  for (std::size_t i = 0; i < t.size();) {
    const std::size_t run_end = std::min(t.find(' ', i), t.size());
    ++runs;
    i = t.find('=', run_end);
    if (i == npos) break;
  }
  return runs >= 2;
}

// A line of one punctuation character repeated (docutils' section adornment), 2 or more long.
bool adornment(std::string_view t) {
  t = trimmed(t);
  static constexpr std::string_view kAdornments = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  return t.size() >= 2 && kAdornments.find(t[0]) != npos && t.find_first_not_of(t[0]) == npos;
}

void add(std::vector<Span>& out, std::size_t begin, std::size_t end) {
  if (!out.empty() && out.back().end >= begin)
    out.back().end = std::max(out.back().end, end);
  else
    out.push_back({begin, end});
}

std::vector<Span> rst_lines(std::string_view source) {
  const std::vector<Line> lines = lines_of(source);
  std::vector<Span> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view t = lines[i].text;
    if (grid_border(t)) { // the table: its rows and borders, to the last border
      std::size_t last = i;
      for (std::size_t j = i + 1; j < lines.size(); ++j) {
        const std::string_view u = trimmed(lines[j].text);
        if (u.empty() || (u.front() != '|' && u.front() != '+')) break;
        if (grid_border(u)) last = j;
      }
      add(out, lines[i].begin, lines[last].end);
      i = last;
      continue;
    }
    if (simple_border(t)) { // to the border that a blank line (or the end) follows
      std::size_t j = i + 1, last = i;
      for (; j < lines.size(); ++j) {
        if (!simple_border(lines[j].text)) continue;
        last = j;
        if (j + 1 >= lines.size() || blank(lines[j + 1].text)) break;
      }
      add(out, lines[i].begin, lines[last].end);
      i = last;
      continue;
    }
    // A section title: text between an overline and an underline, or over an underline.
    if (!blank(t) && !adornment(t) && i + 1 < lines.size() && adornment(lines[i + 1].text) &&
        (i == 0 || blank(lines[i - 1].text) || adornment(lines[i - 1].text)))
      add(out, lines[i].begin, lines[i].end);
  }
  return out;
}

} // namespace

std::vector<Span> width_sensitive_lines(std::string_view source, Language lang) {
  if (lang != Language::Rst) return {};
  return rst_lines(source);
}

} // namespace pctlint
