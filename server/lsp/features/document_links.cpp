// Document links: every URL found, so the editor can open it (a URL linter that cannot open its
// URLs would be odd): the URL as a literal's escapes decode it, in its canonical form (so a raw
// space is %20 in the link). Templates (URLs with placeholders) are not addresses: no link.
#include "core/codec/canon.h"
#include "server/lsp/features/features.h"

namespace pctlint::lsp {

namespace {

json document_links(Session& s, const DocumentParams& p) {
  const Draft& d = s.draft(p.uri);
  const LintResult& r = s.lint(p.uri, true);
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  std::vector<const FoundUrl*> urls;
  for (const FoundUrl& url : r.urls) {
    if (!url.placeholders.empty()) continue; // a template, not an address
    spans.emplace_back(url.source_begin, url.source_end);
    urls.push_back(&url);
  }
  const std::vector<Range> ranges = s.ranges(d.text, spans);
  json links = json::array();
  for (std::size_t i = 0; i < urls.size(); ++i)
    links.push_back({{"range", ranges[i]}, {"target", canonicalize(urls[i]->text)}});
  return links;
}

} // namespace

void bind_document_links(Binder& b, Session& s) {
  b.request<DocumentParams>("textDocument/documentLink",
                            [&s](const DocumentParams& p) { return document_links(s, p); });
}

} // namespace pctlint::lsp
