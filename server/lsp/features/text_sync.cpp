// Open documents: didOpen, didChange (incremental, in the negotiated encoding), didClose, didSave.
#include "server/lsp/features/features.h"

namespace pctlint::lsp {

void bind_text_sync(Binder& b, Session& s) {
  b.notification<TextDocumentItem>("textDocument/didOpen", [&s](const TextDocumentItem& d) {
    s.drafts.open(d.uri, {d.text, d.version, language_of(d.language_id, d.uri), std::nullopt});
    schedule_publish(s, d.uri, 0);
  });
  b.notification<DidChangeParams>("textDocument/didChange", [&s](const DidChangeParams& p) {
    if (s.drafts.change(p.uri, p.version, p.changes, s.encoding))
      schedule_publish(s, p.uri, s.debounce_ms);
  });
  b.notification<DocumentParams>("textDocument/didSave",
                                 [&s](const DocumentParams& p) { schedule_publish(s, p.uri, 0); });
  b.notification<DocumentParams>("textDocument/didClose", [&s](const DocumentParams& p) {
    s.forget(p.uri);
    if (!s.capabilities.pull_diagnostics)
      s.client.notify("textDocument/publishDiagnostics",
                      {{"uri", p.uri}, {"diagnostics", json::array()}});
  });
}

} // namespace pctlint::lsp
