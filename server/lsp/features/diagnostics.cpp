// Diagnostics, pushed (publishDiagnostics after a debounce, of the latest version only) or pulled
// (textDocument/diagnostic, workspace/diagnostic), whichever the client supports.
#include "server/lsp/features/features.h"
#include "server/lsp/features/workspace.h"
#include "server/pipeline/configs.h"
#include "server/pipeline/document.h"
#include "server/pipeline/files.h"

#include <filesystem>

namespace pctlint::lsp {

namespace {

std::vector<Range> ranges_of(Session& s, std::string_view text, const LintResult& r) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  spans.reserve(r.diagnostics.size());
  for (const Diagnostic& d : r.diagnostics)
    spans.emplace_back(d.begin, d.end);
  return s.ranges(text, spans);
}

json diagnostics_json(Session& s, std::string_view text, const LintResult& r) {
  const std::vector<Range> ranges = ranges_of(s, text, r);
  json out = json::array();
  for (std::size_t i = 0; i < r.diagnostics.size(); ++i)
    out.push_back(diagnostic_to_json(ranges[i], r.diagnostics[i], s.capabilities.unnecessary_tag));
  return out;
}

void publish(Session& s, const std::string& uri) {
  const Draft* d = s.drafts.get(uri);
  if (!d) return;
  const LintResult r = s.lint(uri);
  const std::vector<Range> ranges = ranges_of(s, d->text, r);
  // Written directly (see append_diagnostic_json); the same bytes as notify() would send.
  std::string message = R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics",)"
                        R"("params":{"diagnostics":[)";
  message.reserve(256 * r.diagnostics.size());
  for (std::size_t i = 0; i < r.diagnostics.size(); ++i) {
    if (i) message += ',';
    append_diagnostic_json(message, ranges[i], r.diagnostics[i], s.capabilities.unnecessary_tag);
  }
  message += "],\"uri\":";
  append_json_string(message, uri);
  message += ",\"version\":" + std::to_string(d->version) + "}}";
  s.client.send_body(message);
}

std::string result_id(const Session& s, const Draft& d) {
  return std::to_string(d.version) + ":" + std::to_string(s.config_generation) + ":" +
         std::to_string(d.text.size());
}

// A document that is not open, pulled: read from disk, with the CLI's file policy.
json closed_document_report(Session& s, const std::string& uri) {
  const auto path = uri_to_path(uri);
  std::string error;
  const auto text = path ? pipeline::read_file(*path, error) : std::nullopt;
  if (!text || pipeline::looks_binary(*text)) return {{"kind", "full"}, {"items", json::array()}};
  const Session::FileConfig fc = s.config_of_file(uri);
  if (!fc.selected || text->size() > fc.config.max_file_size)
    return {{"kind", "full"}, {"items", json::array()}};
  const LintResult r = lint(*text, language_for_path(*path), fc.config, Urls::Drop);
  return {{"kind", "full"}, {"items", diagnostics_json(s, *text, r)}};
}

json pull(Session& s, const DocumentParams& p) {
  const Draft* d = s.drafts.get(p.uri);
  if (!d) return closed_document_report(s, p.uri); // a race with didClose, or a file on disk
  const std::string id = result_id(s, *d);
  if (p.previous_result_id == id) return {{"kind", "unchanged"}, {"resultId", id}};
  const LintResult r = s.lint(p.uri);
  return {{"kind", "full"}, {"resultId", id}, {"items", diagnostics_json(s, d->text, r)}};
}

// Every file of the workspace folders and every open document.
json pull_workspace(Session& s) {
  json items = json::array();
  for_each_workspace_file(s, [&](const WorkspaceFile& f, std::size_t, std::size_t) {
    items.push_back({{"kind", "full"},
                     {"uri", f.uri},
                     {"version", f.open ? json(f.version) : json(nullptr)},
                     {"items", f.diagnostics}});
  });
  return {{"items", items}};
}

} // namespace

void schedule_publish(Session& s, const std::string& uri, int delay_ms) {
  if (s.capabilities.pull_diagnostics) return; // the client asks when it wants them
  auto& timer = s.timers[uri];
  if (!timer) timer = std::make_unique<boost::asio::steady_timer>(s.io);
  timer->expires_after(std::chrono::milliseconds(delay_ms));
  timer->async_wait([&s, uri](const boost::system::error_code& ec) {
    if (!ec) publish(s, uri);
  });
}

void refresh_all(Session& s) {
  if (s.capabilities.pull_diagnostics) {
    if (s.capabilities.workspace_diagnostics)
      s.client.request("workspace/diagnostic/refresh", nullptr, [](const json&, bool) {});
    return;
  }
  for (const std::string& uri : s.drafts.uris())
    schedule_publish(s, uri, 0);
}

void bind_diagnostics(Binder& b, Session& s) {
  b.request<DocumentParams>("textDocument/diagnostic",
                            [&s](const DocumentParams& p) { return pull(s, p); });
  b.request("workspace/diagnostic", [&s](const json&) { return pull_workspace(s); });
}

} // namespace pctlint::lsp
