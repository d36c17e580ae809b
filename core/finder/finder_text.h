// Internal to the finder: a decoded piece of source with its offset map, and placeholder search.
#pragma once

#include "core/finder/finder.h"
#include "core/finder/language.h"
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

// `code_point_hex`: \xHH is a code point (JS, Python, C#) rather than a byte (C, Go, PHP);
// `code_point_octal`: \345 is a code point (Python str, JavaScript, Java) rather than a byte.
DecodedText decode_literal(std::string_view source, std::size_t begin, std::size_t end,
                           EscapeStyle style, char quote, bool code_point_hex,
                           bool code_point_octal = false);

// Which placeholder styles apply to a URL: the configured ones, less printf's where strings are
// not printf templates, and curl's globs and git's format placeholders except on a line that
// runs curl or git (see line_commands).
unsigned active_placeholder_styles(unsigned configured, bool printf_here, unsigned line_styles,
                                   bool formatted = false);

// Where commands that enable placeholder styles stand on a line: curl (its globs) and git log or
// show (its format's %H %n). A URL after one of them has its styles.
struct LineCommands {
  std::size_t curl = std::string_view::npos, git_format = std::string_view::npos;
  unsigned styles_before(std::size_t at) const; // the styles enabled before offset `at`
};
LineCommands line_commands(std::string_view line);

// Template placeholders in a URL's text, per the active PlaceholderStyle bits, starting at or
// after `from` (a URL's "scheme://" or "mailto:" holds none, so the finder starts after it).
std::vector<Span> find_placeholders(std::string_view url, unsigned active, std::size_t from = 0);

// The end of the placeholder of an active style starting at t[i], or npos when none starts there.
std::size_t placeholder_end(std::string_view t, std::size_t i, unsigned active);

// The bytes that can start a placeholder of the active styles, and those bytes together with
// `stops` (for a search that ends at either), 16 at a time.
const ByteClass& placeholder_starts(unsigned active);
// Which of the bytes that start placeholders the active styles start with, as a mask below
// kPlaceholderStartSets: classes built from placeholder starts are keyed by it.
unsigned placeholder_start_bits(unsigned active);
inline constexpr std::size_t kPlaceholderStartSets = 1u << 10;

} // namespace pctlint
