// The language server: LSP 3.17 lifecycle and handlers over the rule engine.
//
// Threads: the reader (the caller of run()) only parses messages, answers what needs no
// document state (lifecycle errors, $/cancelRequest, exit) and posts the rest, in order, to one
// worker thread running an Asio io_context. The worker owns the drafts, so document state needs
// no locks; it debounces edits with a steady_timer per document and lints the LATEST version when
// the timer fires, so stale versions are never linted or published. Writes to the client are
// serialised by the transport.
#pragma once

#include "server/lsp/transport.h"

#include <cstdio>
#include <memory>
#include <string>

namespace pctlint::lsp {

struct ServerOptions {
  int debounce_ms = 1;      // overridable by initializationOptions.debounceMs
  std::FILE* log = nullptr; // --log-file
};

// Serves until `exit` or end of input; returns the process exit code (0 only after shutdown).
int serve(Transport& transport, const ServerOptions& options);

} // namespace pctlint::lsp
