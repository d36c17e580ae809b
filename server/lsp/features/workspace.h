// The workspace folders' files, checked as the CLI checks them (its discovery, configuration and
// file policy), open documents as the editor holds them: for pctlint.checkWorkspace and
// workspace/diagnostic.
#pragma once

#include "server/lsp/session.h"

#include <functional>

namespace pctlint::lsp {

struct WorkspaceFile {
  std::string uri;
  bool open = false;
  std::int64_t version = 0;
  json diagnostics; // LSP Diagnostic[]
};

struct WorkspaceCheck {
  std::size_t checked = 0, problems = 0, not_checked = 0;
};

WorkspaceCheck for_each_workspace_file(
    Session& s,
    const std::function<void(const WorkspaceFile&, std::size_t done, std::size_t total)>& each);

} // namespace pctlint::lsp
