// Whole-buffer scans that the checker runs over every file, with SSE2 (x86-64's baseline) so they
// cost a fraction of a cycle per byte, and AVX2 where the CPU has it (checked once, at run time);
// portable loops elsewhere.
#pragma once

#include <cstddef>
#include <string_view>

namespace pctlint {

// The first of the 64-byte blocks at from, from + 64, ... that holds `byte`; or the first one
// that, with `slack` more bytes after it, would run past the end of `text`.
std::size_t skip_blocks_without(std::string_view text, std::size_t from, char byte,
                                std::size_t slack);

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

} // namespace pctlint
