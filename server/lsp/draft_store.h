// Open documents: their text, version and language, with incremental edits applied in the
// negotiated position encoding.
#pragma once

#include "core/codec/position.h"
#include "core/finder/finder.h"
#include "core/finder/incremental.h"
#include "server/lsp/protocol.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lsp {

struct Draft {
  std::string text;
  std::int64_t version = 0;
  Language language = Language::PlainText;
  // Where the text changed since its lint cache last read it (TextChange's coordinates: the old
  // text then, this one now); none: read it all.
  std::optional<TextChange> changed;
};

class DraftStore {
public:
  void open(const std::string& uri, Draft draft) { drafts_[uri] = std::move(draft); }
  void close(const std::string& uri) { drafts_.erase(uri); }
  const Draft* get(const std::string& uri) const;
  std::vector<std::string> uris() const;

  // Applies didChange's content changes in order. A range outside the document is clamped to it
  // (a line past the end means the end; a character past a line's end means the line's end), as
  // LSP's position rules say, so an edit is never refused or lost.
  bool change(const std::string& uri, std::int64_t version,
              const std::vector<ContentChange>& changes, OffsetEncoding encoding);
  // Where the document changed since the last call (none: all of it may have), and from now on
  // nothing has.
  std::optional<TextChange> take_change(const std::string& uri);

private:
  std::map<std::string, Draft> drafts_;
};

// The language of a document from its path or, where that says nothing, its languageId.
Language language_of(std::string_view language_id, std::string_view uri);

} // namespace pctlint::lsp
