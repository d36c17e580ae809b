// What the lexers share, internal to core/finder: line bounds, token tests, and one factory per
// lexer family (each family in a file of its own: code_lexer.cpp, block_lexers.cpp,
// markup_lexer.cpp, yaml_lexer.cpp, key_value_lexer.cpp, bibtex_lexer.cpp; make_lexer() in
// lexer.cpp picks one).
#pragma once

#include "core/ascii.h"
#include "core/finder/lexer.h"
#include "core/scan.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace pctlint::lexing {

constexpr std::size_t npos = std::string_view::npos;

using ascii::is_blank;
using ascii::is_ident;
constexpr auto ascii_lower = ascii::lower;
constexpr auto iequals_ascii = ascii::iequals;
// The offset of the '\n' ending the line that holds `i` (or `end`).
inline std::size_t line_end_at(std::string_view s, std::size_t i, std::size_t end) {
  if (i >= end) return end;
  const void* nl = std::memchr(s.data() + i, '\n', end - i);
  return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s.data()) : end;
}

// The first offset of the line holding `i`, not before `begin`.
inline std::size_t line_start_at(std::string_view s, std::size_t i, std::size_t begin) {
  if (i <= begin) return begin;
  const char* nl = find_last_byte(s.data() + begin, '\n', i - begin);
  return nl ? static_cast<std::size_t>(nl - s.data()) + 1 : begin;
}

inline bool starts_at(std::string_view s, std::size_t i, std::string_view token) {
  return !token.empty() && i < s.size() && s[i] == token[0] &&
         s.compare(i, token.size(), token) == 0;
}

inline bool iat(std::string_view s, std::size_t i, std::string_view lowercase_token) {
  if (i + lowercase_token.size() > s.size()) return false;
  for (std::size_t k = 0; k < lowercase_token.size(); ++k)
    if (ascii_lower(s[i + k]) != lowercase_token[k]) return false;
  return true;
}

// Whether only blanks stand between the line's start and `i`.
inline bool at_line_start(std::string_view s, std::size_t i, std::size_t begin) {
  while (i > begin && is_blank(s[i - 1]))
    --i;
  return i == begin || s[i - 1] == '\n';
}

inline Literal rebased(Literal l, const Rebase& to) {
  l.open = to.offset(l.open);
  l.content_begin = to.offset(l.content_begin);
  l.value_end = to.offset(l.value_end);
  return l;
}

inline std::unique_ptr<Lexer> clone_of(const std::unique_ptr<Lexer>& lexer, const Rebase& to) {
  return lexer ? lexer->clone(to) : nullptr;
}

// The families: one lexer each (Syntax in core/finder/language.h says which reads a language).
std::unique_ptr<Lexer> make_code_lexer(std::string_view src, Language lang, std::size_t begin,
                                       std::size_t end);
std::unique_ptr<Lexer> make_block_lexer(std::string_view src, Language lang, std::size_t begin,
                                        std::size_t end); // Markdown, reST, AsciiDoc, plain text
std::unique_ptr<Lexer> make_markup_lexer(std::string_view src, Language lang, std::size_t begin,
                                         std::size_t end);
std::unique_ptr<Lexer> make_yaml_lexer(std::string_view src, Language lang, std::size_t begin,
                                       std::size_t end);
std::unique_ptr<Lexer> make_key_value_lexer(std::string_view src, Language lang, std::size_t begin,
                                            std::size_t end);
std::unique_ptr<Lexer> make_bibtex_lexer(std::string_view src, Language lang, std::size_t begin,
                                         std::size_t end);

} // namespace pctlint::lexing
