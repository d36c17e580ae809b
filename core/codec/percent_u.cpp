#include "core/codec/percent_u.h"

#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "core/codec/utf8.h"

namespace pctlint {

namespace {

// The UTF-16 code unit of "%uXXXX" at `pos`, if there is one.
std::optional<char32_t> unit_at(std::string_view s, std::size_t pos) {
  if (pos + 6 > s.size() || s[pos] != '%' || (s[pos + 1] != 'u' && s[pos + 1] != 'U'))
    return std::nullopt;
  char32_t v = 0;
  for (std::size_t k = 2; k < 6; ++k) {
    const int h = hex_value(s[pos + k]);
    if (h < 0) return std::nullopt;
    v = v * 16 + static_cast<char32_t>(h);
  }
  return v;
}

bool is_high(char32_t u) {
  return u >= 0xD800 && u <= 0xDBFF;
}
bool is_low(char32_t u) {
  return u >= 0xDC00 && u <= 0xDFFF;
}

} // namespace

std::vector<PercentU> find_percent_u(std::string_view text) {
  std::vector<PercentU> found;
  for (std::size_t i = text.find('%'); i != std::string_view::npos && i + 6 <= text.size();
       i = text.find('%', i + 1)) {
    const auto unit = unit_at(text, i);
    if (!unit) continue;
    if (is_high(*unit)) {
      if (const auto low = unit_at(text, i + 6); low && is_low(*low)) {
        const char32_t cp = 0x10000 + ((*unit - 0xD800) << 10) + (*low - 0xDC00);
        found.push_back({i, 12, cp, false});
        i += 11;
        continue;
      }
    }
    const bool lone = is_high(*unit) || is_low(*unit);
    found.push_back({i, 6, *unit, lone});
    i += 5;
  }
  return found;
}

std::optional<std::string> percent_u_replacement(const PercentU& found) {
  if (found.lone_surrogate) return std::nullopt;
  std::string utf8;
  append_utf8(utf8, found.code_point);
  return percent_encode(utf8, CharSet{});
}

std::optional<std::string> convert_percent_u(std::string_view text, PercentU* bad) {
  std::string out;
  std::size_t last = 0;
  for (const PercentU& u : find_percent_u(text)) {
    const auto replacement = percent_u_replacement(u);
    if (!replacement) {
      if (bad) *bad = u;
      return std::nullopt;
    }
    out.append(text.substr(last, u.offset - last));
    out += *replacement;
    last = u.offset + u.length;
  }
  out.append(text.substr(last));
  return out;
}

} // namespace pctlint
