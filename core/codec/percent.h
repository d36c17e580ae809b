// Percent-encoding and -decoding (RFC 3986 §2.1). Encoding takes "an allowed set +
// options"; decoding is strict (first error with its span and Table 3-6 reason), exhaustive (every
// error, for rules) or lenient (WHATWG: malformed escapes kept, ill-formed bytes -> U+FFFD).
#pragma once

#include "core/codec/charset.h"
#include "core/codec/utf8.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct EncodeOptions {
  bool space_as_plus = false; // application/x-www-form-urlencoded
};

// Every byte of `bytes` outside `allowed` becomes %XX with uppercase hex. Text is taken as its
// UTF-8 bytes, so non-ASCII characters become one escape per UTF-8 byte.
std::string percent_encode(std::string_view bytes, const CharSet& allowed, EncodeOptions = {});
void percent_encode_append(std::string& out, std::string_view bytes, const CharSet& allowed,
                           EncodeOptions = {});

struct DecodeOptions {
  bool plus_as_space = false; // form mode: '+' -> ' ' before percent-decoding (WHATWG
                              // application/x-www-form-urlencoded)
  bool require_utf8 = true;   // decoded bytes must be well-formed UTF-8
};

enum class DecodeErrorKind : unsigned char {
  MalformedEscape, // '%' not followed by two hex digits
  IllFormedUtf8,   // the escapes' bytes are not well-formed UTF-8; `utf8` says why
};

struct DecodeError {
  DecodeErrorKind kind = DecodeErrorKind::MalformedEscape;
  std::size_t offset = 0; // byte offset in the ENCODED input where the bad span starts
  std::size_t length = 0; // span in the encoded input: the '%' (+ what follows of it), or the
                          // escapes that carry the ill-formed maximal subpart
  Utf8Error utf8 = Utf8Error::None;
};

// "malformed escape at byte 3" / "ill-formed UTF-8 at byte 7: overlong encoding (%C0%AF)".
std::string describe(const DecodeError& error, std::string_view encoded);

struct StrictDecodeResult {
  std::string bytes;                // empty when there is an error
  std::optional<DecodeError> error; // the first error
  bool ok() const { return !error.has_value(); }
};
StrictDecodeResult decode_strict(std::string_view encoded, DecodeOptions = {});

// Every error in `encoded`, in order, each reported once.
std::vector<DecodeError> find_decode_errors(std::string_view encoded, DecodeOptions = {});

// Never fails: malformed '%' is kept literally; with require_utf8, ill-formed bytes become
// U+FFFD, one per maximal subpart. Hex digits are accepted in either case.
std::string decode_lenient(std::string_view encoded, DecodeOptions = {});

// Appends "%XX" for one byte, with uppercase hex digits (RFC 3986 §2.1).
inline void append_escape(std::string& out, unsigned char byte) {
  constexpr char kHex[] = "0123456789ABCDEF";
  out.push_back('%');
  out.push_back(kHex[byte >> 4]);
  out.push_back(kHex[byte & 0xF]);
}

constexpr int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
// True when `text` has "%XX" (two hex digits, either case) at `pos`.
constexpr bool is_escape_at(std::string_view text, std::size_t pos) {
  return pos + 2 < text.size() && text[pos] == '%' && hex_value(text[pos + 1]) >= 0 &&
         hex_value(text[pos + 2]) >= 0;
}

} // namespace pctlint
