// PCT007 malformed-escape
#include "core/codec/percent_u.h"
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT007",
    .name = "malformed-escape",
    .default_severity = Severity::Error,
    .summary = "'%' not followed by two hex digits",
    .docs = R"(Finds a `%` that is not followed by two hexadecimal digits.

RFC 3986 §2.4: the percent sign "must itself be percent-encoded as %25 to be used as data".
Strict decoders reject the URL; lenient ones keep the `%` or drop it.

## Bad
    https://example.com/discount/50%off

## Good
    https://example.com/discount/50%25off

## Fix
Writes the `%` as `%25`: unsafe, since the author may have meant an escape and mistyped it.

An IPv6 zone ID (`http://[fe80::1%eth0]/`) is reported with what RFC 6874 asks for: the `%` that
introduces it written as `%25` (`[fe80::1%25eth0]`). A `%` at the very end of a string literal
that code goes on after (`"https://x/a%" + rest`) is not reported: the rest may complete it.
)",
    .fix = FixAvailability::Always,
    .depends_on_extent = true,
};

bool in_ip_literal(const UrlUnderCheck& url, std::size_t i) {
  const std::optional<Span> host = url.parts.host;
  return host && host->size() > 2 && url.text[host->begin] == '[' && i > host->begin &&
         i < host->end;
}

class MalformedEscape final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    return EscapeTriggers{ByteSet(), false, true};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const std::string_view t = url.text;
    const std::vector<PercentU> percent_u = find_percent_u(t); // PCT006's findings
    std::size_t next_u = 0; // offsets are asked in increasing order; percent_u is in order
    auto is_percent_u = [&](std::size_t i) {
      while (next_u < percent_u.size() && percent_u[next_u].offset + percent_u[next_u].length <= i)
        ++next_u;
      return next_u < percent_u.size() && percent_u[next_u].offset <= i;
    };
    for (std::size_t i = t.find('%'); i != std::string_view::npos; i = t.find('%', i + 1)) {
      if (is_escape_at(t, i)) {
        i += 2;
        continue;
      }
      if (url.url.in_placeholder(i) || is_percent_u(i)) continue;
      if (url.url.open_end && i + 3 > t.size()) continue; // completed by what code appends
      const Span s{i, i + 1};
      const std::string_view shown = text_at(t, i, 3);
      const UrlFix fix{"Encode the '%' as %25", Applicability::Unsafe, {{s, "%25"}}};
      if (in_ip_literal(url, i))
        out.push_back({s,
                       quoted(text_at(t, i, 6)) +
                           ": an IPv6 zone ID is introduced by '%25' in a URL (RFC 6874), not '%'",
                       fix});
      else
        out.push_back({s, quoted(shown) + ": '%' is not followed by two hex digits", fix});
    }
  }
};

} // namespace

const Rule& malformed_escape_rule() {
  static const MalformedEscape rule;
  return rule;
}

} // namespace pctlint
