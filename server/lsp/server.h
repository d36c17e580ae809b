// The language server: LSP 3.17 over JSON-RPC (jsonrpc.h) over a transport (transport.h), its
// features in features/ bound to their methods (binder.h), its state in one Session.
//
// Threads: the reader (the caller of serve()) only reads messages, answers what needs no document
// state (lifecycle errors, $/cancelRequest, exit) and posts the rest, in order, to one worker
// thread running an Asio io_context. The worker owns the session, so document state needs no
// locks; it debounces edits with a steady_timer per document and lints the LATEST version when the
// timer fires, so stale versions are never linted or published. Writes to the client are
// serialised by the transport.
#pragma once

#include "server/lsp/session.h"
#include "server/lsp/transport.h"

namespace pctlint::lsp {

// Serves until `exit` or end of input; returns the process exit code (0 only after shutdown).
int serve(Transport& transport, const ServerOptions& options);

} // namespace pctlint::lsp
