// Strict UTF-8 exactly as Unicode's Table 3-6 ("Well-Formed UTF-8 Byte Sequences"), with the
// first error's byte offset and its kind, plus recognition of the two near-UTF-8 encodings that
// rules can repair exactly: CESU-8 surrogate pairs and Modified UTF-8's C0 80.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pctlint {

enum class Utf8Error : std::uint8_t {
  None,
  UnexpectedContinuation, // 80..BF where a sequence must start
  InvalidByte,            // C0, C1 (not followed by a continuation byte), F5..FF
  Truncated,              // the input ends inside a sequence
  BadContinuation,        // a lead byte followed by a byte that cannot continue it
  Overlong,               // E0 80..9F, F0 80..8F, or a C0/C1 lead followed by 80..BF
  Surrogate,              // ED A0..BF: would encode U+D800..U+DFFF
  AboveMax,               // F4 90..BF: would encode a code point above U+10FFFF
};

// A short English phrase naming the Table 3-6 reason, e.g. "overlong encoding".
std::string_view describe(Utf8Error error);

// One step of decoding at `pos`. On success `length` is 1..4 and `value` the scalar value; on
// error `length` is the maximal subpart (Unicode §3.9, >= 1) to skip or replace with U+FFFD.
struct Utf8Char {
  char32_t value = 0;
  std::uint8_t length = 0;
  Utf8Error error = Utf8Error::None;
  bool ok() const { return error == Utf8Error::None; }
};
Utf8Char decode_utf8_char(std::string_view bytes, std::size_t pos);

// The first ill-formed place in `bytes`, if any.
struct Utf8Status {
  Utf8Error error = Utf8Error::None;
  std::size_t offset = 0; // byte offset of the ill-formed subpart
  std::size_t length = 0; // length of that maximal subpart
  bool ok() const { return error == Utf8Error::None; }
};
Utf8Status validate_utf8(std::string_view bytes);
bool is_valid_utf8(std::string_view bytes);

// Appends the UTF-8 form of a scalar value (cp must not be a surrogate or above U+10FFFF).
void append_utf8(std::string& out, char32_t cp);

// `bytes` with every maximal ill-formed subpart replaced by U+FFFD (WHATWG Encoding Standard).
std::string replace_invalid_utf8(std::string_view bytes);

// CESU-8: a supplementary character written as two 3-byte surrogates, ED A0..AF xx ED B0..BF xx.
// Returns the supplementary code point when such a pair starts at `pos`.
std::optional<char32_t> cesu8_pair_at(std::string_view bytes, std::size_t pos);
// Modified UTF-8 (Java's DataOutput): U+0000 written as C0 80.
inline bool modified_utf8_nul_at(std::string_view bytes, std::size_t pos) {
  return pos + 1 < bytes.size() && static_cast<unsigned char>(bytes[pos]) == 0xC0 &&
         static_cast<unsigned char>(bytes[pos + 1]) == 0x80;
}

} // namespace pctlint
