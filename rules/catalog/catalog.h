// What the rule files share: their registration functions and small scanning helpers.
#pragma once

#include "core/codec/percent.h"
#include "rules/config.h"
#include "rules/rule.h"

#include <string>

namespace pctlint {

const Rule& lowercase_hex_rule();
const Rule& invalid_utf8_escape_rule();
const Rule& unencoded_char_rule();
const Rule& non_ascii_rule();
const Rule& unencoded_reserved_rule();
const Rule& percent_u_rule();
const Rule& malformed_escape_rule();
const Rule& encoded_unreserved_rule();
const Rule& double_encoded_rule();
const Rule& encoded_slash_rule();
const Rule& control_escape_rule();
const Rule& invalid_suppression_rule();
const Rule& parser_differential_rule();

// Where the fragment directive (":~:", text fragments) begins in the URL's text; npos if none.
std::size_t fragment_directive(const UrlUnderCheck& url);
// Whether the escape of `b` at url.text[i] is PCT008's: an unreserved character, but '-' in a
// fragment directive (which begins at `directive`, fragment_directive's answer, asked once per
// URL), where it is the directive's syntax and %2D is its own text.
bool encoded_unreserved_at(std::size_t directive, std::size_t i, unsigned char b);

inline std::string escape_of(unsigned char b) {
  std::string out;
  append_escape(out, b);
  return out;
}

inline unsigned char escape_byte(std::string_view text, std::size_t pos) {
  return static_cast<unsigned char>(hex_value(text[pos + 1]) * 16 + hex_value(text[pos + 2]));
}

// Calls fn(offset, byte) for every well-formed "%XX" outside template placeholders.
template <typename Fn> void for_each_escape(const UrlUnderCheck& url, Fn fn) {
  const std::string_view t = url.text;
  if (url.escapes) {
    for (const std::uint32_t i : *url.escapes)
      fn(std::size_t{i}, escape_byte(t, i));
    return;
  }
  std::vector<std::uint32_t> escapes;
  escapes_of(url.url, escapes);
  for (const std::uint32_t i : escapes)
    fn(std::size_t{i}, escape_byte(t, i));
}

// Groups adjacent spans (end == next begin) so one finding covers "%c3%a4", not two.
inline std::vector<Span> merge_adjacent(const std::vector<Span>& spans) {
  std::vector<Span> out;
  for (const Span& s : spans) {
    if (!out.empty() && out.back().end == s.begin)
      out.back().end = s.end;
    else
      out.push_back(s);
  }
  return out;
}

inline std::string quoted(std::string_view s) {
  return "'" + std::string(s) + "'";
}

// About `n` bytes of `t` from `i`, for a message: a character the n-th byte begins is taken
// whole ("%" and "자", never "%" and half of it).
inline std::string_view text_at(std::string_view t, std::size_t i, std::size_t n) {
  std::size_t end = std::min(t.size(), i + n);
  while (end < t.size() && (static_cast<unsigned char>(t[end]) & 0xC0) == 0x80)
    ++end;
  return t.substr(i, end - i);
}

// A fragment that is a single-page application's route or state ("#/docs/x", "#!/page",
// "#!state=1", "#path=%252FARM": a name and '=', hash parameters): the application reads it with
// its own grammar and encoding, not RFC 3986's. A text directive ("#:~:text=") is the browser's.
inline bool client_side_route(std::string_view fragment) {
  if (fragment.starts_with("/") || fragment.starts_with("!")) return true;
  std::size_t k = 0;
  while (k < fragment.size() && (charsets::alnum.contains(fragment[k]) || fragment[k] == '_' ||
                                 fragment[k] == '-' || fragment[k] == '.'))
    ++k;
  return k > 0 && k < fragment.size() && fragment[k] == '=';
}

// Whether the byte `c` at t[i] is in the fragment `fragment` and is one that browsers keep as
// written there: the WHATWG URL Standard's fragment percent-encode set is the C0 control set
// (controls and every byte above '~'), space, '"', '<', '>' and '`'; a '|', '#', '[' or '^' stays
// raw in `location.hash`. Encoding it changes the string a page's script reads (Google Translate's
// "#googtrans(en|en)"), so its fix is unsafe.
inline bool kept_raw_in_fragment(const std::optional<Span>& fragment, std::size_t i,
                                 unsigned char c) {
  if (!fragment || i < fragment->begin || i >= fragment->end) return false;
  return c > 0x20 && c < 0x7F && c != '"' && c != '<' && c != '>' && c != '`';
}

// Whether t[i] lies in the query `query` (a span of t), when there is one.
inline bool in_query(const std::optional<Span>& query, std::size_t i) {
  return query && query->begin <= i && i < query->end;
}

// The value of the query parameter that holds t[i]: from after its '=' (or the pair's start) to
// the next '&' or ';'; empty when t[i] is not in the query. Rules that leave a whole value
// alone (a placeholder written as words, a site's own state) judge it as one.
inline std::string_view query_value_at(std::string_view t, const std::optional<Span>& query,
                                       std::size_t i) {
  if (!in_query(query, i)) return {};
  std::size_t begin = i, end = i;
  while (begin > query->begin && t[begin - 1] != '=' && t[begin - 1] != '&' && t[begin - 1] != ';')
    --begin;
  while (end < query->end && t[end] != '&' && t[end] != ';')
    ++end;
  return t.substr(begin, end - begin);
}

} // namespace pctlint
