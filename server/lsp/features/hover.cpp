// Hover over a URL: rules/explain.h's explanation (both readings, the canonical form, the
// findings), as Markdown or, for clients that show text as it is, plain text.
#include "rules/explain.h"
#include "server/lsp/features/features.h"

namespace pctlint::lsp {

namespace {

json hover(Session& s, const PositionParams& p) {
  const Draft& d = s.draft(p.uri);
  const std::size_t at = s.offset(d.text, p.position);
  const LintResult& r = s.lint(p.uri, true);
  for (const FoundUrl& url : r.urls) {
    if (at < url.source_begin || at >= url.source_end) continue;
    const UrlExplanation e = explain_url(url, r);
    const bool md = s.capabilities.hover_markdown;
    const std::vector<Range> range = s.ranges(d.text, {{url.source_begin, url.source_end}});
    return {{"contents",
             {{"kind", md ? "markdown" : "plaintext"},
              {"value", md ? explanation_markdown(e) : explanation_plaintext(e)}}},
            {"range", range[0]}};
  }
  return nullptr;
}

} // namespace

void bind_hover(Binder& b, Session& s) {
  b.request<PositionParams>("textDocument/hover",
                            [&s](const PositionParams& p) { return hover(s, p); });
}

} // namespace pctlint::lsp
