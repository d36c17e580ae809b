// %uXXXX (never standardized; see RFC 3986 §2.1): a non-standard escape of one UTF-16 code unit,
// from ECMAScript's escape(). Never valid in a URL; found here so it can be converted to UTF-8
// escapes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct PercentU {
  std::size_t offset = 0;  // of the first '%'
  std::size_t length = 0;  // 6, or 12 for a surrogate pair written as two escapes
  char32_t code_point = 0; // the scalar value; for a lone surrogate the surrogate itself
  bool lone_surrogate = false;
};

// Every %uXXXX (hex in either case) in `text`, high+low surrogate pairs combined into one.
std::vector<PercentU> find_percent_u(std::string_view text);

// The UTF-8 escapes for one finding: %u00E4 -> "%C3%A4", %uD83D%uDE00 -> "%F0%9F%98%80".
// nullopt for a lone surrogate, which has no UTF-8 form.
std::optional<std::string> percent_u_replacement(const PercentU& found);

// `text` with every %uXXXX replaced by its UTF-8 escapes; nullopt (and `bad` set to the first
// lone surrogate) when one cannot be converted.
std::optional<std::string> convert_percent_u(std::string_view text, PercentU* bad = nullptr);

} // namespace pctlint
