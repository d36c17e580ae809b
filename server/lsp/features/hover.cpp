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

// What a hover shows, before it is written as Markdown or plain text.
struct UrlSummary {
  std::string url, canonical;
  struct Row {
    std::string component, raw, decoded;
  };
  std::vector<Row> components;
  std::vector<std::string> findings; // "PCT001 lowercase-hex: message"
  std::string extent;                // how the URL's extent was established
};

UrlSummary summarize(const FoundUrl& url, const LintResult& r) {
  UrlSummary out;
  out.url = url.text;
  const UrlParts parts = split_url(url.text);
  for (auto c :
       {UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Port,
        UrlComponent::Path, UrlComponent::Query, UrlComponent::Fragment}) {
    const auto span = parts.get(c);
    if (!span || span->empty()) continue;
    const std::string_view raw = span->in(url.text);
    const auto strict = decode_strict(raw);
    out.components.push_back({std::string(name_of(c)), std::string(raw),
                              strict.ok() ? strict.bytes : decode_lenient(raw) + " (ill-formed)"});
  }
  out.canonical = canonicalize(url.text);
  out.extent = url.exact ? "given by syntax"
                         : "guessed (running text): only the part before the first blank, quote or "
                           "bracket is checked";
  if (!url.placeholders.empty())
    out.extent += "; a template: raw characters and '%' are not judged";
  for (const Diagnostic& diag : r.diagnostics)
    if (diag.url_begin == url.source_begin)
      out.findings.push_back(std::string(diag.rule->id) + " " + std::string(diag.rule->name) +
                             ": " + diag.message);
  return out;
}

std::string markdown(const UrlSummary& u) {
  std::string md =
      "**URL** " + cell(u.url) + "\n\n| component | as written | decoded |\n|---|---|---|\n";
  for (const auto& row : u.components)
    md += "| " + row.component + " | " + cell(row.raw) + " | " + cell(row.decoded) + " |\n";
  md += "\n**Canonical form** " + cell(u.canonical) +
        (u.canonical == u.url ? " (as written)" : "") + "\n";
  md += "\n**Extent** " + u.extent + "\n";
  if (!u.findings.empty()) md += "\n**Findings**\n\n";
  for (const std::string& f : u.findings)
    md += "- " + f + "\n";
  return md;
}

// For clients that show text as it is (Vim's ALE): aligned columns, no markup.
std::string plaintext(const UrlSummary& u) {
  std::size_t width = 0;
  for (const auto& row : u.components)
    width = std::max(width, row.component.size());
  std::string text = "URL " + u.url + "\n\n";
  for (const auto& row : u.components) {
    text += "  " + row.component + std::string(width - row.component.size() + 2, ' ') + row.raw;
    if (row.decoded != row.raw) text += "  ->  " + row.decoded;
    text += "\n";
  }
  text += "\nCanonical form " + u.canonical + (u.canonical == u.url ? " (as written)" : "") + "\n";
  text += "Extent " + u.extent + "\n";
  if (!u.findings.empty()) text += "\nFindings\n";
  for (const std::string& f : u.findings)
    text += "  - " + f + "\n";
  return text;
}

json hover(Session& s, const PositionParams& p) {
  const Draft& d = s.draft(p.uri);
  const std::size_t at = s.offset(d.text, p.position);
  const LintResult r = s.lint(p.uri, true);
  for (const FoundUrl& url : r.urls) {
    if (at < url.source_begin || at >= url.source_end) continue;
    const UrlSummary summary = summarize(url, r);
    const bool md = s.capabilities.hover_markdown;
    const std::vector<Range> range = s.ranges(d.text, {{url.source_begin, url.source_end}});
    return {{"contents",
             {{"kind", md ? "markdown" : "plaintext"},
              {"value", md ? markdown(summary) : plaintext(summary)}}},
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
