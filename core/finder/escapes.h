// Internal to the finder: a literal decoded by its language's escapes, with its offset map.
#pragma once

#include "core/finder/finder.h"
#include "core/finder/language.h"
#include "core/finder/lexer.h"
#include "core/scan.h"

#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

// Text decoded from source[begin, end) with offsets[i] = source offset of the construct that
// produced text[i]; offsets has text.size() + 1 entries, the last being `end`.
struct DecodedText {
  std::string text;
  std::vector<std::size_t> offsets;
  // Source offsets of escapes whose value has no UTF-8 form (a lone surrogate "\ud800", a value
  // past U+10FFFF): decoded as U+FFFD, which is not what the program holds, so no fix may
  // rewrite them.
  std::vector<std::size_t> lossy;
};

// An HTML or XML character reference at s[i] ("&quot;", "&#39;", "&#x27;", "&amp;"...): its code
// point and its length; length 0 where s[i] starts none.
struct CharacterReference {
  char32_t value = 0;
  std::size_t length = 0;
};
CharacterReference character_reference_at(std::string_view s, std::size_t i);

// `code_point_hex`: \xHH is a code point (JS, Python, C#) rather than a byte (C, Go, PHP);
// `code_point_octal`: \345 is a code point (Python str, JavaScript, Java) rather than a byte.
DecodedText decode_literal(std::string_view source, std::size_t begin, std::size_t end,
                           EscapeStyle style, char quote, bool code_point_hex,
                           bool code_point_octal = false,
                           NumericEscapes numeric = NumericEscapes::Octal);

// A literal's content [begin, end) decoded by its language's escapes and its own kind (a Python
// bytes literal reads its escapes as bytes).
DecodedText decode_literal(std::string_view source, std::size_t begin, std::size_t end,
                           const Literal& literal, const LanguageSpec& spec);

} // namespace pctlint
