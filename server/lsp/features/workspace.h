// The workspace folders' files, checked as the CLI checks them (its discovery, configuration and
// file policy), open documents as the editor holds them: for pctlint.checkWorkspace and
// workspace/diagnostic. A walk runs in slices of a few milliseconds on the worker, so that edits
// and pulls for open documents are answered while it goes on, and a $/cancelRequest ends it.
#pragma once

#include "server/lsp/binder.h"
#include "server/lsp/session.h"

#include <chrono>
#include <functional>
#include <memory>
#include <set>

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

using EachWorkspaceFile =
    std::function<void(const WorkspaceFile&, std::size_t done, std::size_t total)>;

class WorkspaceWalk {
public:
  explicit WorkspaceWalk(Session& s); // lists the files (git's list in a work tree)
  // Checks files until `budget` has passed (false: more to come) or the walk is done (true).
  bool step(std::chrono::milliseconds budget, const EachWorkspaceFile& each);
  const WorkspaceCheck& totals() const { return totals_; }

private:
  void check_file(const std::string& path, const EachWorkspaceFile& each);
  void report(WorkspaceFile& f, std::string_view text, const LintResult& r,
              const EachWorkspaceFile& each);

  Session& s_;
  std::vector<std::string> files_;
  std::size_t next_ = 0;     // the next of files_
  bool drafts_done_ = false; // the open documents outside the folders, after the files
  std::set<std::string> seen_;
  std::size_t done_ = 0;
  WorkspaceCheck totals_;
};

// A walk answered through `responder`: `each` for every file, slice after slice, then `finish`
// with the totals (which answers the request).
void walk_workspace(Session& s, const std::shared_ptr<Responder>& responder, EachWorkspaceFile each,
                    std::function<void(const WorkspaceCheck&)> finish);

} // namespace pctlint::lsp
