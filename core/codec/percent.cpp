#include "core/codec/percent.h"

#include <array>
#include <cstring>

namespace pctlint {

namespace {

constexpr char kHexUpper[] = "0123456789ABCDEF";

constexpr auto kHexValue = [] {
  std::array<signed char, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[static_cast<std::size_t>(c)] = static_cast<signed char>(hex_value(static_cast<char>(c)));
  return t;
}();

inline unsigned char byte_at(std::string_view s, std::size_t i) {
  return static_cast<unsigned char>(s[i]);
}

// Decodes escapes (and '+' in form mode) into `out`, recording for every output byte where in the
// input it came from, so UTF-8 errors can be reported as spans of the encoded input.
struct Decoded {
  std::string bytes;
  std::vector<std::uint32_t> origin; // input offset of the construct producing bytes[i]
  std::vector<DecodeError> malformed;
};

Decoded decode_with_origins(std::string_view in, const DecodeOptions& opt, bool keep_malformed) {
  Decoded d;
  d.bytes.reserve(in.size());
  d.origin.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    const char c = in[i];
    if (c == '%') {
      if (is_escape_at(in, i)) {
        d.bytes.push_back(static_cast<char>(hex_value(in[i + 1]) * 16 + hex_value(in[i + 2])));
        d.origin.push_back(static_cast<std::uint32_t>(i));
        i += 3;
        continue;
      }
      const std::size_t len = (i + 1 < in.size() && hex_value(in[i + 1]) >= 0) ? 2 : 1;
      d.malformed.push_back({DecodeErrorKind::MalformedEscape, i, len, Utf8Error::None});
      if (keep_malformed) {
        d.bytes.push_back('%');
        d.origin.push_back(static_cast<std::uint32_t>(i));
      }
      ++i;
      continue;
    }
    d.bytes.push_back(opt.plus_as_space && c == '+' ? ' ' : c);
    d.origin.push_back(static_cast<std::uint32_t>(i));
    ++i;
  }
  return d;
}

// Width in the input of the construct that produced decoded byte `k`.
std::size_t construct_width(std::string_view in, std::size_t origin) {
  return is_escape_at(in, origin) ? 3 : 1;
}

DecodeError utf8_error_span(std::string_view in, const Decoded& d, std::size_t k,
                            const Utf8Char& c) {
  const std::size_t begin = d.origin[k];
  const std::size_t last = d.origin[k + c.length - 1];
  return {DecodeErrorKind::IllFormedUtf8, begin, last + construct_width(in, last) - begin, c.error};
}

bool has_escape_or_plus(std::string_view in, bool plus) {
  if (std::memchr(in.data(), '%', in.size())) return true;
  return plus && std::memchr(in.data(), '+', in.size());
}

// For every byte, its escape "%XX" packed little-endian into 32 bits, so one unaligned 4-byte
// store writes either the escape or, for an allowed byte, the byte itself (the extra bytes are
// overwritten by what follows). No branch depends on the data.
constexpr auto kEscapeWord = [] {
  std::array<std::uint32_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    t[b] = '%' | std::uint32_t(kHexUpper[b >> 4]) << 8 | std::uint32_t(kHexUpper[b & 0xF]) << 16;
  return t;
}();

template <bool SpaceAsPlus>
char* encode_into(char* w, const unsigned char* in, std::size_t n, const CharSet& set) {
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char b = in[i];
    const bool keep = set.contains(b) || (SpaceAsPlus && b == ' ');
    const std::uint32_t literal = SpaceAsPlus && b == ' ' ? '+' : b;
    const std::uint32_t word = keep ? literal : kEscapeWord[b];
    std::memcpy(w, &word, 4);
    w += keep ? 1 : 3;
  }
  return w;
}

} // namespace

void percent_encode_append(std::string& out, std::string_view bytes, const CharSet& allowed,
                           EncodeOptions opt) {
  // A local copy: stores through char* may alias the caller's table, which would force a reload
  // of it for every byte.
  const CharSet set = allowed;
  const auto* in = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  // Room for the worst case (every byte escaped) plus the last store's spare byte; trimmed after.
  const std::size_t old = out.size();
  out.resize(old + 3 * n + 1);
  char* w = out.data() + old;
  w = opt.space_as_plus ? encode_into<true>(w, in, n, set) : encode_into<false>(w, in, n, set);
  out.resize(static_cast<std::size_t>(w - out.data()));
}

std::string percent_encode(std::string_view bytes, const CharSet& allowed, EncodeOptions opt) {
  std::string out;
  percent_encode_append(out, bytes, allowed, opt);
  return out;
}

StrictDecodeResult decode_strict(std::string_view in, DecodeOptions opt) {
  StrictDecodeResult r;
  // Fast path: nothing to decode, only validation.
  if (!has_escape_or_plus(in, opt.plus_as_space)) {
    if (opt.require_utf8) {
      const Utf8Status st = validate_utf8(in);
      if (!st.ok()) {
        r.error = DecodeError{DecodeErrorKind::IllFormedUtf8, st.offset, st.length, st.error};
        return r;
      }
    }
    r.bytes.assign(in);
    return r;
  }
  // Decoded text is never longer than its input: write into a buffer of that size.
  std::string out(in.size(), '\0');
  char* w = out.data();
  const char* p = in.data();
  const char* end = p + in.size();
  while (p < end) {
    if (*p != '%') {
      // Short runs between escapes are scanned inline; long ones with memchr.
      const char* stop = p + 1;
      while (stop < end && stop < p + 16 && *stop != '%')
        ++stop;
      if (stop == p + 16) {
        const void* pct = std::memchr(stop, '%', static_cast<std::size_t>(end - stop));
        stop = pct ? static_cast<const char*>(pct) : end;
      }
      if (opt.plus_as_space) {
        for (; p < stop; ++p)
          *w++ = *p == '+' ? ' ' : *p;
      } else {
        std::memcpy(w, p, static_cast<std::size_t>(stop - p));
        w += stop - p;
        p = stop;
      }
      continue;
    }
    const int hi = end - p >= 3 ? kHexValue[static_cast<unsigned char>(p[1])] : -1;
    const int lo = end - p >= 3 ? kHexValue[static_cast<unsigned char>(p[2])] : -1;
    if ((hi | lo) < 0) {
      const std::size_t at = static_cast<std::size_t>(p - in.data());
      const std::size_t len = (at + 1 < in.size() && hex_value(in[at + 1]) >= 0) ? 2 : 1;
      r.error = DecodeError{DecodeErrorKind::MalformedEscape, at, len, Utf8Error::None};
      return r;
    }
    *w++ = static_cast<char>(hi << 4 | lo);
    p += 3;
  }
  out.resize(static_cast<std::size_t>(w - out.data()));
  if (opt.require_utf8 && !is_valid_utf8(out)) {
    // Rare: redo with origins to name the escapes that carry the error.
    const Decoded d = decode_with_origins(in, opt, false);
    const Utf8Status st = validate_utf8(d.bytes);
    const Utf8Char c = decode_utf8_char(d.bytes, st.offset);
    r.error = utf8_error_span(in, d, st.offset, c);
    return r;
  }
  r.bytes = std::move(out);
  return r;
}

std::vector<DecodeError> find_decode_errors(std::string_view in, DecodeOptions opt) {
  // Malformed '%' are reported and dropped from the UTF-8 check, so each error is reported once.
  Decoded d = decode_with_origins(in, opt, false);
  std::vector<DecodeError> errors = std::move(d.malformed);
  if (opt.require_utf8) {
    std::vector<DecodeError> utf8;
    for (std::size_t k = 0; k < d.bytes.size();) {
      if (byte_at(d.bytes, k) < 0x80) {
        ++k;
        continue;
      }
      const Utf8Char c = decode_utf8_char(d.bytes, k);
      if (!c.ok()) utf8.push_back(utf8_error_span(in, d, k, c));
      k += c.length;
    }
    if (!utf8.empty()) {
      std::vector<DecodeError> merged;
      merged.reserve(errors.size() + utf8.size());
      std::size_t a = 0, b = 0;
      while (a < errors.size() || b < utf8.size()) {
        if (b == utf8.size() || (a < errors.size() && errors[a].offset < utf8[b].offset))
          merged.push_back(errors[a++]);
        else
          merged.push_back(utf8[b++]);
      }
      errors = std::move(merged);
    }
  }
  return errors;
}

std::string decode_lenient(std::string_view in, DecodeOptions opt) {
  std::string out;
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size();) {
    if (in[i] == '%' && is_escape_at(in, i)) {
      out.push_back(static_cast<char>(hex_value(in[i + 1]) * 16 + hex_value(in[i + 2])));
      i += 3;
    } else {
      out.push_back(opt.plus_as_space && in[i] == '+' ? ' ' : in[i]);
      ++i;
    }
  }
  if (opt.require_utf8 && !is_valid_utf8(out)) return replace_invalid_utf8(out);
  return out;
}

std::string describe(const DecodeError& e, std::string_view encoded) {
  const std::string_view span = encoded.substr(e.offset, e.length);
  std::string msg;
  if (e.kind == DecodeErrorKind::MalformedEscape) {
    msg = "malformed escape at byte " + std::to_string(e.offset) +
          ": '%' is not followed by two "
          "hex digits";
    const std::string_view ctx = encoded.substr(e.offset, 3);
    msg += " (\"" + std::string(ctx) + "\")";
  } else {
    msg = "ill-formed UTF-8 at byte " + std::to_string(e.offset) + ": " +
          std::string(describe(e.utf8)) + " (" + std::string(span) + ")";
  }
  return msg;
}

} // namespace pctlint
