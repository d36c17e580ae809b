#include "core/codec/utf8.h"

#include <cstring>
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace pctlint;

namespace {

std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b)
    s.push_back(static_cast<char>(x));
  return s;
}

// Table 3-6, read plainly: one row per line of the table, each a list of byte ranges.
struct Range {
  int lo, hi;
};
const std::vector<std::vector<Range>> kTable36 = {
    {{0x00, 0x7F}},
    {{0xC2, 0xDF}, {0x80, 0xBF}},
    {{0xE0, 0xE0}, {0xA0, 0xBF}, {0x80, 0xBF}},
    {{0xE1, 0xEC}, {0x80, 0xBF}, {0x80, 0xBF}},
    {{0xED, 0xED}, {0x80, 0x9F}, {0x80, 0xBF}},
    {{0xEE, 0xEF}, {0x80, 0xBF}, {0x80, 0xBF}},
    {{0xF0, 0xF0}, {0x90, 0xBF}, {0x80, 0xBF}, {0x80, 0xBF}},
    {{0xF1, 0xF3}, {0x80, 0xBF}, {0x80, 0xBF}, {0x80, 0xBF}},
    {{0xF4, 0xF4}, {0x80, 0x8F}, {0x80, 0xBF}, {0x80, 0xBF}},
};

bool row_matches(const std::vector<Range>& row, const std::string& s, std::size_t pos) {
  if (pos + row.size() > s.size()) return false;
  for (std::size_t k = 0; k < row.size(); ++k) {
    const int b = static_cast<unsigned char>(s[pos + k]);
    if (b < row[k].lo || b > row[k].hi) return false;
  }
  return true;
}

// Well-formed iff the string is a concatenation of rows of the table.
bool well_formed_by_table(const std::string& s) {
  std::size_t pos = 0;
  while (pos < s.size()) {
    bool matched = false;
    for (const auto& row : kTable36) {
      if (row_matches(row, s, pos)) {
        pos += row.size();
        matched = true;
        break;
      }
    }
    if (!matched) return false;
  }
  return true;
}

} // namespace

TEST_CASE("the code point sequence <004D 0430 4E8C 10302> in UTF-8") {
  const std::string expected = bytes({0x4D, 0xD0, 0xB0, 0xE4, 0xBA, 0x8C, 0xF0, 0x90, 0x8C, 0x82});
  std::string encoded;
  for (char32_t cp : {U'\u004D', U'\u0430', U'\u4E8C', U'\U00010302'})
    append_utf8(encoded, cp);
  CHECK(encoded == expected);
  std::vector<char32_t> decoded;
  for (std::size_t i = 0; i < expected.size();) {
    const Utf8Char c = decode_utf8_char(expected, i);
    REQUIRE(c.ok());
    decoded.push_back(c.value);
    i += c.length;
  }
  CHECK(decoded == std::vector<char32_t>{0x4D, 0x430, 0x4E8C, 0x10302});
}

TEST_CASE("<C0 AF> and <E0 9F 80> are ill-formed, <F4 80 83 92> well-formed") {
  const Utf8Status c0 = validate_utf8(bytes({0xC0, 0xAF}));
  CHECK(c0.error == Utf8Error::Overlong);
  CHECK(c0.offset == 0);
  const Utf8Status e0 = validate_utf8(bytes({0xE0, 0x9F, 0x80}));
  CHECK(e0.error == Utf8Error::Overlong);
  CHECK(e0.length == 1);
  CHECK(validate_utf8(bytes({0xF4, 0x80, 0x83, 0x92})).ok());
}

TEST_CASE("euro sign and U+24B62") {
  std::string euro, han;
  append_utf8(euro, 0x20AC);
  append_utf8(han, 0x24B62);
  CHECK(euro == bytes({0xE2, 0x82, 0xAC}));
  CHECK(han == bytes({0xF0, 0xA4, 0xAD, 0xA2}));
  CHECK(decode_utf8_char(euro, 0).value == 0x20AC);
  CHECK(decode_utf8_char(han, 0).value == 0x24B62);
}

TEST_CASE("each error kind, with its offset") {
  struct Case {
    std::string in;
    Utf8Error error;
    std::size_t offset, length;
  };
  const Case cases[] = {
      {"a" + bytes({0x80}), Utf8Error::UnexpectedContinuation, 1, 1},
      {bytes({0xC1}), Utf8Error::InvalidByte, 0, 1},
      {bytes({0xF5, 0x80}), Utf8Error::InvalidByte, 0, 1},
      {bytes({0xFF}), Utf8Error::InvalidByte, 0, 1},
      {"ab" + bytes({0xE2, 0x82}), Utf8Error::Truncated, 2, 2},
      {bytes({0xC3, 0x41}), Utf8Error::BadContinuation, 0, 1},
      {bytes({0xE2, 0x82, 0x41}), Utf8Error::BadContinuation, 0, 2},
      {bytes({0xF0, 0x8F, 0xBF, 0xBF}), Utf8Error::Overlong, 0, 1},
      {bytes({0xC0, 0x80}), Utf8Error::Overlong, 0, 1},
      {bytes({0xED, 0xA0, 0x80}), Utf8Error::Surrogate, 0, 1},
      {bytes({0xF4, 0x90, 0x80, 0x80}), Utf8Error::AboveMax, 0, 1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.in);
    const Utf8Status st = validate_utf8(c.in);
    CHECK(st.error == c.error);
    CHECK(st.offset == c.offset);
    CHECK(st.length == c.length);
  }
}

TEST_CASE("the validator agrees with Table 3-6 on every 1-, 2- and 3-byte sequence") {
  std::string s;
  for (int a = 0; a < 256; ++a) {
    s.assign(1, static_cast<char>(a));
    REQUIRE(validate_utf8(s).ok() == well_formed_by_table(s));
    for (int b = 0; b < 256; ++b) {
      s.assign({static_cast<char>(a), static_cast<char>(b)});
      REQUIRE(validate_utf8(s).ok() == well_formed_by_table(s));
      for (int c = 0; c < 256; ++c) {
        s.assign({static_cast<char>(a), static_cast<char>(b), static_cast<char>(c)});
        if (validate_utf8(s).ok() != well_formed_by_table(s)) {
          FAIL("disagreement on " << a << " " << b << " " << c);
        }
      }
    }
  }
}

TEST_CASE("the validator agrees with Table 3-6 on a dense sample of 4-byte sequences") {
  // Every lead byte F0..F7 plus a few others, every second byte, and third/fourth bytes drawn
  // from the boundaries of each range.
  const int edges[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF};
  std::string s(4, '\0');
  std::size_t checked = 0;
  for (int a : {0x41, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF7, 0xFF}) {
    for (int b = 0; b < 256; ++b) {
      for (int c : edges) {
        for (int d : edges) {
          s[0] = static_cast<char>(a), s[1] = static_cast<char>(b), s[2] = static_cast<char>(c),
          s[3] = static_cast<char>(d);
          ++checked;
          if (validate_utf8(s).ok() != well_formed_by_table(s))
            FAIL("disagreement on " << a << " " << b << " " << c << " " << d);
        }
      }
    }
  }
  CHECK(checked > 400000);
}

// Long inputs take simdjson's SIMD validator first; it must agree with the plain reading too, with
// the sequence at every position of a 64-byte block and across block boundaries.
TEST_CASE("the SIMD path agrees with Table 3-6 on 1-, 2- and 3-byte sequences") {
  std::string buf(140, 'a');
  std::size_t rotate = 0;
  auto check = [&](std::string_view seq) {
    const std::size_t at = rotate++ % 70;
    std::string_view padded(buf.data(), 70 + seq.size() + at % 7);
    std::memcpy(buf.data() + at, seq.data(), seq.size());
    const bool expected = well_formed_by_table(std::string(seq));
    const Utf8Status st = validate_utf8(padded);
    const bool agrees =
        st.ok() == expected && is_valid_utf8(padded) == expected && (expected || st.offset >= at);
    std::memset(buf.data() + at, 'a', seq.size());
    return agrees;
  };
  char seq[3];
  for (int a = 0; a < 256; ++a) {
    seq[0] = static_cast<char>(a);
    REQUIRE(check({seq, 1}));
    for (int b = 0; b < 256; ++b) {
      seq[1] = static_cast<char>(b);
      REQUIRE(check({seq, 2}));
      // Third bytes from the boundaries of every range (the scalar test above covers all 256).
      for (int c : {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF}) {
        seq[2] = static_cast<char>(c);
        if (!check({seq, 3})) FAIL("disagreement on " << a << " " << b << " " << c);
      }
    }
  }
}

TEST_CASE("every scalar value round-trips through append_utf8 / decode_utf8_char") {
  std::string s;
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    s.clear();
    append_utf8(s, cp);
    const Utf8Char c = decode_utf8_char(s, 0);
    if (!c.ok() || c.value != cp || c.length != s.size()) FAIL("round trip of " << cp);
  }
}

TEST_CASE("replace_invalid_utf8 uses one U+FFFD per maximal subpart") {
  // Unicode §3.9's example: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64
  const std::string in =
      bytes({0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64});
  CHECK(replace_invalid_utf8(in) == "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                                    "b\xEF\xBF\xBD"
                                    "c\xEF\xBF\xBD\xEF\xBF\xBD"
                                    "d");
}

TEST_CASE("CESU-8 pairs and Modified UTF-8 NUL are recognised") {
  // U+1F600 in CESU-8: ED A0 BD ED B8 80
  const std::string cesu = bytes({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80});
  CHECK(cesu8_pair_at(cesu, 0) == char32_t{0x1F600});
  CHECK_FALSE(cesu8_pair_at(cesu.substr(0, 3) + "abc", 0).has_value());
  CHECK(modified_utf8_nul_at(bytes({0xC0, 0x80}), 0));
  CHECK_FALSE(modified_utf8_nul_at(bytes({0xC0, 0xAF}), 0));
}
