#include "rules/explain.h"

#include "core/codec/canon.h"
#include "core/codec/percent.h"
#include "core/codec/url.h"
#include "core/codec/whatwg_url.h"

#include <algorithm>

namespace pctlint {

namespace {

std::string host_kind(whatwg::HostKind k) {
  switch (k) {
  case whatwg::HostKind::Ipv4:
    return " (IPv4)";
  case whatwg::HostKind::Ipv6:
    return " (IPv6)";
  case whatwg::HostKind::Opaque:
    return " (opaque)";
  default:
    return "";
  }
}

// What a browser reads where RFC 3986 finds component `c`.
std::string browsers_part(const whatwg::Url& u, UrlComponent c) {
  switch (c) {
  case UrlComponent::Scheme:
    return u.scheme;
  case UrlComponent::Userinfo:
    return u.password.empty() ? u.username : u.username + ":" + u.password;
  case UrlComponent::Host:
    return u.host + host_kind(u.host_kind);
  case UrlComponent::Port:
    return u.port ? std::to_string(*u.port) : "(the scheme's default)";
  case UrlComponent::Path:
    return u.pathname();
  case UrlComponent::Query:
    return u.query.value_or("");
  case UrlComponent::Fragment:
    return u.fragment.value_or("");
  }
  return {};
}

std::string cell(std::string_view s) {
  std::string out = "`";
  for (char ch : s)
    out += ch == '|' ? std::string("\\|") : ch == '`' ? std::string("'") : std::string(1, ch);
  return out + "`";
}

} // namespace

UrlExplanation explain_url(const FoundUrl& url, const LintResult& lint) {
  UrlExplanation out;
  out.url = url.text;
  const UrlParts parts = split_url(url.text);
  const whatwg::ParseResult w = whatwg::parse(url.text);
  for (auto c :
       {UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Port,
        UrlComponent::Path, UrlComponent::Query, UrlComponent::Fragment}) {
    const auto span = parts.get(c);
    if (!span || span->empty()) continue;
    const std::string_view raw = span->in(url.text);
    const auto strict = decode_strict(raw);
    out.rows.push_back({std::string(name_of(c)), std::string(raw),
                        strict.ok() ? strict.bytes : decode_lenient(raw) + " (ill-formed)",
                        w.url ? browsers_part(*w.url, c) : std::string()});
  }
  if (w.url)
    out.browsers = w.url->href();
  else if (w.idna_failure)
    out.browsers = "unknown: " + w.failure;
  else
    out.browsers = "refused: " + w.failure;
  out.canonical = canonicalize(url.text);
  out.extent = url.exact ? "given by syntax"
                         : "guessed (running text): only the part before the first blank, quote or "
                           "bracket is checked";
  if (const Doubt doubt = certainty_of(url).doubt; doubt != Doubt::None)
    out.extent += "; " + std::string(describe(doubt)) +
                  ": raw and reserved characters and '%' are not judged";
  for (const Diagnostic& diag : lint.diagnostics)
    if (diag.url_begin == url.source_begin) {
      out.findings.push_back(std::string(diag.rule->id) + " " + std::string(diag.rule->name) +
                             ": " + diag.message);
      out.browsers_differ = out.browsers_differ || diag.rule->id == "PCT013";
    }
  return out;
}

std::string explanation_markdown(const UrlExplanation& e) {
  std::string md = "**URL** " + cell(e.url) +
                   "\n\n| component | as written | decoded | browsers read |\n|---|---|---|---|\n";
  for (const auto& row : e.rows)
    md += "| " + row.component + " | " + cell(row.raw) + " | " + cell(row.decoded) + " | " +
          (row.browsers.empty() ? std::string() : cell(row.browsers)) + " |\n";
  md +=
      "\n**Browsers** (WHATWG URL) " +
      (e.browsers.starts_with("refused") || e.browsers.starts_with("unknown") ? e.browsers
                                                                              : cell(e.browsers)) +
      "\n";
  md += "\n**Canonical form** " + cell(e.canonical) +
        (e.canonical == e.url ? " (as written)" : "") + "\n";
  md += "\n**Extent** " + e.extent + "\n";
  if (!e.findings.empty()) md += "\n**Findings**\n\n";
  for (const std::string& f : e.findings)
    md += "- " + f + "\n";
  return md;
}

std::string explanation_plaintext(const UrlExplanation& e) {
  std::size_t width = 0;
  for (const auto& row : e.rows)
    width = std::max(width, row.component.size());
  std::string text = "URL " + e.url + "\n\n";
  for (const auto& row : e.rows) {
    text += "  " + row.component + std::string(width - row.component.size() + 2, ' ') + row.raw;
    if (row.decoded != row.raw) text += "  ->  " + row.decoded;
    text += "\n";
  }
  text += "\nBrowsers (WHATWG URL) " + e.browsers + "\n";
  if (e.browsers_differ) {
    for (const auto& row : e.rows)
      if (!row.browsers.empty() && row.browsers != row.raw)
        text += "  " + row.component + std::string(width - row.component.size() + 2, ' ') +
                row.browsers + "\n";
  }
  text += "\nCanonical form " + e.canonical + (e.canonical == e.url ? " (as written)" : "") + "\n";
  text += "Extent " + e.extent + "\n";
  if (!e.findings.empty()) text += "\nFindings\n";
  for (const std::string& f : e.findings)
    text += "  - " + f + "\n";
  return text;
}

} // namespace pctlint
