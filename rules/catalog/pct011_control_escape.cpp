// PCT011 control-escape
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT011",
    .name = "control-escape",
    .default_severity = Severity::Warning,
    .summary = "Escape that decodes to a control character (%00, %0D%0A)",
    .docs =
        R"(Finds escapes that decode to C0 control characters or DEL: `%00`, `%0D%0A`, `%1B`, `%7F`.

They are the tools of injection attacks: `%00` truncates strings in C-based servers, `%0D%0A` splits
HTTP headers and forges log lines. A URL written into source code rarely needs one on purpose. In
the query or fragment a control character is a value's data and only `%00` and `%1B` (ESC, which
starts a terminal's escape sequences) are reported there: a tab or a line break (`%09`, `%0A`,
`%0D`) is text, not an attack (a `mailto:` body's lines are separated by `%0D%0A`, RFC 6068; a
share link's text may hold a line break), and a site may separate a value's fields with another
(TE Connectivity's document ids, `DocId=Data+Sheet%7FM3200%7FA20%7Fpdf`; Sybase's online books,
`target=%25N%15_12018_START_RESTART_N%25`). Nor is a tab, a line break or DEL in the value of a path segment's parameter
(`;query=a%3D%22b%22%0Ac%3D%22d%22`, RFC 3986 §3.3: a console's query kept in its path).

## Bad
    https://example.com/download?file=report.pdf%00.jpg

## Good
    https://example.com/download?file=report.pdf

## Fix
None: remove it if it is a mistake, or suppress the finding where it is intended.
)",
    .fix = FixAvailability::None,
    .depends_on_extent = true,
};

// Whether t[i], in the path, is in the value of a segment's parameter: after a ';' and a '='
// in its segment ("/logs/query;query=a%0Ab", RFC 3986 §3.3's "name;v=1.1").
bool in_segment_parameter(std::string_view t, std::size_t i) {
  const std::size_t segment = t.rfind('/', i);
  const std::size_t semicolon = t.rfind(';', i);
  if (semicolon == std::string_view::npos ||
      (segment != std::string_view::npos && semicolon < segment))
    return false;
  const std::size_t equals = t.find('=', semicolon);
  return equals != std::string_view::npos && equals < i;
}

class ControlEscape final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    return EscapeTriggers{byte_range(0x00, 0x1F) | byte_set("\x7f"), false, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    std::vector<Span> spans;
    for_each_escape(url, [&](std::size_t i, unsigned char b) {
      if (b >= 0x20 && b != 0x7F) return;
      // In a query or fragment a control character is a value's data, a site's separator
      // (TE Connectivity's DEL, Sybase's NAK): only NUL and ESC are reported there.
      if (b != 0x00 && b != 0x1B) {
        const auto in = url.parts.component_at(i);
        if (in == UrlComponent::Query || in == UrlComponent::Fragment) return;
      }
      if (b == '\t' || b == '\n' || b == '\r' || b == 0x7F)
        if (url.parts.component_at(i) == UrlComponent::Path && in_segment_parameter(url.text, i))
          return;
      spans.push_back({i, i + 3});
    });
    for (const Span& s : merge_adjacent(spans))
      out.push_back(
          {s, quoted(s.in(url.text)) + " decodes to control characters (an injection risk)", {}});
  }
};

} // namespace

const Rule& control_escape_rule() {
  static const ControlEscape rule;
  return rule;
}

} // namespace pctlint
