// PCT008 encoded-unreserved
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT008",
    .name = "encoded-unreserved",
    .default_severity = Severity::Info,
    .summary = "Unreserved character needlessly percent-encoded",
    .docs =
        R"(Finds escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`), such as `%41` or `%7E`.

RFC 3986 §2.3: "URIs that differ in the replacement of an unreserved character with its
corresponding percent-encoded US-ASCII octet are equivalent", and §6.2.2.2 normalizes them by
decoding. Some consumers still treat `%7E` and `~` differently, so the decoded form is the one to
write.

## Bad
    https://example.com/%7Euser/file%2Etxt

## Good
    https://example.com/~user/file.txt

A `%2D` in a fragment directive (`#:~:text=…`) is left alone: there `-` is the directive's own
syntax (a prefix's or suffix's mark), so a literal hyphen must stay encoded (URL Fragment Text
Directives, WICG).

## Fix
Writes the character itself (safe: equivalent by definition). Unsafe before more hex digits
(`logoColor=%46E3B7`, a colour whose `%23` lost its `23`: the digits are the repair's), and where
a component is written
with escapes alone, reserved and unreserved alike (`name=%3C%73%63%72%69%70%74%3E`, four escapes or
more): an encode-everything encoder's output, or text obfuscated on purpose, which decoding only
the unreserved ones would leave half decoded.
)",
    .fix = FixAvailability::Always,
};

// Whether the escapes around `s` fill a whole component (a path segment, a query name or value, a
// fragment) with escapes alone, reserved and unreserved alike, four or more
// ("name=%3C%73%63%72%69%70%74%3E": an encode-everything encoder, or text obfuscated on purpose,
// as an article about cross-site scripting shows it). Decoding only its unreserved escapes leaves
// a half-decoded mix that undoes what the text shows: equivalent, but not a safe edit.
bool fully_encoded_component(std::string_view t, const Span& s) {
  const auto escape_at = [&](std::size_t i) {
    return i + 3 <= t.size() && t[i] == '%' && hex_value(t[i + 1]) >= 0 && hex_value(t[i + 2]) >= 0;
  };
  std::size_t begin = s.begin, end = s.end;
  while (begin >= 3 && escape_at(begin - 3))
    begin -= 3;
  while (escape_at(end))
    end += 3;
  constexpr std::string_view kDelimiters = "/?#&=;:";
  if ((begin > 0 && kDelimiters.find(t[begin - 1]) == std::string_view::npos) ||
      (end < t.size() && kDelimiters.find(t[end]) == std::string_view::npos) ||
      (end - begin) / 3 < 4)
    return false;
  for (std::size_t i = begin; i < end; i += 3)
    if (!charsets::unreserved.contains(static_cast<char>(escape_byte(t, i)))) return true;
  return false;
}

class EncodedUnreserved final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    return EscapeTriggers{byte_set(charsets::unreserved), false, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    std::vector<Span> spans;
    const std::size_t directive = fragment_directive(url);
    for_each_escape(url, [&](std::size_t i, unsigned char b) {
      if (encoded_unreserved_at(directive, i, b)) spans.push_back({i, i + 3});
    });
    for (const Span& s : merge_adjacent(spans)) {
      std::string decoded;
      for (std::size_t i = s.begin; i < s.end; i += 3)
        decoded.push_back(static_cast<char>(escape_byte(url.text, i)));
      // "%%31" -> "%1" would make a new escape out of a stray '%' before it: not safe then.
      const std::string_view t = url.text;
      const bool joins =
          hex_value(decoded[0]) >= 0 &&
          ((s.begin >= 1 && t[s.begin - 1] == '%') ||
           (s.begin >= 2 && t[s.begin - 2] == '%' && hex_value(t[s.begin - 1]) >= 0));
      // "logoColor=%46E3B7": an escaped hex digit and more hex digits, a colour whose "%23" lost
      // its "23"; writing "F" would erase the digits its repair ("%2346E3B7") needs.
      const bool colour_like = hex_value(decoded.back()) >= 0 && s.end + 2 <= t.size() &&
                               hex_value(t[s.end]) >= 0 && hex_value(t[s.end + 1]) >= 0;
      const bool unsafe = joins || colour_like || fully_encoded_component(t, s);
      out.push_back(
          {s,
           quoted(s.in(t)) + " encodes unreserved " + quoted(decoded) + ", which needs no encoding",
           UrlFix{"Write " + quoted(decoded),
                  unsafe ? Applicability::Unsafe : Applicability::Safe,
                  {{s, decoded}}}});
    }
  }
};

} // namespace

std::size_t fragment_directive(const UrlUnderCheck& url) {
  if (!url.parts.fragment) return std::string_view::npos;
  const std::string_view fragment = url.parts.fragment->in(url.text);
  const std::size_t at = fragment.find(":~:");
  return at == std::string_view::npos ? at : url.parts.fragment->begin + at;
}

bool encoded_unreserved_at(std::size_t directive, std::size_t i, unsigned char b) {
  return charsets::unreserved.contains(b) && !(b == '-' && i > directive);
}

const Rule& encoded_unreserved_rule() {
  static const EncodedUnreserved rule;
  return rule;
}

} // namespace pctlint
