// PCT002 invalid-utf8-escape
#include "core/codec/utf8.h"
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT002",
    .name = "invalid-utf8-escape",
    .default_severity = Severity::Error,
    .summary = "Percent-escapes whose bytes are not well-formed UTF-8 (Table 3-6)",
    .docs =
        R"(Finds percent-escapes whose bytes are not well-formed UTF-8 per Unicode's Table 3-6: a
lone `%C4` (Latin-1 where UTF-8 was meant), a stray continuation byte `%80`, overlong forms such
as `%C0%AF`, encoded surrogates `%ED%A0%80`, code points above U+10FFFF (`%F4%90%80%80`), bytes
that never occur in UTF-8 (`%C0`, `%C1`, `%F5`..`%FF`) and truncated sequences.

RFC 3986 §2.5 and the WHATWG URL Standard decode escapes as UTF-8; a receiver must reject such
input or replace it with U+FFFD, so the URL does not mean what its author intended. Overlong
forms have been used to smuggle `/` and `.` past path filters.

## Bad
    https://www.ncbi.nlm.nih.gov/pubmed?term=%C4rzteblatt

## Good
    https://www.ncbi.nlm.nih.gov/pubmed?term=%C3%84rzteblatt

## Fix
A CESU-8 surrogate pair (`%ED%A0%BD%ED%B8%80`) becomes the UTF-8 of its character
(`%F0%9F%98%80`), and Modified UTF-8's `%C0%80` becomes `%00`: both safe, the character is the
same. A sequence cut short at the end of a string literal that code goes on after
(`"https://x/caf%C3" + rest`) is not reported; one continued in a literal joined to it
(`"https://x/caf%C3" "%A9"`) is checked joined. Other bytes are re-encoded as UTF-8 assuming they were Windows-1252/ISO-8859-1 (`%C4` ->
`%C3%84`): unsafe, because that guess may be wrong. Overlong forms, surrogates and code points
above U+10FFFF get no automatic fix.
)",
    .fix = FixAvailability::Sometimes,
};

// Windows-1252's 0x80..0x9F; the five undefined bytes map to the C1 controls, as ISO-8859-1 does.
constexpr char16_t kWindows1252[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

std::string as_windows1252(std::string_view bytes) {
  std::string utf8;
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    append_utf8(utf8, b >= 0x80 && b < 0xA0 ? kWindows1252[b - 0x80] : b);
  }
  return percent_encode(utf8, charsets::unreserved);
}

class InvalidUtf8Escape final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    // only an escaped byte >= 0x80 can be ill-formed UTF-8
    return EscapeTriggers{byte_range(0x80, 0xFF), false, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const std::string_view t = url.text;
    // Only an escape of a byte >= 0x80 can be ill-formed UTF-8: most URLs have none.
    bool high_escape = false;
    for_each_escape(url,
                    [&](std::size_t, unsigned char b) { high_escape = high_escape || b >= 0x80; });
    if (!high_escape) return;
    // Most URLs with such escapes decode to well-formed UTF-8 ("%C3%A4").
    if (decodes_to_utf8(t)) return;
    std::vector<DecodeError> errors;
    for (const DecodeError& e : find_decode_errors(t))
      if (e.kind == DecodeErrorKind::IllFormedUtf8 && t[e.offset] == '%' &&
          !url.url.in_placeholder(e.offset) && !completed_later(url, e))
        errors.push_back(e);
    // One finding per run of adjacent ill-formed subparts: "%C0%AF" is one overlong form.
    for (std::size_t k = 0; k < errors.size();) {
      std::size_t end = errors[k].offset + errors[k].length;
      std::size_t j = k + 1;
      for (; j < errors.size() && errors[j].offset == end; ++j)
        end += errors[j].length;
      const Span span{errors[k].offset, end};
      out.push_back(make_finding(t, span, errors[k].utf8));
      k = j;
    }
  }

private:
  // A sequence cut short at the end of a literal that code goes on after ("...%C3" + rest) may be
  // completed there.
  static bool completed_later(const UrlUnderCheck& url, const DecodeError& e) {
    return url.url.open_end && e.utf8 == Utf8Error::Truncated &&
           e.offset + e.length == url.text.size();
  }

  // Whether `t` decodes to well-formed UTF-8, a '%' not starting an escape kept as it is; decoded
  // on the stack, for want of allocations per URL. (A '%' that find_decode_errors() drops is
  // ASCII: dropping it from well-formed UTF-8 leaves it well-formed, so "true" is exact.)
  static bool decodes_to_utf8(std::string_view t) {
    char bytes[512];
    if (t.size() > sizeof bytes) return false; // the exact path decides
    std::size_t n = 0;
    for (std::size_t i = 0; i < t.size();) {
      if (is_escape_at(t, i)) {
        bytes[n++] = static_cast<char>(escape_byte(t, i));
        i += 3;
      } else {
        bytes[n++] = t[i++];
      }
    }
    return is_valid_utf8(std::string_view(bytes, n));
  }

  static UrlFinding make_finding(std::string_view t, Span span, Utf8Error why) {
    // The span's bytes: escapes, and raw bytes where a sequence continues outside them.
    std::string bytes;
    for (std::size_t i = span.begin; i < span.end;) {
      if (is_escape_at(t, i)) {
        bytes.push_back(static_cast<char>(escape_byte(t, i)));
        i += 3;
      } else {
        bytes.push_back(t[i++]);
      }
    }
    UrlFinding f{span,
                 "percent-escapes " + quoted(span.in(t)) +
                     " are not UTF-8: " + std::string(describe(why)),
                 {}};
    if (auto cp = cesu8_pair_at(bytes, 0)) {
      std::string utf8;
      append_utf8(utf8, *cp);
      const std::string fixed = percent_encode(utf8, charsets::unreserved);
      const Span pair{span.begin, span.begin + 18};
      f.message = "percent-escapes " + quoted(pair.in(t)) + " are CESU-8, not UTF-8";
      f.span = pair;
      f.fix = UrlFix{"Re-encode the CESU-8 surrogate pair as UTF-8: " + fixed,
                     Applicability::Safe,
                     {{pair, fixed}}};
    } else if (modified_utf8_nul_at(bytes, 0)) {
      const Span nul{span.begin, span.begin + 6};
      f.message =
          "percent-escapes " + quoted(nul.in(t)) + " are Modified UTF-8 for U+0000, not UTF-8";
      f.span = nul;
      f.fix = UrlFix{"Write U+0000 as %00", Applicability::Safe, {{nul, "%00"}}};
    } else if (why != Utf8Error::Overlong && why != Utf8Error::Surrogate &&
               why != Utf8Error::AboveMax) {
      const std::string fixed = as_windows1252(bytes);
      f.fix = UrlFix{"Re-encode as UTF-8, assuming Windows-1252: " + fixed,
                     Applicability::Unsafe,
                     {{span, fixed}}};
    }
    return f;
  }
};

} // namespace

const Rule& invalid_utf8_escape_rule() {
  static const InvalidUtf8Escape rule;
  return rule;
}

} // namespace pctlint
