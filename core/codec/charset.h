// Character sets as constexpr 256-entry lookup tables (after Boost.URL's grammar::lut_chars).
// Every set here is the set of bytes a context allows LITERALLY; percent-encoding encodes the
// complement. The WHATWG URL Standard defines "percent-encode sets" (what to encode); their
// complements are given below under whatwg::, so every encoder takes "the allowed set".
#pragma once

#include <array>
#include <string_view>

namespace pctlint {

class CharSet {
public:
  constexpr CharSet() = default;
  constexpr explicit CharSet(std::string_view chars) {
    for (char c : chars)
      table_[static_cast<unsigned char>(c)] = true;
  }
  static constexpr CharSet range(unsigned char first, unsigned char last) {
    CharSet s;
    for (unsigned c = first; c <= last; ++c)
      s.table_[c] = true;
    return s;
  }

  constexpr bool contains(unsigned char c) const { return table_[c]; }
  constexpr bool contains(char c) const { return table_[static_cast<unsigned char>(c)]; }

  constexpr CharSet operator|(const CharSet& other) const {
    CharSet s;
    for (unsigned c = 0; c < 256; ++c)
      s.table_[c] = table_[c] || other.table_[c];
    return s;
  }
  constexpr CharSet operator-(const CharSet& other) const {
    CharSet s;
    for (unsigned c = 0; c < 256; ++c)
      s.table_[c] = table_[c] && !other.table_[c];
    return s;
  }
  constexpr CharSet operator~() const {
    CharSet s;
    for (unsigned c = 0; c < 256; ++c)
      s.table_[c] = !table_[c];
    return s;
  }
  friend constexpr bool operator==(const CharSet&, const CharSet&) = default;

private:
  std::array<bool, 256> table_{};
};

namespace charsets {

inline constexpr CharSet alpha = CharSet::range('A', 'Z') | CharSet::range('a', 'z');
inline constexpr CharSet digit = CharSet::range('0', '9');
inline constexpr CharSet alnum = alpha | digit;
inline constexpr CharSet hexdig = digit | CharSet("ABCDEFabcdef");

// RFC 3986 §2
inline constexpr CharSet unreserved = alnum | CharSet("-._~");
inline constexpr CharSet gen_delims = CharSet(":/?#[]@");
inline constexpr CharSet sub_delims = CharSet("!$&'()*+,;=");
inline constexpr CharSet reserved = gen_delims | sub_delims;
// RFC 3986 §3
inline constexpr CharSet scheme = alnum | CharSet("+-.");
inline constexpr CharSet pchar = unreserved | sub_delims | CharSet(":@");
inline constexpr CharSet segment = pchar;
inline constexpr CharSet path = pchar | CharSet("/");
inline constexpr CharSet query = pchar | CharSet("/?");
inline constexpr CharSet fragment = pchar | CharSet("/?");
inline constexpr CharSet userinfo = unreserved | sub_delims | CharSet(":");
// reg-name; IP literals ([...]) are checked on their own
inline constexpr CharSet host = unreserved | sub_delims;

// What a URL may never hold literally (RFC 2396 §2.4.3's "excluded" characters, outside RFC 3986's
// sets): C0 controls, space, DEL and
// `"` `<` `>` `\` `^` backtick `{` `|` `}`; non-ASCII bytes are excluded too but reported apart.
inline constexpr CharSet excluded_ascii = CharSet::range(0x00, 0x20) | CharSet("\x7f\"<>\\^`{|}");
inline constexpr CharSet non_ascii = CharSet::range(0x80, 0xFF);

// java.net.URLEncoder (the Java SE API documentation): alphanumerics and . - * _ stay; space
// becomes '+'.
inline constexpr CharSet java_urlencoder = alnum | CharSet(".-*_");

// A parameter name or value inside a query: `& = + #` must be encoded, the rest of query stays.
inline constexpr CharSet query_param = unreserved | CharSet("!$'()*,;:@/?");

namespace whatwg {
// Complements of the URL Standard's percent-encode sets (§1.3), i.e. the bytes left literal.
inline constexpr CharSet c0_control = ~(CharSet::range(0x00, 0x1F) | CharSet::range(0x7F, 0xFF));
inline constexpr CharSet fragment = c0_control - CharSet(" \"<>`");
inline constexpr CharSet query = c0_control - CharSet(" \"#<>");
inline constexpr CharSet special_query = query - CharSet("'");
inline constexpr CharSet path = query - CharSet("?^`{}");
inline constexpr CharSet userinfo = path - CharSet("/:;=@[\\]|");
inline constexpr CharSet component = userinfo - CharSet("$%&+,");
inline constexpr CharSet form_urlencoded = component - CharSet("!'()~");
} // namespace whatwg

} // namespace charsets

// The named sets `pctlint encode --component C` offers.
enum class EncodeComponent { Component, Form, Segment, Path, Query, Fragment };

constexpr const CharSet& allowed_set(EncodeComponent c) {
  switch (c) {
  case EncodeComponent::Component:
    return charsets::unreserved;
  case EncodeComponent::Form:
    return charsets::java_urlencoder;
  case EncodeComponent::Segment:
    return charsets::segment;
  case EncodeComponent::Path:
    return charsets::path;
  case EncodeComponent::Query:
    return charsets::query_param;
  case EncodeComponent::Fragment:
    return charsets::fragment;
  }
  return charsets::unreserved;
}

} // namespace pctlint
