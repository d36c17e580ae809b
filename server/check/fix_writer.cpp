// Unified diffs for --diff; writing fixes is per platform (fix_writer_posix.cpp,
// fix_writer_windows.cpp).
#include "server/check/fix_writer.h"

#include <algorithm>
#include <vector>

namespace pctlint::check {

namespace {

std::vector<std::string_view> lines_of(std::string_view s) {
  std::vector<std::string_view> lines;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t nl = s.find('\n', i);
    const std::size_t end = nl == std::string_view::npos ? s.size() : nl + 1;
    lines.push_back(s.substr(i, end - i));
    i = end;
  }
  return lines;
}

void add_line(std::string& out, char mark, std::string_view line) {
  out += mark;
  out += line;
  if (!line.ends_with('\n')) out += "\n\\ No newline at end of file\n";
}

} // namespace

std::string unified_diff(const std::string& path, std::string_view before, std::string_view after) {
  if (before == after) return {};
  const auto a = lines_of(before), b = lines_of(after);
  std::string out = "--- a/" + path + "\n+++ b/" + path + "\n";
  if (a.size() != b.size()) { // fixes never add lines; be correct anyway with one hunk
    out += "@@ -1," + std::to_string(a.size()) + " +1," + std::to_string(b.size()) + " @@\n";
    for (auto l : a)
      add_line(out, '-', l);
    for (auto l : b)
      add_line(out, '+', l);
    return out;
  }
  constexpr std::size_t kContext = 3;
  std::vector<std::size_t> changed;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) changed.push_back(i);
  for (std::size_t k = 0; k < changed.size();) {
    const std::size_t first = changed[k] >= kContext ? changed[k] - kContext : 0;
    std::size_t j = k;
    while (j + 1 < changed.size() && changed[j + 1] <= changed[j] + 2 * kContext + 1)
      ++j;
    const std::size_t last = std::min(a.size(), changed[j] + kContext + 1);
    const std::string range = std::to_string(first + 1) + "," + std::to_string(last - first);
    out += "@@ -" + range + " +" + range + " @@\n";
    for (std::size_t i = first; i < last; ++i) {
      if (a[i] == b[i])
        add_line(out, ' ', a[i]);
      else {
        add_line(out, '-', a[i]);
        add_line(out, '+', b[i]);
      }
    }
    k = j + 1;
  }
  return out;
}

} // namespace pctlint::check
