// A URL in a shell command: the shell word, its backslashes decoded, with ${...} and $(...) inside
// it.
#include "core/finder/finder_impl.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pctlint::finding {

bool Finder::in_shell_word(Language lang) {
  // The word from the URL on: it ends at an unescaped blank, operator or quote; backslashes
  // escape the byte after them.
  DecodedText& d = word_;
  d.text.clear();
  d.offsets.clear();
  // Inside a parameter expansion ("${var#https://x/}") the URL ends with it.
  int depth = 0;
  for (std::size_t b = start_;
       b > line_start_ && !is_blank(src_[b - 1]) && src_[b - 1] != '"' && src_[b - 1] != '\''; --b)
    depth += src_[b - 1] == '{' ? 1 : src_[b - 1] == '}' ? -1 : 0;
  std::size_t i = start_;
  while (i < line_end_) {
    const char c = src_[i];
    if (c == '}' && depth > 0) break;
    if (c == '$' && i + 1 < line_end_ && (src_[i + 1] == '{' || src_[i + 1] == '(')) {
      // ${...} and $(...) belong to the word, blanks and all.
      const char open = src_[i + 1], close = open == '{' ? '}' : ')';
      int nested = 0;
      std::size_t k = i + 1;
      for (; k < line_end_; ++k) {
        if (src_[k] == open) ++nested;
        if (src_[k] == close && --nested == 0) break;
      }
      if (k < line_end_) {
        for (; i <= k; ++i) {
          d.text.push_back(src_[i]);
          d.offsets.push_back(i);
        }
        continue;
      }
    }
    if (is_blank(c) || ascii::is_one_of(c, ";|&()<>`\"'")) break;
    if (c == '\\') {
      if (i + 1 >= line_end_) break; // a line continuation
      d.text.push_back(src_[i + 1]);
      d.offsets.push_back(i);
      i += 2;
      continue;
    }
    d.text.push_back(c);
    d.offsets.push_back(i);
    ++i;
  }
  d.offsets.push_back(i);
  const Piece piece{d.text, &d.offsets, 0};
  if (!long_enough(d.text.size())) return false;
  if (slashes_ && d.text.compare(scheme_end_ - 1, 3, "://") != 0) return false;
  const unsigned active =
      active_placeholder_styles(options_.placeholders, spec_of(lang).printf, line_styles());
  emit(piece, 0, d.text.size(), UrlContext::StringLiteral, false, true, active);
  return true;
}

} // namespace pctlint::finding
