// Whole-buffer scans that the checker runs over every file, with SSE2 (x86-64's baseline) so they
// cost a fraction of a cycle per byte, and AVX2 where the CPU has it (checked once, at run time);
// portable loops elsewhere.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

namespace pctlint {

// memrchr(): the last `byte` in [p, p + n), or nullptr. glibc's is vectorised; MinGW and macOS
// have none. Searched in windows growing back from the end, so that the cost follows the distance
// to the byte found: a checking runtime (AddressSanitizer's memrchr) reads the whole range it is
// given first, and a line's start asked for at each of a long file's URLs would be quadratic.
inline const char* find_last_byte(const char* p, char byte, std::size_t n) {
  for (std::size_t window = 256; n > 0; window *= 2) {
    const std::size_t w = window < n ? window : n;
    n -= w;
#if defined(__GLIBC__)
    if (const void* hit = memrchr(p + n, byte, w)) return static_cast<const char*>(hit);
#else
    const std::size_t at = std::string_view(p + n, w).rfind(byte);
    if (at != std::string_view::npos) return p + n + at;
#endif
  }
  return nullptr;
}

// A byte in context: `byte` followed by one of `next`, or preceded by one of `prev` with one of
// `prev2` before that (a byte outside the text reads as '\0').
struct ByteContext {
  char byte;
  char next[2];
  char prev[2];
  char prev2[2];
};
// Whether text[i] stands in that context.
bool in_context(std::string_view text, std::size_t i, const ByteContext& context);
// The first offset i >= from at which it does; text.size() when there is none. The finder's search
// for a ':' that may belong to "://" or "mailto:", in a text where most 64-byte stretches hold no
// ':' in context at all and are passed over with one test.
std::size_t find_byte_in_context(std::string_view text, std::size_t from,
                                 const ByteContext& context);

// The first offset in [from, end) whose byte is `a`, `b` or `c`; `end` when there is none. For the
// short runs inside one line (a string literal's content), 16 bytes at a time.
std::size_t find_any_of3(std::string_view text, std::size_t from, std::size_t end, char a, char b,
                         char c);

// How many bytes of `text` equal `byte`.
std::size_t count_byte(std::string_view text, char byte);

// Whether `needle` (2 or more bytes) occurs in `haystack`. Compares the needle's first and last
// bytes 16 positions at a time and checks the rest only where both match, so text in which the
// needle's letters are common (a "p" for "pctlint-") is still scanned in bulk.
bool contains(std::string_view haystack, std::string_view needle);

// A set of byte values whose members in a text are found 16 bytes at a time (SSSE3's table
// lookup by nibble: a byte is a member when its high nibble's bit is set in its low nibble's
// entry), where a 256-entry table would take a load per byte.
class ByteClass {
public:
  explicit ByteClass(const std::array<bool, 256>& members);
  bool contains(unsigned char c) const { return members_[c]; }
  // Bit k set when text[from + k] is a member, for from + k < min(from + 64, to, text.size()).
  std::uint64_t members_at(std::string_view text, std::size_t from,
                           std::size_t to = SIZE_MAX) const;
  // The first member in text[from, to), or min(to, text.size()).
  std::size_t find(std::string_view text, std::size_t from, std::size_t to = SIZE_MAX) const;

private:
  std::array<bool, 256> members_;
  alignas(16) std::uint8_t low_[16] = {};  // by low nibble: bit h for high nibbles h < 8
  alignas(16) std::uint8_t high_[16] = {}; // by low nibble: bit h - 8 for high nibbles h >= 8
};

// ByteClasses built on first use, one per index below N, from any thread: for families of classes
// (one per combination of options) of which a run uses a few.
template <std::size_t N> class LazyByteClasses {
public:
  // The class for `index`, built by `members(index)` (an std::array<bool, 256>) the first time.
  template <typename Members> const ByteClass& get(std::size_t index, Members members) {
    if (const ByteClass* built = slots_[index].load(std::memory_order_acquire)) return *built;
    auto fresh = std::make_unique<ByteClass>(members(index));
    ByteClass* expected = nullptr;
    if (slots_[index].compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel))
      return *fresh.release(); // kept for the process's life, as a static table would be
    return *expected;
  }

private:
  std::array<std::atomic<ByteClass*>, N> slots_{};
};

} // namespace pctlint
