// workspace/executeCommand "pctlint.checkWorkspace": every file of the workspace folders, checked
// as the CLI checks them (open documents as the editor holds them), with progress; diagnostics
// pushed for closed files in push mode (in pull mode workspace/diagnostic serves them).
#include "server/lsp/features/features.h"
#include "server/lsp/features/workspace.h"

#include <algorithm>

namespace pctlint::lsp {

namespace {

void check_workspace(Session& s, const ExecuteCommandParams& p,
                     const std::shared_ptr<Responder>& responder) {
  if (p.command != "pctlint.checkWorkspace")
    throw RequestError{error_code::InvalidParams, "unknown command '" + p.command + "'"};
  const json token = p.work_done_token.value_or(json("pctlint.checkWorkspace"));
  const bool progress = p.work_done_token.has_value() || s.capabilities.work_done_progress;
  if (progress && !p.work_done_token)
    s.client.request("window/workDoneProgress/create", {{"token", token}},
                     [](const json&, bool) {});
  if (progress)
    s.client.notify(
        "$/progress",
        {{"token", token},
         {"value",
          {{"kind", "begin"}, {"title", "pctlint: checking the workspace"}, {"percentage", 0}}}});
  if (progress)
    responder->on_cancel([&s, token] {
      s.client.notify("$/progress",
                      {{"token", token}, {"value", {{"kind", "end"}, {"message", "cancelled"}}}});
    });
  auto each = [&s, token, progress](const WorkspaceFile& f, std::size_t done, std::size_t total) {
    if (!f.open && !s.capabilities.pull_diagnostics)
      s.client.notify("textDocument/publishDiagnostics",
                      {{"uri", f.uri}, {"diagnostics", f.diagnostics}});
    if (progress && done % 50 == 0)
      s.client.notify("$/progress",
                      {{"token", token},
                       {"value",
                        {{"kind", "report"},
                         {"message", std::to_string(done) + "/" + std::to_string(total) + " files"},
                         {"percentage", done * 100 / std::max<std::size_t>(total, 1)}}}});
  };
  auto finish = [&s, token, progress, responder](const WorkspaceCheck& check) {
    std::string summary =
        std::to_string(check.problems) + " problems in " + std::to_string(check.checked) + " files";
    if (check.not_checked) summary += "; " + std::to_string(check.not_checked) + " not checked";
    if (progress)
      s.client.notify("$/progress",
                      {{"token", token}, {"value", {{"kind", "end"}, {"message", summary}}}});
    responder->reply({{"files", check.checked},
                      {"problems", check.problems},
                      {"notChecked", check.not_checked}});
  };
  walk_workspace(s, responder, std::move(each), std::move(finish));
}

} // namespace

void bind_commands(Binder& b, Session& s) {
  b.long_request<ExecuteCommandParams>(
      "workspace/executeCommand", [&s](const ExecuteCommandParams& p,
                                       std::shared_ptr<Responder> r) { check_workspace(s, p, r); });
}

} // namespace pctlint::lsp
