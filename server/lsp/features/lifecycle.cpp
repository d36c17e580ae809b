// initialize (capabilities both ways), initialized, shutdown, $/setTrace.
#include "server/lsp/features/features.h"
#include "server/version.h"

namespace pctlint::lsp {

namespace {

// The position encoding: what initializationOptions.positionEncoding asks (for clients known to
// count columns otherwise than they say, such as Vim's ALE, which counts UTF-8 bytes), else UTF-8
// when the client offers it, else UTF-32 if offered, else LSP's default UTF-16.
OffsetEncoding choose_encoding(const InitializeParams& p) {
  const json& init = p.initialization_options;
  if (init.is_object() && init.contains("positionEncoding") && init["positionEncoding"].is_string())
    if (const auto e = encoding_named(init["positionEncoding"].get<std::string>())) return *e;
  const auto& offered = p.capabilities.position_encodings;
  auto has = [&](const char* e) {
    return std::find(offered.begin(), offered.end(), e) != offered.end();
  };
  if (has("utf-8")) return OffsetEncoding::Utf8;
  if (has("utf-32")) return OffsetEncoding::Utf32;
  return OffsetEncoding::Utf16;
}

json initialize(Session& s, const InitializeParams& p) {
  s.capabilities = p.capabilities;
  s.encoding = choose_encoding(p);
  s.workspace_folders = p.workspace_folders;
  const json& init = p.initialization_options;
  if (init.is_object()) {
    if (init.contains("debounceMs") && init["debounceMs"].is_number_unsigned())
      s.debounce_ms =
          static_cast<int>(std::min<std::uint64_t>(init["debounceMs"].get<std::uint64_t>(), 10000));
    if (init.contains("workspaceDiagnostics") && init["workspaceDiagnostics"].is_boolean())
      s.workspace_diagnostics = init["workspaceDiagnostics"].get<bool>();
    json settings = init;
    settings.erase("debounceMs");
    settings.erase("workspaceDiagnostics");
    settings.erase("positionEncoding");
    if (!settings.empty()) s.apply_settings(settings);
  }
  json capabilities{
      {"positionEncoding", encoding_name(s.encoding)},
      {"textDocumentSync",
       {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
      {"codeActionProvider",
       {{"codeActionKinds", {"quickfix", "source.fixAll.pctlint"}},
        {"resolveProvider", s.capabilities.code_action_resolve}}},
      {"hoverProvider", true},
      {"documentLinkProvider", {{"resolveProvider", false}}},
      {"executeCommandProvider", {{"commands", {"pctlint.checkWorkspace"}}}},
  };
  if (s.capabilities.pull_diagnostics)
    capabilities["diagnosticProvider"] = {{"identifier", "pctlint"},
                                          {"interFileDependencies", false},
                                          {"workspaceDiagnostics", s.workspace_diagnostics}};
  return {{"capabilities", capabilities},
          {"serverInfo", {{"name", "pctlint"}, {"version", kVersion}}}};
}

} // namespace

void bind_lifecycle(Binder& b, Session& s) {
  b.request<InitializeParams>("initialize",
                              [&s](const InitializeParams& p) { return initialize(s, p); });
  b.request("shutdown", [](const json&) { return json(nullptr); });
  b.notification("initialized", [&s](const json&) {
    if (s.capabilities.configuration) fetch_configuration(s);
    watch_configuration_files(s);
  });
  b.notification("$/setTrace", [&s](const json& p) {
    const auto it = p.is_object() ? p.find("value") : p.end();
    s.verbose = it != p.end() && it->is_string() && *it != "off";
  });
}

} // namespace pctlint::lsp
