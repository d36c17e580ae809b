// ASCII character tests for the lexers, the finder and the rules: source syntax and URL syntax are
// ASCII whatever the text's encoding, so these never look at a locale.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace pctlint::ascii {

constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
constexpr bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
constexpr bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
constexpr bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
constexpr bool is_alpha(char c) {
  return is_upper(c) || is_lower(c);
}
constexpr bool is_alnum(char c) {
  return is_alpha(c) || is_digit(c);
}
constexpr bool is_ident(char c) {
  return is_alnum(c) || c == '_';
}
// Whether `c` is one of `set`'s bytes; never for NUL (std::strchr() finds a set's terminator).
constexpr bool is_one_of(char c, std::string_view set) {
  return set.find(c) != std::string_view::npos;
}
constexpr char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
// Whether `a` equals `lowercase` ignoring ASCII case (`lowercase` is written in lower case).
constexpr bool iequals(std::string_view a, std::string_view lowercase) {
  return a.size() == lowercase.size() && std::equal(a.begin(), a.end(), lowercase.begin(),
                                                    [](char x, char y) { return lower(x) == y; });
}
constexpr bool iends_with(std::string_view s, std::string_view lowercase_suffix) {
  return s.size() >= lowercase_suffix.size() &&
         iequals(s.substr(s.size() - lowercase_suffix.size()), lowercase_suffix);
}
constexpr bool istarts_with(std::string_view s, std::string_view lowercase_prefix) {
  return s.size() >= lowercase_prefix.size() &&
         iequals(s.substr(0, lowercase_prefix.size()), lowercase_prefix);
}
// Whether `lowercase_word` occurs in `s` ignoring ASCII case (for short texts: a key, a host).
constexpr bool icontains(std::string_view s, std::string_view lowercase_word) {
  for (std::size_t k = 0; k + lowercase_word.size() <= s.size(); ++k)
    if (istarts_with(s.substr(k), lowercase_word)) return true;
  return false;
}

// The length of the numeric character reference ("&#124;", "&#x7C;") that starts with the '#' at
// t[hash], the '&' before it not counted; 0 where there is none. HTML's, written in text that
// is not HTML (a Markdown link in a string, HTML quoted in Markdown): its '#' delimits nothing.
constexpr std::size_t numeric_reference_after(std::string_view t, std::size_t hash) {
  if (hash >= t.size() || t[hash] != '#') return 0;
  std::size_t j = hash + 1;
  const bool hex = j < t.size() && (t[j] == 'x' || t[j] == 'X');
  if (hex) ++j;
  const std::size_t digits = j;
  const auto digit = [hex](char c) {
    return (c >= '0' && c <= '9') || (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
  };
  while (j < t.size() && digit(t[j]))
    ++j;
  return j > digits && j < t.size() && t[j] == ';' ? j + 1 - hash : 0;
}

} // namespace pctlint::ascii
