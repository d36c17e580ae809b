#include "core/scan.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pctlint {

std::size_t count_byte(std::string_view text, char byte) {
  const char* p = text.data();
  const std::size_t n = text.size();
  std::size_t count = 0, i = 0;
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

} // namespace pctlint
