// Internal to the finder: a decoded piece of source with its offset map, and placeholder search.
#pragma once

#include "core/finder.h"
#include "core/language.h"

#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

// Text decoded from source[begin, end) with offsets[i] = source offset of the construct that
// produced text[i]; offsets has text.size() + 1 entries, the last being `end`.
struct DecodedText {
  std::string text;
  std::vector<std::size_t> offsets;
};

enum class EscapeStyle {
  None,      // raw strings: bytes as they are
  Backslash, // C-like escapes
  Doubling,  // '' for ' (SQL, YAML single-quoted)
  Entities,  // &amp; &#x41; (HTML/XML attributes)
};

// `code_point_hex`: \xHH is a code point (JS, Python, C#) rather than a byte (C, Go, PHP).
DecodedText decode_literal(std::string_view source, std::size_t begin, std::size_t end,
                           EscapeStyle style, char quote, bool code_point_hex);

// Template placeholders in a URL's text, per the PlaceholderStyle bits.
// Placeholders starting at or after `from` (a URL's "scheme://" or "mailto:" holds none, so the
// finder starts after it).
std::vector<Span> find_placeholders(std::string_view url, unsigned styles, bool printf_language,
                                    std::size_t from = 0);

} // namespace pctlint
