// Whole-buffer scans that the checker runs over every file, with SSE2 (x86-64's baseline) so they
// cost a fraction of a cycle per byte; portable loops elsewhere.
#pragma once

#include <cstddef>
#include <string_view>

namespace pctlint {

// How many bytes of `text` equal `byte`.
std::size_t count_byte(std::string_view text, char byte);

// Whether `needle` (2 or more bytes) occurs in `haystack`. Compares the needle's first and last
// bytes 16 positions at a time and checks the rest only where both match, so text in which the
// needle's letters are common (a "p" for "pctlint-") is still scanned in bulk.
bool contains(std::string_view haystack, std::string_view needle);

} // namespace pctlint
