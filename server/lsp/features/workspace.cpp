#include "server/lsp/features/workspace.h"

#include "server/lsp/features/features.h"
#include "server/pipeline/document.h"
#include "server/pipeline/files.h"
#include "server/platform/platform.h"

#include <filesystem>
#include <set>

namespace pctlint::lsp {

WorkspaceCheck for_each_workspace_file(
    Session& s, const std::function<void(const WorkspaceFile&, std::size_t, std::size_t)>& each) {
  WorkspaceCheck result;
  const pipeline::FileList files = pipeline::discover(s.workspace_folders, false, false);
  std::set<std::string> seen;
  std::size_t done = 0;
  const std::size_t total = files.files.size();
  auto report = [&](WorkspaceFile& f, std::string_view text, const LintResult& r) {
    // As for an open document: at most 1,000 a file, the rest counted in one more.
    f.diagnostics = diagnostics_json(s, text, r);
    ++result.checked;
    result.problems += r.diagnostics.size();
    each(f, ++done, total);
  };
  for (const std::string& path : files.files) {
    // A $/cancelRequest ends the walk at the next file, and the pulls waiting behind it run.
    if (s.cancelled()) throw RequestError{error_code::RequestCancelled, "request cancelled"};
    WorkspaceFile f;
    f.uri = path_to_uri(platform::generic_utf8_of(
        std::filesystem::absolute(platform::path_of(path)).lexically_normal()));
    seen.insert(f.uri);
    if (const Draft* d = s.drafts.get(f.uri)) { // as the editor holds it
      f.open = true;
      f.version = d->version;
      report(f, d->text, s.lint(f.uri));
      continue;
    }
    std::string error;
    bool too_large = false;
    const Session::FileConfig fc = s.config_of_file(f.uri);
    const Config& config = fc.config;
    if (!fc.selected) {
      ++done;
      continue;
    }
    // Only a regular file, never blocking, never past maxFileSize.
    const auto text = pipeline::read_regular_file(path, config.max_file_size, error, too_large);
    if (!text || too_large || pipeline::looks_binary(*text)) {
      ++result.not_checked;
      ++done;
      continue;
    }
    report(f, *text, lint(*text, language_for_path(path), config, Urls::Drop));
  }
  // Open documents outside the folders count too.
  for (const std::string& uri : s.drafts.uris()) {
    if (seen.count(uri)) continue;
    WorkspaceFile f;
    f.uri = uri;
    f.open = true;
    const Draft& d = s.draft(uri);
    f.version = d.version;
    report(f, d.text, s.lint(uri));
  }
  return result;
}

} // namespace pctlint::lsp
