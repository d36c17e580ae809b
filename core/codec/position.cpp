#include "core/codec/position.h"

#include "core/codec/utf8.h"
#include "core/scan.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace pctlint {

namespace {

// Code units one decoded step occupies; an ill-formed subpart stands for one U+FFFD.
std::size_t units_of(const Utf8Char& c, OffsetEncoding enc) {
  switch (enc) {
  case OffsetEncoding::Utf8:
    return c.length;
  case OffsetEncoding::Utf32:
    return 1;
  case OffsetEncoding::Utf16:
    return c.ok() && c.value >= 0x10000 ? 2 : 1;
  }
  return 1;
}

} // namespace

std::size_t count_units(std::string_view text, OffsetEncoding enc) {
  if (enc == OffsetEncoding::Utf8) return text.size();
  std::size_t units = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++units;
      ++i;
      continue;
    }
    const Utf8Char c = decode_utf8_char(text, i);
    units += units_of(c, enc);
    i += c.length;
  }
  return units;
}

std::size_t byte_offset_of_units(std::string_view line, std::size_t units, OffsetEncoding enc) {
  std::size_t i = 0;
  std::size_t seen = 0;
  while (i < line.size()) {
    const Utf8Char c = decode_utf8_char(line, i);
    const std::size_t w = units_of(c, enc);
    // UTF-8 columns may point inside a character: round down to its start.
    if (seen + w > units) return i;
    seen += w;
    i += c.length;
  }
  return line.size();
}

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  // Most text has no '\r': then memchr finds the line ends.
  if (std::memchr(text.data(), '\r', text.size()) == nullptr) {
    const char* p = text.data();
    const char* end = p + text.size();
    while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
      p = static_cast<const char*>(nl) + 1;
      starts_.push_back(static_cast<std::size_t>(p - text.data()));
    }
    return;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      starts_.push_back(i + 1);
    } else if (text[i] == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      starts_.push_back(i + 1);
    }
  }
}

std::string_view LineIndex::line(std::size_t index) const {
  const std::size_t begin = starts_[index];
  std::size_t end = index + 1 < starts_.size() ? starts_[index + 1] : text_.size();
  if (end > begin && text_[end - 1] == '\n') --end;
  if (end > begin && text_[end - 1] == '\r') --end;
  return text_.substr(begin, end - begin);
}

LinePosition LineIndex::position_of(std::size_t offset, OffsetEncoding enc) const {
  offset = std::min(offset, text_.size());
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const std::size_t line_no = static_cast<std::size_t>(it - starts_.begin()) - 1;
  const std::string_view text = line(line_no);
  const std::size_t in_line = std::min(offset - starts_[line_no], text.size());
  return {line_no, column_of(text, in_line, enc)};
}

namespace {

// column_of() from a point it reached before: `i` and `units` are where an earlier count for a
// smaller offset stopped, and are where this one stops.
void count_on(std::string_view line, std::size_t in_line, OffsetEncoding enc, std::size_t& i,
              std::size_t& units) {
  // ASCII first, 8 bytes at a time: each is one unit in every encoding.
  for (std::uint64_t word; i + 8 <= in_line; i += 8, units += 8) {
    std::memcpy(&word, line.data() + i, 8);
    if (word & 0x8080808080808080u) break;
  }
  while (i < in_line) {
    if (static_cast<unsigned char>(line[i]) < 0x80) {
      ++units, ++i;
      continue;
    }
    const Utf8Char c = decode_utf8_char(line, i);
    if (i + c.length > in_line) break;
    units += units_of(c, enc);
    i += c.length;
  }
}

} // namespace

std::size_t column_of(std::string_view line, std::size_t in_line, OffsetEncoding enc) {
  // Count whole characters before `in_line`; an offset inside a character maps to its start.
  std::size_t i = 0, units = 0;
  count_on(line, in_line, enc, i, units);
  return units;
}

LineCursor::LineCursor(std::string_view text) : text_(text) {}

LineCursor::Line LineCursor::line_at(std::size_t offset) {
  offset = std::min(offset, text_.size());
  std::size_t line_end = text_.size();
  if (!index_) {
    // The end of the line found for an earlier offset serves every offset up to it: many
    // offsets on one long line cost one search, not one each.
    if (offset >= end_from_ && offset <= end_) {
      line_end = end_;
    } else {
      if (const void* end = std::memchr(text_.data() + offset, '\n', text_.size() - offset))
        line_end = static_cast<std::size_t>(static_cast<const char*>(end) - text_.data());
      end_from_ = offset;
      end_ = line_end;
    }
    // The fast path holds while no '\r' (a CR or CRLF break) comes before this line's end; the
    // text is checked only as far as it is asked about.
    if (line_end > checked_) {
      if (std::memchr(text_.data() + checked_, '\r', line_end - checked_))
        index_.emplace(text_);
      else
        checked_ = line_end;
    }
  }
  if (index_) {
    const std::size_t n = index_->position_of(offset, OffsetEncoding::Utf8).line;
    return {n, index_->line_start(n), index_->line(n)};
  }
  if (offset > pos_) {
    const std::string_view skipped = text_.substr(pos_, offset - pos_);
    if (const std::size_t breaks = count_byte(skipped, '\n')) {
      line_ += breaks;
      const char* last = find_last_byte(skipped.data(), '\n', skipped.size());
      line_start_ = static_cast<std::size_t>(last - text_.data()) + 1;
    }
    pos_ = offset;
  }
  return {line_, line_start_, text_.substr(line_start_, line_end - line_start_)};
}

LocatedOffsets::LocatedOffsets(std::string_view text, std::vector<std::size_t> offsets)
    : text_size_(text.size()), offsets_(std::move(offsets)) {
  std::sort(offsets_.begin(), offsets_.end());
  offsets_.erase(std::unique(offsets_.begin(), offsets_.end()), offsets_.end());
  LineCursor cursor(text);
  lines_.reserve(offsets_.size());
  for (std::size_t offset : offsets_)
    lines_.push_back(cursor.line_at(offset));
}

const LineCursor::Line& LocatedOffsets::line_of(std::size_t offset) const {
  return lines_[static_cast<std::size_t>(
      std::lower_bound(offsets_.begin(), offsets_.end(), offset) - offsets_.begin())];
}

LinePosition LocatedOffsets::position_of(std::size_t offset, OffsetEncoding enc) const {
  std::vector<std::size_t>& columns = columns_[static_cast<std::size_t>(enc)];
  if (columns.empty() && !offsets_.empty()) {
    // All of them at once, each line's columns counted on from the previous offset's: many
    // offsets on one long line (a minified file) cost one pass over it, not one each.
    columns.reserve(offsets_.size());
    std::size_t i = 0, units = 0;
    for (std::size_t k = 0; k < offsets_.size(); ++k) {
      const LineCursor::Line& l = lines_[k];
      if (k == 0 || lines_[k - 1].start != l.start) i = units = 0;
      const std::size_t in_line =
          std::min(std::min(offsets_[k], text_size_) - l.start, l.text.size());
      count_on(l.text, in_line, enc, i, units);
      columns.push_back(units);
    }
  }
  const std::size_t k = static_cast<std::size_t>(
      std::lower_bound(offsets_.begin(), offsets_.end(), offset) - offsets_.begin());
  return {lines_[k].index, columns[k]};
}

std::size_t LineIndex::offset_of(LinePosition pos, OffsetEncoding enc) const {
  if (pos.line >= starts_.size()) return text_.size();
  return starts_[pos.line] + byte_offset_of_units(line(pos.line), pos.column, enc);
}

std::size_t offset_of(std::string_view text, LinePosition pos, OffsetEncoding enc) {
  std::size_t start = 0, line = 0;
  if (!std::memchr(text.data(), '\r', text.size())) {
    // Whole blocks while they hold fewer line breaks than are left to pass.
    constexpr std::size_t kBlock = 4096;
    while (start + kBlock <= text.size()) {
      const std::size_t breaks = count_byte(text.substr(start, kBlock), '\n');
      if (line + breaks >= pos.line) break;
      line += breaks;
      start += kBlock;
    }
    // `start` may now sit mid-line; the next '\n' ends that line.
    while (line < pos.line) {
      const void* nl = std::memchr(text.data() + start, '\n', text.size() - start);
      if (!nl) return text.size();
      start = static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1;
      ++line;
    }
    const void* nl = std::memchr(text.data() + start, '\n', text.size() - start);
    const std::size_t end =
        nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
    return start + byte_offset_of_units(text.substr(start, end - start), pos.column, enc);
  }
  return LineIndex(text).offset_of(pos, enc);
}

} // namespace pctlint
