#include "core/finder_text.h"

#include "core/percent.h"
#include "core/scan.h"
#include "core/utf8.h"

#include <array>
#include <cctype>

namespace pctlint {

namespace {

int hex_run(std::string_view s, std::size_t pos, std::size_t digits, char32_t& value) {
  value = 0;
  std::size_t k = 0;
  for (; k < digits && pos + k < s.size(); ++k) {
    const int h = hex_value(s[pos + k]);
    if (h < 0) break;
    value = value * 16 + static_cast<char32_t>(h);
  }
  return static_cast<int>(k);
}

bool is_scalar(char32_t cp) {
  return cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
}

struct Out {
  DecodedText& d;
  void put(char c, std::size_t origin) {
    d.text.push_back(c);
    d.offsets.push_back(origin);
  }
  void put_cp(char32_t cp, std::size_t origin) {
    std::string utf8;
    append_utf8(utf8, is_scalar(cp) ? cp : 0xFFFD);
    for (char c : utf8)
      put(c, origin);
  }
};

// Decodes the backslash escape at s[i] (s[i] == '\\'); returns the source length consumed.
std::size_t backslash(std::string_view s, std::size_t i, std::size_t end, Out& out,
                      bool code_point_hex) {
  if (i + 1 >= end) {
    out.put('\\', i);
    return 1;
  }
  const char c = s[i + 1];
  char32_t v = 0;
  switch (c) {
  case 'n':
    out.put('\n', i);
    return 2;
  case 't':
    out.put('\t', i);
    return 2;
  case 'r':
    out.put('\r', i);
    return 2;
  case 'b':
    out.put('\b', i);
    return 2;
  case 'f':
    out.put('\f', i);
    return 2;
  case 'v':
    out.put('\v', i);
    return 2;
  case 'a':
    out.put('\a', i);
    return 2;
  case '\n':
    return 2; // line continuation
  case 'x': {
    const int n = hex_run(s.substr(0, end), i + 2, 2, v);
    if (n == 0) break;
    if (code_point_hex)
      out.put_cp(v, i);
    else
      out.put(static_cast<char>(v), i);
    return 2 + static_cast<std::size_t>(n);
  }
  case 'u': {
    if (i + 2 < end && s[i + 2] == '{') {
      const std::size_t close = s.substr(0, end).find('}', i + 3);
      if (close != std::string_view::npos &&
          hex_run(s, i + 3, close - i - 3, v) == int(close - i - 3)) {
        out.put_cp(v, i);
        return close - i + 1;
      }
      break;
    }
    if (hex_run(s.substr(0, end), i + 2, 4, v) != 4) break;
    // A surrogate pair written as two escapes (JSON, JS, Java).
    if (v >= 0xD800 && v <= 0xDBFF && i + 11 < end && s[i + 6] == '\\' && s[i + 7] == 'u') {
      char32_t low = 0;
      if (hex_run(s.substr(0, end), i + 8, 4, low) == 4 && low >= 0xDC00 && low <= 0xDFFF) {
        out.put_cp(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00), i);
        return 12;
      }
    }
    out.put_cp(v, i);
    return 6;
  }
  case 'U': {
    if (hex_run(s.substr(0, end), i + 2, 8, v) != 8) break;
    out.put_cp(v, i);
    return 10;
  }
  default:
    if (c >= '0' && c <= '7') { // octal: a byte
      std::size_t k = 1;
      unsigned value = 0;
      while (k <= 3 && i + k < end && s[i + k] >= '0' && s[i + k] <= '7')
        value = value * 8 + unsigned(s[i + k++] - '0');
      out.put(static_cast<char>(value & 0xFF), i);
      return k;
    }
    break;
  }
  // \" \' \\ \/ \? \` \$ and unknown escapes: the character itself.
  out.put(c, i);
  return 2;
}

std::size_t entity(std::string_view s, std::size_t i, std::size_t end, Out& out) {
  const std::size_t semi = s.substr(0, end).find(';', i + 1);
  if (semi == std::string_view::npos || semi - i > 10) {
    out.put('&', i);
    return 1;
  }
  const std::string_view name = s.substr(i + 1, semi - i - 1);
  char32_t v = 0;
  if (name.size() > 1 && name[0] == '#') {
    if (name[1] == 'x' || name[1] == 'X') {
      if (hex_run(name, 2, name.size() - 2, v) != int(name.size() - 2) || name.size() == 2)
        v = 0xFFFFFFFF;
    } else {
      for (char c : name.substr(1))
        v = (c >= '0' && c <= '9' && v < 0x110000) ? v * 10 + char32_t(c - '0') : 0xFFFFFFFF;
    }
  } else if (name == "amp")
    v = '&';
  else if (name == "lt")
    v = '<';
  else if (name == "gt")
    v = '>';
  else if (name == "quot")
    v = '"';
  else if (name == "apos")
    v = '\'';
  else if (name == "nbsp")
    v = 0xA0;
  else
    v = 0xFFFFFFFF;
  if (v == 0xFFFFFFFF) {
    out.put('&', i);
    return 1;
  }
  out.put_cp(v, i);
  return semi - i + 1;
}

} // namespace

DecodedText decode_literal(std::string_view s, std::size_t begin, std::size_t end,
                           EscapeStyle style, char quote, bool code_point_hex) {
  DecodedText d;
  d.text.reserve(end - begin);
  d.offsets.reserve(end - begin + 1);
  Out out{d};
  for (std::size_t i = begin; i < end;) {
    const char c = s[i];
    if (style == EscapeStyle::Backslash && c == '\\') {
      i += backslash(s, i, end, out, code_point_hex);
    } else if (style == EscapeStyle::Doubling && c == quote && i + 1 < end && s[i + 1] == quote) {
      out.put(quote, i);
      i += 2;
    } else if (style == EscapeStyle::Entities && c == '&') {
      i += entity(s, i, end, out);
    } else {
      out.put(c, i);
      ++i;
    }
  }
  d.offsets.push_back(end);
  return d;
}

namespace {

bool has(unsigned styles, PlaceholderStyle s) {
  return (styles & static_cast<unsigned>(s)) != 0;
}

// The end of a balanced {...} starting at `open`, or npos.
std::size_t balanced_brace(std::string_view t, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < t.size(); ++i) {
    if (t[i] == '{')
      ++depth;
    else if (t[i] == '}' && --depth == 0)
      return i + 1;
    else if (t[i] == '\n')
      return std::string_view::npos;
  }
  return std::string_view::npos;
}

// printf conversions: %s %d %v %1$s %(name)s %-5.2f %ld %%; an escape-looking "%5d" is an escape.
std::size_t printf_end(std::string_view t, std::size_t i) {
  if (is_escape_at(t, i)) return std::string_view::npos;
  std::size_t k = i + 1;
  if (k < t.size() && t[k] == '%') return k + 1;
  if (k < t.size() && t[k] == '(') {
    const std::size_t close = t.find(')', k);
    if (close == std::string_view::npos) return std::string_view::npos;
    k = close + 1;
  }
  auto digits = [&] {
    while (k < t.size() && t[k] >= '0' && t[k] <= '9')
      ++k;
  };
  const std::size_t arg = k;
  digits();
  if (k < t.size() && t[k] == '$' && k > arg)
    ++k;
  else
    k = arg;
  while (k < t.size() && std::string_view("-+ #0'").find(t[k]) != std::string_view::npos)
    ++k;
  digits();
  if (k < t.size() && t[k] == '.') ++k, digits();
  while (k < t.size() && std::string_view("hlLqjzt").find(t[k]) != std::string_view::npos)
    ++k;
  // Only the conversions URL templates use: "50%off" and "%u00E4" are mistakes to report, not
  // placeholders (%u counts only when no four hex digits follow, which would make it %uXXXX).
  if (k >= t.size()) return std::string_view::npos;
  if (std::string_view("sdifvxX").find(t[k]) != std::string_view::npos) return k + 1;
  if (t[k] == 'u') {
    std::size_t hex = 0;
    while (hex < 4 && k + 1 + hex < t.size() && hex_value(t[k + 1 + hex]) >= 0)
      ++hex;
    if (hex < 4) return k + 1;
  }
  return std::string_view::npos;
}

// For each byte, the placeholder styles that can start with it.
constexpr auto kStartsStyles = [] {
  std::array<unsigned char, 256> t{};
  auto bit = [](PlaceholderStyle s) { return static_cast<unsigned char>(s); };
  t['$'] = bit(PlaceholderStyle::DollarBrace);
  t['{'] = bit(PlaceholderStyle::Rfc6570) | bit(PlaceholderStyle::DoubleBrace);
  t['<'] = bit(PlaceholderStyle::Erb);
  t[':'] = bit(PlaceholderStyle::ColonParam);
  t['%'] = bit(PlaceholderStyle::Printf);
  return t;
}();

// The bytes that can start a placeholder of the active styles, for each combination of styles.
const ByteClass& start_bytes(unsigned active) {
  static const auto classes = [] {
    std::vector<ByteClass> all;
    for (unsigned styles = 0; styles <= all_placeholder_styles; ++styles) {
      std::array<bool, 256> members{};
      for (unsigned b = 0; b < 256; ++b)
        members[b] = (kStartsStyles[b] & styles) != 0;
      all.emplace_back(members);
    }
    return all;
  }();
  return classes[active & all_placeholder_styles];
}

// The next byte at or after `i` that can start a placeholder of an active style, or t.size().
// Most URLs hold few such bytes; they are found 16 at a time.
std::size_t next_start(std::string_view t, std::size_t i, unsigned active) {
  return start_bytes(active).find(t, i);
}

} // namespace

std::vector<Span> find_placeholders(std::string_view t, unsigned styles, bool printf_language,
                                    std::size_t from) {
  std::vector<Span> out;
  const unsigned active =
      styles &
      (printf_language ? all_placeholder_styles : ~static_cast<unsigned>(PlaceholderStyle::Printf));
  for (std::size_t i = next_start(t, std::min(from, t.size()), active); i < t.size();
       i = next_start(t, i + 1, active)) {
    const char c = t[i];
    std::size_t end = std::string_view::npos;
    if (c == '$' && i + 1 < t.size() && t[i + 1] == '{' &&
        has(styles, PlaceholderStyle::DollarBrace)) {
      end = balanced_brace(t, i + 1);
    } else if (c == '{' && i + 1 < t.size() && t[i + 1] == '{' &&
               has(styles, PlaceholderStyle::DoubleBrace)) {
      const std::size_t close = t.find("}}", i + 2);
      if (close != std::string_view::npos) end = close + 2;
    } else if (c == '{' && has(styles, PlaceholderStyle::Rfc6570)) {
      end = balanced_brace(t, i);
    } else if (c == '<' && t.substr(i, 2) == "<%" && has(styles, PlaceholderStyle::Erb)) {
      const std::size_t close = t.find("%>", i + 2);
      if (close != std::string_view::npos) end = close + 2;
    } else if (c == ':' && i > 0 && t[i - 1] == '/' && i + 1 < t.size() &&
               (std::isalpha(static_cast<unsigned char>(t[i + 1])) || t[i + 1] == '_') &&
               has(styles, PlaceholderStyle::ColonParam)) {
      end = i + 1;
      while (end < t.size() && (std::isalnum(static_cast<unsigned char>(t[end])) || t[end] == '_'))
        ++end;
    } else if (c == '%' && printf_language && has(styles, PlaceholderStyle::Printf)) {
      end = printf_end(t, i);
    }
    if (end != std::string_view::npos) {
      out.push_back({i, end});
      i = end - 1;
    }
  }
  return out;
}

} // namespace pctlint
