#include "server/lsp/features/workspace.h"

#include "server/lsp/features/features.h"
#include "server/pipeline/document.h"
#include "server/pipeline/files.h"
#include "server/platform/platform.h"

#include <filesystem>

namespace pctlint::lsp {

namespace {

// A slice's length: short enough that an edit waiting behind it is hardly delayed, long enough
// that posting the next one costs nothing next to it.
constexpr std::chrono::milliseconds kSlice{8};

} // namespace

WorkspaceWalk::WorkspaceWalk(Session& s)
    : s_(s), files_(pipeline::discover(s.workspace_folders, false, false).files) {}

void WorkspaceWalk::report(WorkspaceFile& f, std::string_view text, const LintResult& r,
                           const EachWorkspaceFile& each) {
  // As for an open document: at most 1,000 a file, the rest counted in one more.
  f.diagnostics = diagnostics_json(s_, text, r);
  ++totals_.checked;
  totals_.problems += r.diagnostics.size();
  each(f, ++done_, files_.size());
}

void WorkspaceWalk::check_file(const std::string& path, const EachWorkspaceFile& each) {
  WorkspaceFile f;
  f.uri = path_to_uri(platform::generic_utf8_of(
      std::filesystem::absolute(platform::path_of(path)).lexically_normal()));
  seen_.insert(f.uri);
  if (const Draft* d = s_.drafts.get(f.uri)) { // as the editor holds it
    f.open = true;
    f.version = d->version;
    return report(f, d->text, s_.lint(f.uri), each);
  }
  const Session::FileConfig fc = s_.config_of_file(f.uri);
  if (!fc.selected) {
    ++done_;
    return;
  }
  // Only a regular file, never blocking, never past maxFileSize; no log (as --check).
  std::string error;
  bool too_large = false;
  const auto text =
      pipeline::is_program_log(path)
          ? std::nullopt
          : pipeline::read_regular_file(path, fc.config.max_file_size, error, too_large);
  if (!text || too_large || pipeline::looks_binary(*text)) {
    ++totals_.not_checked;
    ++done_;
    return;
  }
  report(f, *text, lint(*text, language_for_path(path), fc.config, Urls::Drop), each);
}

bool WorkspaceWalk::step(std::chrono::milliseconds budget, const EachWorkspaceFile& each) {
  const auto until = std::chrono::steady_clock::now() + budget;
  while (next_ < files_.size()) {
    check_file(files_[next_++], each);
    if (std::chrono::steady_clock::now() >= until) return next_ == files_.size() && drafts_done_;
  }
  if (!drafts_done_) { // open documents outside the folders count too
    drafts_done_ = true;
    for (const std::string& uri : s_.drafts.uris()) {
      if (seen_.count(uri)) continue;
      WorkspaceFile f;
      f.uri = uri;
      f.open = true;
      const Draft& d = s_.draft(uri);
      f.version = d.version;
      report(f, d.text, s_.lint(uri), each);
    }
  }
  return true;
}

namespace {

// The walk and what to do with it, kept alive by the slice posted next.
struct WalkInSlices : std::enable_shared_from_this<WalkInSlices> {
  WalkInSlices(Session& s, std::shared_ptr<Responder> responder, EachWorkspaceFile each,
               std::function<void(const WorkspaceCheck&)> finish)
      : walk(s), responder(std::move(responder)), each(std::move(each)), finish(std::move(finish)) {
  }

  void run() {
    if (walk.step(kSlice, each)) return finish(walk.totals());
    responder->later([self = shared_from_this()] { self->run(); });
  }

  WorkspaceWalk walk;
  std::shared_ptr<Responder> responder;
  EachWorkspaceFile each;
  std::function<void(const WorkspaceCheck&)> finish;
};

} // namespace

void walk_workspace(Session& s, const std::shared_ptr<Responder>& responder, EachWorkspaceFile each,
                    std::function<void(const WorkspaceCheck&)> finish) {
  std::make_shared<WalkInSlices>(s, responder, std::move(each), std::move(finish))->run();
}

} // namespace pctlint::lsp
