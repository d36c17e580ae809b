// Literals decoded by their language's escape rules, each byte mapped back to its source offset.
#include "core/finder/escapes.h"

#include "core/ascii.h"
#include "core/codec/percent.h"
#include "core/codec/utf8.h"
#include "core/scan.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pctlint {

namespace {

// A run of digits in `base` from s[pos], at most `most` of them, as a value (saturated past
// U+10FFFF); how many digits there were.
std::size_t digit_run(std::string_view s, std::size_t pos, std::size_t end, unsigned base,
                      std::size_t most, char32_t& value) {
  value = 0;
  std::size_t k = 0;
  for (; k < most && pos + k < end; ++k) {
    const int d =
        base == 16 ? hex_value(s[pos + k])
                   : (s[pos + k] >= '0' && s[pos + k] < char('0' + base) ? s[pos + k] - '0' : -1);
    if (d < 0) break;
    value = std::min<char32_t>(value * base + static_cast<char32_t>(d), 0x110000);
  }
  return k;
}

// "{E4}" at s[open] (open < end), as a code point: the length through its '}', or 0 when it is
// not one (Rust's and PHP's \u{...}, Perl's \x{...}).
std::size_t braced_hex(std::string_view s, std::size_t open, std::size_t end, char32_t& value) {
  if (open >= end || s[open] != '{') return 0;
  const std::size_t close = s.substr(0, end).find('}', open + 1);
  if (close == std::string_view::npos || close == open + 1 ||
      digit_run(s, open + 1, close, 16, close - open - 1, value) != close - open - 1)
    return 0;
  return close - open + 1;
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
    if (!is_scalar(cp)) d.lossy.push_back(origin);
    std::string utf8;
    append_utf8(utf8, is_scalar(cp) ? cp : 0xFFFD);
    for (char c : utf8)
      put(c, origin);
  }
};

// Haskell's escapes that C's reading would get wrong (NumericEscapes::Haskell); 0 for the others.
std::size_t haskell_escape(std::string_view s, std::size_t i, std::size_t end, Out& out) {
  static constexpr std::string_view kControls[] = {
      "NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS",  "HT",  "LF",
      "VT",  "FF",  "CR",  "SO",  "SI",  "DLE", "DC1", "DC2", "DC3", "DC4", "NAK",
      "SYN", "ETB", "CAN", "EM",  "SUB", "ESC", "FS",  "GS",  "RS",  "US"};
  const char c = s[i + 1];
  char32_t v = 0;
  std::size_t n = 0;
  if (c >= '0' && c <= '9') n = digit_run(s, i + 1, end, 10, end, v);
  if ((c == 'x' || c == 'o') && (n = digit_run(s, i + 2, end, c == 'x' ? 16 : 8, end, v)) > 0) ++n;
  if (n > 0) {
    out.put_cp(v, i);
    return 1 + n;
  }
  if (c == '&') return 2; // separates an escape from a digit after it: nothing
  if (c == ' ' || c == '\t' || c == '\n' || c == '\r') { // a gap: up to the next backslash
    std::size_t k = i + 1;
    while (k < end && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
      ++k;
    return (k < end && s[k] == '\\' ? k + 1 : k) - i;
  }
  if (c == '^' && i + 2 < end && s[i + 2] >= '@' && s[i + 2] <= '_') {
    out.put(static_cast<char>(s[i + 2] - '@'), i);
    return 3;
  }
  if (s.substr(i + 1, std::min<std::size_t>(3, end - i - 1)) == "DEL") {
    out.put('\x7F', i);
    return 4;
  }
  if (s.substr(i + 1, std::min<std::size_t>(2, end - i - 1)) == "SP") {
    out.put(' ', i);
    return 3;
  }
  for (std::size_t code = 0; code < std::size(kControls); ++code) {
    // SOH before SO: the longer name where both match.
    const std::string_view name = kControls[code];
    if (s.substr(i + 1, std::min(name.size(), end - i - 1)) == name &&
        !(name == "SO" && i + 3 < end && s[i + 3] == 'H')) {
      out.put(static_cast<char>(code), i);
      return 1 + name.size();
    }
  }
  return 0;
}

// The ML family's numeric escapes (NumericEscapes::Ml): \DDD decimal, \xHH, \o377. Past ASCII
// OCaml reads a byte and F# a character: such an escape is decoded as the character and marked
// lossy, so that a finding shows but no fix rewrites it.
std::size_t ml_escape(std::string_view s, std::size_t i, std::size_t end, Out& out) {
  const char c = s[i + 1];
  char32_t v = 0;
  std::size_t n = 0;
  if (c >= '0' && c <= '9' && digit_run(s, i + 1, end, 10, 3, v) == 3)
    n = 3;
  else if (c == 'x' && digit_run(s, i + 2, end, 16, 2, v) == 2)
    n = 3;
  else if (c == 'o' && digit_run(s, i + 2, end, 8, 3, v) == 3)
    n = 4;
  if (n == 0) return 0;
  if (v >= 0x80) out.d.lossy.push_back(i);
  out.put_cp(v, i);
  return 1 + n;
}

// C#'s \x with one to four digits and Lua's decimal bytes and \z (NumericEscapes::CSharp, ::Lua);
// 0 for the others.
std::size_t csharp_or_lua_escape(std::string_view s, std::size_t i, std::size_t end, Out& out,
                                 NumericEscapes numeric) {
  const char c = s[i + 1];
  char32_t v = 0;
  if (numeric == NumericEscapes::CSharp) {
    const std::size_t n = c == 'x' ? digit_run(s, i + 2, end, 16, 4, v) : 0;
    if (n == 0) return 0;
    out.put_cp(v, i);
    return 2 + n;
  }
  if (c >= '0' && c <= '9') {
    const std::size_t n = digit_run(s, i + 1, end, 10, 3, v);
    if (v > 0xFF) out.d.lossy.push_back(i); // "decimal escape too large": no such string
    out.put(static_cast<char>(v & 0xFF), i);
    return 1 + n;
  }
  if (c == 'z') {
    std::size_t k = i + 2;
    while (k < end && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
      ++k;
    return k - i;
  }
  return 0;
}

// PHP's, Perl's and the shell's double quotes' readings (NumericEscapes::Php, ::Perl,
// ::ShellDouble) where they differ from C's; 0 where they do not.
std::size_t php_perl_shell_escape(std::string_view s, std::size_t i, std::size_t end, Out& out,
                                  NumericEscapes numeric) {
  const char c = s[i + 1];
  const bool braced = i + 2 < end && s[i + 2] == '{';
  if (numeric == NumericEscapes::ShellDouble) {
    // The row also reads HCL, CMake and Nix, whose double quotes have C's escapes: decoded so,
    // but never rewritten, for in a shell script they are the characters as written.
    if (c != '\\' && c != '"' && c != '$' && c != '`' && c != '\n') out.d.lossy.push_back(i);
    return 0;
  }
  if (numeric == NumericEscapes::Php && c == 'u' && !braced) {
    out.put('\\', i);
    out.put('u', i + 1);
    return 2;
  }
  if (numeric == NumericEscapes::Perl) {
    if (ascii::is_one_of(c, "ulULEQ")) return 2;
    char32_t v = 0;
    if (const std::size_t n = c == 'x' ? braced_hex(s, i + 2, end, v) : 0) {
      out.put_cp(v, i);
      return 2 + n;
    }
  }
  return 0;
}

// CSS's escapes (NumericEscapes::Css): one to six hex digits, a code point, and the one blank or
// line end after them; a line end is nothing (a string continued); any other character is itself.
std::size_t css_escape(std::string_view s, std::size_t i, std::size_t end, Out& out) {
  char32_t v = 0;
  if (const std::size_t n = digit_run(s, i + 1, end, 16, 6, v)) {
    out.put_cp(v == 0 ? 0xFFFD : v, i);
    std::size_t k = i + 1 + n;
    if (k + 1 < end && s[k] == '\r' && s[k + 1] == '\n')
      k += 2;
    else if (k < end &&
             (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r' || s[k] == '\f'))
      ++k;
    return k - i;
  }
  if (s[i + 1] == '\n') return 2;
  if (s[i + 1] == '\r') return i + 2 < end && s[i + 2] == '\n' ? 3 : 2;
  out.put(s[i + 1], i);
  return 2;
}

// The escape at s[i] where the language's dialect reads it otherwise than C does: its source
// length, or 0 to read it as C's.
std::size_t dialect_escape(std::string_view s, std::size_t i, std::size_t end, Out& out,
                           NumericEscapes numeric) {
  switch (numeric) {
  case NumericEscapes::Octal:
    return 0;
  case NumericEscapes::Css:
    return css_escape(s, i, end, out);
  case NumericEscapes::Dart: // "\3" is "3", "\a" is "a", "\U" is "U"
    if ((s[i + 1] < '0' || s[i + 1] > '9') && s[i + 1] != 'a' && s[i + 1] != 'U') return 0;
    out.put(s[i + 1], i);
    return 2;
  case NumericEscapes::CWide: {
    char32_t v = 0;
    const std::size_t n = s[i + 1] == 'x' ? digit_run(s, i + 2, end, 16, end, v) : 0;
    if (n == 0) return 0; // octal and the rest as C's, octal a code point
    out.put_cp(v, i);
    return 2 + n;
  }
  case NumericEscapes::Haskell:
    return haskell_escape(s, i, end, out);
  case NumericEscapes::Ml:
    return ml_escape(s, i, end, out);
  case NumericEscapes::CSharp:
  case NumericEscapes::Lua:
    return csharp_or_lua_escape(s, i, end, out, numeric);
  case NumericEscapes::PythonBytes:
    if (s[i + 1] != 'u' && s[i + 1] != 'U' && s[i + 1] != 'N') return 0;
    out.put('\\', i);
    out.put(s[i + 1], i + 1);
    return 2;
  case NumericEscapes::Php:
  case NumericEscapes::Perl:
  case NumericEscapes::ShellDouble:
    return php_perl_shell_escape(s, i, end, out, numeric);
  }
  return 0;
}

// Decodes the backslash escape at s[i] (s[i] == '\\'); returns the source length consumed.
std::size_t backslash(std::string_view s, std::size_t i, std::size_t end, Out& out,
                      bool code_point_hex, bool code_point_octal, NumericEscapes numeric) {
  if (i + 1 >= end) {
    out.put('\\', i);
    return 1;
  }
  if (const std::size_t n = dialect_escape(s, i, end, out, numeric)) return n;
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
    const std::size_t n = digit_run(s, i + 2, end, 16, 2, v);
    if (n == 0) break;
    if (code_point_hex)
      out.put_cp(v, i);
    else
      out.put(static_cast<char>(v), i);
    return 2 + n;
  }
  case 'u': {
    if (i + 2 < end && s[i + 2] == '{') {
      const std::size_t n = braced_hex(s, i + 2, end, v);
      if (n == 0) break;
      out.put_cp(v, i);
      return 2 + n;
    }
    if (digit_run(s, i + 2, end, 16, 4, v) != 4) break;
    // A surrogate pair written as two escapes (JSON, JS, Java).
    if (v >= 0xD800 && v <= 0xDBFF && i + 11 < end && s[i + 6] == '\\' && s[i + 7] == 'u') {
      char32_t low = 0;
      if (digit_run(s, i + 8, end, 16, 4, low) == 4 && low >= 0xDC00 && low <= 0xDFFF) {
        out.put_cp(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00), i);
        return 12;
      }
    }
    out.put_cp(v, i);
    return 6;
  }
  case 'U': {
    if (digit_run(s, i + 2, end, 16, 8, v) != 8) break;
    out.put_cp(v, i);
    return 10;
  }
  default:
    if (c >= '0' && c <= '7') { // octal: a byte, or a code point where the language says so
      std::size_t k = 1;
      unsigned value = 0;
      while (k <= 3 && i + k < end && s[i + k] >= '0' && s[i + k] <= '7')
        value = value * 8 + unsigned(s[i + k++] - '0');
      if (code_point_octal)
        out.put_cp(value, i); // at most \777: U+01FF in Python, U+00FF in JavaScript and Java
      else
        out.put(static_cast<char>(value & 0xFF), i);
      return k;
    }
    break;
  }
  // \" \' \\ \/ \? \` \$ and unknown escapes: the character itself.
  out.put(c, i);
  return 2;
}

// The special character that MSBuild's "%XX" at s[i] stands for ("%3b", "%3B": ';'), or '\0'
// where none does: MSBuild writes its special characters so ($ % ' ( ) * ; ? @) and reads every
// "%XX" back; other escapes are left to the URL, as a project's authors mean them.
char msbuild_special(std::string_view s, std::size_t i, std::size_t end) {
  if (i + 2 >= end || s[i] != '%') return '\0';
  const int hi = hex_value(s[i + 1]), lo = hex_value(s[i + 2]);
  if (hi < 0 || lo < 0) return '\0';
  const char c = static_cast<char>(hi * 16 + lo);
  return ascii::is_one_of(c, "$%'()*;?@") ? c : '\0';
}

std::size_t entity(std::string_view s, std::size_t i, std::size_t end, Out& out) {
  const CharacterReference ref = character_reference_at(s.substr(0, end), i);
  if (!ref.length) {
    out.put('&', i);
    return 1;
  }
  out.put_cp(ref.value, i);
  return ref.length;
}

// Swift's raw string #"..."#: a backslash is itself, unless as many '#' as delimit the string
// follow it; then it escapes as in "..." ("\#n", "\#u{e9}", and "\#(x)", an interpolation whose
// '(' stands where the backslash is, as "\(x)" does).
DecodedText swift_raw(std::string_view s, std::size_t begin, std::size_t end, std::size_t hashes);

} // namespace

CharacterReference character_reference_at(std::string_view s, std::size_t i) {
  const std::size_t semi = s.find(';', i + 1);
  if (i >= s.size() || s[i] != '&' || semi == std::string_view::npos || semi - i > 10) return {};
  const std::string_view name = s.substr(i + 1, semi - i - 1);
  char32_t v = 0;
  if (name.size() > 1 && name[0] == '#') {
    if (name[1] == 'x' || name[1] == 'X') {
      if (digit_run(name, 2, name.size(), 16, name.size() - 2, v) != name.size() - 2 ||
          name.size() == 2)
        return {};
    } else {
      for (char c : name.substr(1)) {
        if (c < '0' || c > '9' || v >= 0x110000) return {};
        v = v * 10 + char32_t(c - '0');
      }
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
    return {};
  return {v, semi - i + 1};
}

DecodedText decode_literal(std::string_view s, std::size_t begin, std::size_t end,
                           EscapeStyle style, char quote, bool code_point_hex,
                           bool code_point_octal, NumericEscapes numeric) {
  // The shell's $'...' has C's escapes; its double quotes hardly any.
  if (numeric == NumericEscapes::ShellDouble && quote != '"') numeric = NumericEscapes::Octal;
  DecodedText d;
  d.text.reserve(end - begin);
  d.offsets.reserve(end - begin + 1);
  Out out{d};
  for (std::size_t i = begin; i < end;) {
    const char c = s[i];
    if (style == EscapeStyle::Backslash && c == '\\') {
      i += backslash(s, i, end, out, code_point_hex, code_point_octal, numeric);
    } else if (style == EscapeStyle::SingleQuoted && c == '\\' && i + 1 < end &&
               (s[i + 1] == '\\' || s[i + 1] == quote)) {
      out.put(s[i + 1], i);
      i += 2;
    } else if (style == EscapeStyle::Doubling && c == quote && i + 1 < end && s[i + 1] == quote) {
      out.put(quote, i);
      i += 2;
    } else if (style == EscapeStyle::Entities && c == '&') {
      i += entity(s, i, end, out);
    } else if ((style == EscapeStyle::Markdown || style == EscapeStyle::MsBuild) && c == '&') {
      i += entity(s, i, end, out);
    } else if (const char special =
                   style == EscapeStyle::MsBuild && c == '%' ? msbuild_special(s, i, end) : '\0') {
      out.put(special, i);
      i += 3;
    } else if (style == EscapeStyle::Rst && c == '\\' && i + 1 < end &&
               static_cast<unsigned char>(s[i + 1]) > 0x20) {
      out.put(s[i + 1], i);
      i += 2;
    } else if (style == EscapeStyle::Markdown && c == '\\' && i + 1 < end &&
               static_cast<unsigned char>(s[i + 1]) < 0x80 &&
               std::ispunct(static_cast<unsigned char>(s[i + 1]))) {
      out.put(s[i + 1], i);
      i += 2;
    } else {
      out.put(c, i);
      ++i;
    }
  }
  d.offsets.push_back(end);
  return d;
}

DecodedText decode_literal(std::string_view s, std::size_t begin, std::size_t end,
                           const Literal& literal, const LanguageSpec& spec) {
  if (literal.bytes)
    return decode_literal(s, begin, end, literal.escapes, literal.quote, false, false,
                          NumericEscapes::PythonBytes);
  if (literal.wide)
    return decode_literal(s, begin, end, literal.escapes, literal.quote, true, true,
                          NumericEscapes::CWide);
  if (literal.escape_hashes > 0) return swift_raw(s, begin, end, literal.escape_hashes);
  return decode_literal(s, begin, end, literal.escapes, literal.quote, spec.code_point_hex,
                        spec.code_point_octal, spec.numeric_escapes);
}

namespace {

DecodedText swift_raw(std::string_view s, std::size_t begin, std::size_t end, std::size_t hashes) {
  DecodedText d;
  d.text.reserve(end - begin);
  d.offsets.reserve(end - begin + 1);
  Out out{d};
  for (std::size_t i = begin; i < end;) {
    std::size_t k = i + 1;
    while (s[i] == '\\' && k < end && k - i - 1 < hashes && s[k] == '#')
      ++k;
    if (s[i] != '\\' || k - i - 1 != hashes || k >= end) {
      out.put(s[i], i);
      ++i;
      continue;
    }
    // The escape as "..." reads it from its last '#', then mapped back to the backslash.
    const std::size_t first = d.text.size();
    const std::size_t n = backslash(s, k - 1, end, out, true, true, NumericEscapes::Octal);
    for (std::size_t b = first; b < d.offsets.size(); ++b)
      d.offsets[b] = i;
    i = k - 1 + n;
  }
  d.offsets.push_back(end);
  return d;
}

} // namespace

} // namespace pctlint
