// Hover over a URL: its components as written and decoded, its canonical form, its findings.
#include "core/canon.h"
#include "core/percent.h"
#include "core/url.h"
#include "server/lsp/features/features.h"

namespace pctlint::lsp {

namespace {

std::string cell(std::string_view s) {
  std::string out = "`";
  for (char ch : s)
    out += ch == '|' ? std::string("\\|") : ch == '`' ? std::string("'") : std::string(1, ch);
  return out + "`";
}

json hover(Session& s, const PositionParams& p) {
  const Draft& d = s.draft(p.uri);
  const std::size_t at = s.offset(d.text, p.position);
  const LintResult r = s.lint(p.uri, true);
  for (const FoundUrl& url : r.urls) {
    if (at < url.source_begin || at >= url.source_end) continue;
    std::string md = "**URL** " + cell(url.text) +
                     "\n\n| component | as written | decoded |\n|---|---|---|\n";
    const UrlParts parts = split_url(url.text);
    for (auto c : {UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host,
                   UrlComponent::Port, UrlComponent::Path, UrlComponent::Query,
                   UrlComponent::Fragment}) {
      const auto span = parts.get(c);
      if (!span || span->empty()) continue;
      const std::string_view raw = span->in(url.text);
      const auto strict = decode_strict(raw);
      const std::string decoded =
          strict.ok() ? strict.bytes : decode_lenient(raw) + " (ill-formed)";
      md += "| " + std::string(name_of(c)) + " | " + cell(raw) + " | " + cell(decoded) + " |\n";
    }
    const std::string canon = canonicalize(url.text);
    md += "\n**Canonical form** " + cell(canon) + (canon == url.text ? " (as written)" : "") + "\n";
    bool first = true;
    for (const Diagnostic& diag : r.diagnostics) {
      if (diag.url_begin != url.source_begin) continue;
      if (first) md += "\n**Findings**\n\n";
      first = false;
      md += "- " + std::string(diag.rule->id) + " " + std::string(diag.rule->name) + ": " +
            diag.message + "\n";
    }
    const std::vector<Range> range = s.ranges(d.text, {{url.source_begin, url.source_end}});
    return {{"contents", {{"kind", "markdown"}, {"value", md}}}, {"range", range[0]}};
  }
  return nullptr;
}

} // namespace

void bind_hover(Binder& b, Session& s) {
  b.request<PositionParams>("textDocument/hover",
                            [&s](const PositionParams& p) { return hover(s, p); });
}

} // namespace pctlint::lsp
