#include "server/lsp/draft_store.h"

#include <algorithm>

namespace pctlint::lsp {

const Draft* DraftStore::get(const std::string& uri) const {
  const auto it = drafts_.find(uri);
  return it == drafts_.end() ? nullptr : &it->second;
}

std::vector<std::string> DraftStore::uris() const {
  std::vector<std::string> out;
  for (const auto& [uri, _] : drafts_)
    out.push_back(uri);
  return out;
}

bool DraftStore::change(const std::string& uri, std::int64_t version,
                        const std::vector<ContentChange>& changes, OffsetEncoding encoding) {
  const auto it = drafts_.find(uri);
  if (it == drafts_.end()) return false;
  Draft& d = it->second;
  for (const ContentChange& c : changes) {
    if (!c.range) {
      d.text = c.text;
      continue;
    }
    std::size_t begin =
        offset_of(d.text, {c.range->start.line, c.range->start.character}, encoding);
    std::size_t end = offset_of(d.text, {c.range->end.line, c.range->end.character}, encoding);
    if (end < begin) std::swap(begin, end);
    d.text.replace(begin, end - begin, c.text);
  }
  d.version = version;
  return true;
}

Language language_of(std::string_view id, std::string_view uri) {
  // The file's extension first: a client serving several modes with one server may send one
  // languageId for all of them (eglot sends "python" for a JSON file).
  if (const auto by_path = language_by_path(uri)) return *by_path;
  return language_named(id).value_or(Language::PlainText);
}

} // namespace pctlint::lsp
