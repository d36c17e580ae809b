#include "rules/glob.h"

#include <algorithm>

namespace pctlint {

namespace {

// One path segment against one pattern segment (no '/' in either): '*', '?', classes, escapes.
// Iterative, backtracking to the last '*' only: linear in practice.
bool match_segment(std::string_view p, std::string_view s) {
  std::size_t pi = 0, si = 0, star_p = std::string_view::npos, star_s = 0;
  auto one = [&](std::size_t& k, char c) -> int { // 1 matched, 0 not, advancing k past the item
    if (p[k] == '?') {
      ++k;
      return 1;
    }
    if (p[k] == '\\' && k + 1 < p.size()) {
      k += 2;
      return p[k - 1] == c;
    }
    if (p[k] == '[') {
      std::size_t j = k + 1;
      const bool negate = j < p.size() && (p[j] == '!' || p[j] == '^');
      if (negate) ++j;
      bool hit = false;
      for (bool first = true; j < p.size() && (first || p[j] != ']'); first = false) {
        char lo = p[j];
        if (lo == '\\' && j + 1 < p.size()) lo = p[++j];
        char hi = lo;
        if (j + 2 < p.size() && p[j + 1] == '-' && p[j + 2] != ']') {
          hi = p[j + 2];
          if (hi == '\\' && j + 3 < p.size()) hi = p[++j + 2];
          j += 2;
        }
        hit = hit || (c >= lo && c <= hi);
        ++j;
      }
      k = j + 1; // past ']'
      return hit != negate;
    }
    ++k;
    return p[k - 1] == c;
  };
  while (si < s.size()) {
    if (pi < p.size() && p[pi] == '*') {
      while (pi < p.size() && p[pi] == '*')
        ++pi;
      star_p = pi;
      star_s = si;
      continue;
    }
    std::size_t k = pi;
    if (pi < p.size() && one(k, s[si])) {
      pi = k;
      ++si;
      continue;
    }
    if (star_p == std::string_view::npos) return false;
    pi = star_p;
    si = ++star_s;
  }
  while (pi < p.size() && p[pi] == '*')
    ++pi;
  return pi == p.size();
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  for (;;) {
    const std::size_t slash = s.find('/', i);
    out.push_back(
        s.substr(i, slash == std::string_view::npos ? std::string_view::npos : slash - i));
    if (slash == std::string_view::npos) break;
    i = slash + 1;
  }
  return out;
}

// Pattern segments against path segments, "**" standing for any number of them.
bool match_segments(const std::vector<std::string>& p, const std::vector<std::string_view>& s) {
  // can[i][j]: p[i..] matches s[j..]; filled from the back.
  const std::size_t n = p.size(), m = s.size();
  std::vector<char> can((n + 1) * (m + 1), 0);
  auto at = [&](std::size_t i, std::size_t j) -> char& { return can[i * (m + 1) + j]; };
  at(n, m) = 1;
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m + 1; j-- > 0;) {
      if (p[i] == "**" && i + 1 == n && n > 1) // a trailing "/**": everything inside, not itself
        at(i, j) = j < m;
      else if (p[i] == "**")
        at(i, j) = at(i + 1, j) || (j < m && at(i, j + 1));
      else
        at(i, j) = j < m && match_segment(p[i], s[j]) && at(i + 1, j + 1);
    }
  return at(0, 0);
}

} // namespace

std::optional<Glob> Glob::compile(std::string_view pattern, std::string& error) {
  Glob g;
  g.text_ = std::string(pattern);
  std::string_view p = pattern;
  if (p.starts_with('!')) {
    g.negated_ = true;
    p.remove_prefix(1);
  }
  if (p.ends_with('/') && !p.ends_with("\\/")) {
    g.directory_only_ = true;
    p.remove_suffix(1);
  }
  if (p.empty()) {
    error = "an empty pattern matches nothing";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
      continue;
    }
    if (p[i] == '{' || p[i] == '}') {
      error = "braces are not pattern syntax here; write one pattern per alternative";
      return std::nullopt;
    }
    if (p[i] == '[' && p.find(']', i + 2) == std::string_view::npos) {
      error = "'[' opens a character class that is never closed";
      return std::nullopt;
    }
  }
  // A slash before the end anchors the pattern to the configuration's directory.
  g.anchored_ = p.find('/') != std::string_view::npos;
  if (p.starts_with('/')) p.remove_prefix(1);
  for (std::string_view segment : split(p))
    g.segments_.emplace_back(segment);
  // "a**b" is "a*b"; only a whole segment "**" crosses directories.
  return g;
}

bool Glob::matches_name(std::string_view candidate, bool directory) const {
  if (directory_only_ && !directory) return false;
  if (!anchored_) { // any one name along the path
    const std::size_t slash = candidate.rfind('/');
    const std::string_view name =
        slash == std::string_view::npos ? candidate : candidate.substr(slash + 1);
    return match_segments(segments_, {name});
  }
  return match_segments(segments_, split(candidate));
}

bool Glob::matches(std::string_view path) const {
  // The path's directories, shortest first, then the file itself.
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos;
       slash = path.find('/', slash + 1))
    if (matches_name(path.substr(0, slash), true)) return true;
  return matches_name(path, false);
}

GlobList GlobList::compile(const std::vector<std::string>& patterns,
                           std::vector<std::string>& errors) {
  GlobList list;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    std::string error;
    if (auto g = Glob::compile(patterns[i], error))
      list.globs_.push_back(std::move(*g));
    else
      errors.push_back("/" + std::to_string(i) + ": '" + patterns[i] + "': " + error);
  }
  return list;
}

bool GlobList::matches(std::string_view path) const {
  // As git does: each directory from the top, the last pattern matching it deciding; below an
  // excluded directory nothing is looked at again (a later "!" cannot bring a file back).
  auto decide = [&](std::string_view candidate, bool directory) {
    bool matched = false;
    for (const Glob& g : globs_)
      if (g.negated() == matched && g.matches_name(candidate, directory)) matched = !g.negated();
    return matched;
  };
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos;
       slash = path.find('/', slash + 1))
    if (decide(path.substr(0, slash), true)) return true;
  return decide(path, false);
}

} // namespace pctlint
