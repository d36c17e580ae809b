// ASCII character tests for the lexers, the finder and the rules: source syntax and URL syntax are
// ASCII whatever the text's encoding, so these never look at a locale.
#pragma once

#include <algorithm>
#include <string_view>

namespace pctlint::ascii {

constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
constexpr bool is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
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

} // namespace pctlint::ascii
