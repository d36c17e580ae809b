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

namespace {

// `pending` (from the text the cache read to the text before this edit) and then the edit of
// [begin, end) of that text into `length` bytes, as one change.
TextChange combined(const TextChange& pending, std::size_t begin, std::size_t end,
                    std::size_t length) {
  if (pending.begin == pending.old_end && pending.old_end == pending.new_end)
    return {begin, end, begin + length}; // nothing pending: the edit alone
  // The stretch of the text before the edit that differs from the text the cache read, or that
  // the edit changes, ends at `reach`; an offset at or past pending.new_end lies as far past
  // pending.old_end in the text the cache read.
  const std::size_t reach = std::max(pending.new_end, end);
  return {std::min(pending.begin, begin), reach - pending.new_end + pending.old_end,
          reach - (end - begin) + length};
}

} // namespace

bool DraftStore::change(const std::string& uri, std::int64_t version,
                        const std::vector<ContentChange>& changes, OffsetEncoding encoding) {
  const auto it = drafts_.find(uri);
  if (it == drafts_.end()) return false;
  Draft& d = it->second;
  for (const ContentChange& c : changes) {
    if (!c.range) {
      d.text = c.text;
      d.changed.reset();
      continue;
    }
    std::size_t begin =
        offset_of(d.text, {c.range->start.line, c.range->start.character}, encoding);
    std::size_t end = offset_of(d.text, {c.range->end.line, c.range->end.character}, encoding);
    if (end < begin) std::swap(begin, end);
    if (d.changed) d.changed = combined(*d.changed, begin, end, c.text.size());
    d.text.replace(begin, end - begin, c.text);
  }
  d.version = version;
  return true;
}

std::optional<TextChange> DraftStore::take_change(const std::string& uri) {
  const auto it = drafts_.find(uri);
  if (it == drafts_.end()) return std::nullopt;
  Draft& d = it->second;
  const std::optional<TextChange> change = d.changed;
  const std::size_t size = d.text.size();
  d.changed = TextChange{size, size, size};
  return change;
}

Language language_of(std::string_view id, std::string_view uri) {
  // The file's extension first: a client serving several modes with one server may send one
  // languageId for all of them (eglot sends "python" for a JSON file).
  if (const auto by_path = language_by_path(uri)) return *by_path;
  return language_named(id).value_or(Language::PlainText);
}

} // namespace pctlint::lsp
