#include "core/codec/position.h"
#include "core/scan.h"

#include <algorithm>
#include <doctest/doctest.h>
#include <random>
#include <string>
#include <string_view>
#include <vector>

using namespace pctlint;

namespace {

// Up to `max_size` bytes: each from `alphabet` on a one-in-`rarity` draw, else `filler`.
std::string random_text(std::mt19937& rng, std::size_t max_size, std::string_view alphabet,
                        unsigned rarity = 1, char filler = 'x') {
  std::string text(rng() % (max_size + 1), filler);
  for (char& c : text)
    if (rng() % rarity == 0) c = alphabet[rng() % alphabet.size()];
  return text;
}

} // namespace

TEST_CASE("columns on a line with é, 中 and an emoji in all three encodings") {
  // "é中😀x": é=2 bytes, 中=3 bytes, 😀=4 bytes (2 UTF-16 units)
  const std::string text = "\xC3\xA9\xE4\xB8\xAD\xF0\x9F\x98\x80x";
  const LineIndex index(text);
  const std::size_t x = text.size() - 1;
  CHECK(index.position_of(x, OffsetEncoding::Utf8) == LinePosition{0, 9});
  CHECK(index.position_of(x, OffsetEncoding::Utf16) == LinePosition{0, 4});
  CHECK(index.position_of(x, OffsetEncoding::Utf32) == LinePosition{0, 3});
  CHECK(index.offset_of({0, 4}, OffsetEncoding::Utf16) == x);
  CHECK(index.offset_of({0, 3}, OffsetEncoding::Utf32) == x);
  // Inside the surrogate pair: rounds down to the emoji's start.
  CHECK(index.offset_of({0, 3}, OffsetEncoding::Utf16) == 5);
  // Inside a multi-byte character in UTF-8 columns.
  CHECK(index.offset_of({0, 1}, OffsetEncoding::Utf8) == 0);
  // Past the end of the line clamps to its end.
  CHECK(index.offset_of({0, 99}, OffsetEncoding::Utf16) == text.size());
}

TEST_CASE("CRLF, CR and LF line ends, tabs") {
  const std::string text = "a\r\n\tb\rc\nd";
  const LineIndex index(text);
  REQUIRE(index.line_count() == 4);
  CHECK(index.line(0) == "a");
  CHECK(index.line(1) == "\tb");
  CHECK(index.line(2) == "c");
  CHECK(index.line(3) == "d");
  CHECK(index.position_of(4, OffsetEncoding::Utf16) == LinePosition{1, 1});
  CHECK(index.offset_of({1, 1}, OffsetEncoding::Utf16) == 4);
  // The '\r' of a CRLF belongs to no column past the line's end.
  CHECK(index.position_of(1, OffsetEncoding::Utf16) == LinePosition{0, 1});
  CHECK(index.position_of(2, OffsetEncoding::Utf16) == LinePosition{0, 1});
  CHECK(index.offset_of({9, 0}, OffsetEncoding::Utf16) == text.size());
}

TEST_CASE("ill-formed bytes count as one code point each maximal subpart") {
  const std::string line = "\xC4x\xF0\x9F";
  CHECK(count_units(line, OffsetEncoding::Utf16) == 3);
  CHECK(count_units(line, OffsetEncoding::Utf8) == 4);
  CHECK(byte_offset_of_units(line, 2, OffsetEncoding::Utf16) == 2);
}

TEST_CASE("offset -> position -> offset round-trips on character boundaries") {
  const std::string text = "h\xC3\xA9llo \xF0\x9F\x98\x80\r\n\t\xE4\xB8\xAD\xE6\x96\x87 end\n";
  const LineIndex index(text);
  for (auto enc : {OffsetEncoding::Utf8, OffsetEncoding::Utf16, OffsetEncoding::Utf32}) {
    for (std::size_t off : {0u, 1u, 3u, 7u, 11u, 14u, 17u, 20u}) {
      CAPTURE(off);
      CHECK(index.offset_of(index.position_of(off, enc), enc) == off);
    }
  }
}

TEST_CASE("find_byte_in_context agrees with a plain loop at every length, start and alignment") {
  std::mt19937 rng(11);
  const std::string alphabet = ":/\\oOtTx";
  const ByteContext colon{':', {'/', '\\'}, {'o', 'O'}, {'t', 'T'}};
  std::size_t found = 0;
  for (int n = 0; n < 5000; ++n) {
    const std::string text = random_text(rng, 200, alphabet, 2);
    const std::size_t from = rng() % (text.size() + 1);
    std::size_t expected = text.size();
    for (std::size_t i = from; i < text.size(); ++i) {
      const char after = i + 1 < text.size() ? text[i + 1] : '\0';
      const char before = i > 0 ? text[i - 1] : '\0';
      const char before2 = i > 1 ? text[i - 2] : '\0';
      if (text[i] == ':' &&
          (after == '/' || after == '\\' ||
           ((before == 'o' || before == 'O') && (before2 == 't' || before2 == 'T')))) {
        expected = i;
        break;
      }
    }
    found += expected < text.size();
    REQUIRE(find_byte_in_context(text, from, colon) == expected);
  }
  CHECK(found > 1000); // most texts hold a match, at random places
}

TEST_CASE("ByteClass finds its members as a table lookup per byte does") {
  std::mt19937 rng(13);
  for (int n = 0; n < 300; ++n) {
    std::array<bool, 256> members{};
    const unsigned density = 1 + rng() % 8;
    for (bool& m : members)
      m = rng() % density == 0;
    const ByteClass set(members);
    std::string text(rng() % 150, '\0');
    for (char& c : text)
      c = static_cast<char>(rng() % 256);
    for (std::size_t from = 0; from < text.size(); from += 1 + rng() % 5) {
      const std::size_t to = rng() % 2 ? SIZE_MAX : from + rng() % 80;
      std::uint64_t expected = 0;
      for (std::size_t k = 0; k < 64 && from + k < std::min(text.size(), to); ++k)
        if (members[static_cast<unsigned char>(text[from + k])]) expected |= std::uint64_t{1} << k;
      REQUIRE(set.members_at(text, from, to) == expected);
      const std::size_t end = std::min(text.size(), to);
      std::size_t first = from;
      while (first < end && !members[static_cast<unsigned char>(text[first])])
        ++first;
      REQUIRE(set.find(text, from, to) == first);
    }
  }
}

TEST_CASE("find_any_of3 agrees with find_first_of at every length, start and end") {
  std::mt19937 rng(9);
  const std::string alphabet = "abc\\\"'x";
  for (int n = 0; n < 3000; ++n) {
    const std::string text = random_text(rng, 80, alphabet, 8);
    const std::size_t from = rng() % (text.size() + 1);
    const std::size_t end = from + rng() % (text.size() - from + 1);
    const std::size_t expected = std::string_view(text).substr(0, end).find_first_of("\\\"'", from);
    REQUIRE(find_any_of3(text, from, end, '\\', '"', '\'') ==
            (expected == std::string_view::npos ? end : expected));
  }
}

TEST_CASE("count_byte and contains agree with plain loops at every length and alignment") {
  std::mt19937 rng(5);
  const std::string alphabet = "pctlin-\n\r a";
  for (int n = 0; n < 3000; ++n) {
    std::string text = random_text(rng, 300, alphabet);
    if (rng() % 3 == 0) text.insert(rng() % (text.size() + 1), "pctlint-");
    const std::string_view view = std::string_view(text).substr(rng() % 4 % (text.size() + 1));
    REQUIRE(count_byte(view, '\n') ==
            static_cast<std::size_t>(std::count(view.begin(), view.end(), '\n')));
    REQUIRE(contains(view, "pctlint-") == (view.find("pctlint-") != std::string_view::npos));
    REQUIRE(contains(view, "-\n") == (view.find("-\n") != std::string_view::npos));
  }
}

TEST_CASE("count_byte over long texts, past its counters' 255-block rounds") {
  std::mt19937 rng(6);
  for (std::size_t size : {8159u, 8160u, 8161u, 100000u, 300007u}) {
    std::string text(size, 'a');
    for (char& c : text)
      c = rng() % 3 == 0 ? '\n' : 'a';
    CHECK(count_byte(text, '\n') ==
          static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')));
    std::fill(text.begin(), text.end(), '\n'); // every counter at its fullest
    CHECK(count_byte(text, '\n') == size);
  }
}

TEST_CASE("LineCursor answers as LineIndex does, with LF, CRLF, CR and non-ASCII text") {
  std::mt19937 rng(9);
  const std::vector<std::string> pieces = {"a",  "\t", "é",    "中", "😀",
                                           "\n", "\n", "\r\n", "\r", " "};
  for (int n = 0; n < 500; ++n) {
    std::string text;
    const bool with_cr = n % 2 == 0;
    for (int k = 0, len = int(rng() % 200); k < len; ++k) {
      const std::string& p = pieces[rng() % pieces.size()];
      if (!with_cr && p.find('\r') != std::string::npos) continue;
      text += p;
    }
    const LineIndex index(text);
    LineCursor cursor(text);
    for (std::size_t offset = 0; offset <= text.size() + 2; offset += 1 + rng() % 7) {
      const LineCursor::Line line = cursor.line_at(offset);
      const LinePosition expected = index.position_of(offset, OffsetEncoding::Utf16);
      REQUIRE(line.index == expected.line);
      REQUIRE(line.start == index.line_start(expected.line));
      REQUIRE(line.text == index.line(expected.line));
      const std::size_t in_line =
          std::min(std::min(offset, text.size()) - line.start, line.text.size());
      REQUIRE(column_of(line.text, in_line, OffsetEncoding::Utf16) == expected.column);
    }
  }
}

TEST_CASE("offset_of(text, position) answers as LineIndex::offset_of does") {
  std::mt19937 rng(11);
  const std::vector<std::string> pieces = {"a", "\t", "é", "😀", "\n", "\r\n", "\r", " "};
  for (int n = 0; n < 300; ++n) {
    std::string text;
    const bool with_cr = n % 2 == 0;
    // Long texts too, so that whole 4 KiB blocks are skipped.
    for (int k = 0, len = int(rng() % (n % 5 == 1 ? 20000 : 200)); k < len; ++k) {
      const std::string& p = pieces[rng() % pieces.size()];
      if (!with_cr && p.find('\r') != std::string::npos) continue;
      text += p;
    }
    const LineIndex index(text);
    for (int k = 0; k < 40; ++k) {
      const LinePosition pos{rng() % (index.line_count() + 2), rng() % 12};
      for (OffsetEncoding enc :
           {OffsetEncoding::Utf8, OffsetEncoding::Utf16, OffsetEncoding::Utf32})
        REQUIRE(offset_of(text, pos, enc) == index.offset_of(pos, enc));
    }
  }
}

TEST_CASE("LocatedOffsets answers as LineIndex does, for offsets in any order and repeated") {
  std::mt19937 rng(13);
  const std::vector<std::string> pieces = {"a", "\t", "é", "😀", "\n", "\r\n", "\r", " "};
  for (int n = 0; n < 300; ++n) {
    std::string text;
    for (int k = 0, len = int(rng() % 200); k < len; ++k)
      text += pieces[rng() % pieces.size()];
    std::vector<std::size_t> offsets(rng() % 20);
    for (std::size_t& o : offsets)
      o = rng() % (text.size() + 3);
    if (!offsets.empty()) offsets.push_back(offsets.front());
    const LineIndex index(text);
    const LocatedOffsets located(text, offsets);
    for (std::size_t o : offsets) {
      const LinePosition expected = index.position_of(o, OffsetEncoding::Utf16);
      CHECK(located.position_of(o, OffsetEncoding::Utf16) == expected);
      CHECK(located.line_of(o).text == index.line(expected.line));
    }
  }
}
