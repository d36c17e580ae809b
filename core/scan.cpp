#include "core/scan.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PCTLINT_AVX2 1
#define PCTLINT_SSSE3 1
#endif

namespace pctlint {

namespace {

#if PCTLINT_SSSE3
bool cpu_has_ssse3() {
  static const bool has = __builtin_cpu_supports("ssse3");
  return has;
}

// ByteClass::members_at over the n <= 64 bytes at text + from: bit k for text[from + k]. The
// tables stay in registers for all blocks; a last short block is read as the 16 bytes that end
// with the range when the text has them (else from a copy: reading outside the text could leave
// its memory).
__attribute__((target("ssse3"))) std::uint64_t members_ssse3(const char* text, std::size_t from,
                                                             std::size_t n, const std::uint8_t* low,
                                                             const std::uint8_t* high) {
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i low_table = _mm_load_si128(reinterpret_cast<const __m128i*>(low));
  const __m128i high_table = _mm_load_si128(reinterpret_cast<const __m128i*>(high));
  const __m128i bit_of_high_nibble =
      _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  const auto block = [&](const char* q) __attribute__((target("ssse3"))) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    const __m128i lo = _mm_and_si128(v, nibble);
    const __m128i hi = _mm_and_si128(_mm_srli_epi16(v, 4), nibble);
    // Bytes >= 0x80 (negative as signed) read the high table's row.
    const __m128i upper = _mm_cmplt_epi8(v, _mm_setzero_si128());
    const __m128i row = _mm_or_si128(_mm_and_si128(upper, _mm_shuffle_epi8(high_table, lo)),
                                     _mm_andnot_si128(upper, _mm_shuffle_epi8(low_table, lo)));
    const __m128i none = _mm_cmpeq_epi8(
        _mm_and_si128(row, _mm_shuffle_epi8(bit_of_high_nibble, hi)), _mm_setzero_si128());
    return static_cast<std::uint64_t>(~static_cast<unsigned>(_mm_movemask_epi8(none)) & 0xFFFF);
  };
  const char* p = text + from;
  std::uint64_t mask = 0;
  std::size_t k = 0;
  for (; k + 16 <= n; k += 16)
    mask |= block(p + k) << k;
  if (k < n) {
    const std::size_t rest = n - k;
    if (from + n >= 16) {
      mask |= (block(p + n - 16) >> (16 - rest)) << k;
    } else {
      char tail[16] = {};
      for (std::size_t j = 0; j < rest; ++j)
        tail[j] = p[k + j];
      mask |= (block(tail) & ((std::uint64_t{1} << rest) - 1)) << k;
    }
  }
  return mask;
}
#endif

#if PCTLINT_AVX2
bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

// ByteClass::find from `from` to `to` (>= 32): the first member's offset, or `to`. A last short
// block is read as the 32 bytes that end at `to`, which lie inside the text.
__attribute__((target("avx2"))) std::size_t find_avx2(const char* text, std::size_t from,
                                                      std::size_t to, const std::uint8_t* low,
                                                      const std::uint8_t* high) {
  const __m256i nibble = _mm256_set1_epi8(0x0F);
  const __m256i low_table =
      _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(low)));
  const __m256i high_table =
      _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(high)));
  const __m256i bit_of_high_nibble =
      _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16,
                       32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
  const auto block = [&](const char* q) __attribute__((target("avx2"))) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    const __m256i lo = _mm256_and_si256(v, nibble);
    const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
    const __m256i upper = _mm256_cmpgt_epi8(_mm256_setzero_si256(), v);
    const __m256i row = _mm256_blendv_epi8(_mm256_shuffle_epi8(low_table, lo),
                                           _mm256_shuffle_epi8(high_table, lo), upper);
    const __m256i none = _mm256_cmpeq_epi8(
        _mm256_and_si256(row, _mm256_shuffle_epi8(bit_of_high_nibble, hi)), _mm256_setzero_si256());
    return ~static_cast<std::uint32_t>(_mm256_movemask_epi8(none));
  };
  std::size_t i = from;
  for (; i + 32 <= to; i += 32)
    if (const std::uint32_t m = block(text + i))
      return i + static_cast<std::size_t>(std::countr_zero(m));
  if (i < to)
    if (const std::uint32_t m = block(text + to - 32) >> (32 - (to - i)))
      return i + static_cast<std::size_t>(std::countr_zero(m));
  return to;
}

__attribute__((target("avx2"), always_inline)) inline __m256i load32(const char* at) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at));
}

// A ByteContext's bytes, each in all 32 lanes: made once per search, not once per block.
struct ContextVectors {
  __m256i byte, next0, next1, prev0, prev1, prev2_0, prev2_1;
};

__attribute__((target("avx2"), always_inline)) inline __m256i either32(__m256i v, __m256i a,
                                                                       __m256i b) {
  return _mm256_or_si256(_mm256_cmpeq_epi8(v, a), _mm256_cmpeq_epi8(v, b));
}

// Which of the 32 bytes at `at` that are `hits` stand in context (see find_byte_in_context).
__attribute__((target("avx2"), always_inline)) inline unsigned
in_context_avx2(const char* at, __m256i hits, const ContextVectors& v) {
  const __m256i context =
      _mm256_or_si256(either32(load32(at + 1), v.next0, v.next1),
                      _mm256_and_si256(either32(load32(at - 1), v.prev0, v.prev1),
                                       either32(load32(at - 2), v.prev2_0, v.prev2_1)));
  return static_cast<unsigned>(_mm256_movemask_epi8(_mm256_and_si256(hits, context)));
}

// find_byte_in_context() over blocks at i >= 2 that leave a byte after them; returns the offset
// found, or the first one not examined (the caller finishes the tail).
__attribute__((target("avx2"))) std::size_t find_in_context_avx2(const char* p, std::size_t n,
                                                                 std::size_t i,
                                                                 const ByteContext& c,
                                                                 bool& found) {
  const ContextVectors v{_mm256_set1_epi8(c.byte),    _mm256_set1_epi8(c.next[0]),
                         _mm256_set1_epi8(c.next[1]), _mm256_set1_epi8(c.prev[0]),
                         _mm256_set1_epi8(c.prev[1]), _mm256_set1_epi8(c.prev2[0]),
                         _mm256_set1_epi8(c.prev2[1])};
  for (; i + 64 + 1 <= n; i += 64) {
    const __m256i a = _mm256_cmpeq_epi8(load32(p + i), v.byte);
    const __m256i b = _mm256_cmpeq_epi8(load32(p + i + 32), v.byte);
    // Most blocks of real text hold no `byte` at all: their context is not worth computing.
    const __m256i any = _mm256_or_si256(a, b);
    if (_mm256_testz_si256(any, any)) continue;
    const std::uint64_t mask =
        in_context_avx2(p + i, a, v) | std::uint64_t{in_context_avx2(p + i + 32, b, v)} << 32;
    if (mask != 0) {
      found = true;
      return i + static_cast<std::size_t>(__builtin_ctzll(mask));
    }
  }
  return i;
}

__attribute__((target("avx2"))) std::size_t count_byte_avx2(const char* p, std::size_t n,
                                                            std::size_t& i, char byte) {
  const __m256i needle = _mm256_set1_epi8(byte);
  std::size_t count = 0;
  while (i + 32 <= n) {
    // Per-byte counters (each match subtracts -1) summed before any can pass 255.
    __m256i counters = _mm256_setzero_si256();
    for (int round = 0; round < 255 && i + 32 <= n; ++round, i += 32) {
      const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
      counters = _mm256_sub_epi8(counters, _mm256_cmpeq_epi8(block, needle));
    }
    const __m256i sums = _mm256_sad_epu8(counters, _mm256_setzero_si256());
    count += static_cast<std::size_t>(_mm256_extract_epi64(sums, 0)) +
             static_cast<std::size_t>(_mm256_extract_epi64(sums, 1)) +
             static_cast<std::size_t>(_mm256_extract_epi64(sums, 2)) +
             static_cast<std::size_t>(_mm256_extract_epi64(sums, 3));
  }
  return count;
}

// contains() for needles of 2 or more bytes, 32 starts at a time; returns the first start not
// examined (the caller finishes the tail) or SIZE_MAX on a match.
// The starts in [at, at + 32) where a needle of `m` bytes has its first and last byte right.
__attribute__((target("avx2"), always_inline)) inline std::uint32_t
needle_ends32(const char* at, std::size_t m, __m256i first, __m256i final) {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_and_si256(
      _mm256_cmpeq_epi8(load32(at), first), _mm256_cmpeq_epi8(load32(at + m - 1), final))));
}

__attribute__((target("avx2"))) std::size_t contains_avx2(const char* p, std::size_t last,
                                                          std::string_view needle) {
  const std::size_t m = needle.size();
  const __m256i first = _mm256_set1_epi8(needle.front());
  const __m256i final = _mm256_set1_epi8(needle.back());
  std::size_t i = 0;
  // 64 starts a round: one test for both halves, as most rounds have no candidate.
  for (; i + 64 <= last + 1; i += 64) {
    std::uint64_t mask = needle_ends32(p + i, m, first, final) |
                         std::uint64_t{needle_ends32(p + i + 32, m, first, final)} << 32;
    while (mask) {
      const auto bit = static_cast<std::size_t>(__builtin_ctzll(mask));
      if (std::memcmp(p + i + bit + 1, needle.data() + 1, m - 2) == 0) return SIZE_MAX;
      mask &= mask - 1;
    }
  }
  for (; i + 32 <= last + 1; i += 32)
    for (std::uint32_t mask = needle_ends32(p + i, m, first, final); mask; mask &= mask - 1)
      if (std::memcmp(p + i + static_cast<std::size_t>(__builtin_ctz(mask)) + 1, needle.data() + 1,
                      m - 2) == 0)
        return SIZE_MAX;
  return i;
}
#endif

} // namespace

bool in_context(std::string_view text, std::size_t i, const ByteContext& c) {
  if (text[i] != c.byte) return false;
  const auto byte_at = [&](std::size_t k) { return k < text.size() ? text[k] : '\0'; };
  const auto either = [](char v, const char(&pair)[2]) { return v == pair[0] || v == pair[1]; };
  const char before = i >= 1 ? text[i - 1] : '\0', before2 = i >= 2 ? text[i - 2] : '\0';
  return either(byte_at(i + 1), c.next) || (either(before, c.prev) && either(before2, c.prev2));
}

std::size_t find_byte_in_context(std::string_view text, std::size_t from, const ByteContext& c) {
  [[maybe_unused]] const char* p = text.data(); // the SIMD paths' (none on aarch64 yet)
  const std::size_t n = text.size();
  std::size_t i = from;
  // The first two offsets by themselves: blocks read two bytes before them.
  for (; i < 2 && i < n; ++i)
    if (in_context(text, i, c)) return i;
#if PCTLINT_AVX2
  if (cpu_has_avx2()) {
    bool found = false;
    i = find_in_context_avx2(p, n, i, c, found);
    if (found) return i;
  }
#endif
#if defined(__SSE2__)
  const auto load = [p](std::size_t at) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
  };
  const auto either = [](__m128i v, const char(&pair)[2]) {
    return _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(pair[0])),
                        _mm_cmpeq_epi8(v, _mm_set1_epi8(pair[1])));
  };
  for (; i + 16 + 1 <= n; i += 16) {
    const __m128i hits = _mm_cmpeq_epi8(load(i), _mm_set1_epi8(c.byte));
    if (_mm_movemask_epi8(hits) == 0) continue;
    const __m128i context =
        _mm_or_si128(either(load(i + 1), c.next),
                     _mm_and_si128(either(load(i - 1), c.prev), either(load(i - 2), c.prev2)));
    if (const unsigned mask =
            static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(hits, context))))
      return i + static_cast<std::size_t>(__builtin_ctz(mask));
  }
#endif
  for (; i < n; ++i)
    if (in_context(text, i, c)) return i;
  return n;
}

std::size_t find_any_of3(std::string_view text, std::size_t from, std::size_t end, char a, char b,
                         char c) {
  const char* p = text.data();
  std::size_t i = from;
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c);
  const auto hits = [&](std::size_t at) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + at));
    return static_cast<unsigned>(_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(block, va),
                     _mm_or_si128(_mm_cmpeq_epi8(block, vb), _mm_cmpeq_epi8(block, vc)))));
  };
  for (; i + 16 <= end; i += 16)
    if (const unsigned mask = hits(i)) return i + static_cast<std::size_t>(__builtin_ctz(mask));
  // The last bytes as the 16 that end at `end`, when the range is that long: no byte-by-byte tail.
  if (i < end && end - from >= 16) {
    const unsigned mask = hits(end - 16) >> (i - (end - 16));
    return mask ? i + static_cast<std::size_t>(__builtin_ctz(mask)) : end;
  }
#endif
  for (; i < end; ++i)
    if (p[i] == a || p[i] == b || p[i] == c) return i;
  return end;
}

std::size_t count_byte(std::string_view text, char byte) {
  const char* p = text.data();
  const std::size_t n = text.size();
  std::size_t count = 0, i = 0;
#if PCTLINT_AVX2
  if (cpu_has_avx2()) count = count_byte_avx2(p, n, i, byte);
#endif
#if defined(__SSE2__)
  const __m128i needle = _mm_set1_epi8(byte);
  while (i + 16 <= n) {
    // Per-byte counters (each match subtracts -1) summed before any can pass 255.
    __m128i counters = _mm_setzero_si128();
    for (int round = 0; round < 255 && i + 16 <= n; ++round, i += 16) {
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      counters = _mm_sub_epi8(counters, _mm_cmpeq_epi8(block, needle));
    }
    const __m128i sums = _mm_sad_epu8(counters, _mm_setzero_si128());
    count += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
  }
#endif
  for (; i < n; ++i)
    count += p[i] == byte;
  return count;
}

bool contains(std::string_view haystack, std::string_view needle) {
  const std::size_t m = needle.size();
  if (m < 2) return m == 0 || haystack.find(needle) != std::string_view::npos;
  if (haystack.size() < m) return false;
  const char* p = haystack.data();
  const std::size_t last = haystack.size() - m; // the last possible start
  std::size_t i = 0;
#if PCTLINT_AVX2
  if (cpu_has_avx2()) {
    i = contains_avx2(p, last, needle);
    if (i == SIZE_MAX) return true;
  }
#endif
#if defined(__SSE2__)
  const __m128i first = _mm_set1_epi8(needle.front());
  const __m128i final = _mm_set1_epi8(needle.back());
  for (; i + 16 <= last + 1; i += 16) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i + m - 1));
    unsigned mask = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, final))));
    while (mask) {
      const unsigned bit = static_cast<unsigned>(__builtin_ctz(mask));
      if (std::memcmp(p + i + bit + 1, needle.data() + 1, m - 2) == 0) return true;
      mask &= mask - 1;
    }
  }
#endif
  for (; i <= last; ++i)
    if (p[i] == needle.front() && std::memcmp(p + i + 1, needle.data() + 1, m - 1) == 0)
      return true;
  return false;
}

ByteClass::ByteClass(const std::array<bool, 256>& members) : members_(members) {
  for (unsigned b = 0; b < 256; ++b) {
    if (!members[b]) continue;
    const unsigned lo = b & 0x0F, hi = b >> 4;
    (hi < 8 ? low_ : high_)[lo] |= static_cast<std::uint8_t>(1u << (hi & 7));
  }
}

std::uint64_t ByteClass::members_at(std::string_view text, std::size_t from, std::size_t to) const {
  const std::size_t n = std::min<std::size_t>({64, text.size() - from, to - from});
  const char* p = text.data() + from;
#if PCTLINT_SSSE3
  if (cpu_has_ssse3()) return members_ssse3(text.data(), from, n, low_, high_);
#endif
  std::uint64_t mask = 0;
  for (std::size_t k = 0; k < n; ++k)
    if (members_[static_cast<unsigned char>(p[k])]) mask |= std::uint64_t{1} << k;
  return mask;
}

std::size_t ByteClass::find(std::string_view text, std::size_t from, std::size_t to) const {
  to = std::min(to, text.size());
#if PCTLINT_AVX2
  // The lexers look for their next stop a few dozen bytes ahead: 32 bytes a step, and out at
  // the first block that holds one.
  if (cpu_has_avx2() && to >= 32) return find_avx2(text.data(), from, to, low_, high_);
#endif
  for (std::size_t i = from; i < to; i += 64)
    if (const std::uint64_t bits = members_at(text, i, to))
      return i + static_cast<std::size_t>(std::countr_zero(bits));
  return to;
}

} // namespace pctlint
