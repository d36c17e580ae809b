// The language server's features, one file each, bound to their methods here; each handler is
// thin: it reads typed params, asks the session and the document pipeline, and answers.
//
// Adding a feature: a file in features/ with its bind_ function, its capability in
// lifecycle.cpp's initialize, and an end-to-end test in tests/e2e/lsp_test.cpp.
#pragma once

#include "server/lsp/binder.h"
#include "server/lsp/session.h"

namespace pctlint::lsp {

void bind_lifecycle(Binder& b, Session& s);      // initialize, initialized, shutdown, $/setTrace
void bind_text_sync(Binder& b, Session& s);      // didOpen, didChange, didClose, didSave
void bind_diagnostics(Binder& b, Session& s);    // textDocument/diagnostic, workspace/diagnostic
void bind_code_actions(Binder& b, Session& s);   // codeAction, codeAction/resolve
void bind_hover(Binder& b, Session& s);          // textDocument/hover
void bind_document_links(Binder& b, Session& s); // textDocument/documentLink
void bind_commands(Binder& b, Session& s);       // workspace/executeCommand
void bind_configuration(Binder& b, Session& s);  // didChangeConfiguration, didChangeWatchedFiles

// Shared between features.
// A document's diagnostics as LSP JSON: at most 1,000, the rest counted in one more.
json diagnostics_json(Session& s, std::string_view text, const LintResult& r);
// Lints `uri` after `delay_ms` (debounced) and publishes its diagnostics (push mode only).
void schedule_publish(Session& s, const std::string& uri, int delay_ms);
// After a configuration change: republish every open document, or ask the client to pull again.
void refresh_all(Session& s);
// Asks the client for the "pctlint" settings section (workspace/configuration).
void fetch_configuration(Session& s);
// Registers for changes of .pctlint.json files, where the client allows it.
void watch_configuration_files(Session& s);

} // namespace pctlint::lsp
