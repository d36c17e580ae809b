// The state of one language-server session, owned by the worker thread: the client's
// capabilities and chosen position encoding, the open documents, their configuration and lint
// caches, the editor's settings. The features (features/*.cpp) read and change it; the document
// pipeline (server/pipeline) does the checking, as for the CLI.
#pragma once

#include "rules/engine.h"
#include "server/lsp/draft_store.h"
#include "server/lsp/jsonrpc.h"
#include "server/lsp/protocol.h"
#include "server/pipeline/configs.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace pctlint::lsp {

struct ServerOptions {
  int debounce_ms = 0;      // overridable by initializationOptions.debounceMs
  std::FILE* log = nullptr; // --log-file
};

class Session {
public:
  Session(Connection& connection, boost::asio::io_context& io, const ServerOptions& options)
      : client(connection), io(io), options(options), debounce_ms(options.debounce_ms) {}

  Connection& client;
  // The request being handled, while one is (set by the server around each handler): long work
  // asks cancelled() as it goes and stops with RequestCancelled.
  const json* current_request = nullptr;
  bool cancelled() const { return current_request && client.cancelled(*current_request); }
  boost::asio::io_context& io;
  ServerOptions options;

  // From initialize.
  ClientCapabilities capabilities;
  OffsetEncoding encoding = OffsetEncoding::Utf16;
  std::vector<std::string> workspace_folders;
  int debounce_ms;
  // Whether the client is told to pull diagnostics for the whole workspace (initializationOptions
  // .workspaceDiagnostics): off by default, as ESLint and ruff do, so that a client shows the
  // findings of the files open; pctlint.checkWorkspace and workspace/diagnostic answer anyway.
  bool workspace_diagnostics = false;
  bool verbose = false; // $/setTrace

  DraftStore drafts;

  // The document or an error (RequestError) naming it.
  const Draft& draft(const std::string& uri) const;
  // A document's configuration: its .pctlint.json (nearest above it), the editor's settings on
  // top, its overrides applied; cached until the configuration changes.
  const Config& config_for(const std::string& uri);
  // Whether the document's configuration selects it (include/exclude).
  bool selected(const std::string& uri);
  // The same for a file that is not open, not cached (a workspace has many more files).
  struct FileConfig {
    Config config;
    bool selected = true;
  };
  FileConfig config_of_file(const std::string& uri);
  void config_error(const std::string& error);
  // Its findings, from its lint cache (a keystroke finds again only the URLs near it and runs the
  // rules only on those that changed); the cache's own result, valid until its next lint.
  const LintResult& lint(const std::string& uri, bool urls = false);
  // The editor's settings changed (validated first; a bad one is reported and ignored), or the
  // configuration files did.
  bool apply_settings(const json& settings);
  void configuration_changed();
  void forget(const std::string& uri); // closed

  // Positions: LSP ranges of byte ranges in a document's text, located in one pass.
  std::vector<Range> ranges(std::string_view text,
                            const std::vector<std::pair<std::size_t, std::size_t>>& spans) const;
  std::size_t offset(std::string_view text, const Position& p) const;

  void log(int type, const std::string& message);
  int config_generation = 0; // changes with the configuration: pull diagnostics' result ids

  // Debounced lint-and-publish timers, per document.
  std::map<std::string, std::unique_ptr<boost::asio::steady_timer>> timers;

private:
  json settings_ = json::object();
  pipeline::ConfigCache files_;
  std::map<std::string, FileConfig> configs_;
  std::map<std::string, LintCache> caches_;
  std::set<std::string> shown_config_errors_; // shown once until the configuration changes
};

} // namespace pctlint::lsp
