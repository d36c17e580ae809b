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

// A document shows at most this many findings, as the CLI lists at most 500 a file: a minified
// bundle can hold a hundred thousand, more than any editor shows usefully, and each costs the
// client memory. The rest are counted in one more diagnostic, at the first not shown.
constexpr std::size_t kMaxDiagnostics = 1000;

std::vector<Range> ranges_of(Session& s, std::string_view text, const LintResult& r) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  const std::size_t shown = std::min(r.diagnostics.size(), kMaxDiagnostics + 1);
  spans.reserve(shown);
  for (std::size_t i = 0; i < shown; ++i)
    spans.emplace_back(r.diagnostics[i].begin, r.diagnostics[i].end);
  return s.ranges(text, spans);
}

// The diagnostic that counts those not shown.
json more_json(const Range& at, std::size_t more) {
  return {{"range", at},
          {"severity", 3},
          {"source", "pctlint"},
          {"message", std::to_string(more) + " more finding" + (more == 1 ? "" : "s") +
                          " in this file not shown (at most " + std::to_string(kMaxDiagnostics) +
                          " are)"}};
}

} // namespace

json diagnostics_json(Session& s, std::string_view text, const LintResult& r) {
  const std::vector<Range> ranges = ranges_of(s, text, r);
  json out = json::array();
  for (std::size_t i = 0; i < std::min(r.diagnostics.size(), kMaxDiagnostics); ++i)
    out.push_back(diagnostic_to_json(ranges[i], r.diagnostics[i], s.capabilities.unnecessary_tag));
  if (r.diagnostics.size() > kMaxDiagnostics)
    out.push_back(more_json(ranges[kMaxDiagnostics], r.diagnostics.size() - kMaxDiagnostics));
  return out;
}

namespace {

void publish(Session& s, const std::string& uri) {
  const Draft* d = s.drafts.get(uri);
  if (!d) return;
  const LintResult& r = s.lint(uri);
  const std::vector<Range> ranges = ranges_of(s, d->text, r);
  // Written directly (see append_diagnostic_json); the same bytes as notify() would send.
  std::string message = R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics",)"
                        R"("params":{"diagnostics":[)";
  const std::size_t shown = std::min(r.diagnostics.size(), kMaxDiagnostics);
  message.reserve(256 * shown);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i) message += ',';
    append_diagnostic_json(message, ranges[i], r.diagnostics[i], s.capabilities.unnecessary_tag);
  }
  if (r.diagnostics.size() > kMaxDiagnostics)
    message +=
        "," + more_json(ranges[kMaxDiagnostics], r.diagnostics.size() - kMaxDiagnostics).dump();
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
  bool too_large = false;
  const Session::FileConfig fc = s.config_of_file(uri);
  // Only a regular file, never blocking, never past maxFileSize.
  const auto text =
      path && fc.selected
          ? pipeline::read_regular_file(*path, fc.config.max_file_size, error, too_large)
          : std::nullopt;
  if (!text || too_large || pipeline::looks_binary(*text))
    return {{"kind", "full"}, {"items", json::array()}};
  const LintResult r = lint(*text, language_for_path(*path), fc.config, Urls::Drop);
  return {{"kind", "full"}, {"items", diagnostics_json(s, *text, r)}};
}

json pull(Session& s, const DocumentParams& p) {
  const Draft* d = s.drafts.get(p.uri);
  if (!d) return closed_document_report(s, p.uri); // a race with didClose, or a file on disk
  const std::string id = result_id(s, *d);
  if (p.previous_result_id == id) return {{"kind", "unchanged"}, {"resultId", id}};
  const LintResult& r = s.lint(p.uri);
  return {{"kind", "full"}, {"resultId", id}, {"items", diagnostics_json(s, d->text, r)}};
}

// Every file of the workspace folders and every open document, in slices.
void pull_workspace(Session& s, const std::shared_ptr<Responder>& responder) {
  auto items = std::make_shared<json>(json::array());
  walk_workspace(
      s, responder,
      [items](const WorkspaceFile& f, std::size_t, std::size_t) {
        items->push_back({{"kind", "full"},
                          {"uri", f.uri},
                          {"version", f.open ? json(f.version) : json(nullptr)},
                          {"items", f.diagnostics}});
      },
      [items, responder](const WorkspaceCheck&) {
        responder->reply({{"items", std::move(*items)}});
      });
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
  b.long_request("workspace/diagnostic",
                 [&s](const json&, std::shared_ptr<Responder> r) { pull_workspace(s, r); });
}

} // namespace pctlint::lsp
