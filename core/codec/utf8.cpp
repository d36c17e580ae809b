#include "core/codec/utf8.h"

#include <array>
#include <cstring>
#if PCTLINT_SIMDJSON
#include <simdjson.h>
#endif

namespace pctlint {

namespace {

inline unsigned char byte_at(std::string_view s, std::size_t i) {
  return static_cast<unsigned char>(s[i]);
}
inline bool is_continuation(unsigned char b) {
  return (b & 0xC0) == 0x80;
}

// The allowed range of the SECOND byte for each lead byte (Table 3-6); later bytes are 80..BF.
struct LeadInfo {
  std::uint8_t length; // 0: never a lead byte
  std::uint8_t lo, hi; // second-byte range
  Utf8Error below;     // error when the second byte is a continuation below `lo`
  Utf8Error above;     // ... above `hi`
};

constexpr LeadInfo lead_info(unsigned char b) {
  using E = Utf8Error;
  if (b < 0x80) return {1, 0, 0, E::None, E::None};
  if (b >= 0xC2 && b <= 0xDF) return {2, 0x80, 0xBF, E::None, E::None};
  if (b == 0xE0) return {3, 0xA0, 0xBF, E::Overlong, E::None};
  if (b == 0xED) return {3, 0x80, 0x9F, E::None, E::Surrogate};
  if (b >= 0xE1 && b <= 0xEF) return {3, 0x80, 0xBF, E::None, E::None};
  if (b == 0xF0) return {4, 0x90, 0xBF, E::Overlong, E::None};
  if (b >= 0xF1 && b <= 0xF3) return {4, 0x80, 0xBF, E::None, E::None};
  if (b == 0xF4) return {4, 0x80, 0x8F, E::None, E::AboveMax};
  return {0, 0, 0, E::None, E::None};
}

} // namespace

std::string_view describe(Utf8Error error) {
  switch (error) {
  case Utf8Error::None:
    return "well-formed";
  case Utf8Error::UnexpectedContinuation:
    return "unexpected continuation byte";
  case Utf8Error::InvalidByte:
    return "byte never allowed in UTF-8 (C0, C1, F5..FF)";
  case Utf8Error::Truncated:
    return "truncated sequence";
  case Utf8Error::BadContinuation:
    return "lead byte not followed by a continuation byte";
  case Utf8Error::Overlong:
    return "overlong encoding";
  case Utf8Error::Surrogate:
    return "encoded surrogate (U+D800..U+DFFF)";
  case Utf8Error::AboveMax:
    return "code point above U+10FFFF";
  }
  return "ill-formed";
}

Utf8Char decode_utf8_char(std::string_view s, std::size_t pos) {
  const unsigned char b0 = byte_at(s, pos);
  if (b0 < 0x80) return {b0, 1, Utf8Error::None};
  const LeadInfo info = lead_info(b0);
  if (info.length == 0) {
    if (is_continuation(b0)) return {0, 1, Utf8Error::UnexpectedContinuation};
    // C0/C1 followed by a continuation byte is an overlong 2-byte form (e.g. C0 AF for '/');
    // the maximal subpart is still the lead byte alone.
    if ((b0 == 0xC0 || b0 == 0xC1) && pos + 1 < s.size() && is_continuation(byte_at(s, pos + 1)))
      return {0, 1, Utf8Error::Overlong};
    return {0, 1, Utf8Error::InvalidByte};
  }
  if (pos + 1 >= s.size()) return {0, 1, Utf8Error::Truncated};
  const unsigned char b1 = byte_at(s, pos + 1);
  if (!is_continuation(b1)) return {0, 1, Utf8Error::BadContinuation};
  if (b1 < info.lo) return {0, 1, info.below};
  if (b1 > info.hi) return {0, 1, info.above};
  char32_t cp = b0 & (0xFF >> (info.length + 1));
  cp = (cp << 6) | (b1 & 0x3F);
  for (std::uint8_t i = 2; i < info.length; ++i) {
    if (pos + i >= s.size()) return {0, i, Utf8Error::Truncated};
    const unsigned char b = byte_at(s, pos + i);
    if (!is_continuation(b)) return {0, i, Utf8Error::BadContinuation};
    cp = (cp << 6) | (b & 0x3F);
  }
  return {cp, info.length, Utf8Error::None};
}

namespace {

// Below this size the scalar loop wins: simdjson's dispatch costs more than it saves.
constexpr std::size_t kSimdMinSize = 64;

// The exact, scalar validator: the first error's kind, offset and maximal subpart.
Utf8Status first_utf8_error(std::string_view s) {
  static constexpr auto kLeads = [] {
    std::array<LeadInfo, 256> t{};
    for (unsigned b = 0; b < 256; ++b)
      t[b] = lead_info(static_cast<unsigned char>(b));
    return t;
  }();
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    // ASCII fast path, 8 bytes at a time.
    while (i + 8 <= n) {
      std::uint64_t word;
      std::memcpy(&word, p + i, 8);
      if (word & 0x8080808080808080ULL) break;
      i += 8;
    }
    if (i >= n) break;
    if (p[i] < 0x80) {
      ++i;
      continue;
    }
    // Well-formed multi-byte sequences inline; anything else goes to the exact decoder for its
    // error kind and maximal subpart.
    const LeadInfo& lead = kLeads[p[i]];
    if (lead.length >= 2 && i + lead.length <= n && p[i + 1] >= lead.lo && p[i + 1] <= lead.hi &&
        (lead.length < 3 || is_continuation(p[i + 2])) &&
        (lead.length < 4 || is_continuation(p[i + 3]))) {
      i += lead.length;
      continue;
    }
    const Utf8Char c = decode_utf8_char(s, i);
    return {c.error, i, c.length};
  }
  return {};
}

} // namespace

// simdjson's validator (SIMD, chosen at run time for the CPU) answers "well-formed or not" per
// the same Unicode rules as Table 3-6; only ill-formed input takes the exact scalar path, which
// names the place and the reason.
// A portable build (PCTLINT_PORTABLE: for the VS Code extension, needing only glibc) has no
// simdjson, whose Debian package has no static library: the scalar loop answers alone.
bool is_valid_utf8(std::string_view s) {
#if PCTLINT_SIMDJSON
  if (s.size() >= kSimdMinSize) return simdjson::validate_utf8(s.data(), s.size());
#endif
  return first_utf8_error(s).ok();
}

Utf8Status validate_utf8(std::string_view s) {
#if PCTLINT_SIMDJSON
  if (s.size() >= kSimdMinSize && simdjson::validate_utf8(s.data(), s.size())) return {};
#endif
  return first_utf8_error(s);
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string replace_invalid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const Utf8Char c = decode_utf8_char(s, i);
    if (c.ok())
      out.append(s.substr(i, c.length));
    else
      out.append("\xEF\xBF\xBD");
    i += c.length;
  }
  return out;
}

std::optional<char32_t> cesu8_pair_at(std::string_view s, std::size_t pos) {
  if (pos + 6 > s.size()) return std::nullopt;
  auto b = [&](std::size_t k) { return byte_at(s, pos + k); };
  if (b(0) != 0xED || b(1) < 0xA0 || b(1) > 0xAF || !is_continuation(b(2))) return std::nullopt;
  if (b(3) != 0xED || b(4) < 0xB0 || b(4) > 0xBF || !is_continuation(b(5))) return std::nullopt;
  const char32_t high = 0xD000 | ((b(1) & 0x3F) << 6) | (b(2) & 0x3F);
  const char32_t low = 0xD000 | ((b(4) & 0x3F) << 6) | (b(5) & 0x3F);
  return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

} // namespace pctlint
