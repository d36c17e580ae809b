// Offsets and positions: byte offsets <-> (line, column) with columns counted in UTF-8, UTF-16
// or UTF-32 code units, as LSP 3.17's positionEncoding negotiates. Lines end at \n, \r\n or \r.
// Ill-formed UTF-8 counts as one code point (U+FFFD) per maximal subpart, so every byte offset
// that is a character boundary has a column and converting back lands on the same boundary.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace pctlint {

enum class OffsetEncoding { Utf8, Utf16, Utf32 };

// Code units of `enc` needed for `text`.
std::size_t count_units(std::string_view text, OffsetEncoding enc);

// The byte offset in `line` after `units` code units of `enc`; clamped to the line's length and
// rounded down to a character boundary (a column inside a surrogate pair lands before the pair).
std::size_t byte_offset_of_units(std::string_view line, std::size_t units, OffsetEncoding enc);

struct LinePosition {
  std::size_t line = 0;   // 0-based
  std::size_t column = 0; // 0-based, in code units of the chosen encoding
  friend bool operator==(const LinePosition&, const LinePosition&) = default;
};

// Line starts of a text, for converting offsets in both directions.
class LineIndex {
public:
  explicit LineIndex(std::string_view text);

  std::size_t line_count() const { return starts_.size(); }
  // The line's text without its terminator.
  std::string_view line(std::size_t index) const;
  std::size_t line_start(std::size_t index) const { return starts_[index]; }

  // Offset (clamped to the text's size; inside a line terminator or a character it maps to the
  // character's start) -> position.
  LinePosition position_of(std::size_t offset, OffsetEncoding enc) const;
  // Position -> offset; a line past the end maps to the text's end, a column past the line's end
  // to the line's end (LSP's rule).
  std::size_t offset_of(LinePosition pos, OffsetEncoding enc) const;

private:
  std::string_view text_;
  std::vector<std::size_t> starts_;
};

// The column of byte `in_line` of `line` in `enc` code units; an offset inside a character counts
// from the character's start.
std::size_t column_of(std::string_view line, std::size_t in_line, OffsetEncoding enc);

// Lines of ascending offsets in one forward pass that counts line breaks in bulk: for callers that
// want a few positions in each of many long texts (the CLI), where building a LineIndex would
// visit every line. Answers exactly as LineIndex does.
class LineCursor {
public:
  explicit LineCursor(std::string_view text);

  struct Line {
    std::size_t index = 0; // 0-based
    std::size_t start = 0; // byte offset of the line's start
    std::string_view text; // without its terminator
  };
  // The line holding `offset` (clamped to the text's size). Offsets must not decrease.
  Line line_at(std::size_t offset);

private:
  std::string_view text_;
  std::optional<LineIndex> index_; // text with '\r' (CR and CRLF breaks): the exact slow path
  std::size_t pos_ = 0, line_ = 0, line_start_ = 0;
  std::size_t checked_ = 0;            // text_[0, checked_) holds no '\r'
  std::size_t end_from_ = 1, end_ = 0; // the line end found searching from end_from_
};

// The lines and positions of a set of offsets given in any order, found in one LineCursor pass:
// what a report of a file's findings needs (their starts, ends and edits).
class LocatedOffsets {
public:
  LocatedOffsets(std::string_view text, std::vector<std::size_t> offsets);
  // `offset` must be one of those given.
  const LineCursor::Line& line_of(std::size_t offset) const;
  LinePosition position_of(std::size_t offset, OffsetEncoding enc) const;

private:
  std::size_t text_size_;
  std::vector<std::size_t> offsets_; // sorted, unique
  std::vector<LineCursor::Line> lines_;
  mutable std::array<std::vector<std::size_t>, 3> columns_; // by OffsetEncoding, when asked
};

// LineIndex::offset_of without indexing the text: only the lines up to `pos.line` are walked
// (in bulk where the text has no '\r'). For one-off conversions in long texts (an LSP edit).
std::size_t offset_of(std::string_view text, LinePosition pos, OffsetEncoding enc);

} // namespace pctlint
