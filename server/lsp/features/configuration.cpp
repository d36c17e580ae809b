// Configuration: the editor's "pctlint" settings (initializationOptions, didChangeConfiguration,
// workspace/configuration) and .pctlint.json files, watched for changes where the client lets the
// server register for them, so an edit of either reaches open documents at once.
#include "server/lsp/features/features.h"

namespace pctlint::lsp {

void fetch_configuration(Session& s) {
  s.client.request("workspace/configuration", {{"items", json::array({{{"section", "pctlint"}}})}},
                   [&s](const json& result, bool failed) {
                     if (failed || !result.is_array() || result.empty() || !result[0].is_object())
                       return;
                     // Responses are handled on the worker thread, as every handler is.
                     if (s.apply_settings(result[0])) refresh_all(s);
                   });
}

void watch_configuration_files(Session& s) {
  if (!s.capabilities.watched_files_registration) return;
  s.client.request(
      "client/registerCapability",
      {{"registrations",
        json::array({{{"id", "pctlint.configurationFiles"},
                      {"method", "workspace/didChangeWatchedFiles"},
                      {"registerOptions",
                       {{"watchers", json::array({{{"globPattern", "**/.pctlint.json"}}})}}}}})}},
      [&s](const json&, bool failed) {
        if (failed) s.log(2, "pctlint: the client refused to watch .pctlint.json files");
      });
}

void bind_configuration(Binder& b, Session& s) {
  b.notification("workspace/didChangeConfiguration", [&s](const json& p) {
    const auto settings = p.is_object() ? p.find("settings") : p.end();
    if (settings != p.end() && settings->is_object() && settings->contains("pctlint") &&
        (*settings)["pctlint"].is_object()) {
      if (s.apply_settings((*settings)["pctlint"])) refresh_all(s);
    } else if (s.capabilities.configuration) {
      fetch_configuration(s); // the notification says only that something changed
    }
  });
  b.notification("workspace/didChangeWatchedFiles", [&s](const json&) {
    s.configuration_changed(); // .pctlint.json files are read again on the next lint
    refresh_all(s);
  });
}

} // namespace pctlint::lsp
