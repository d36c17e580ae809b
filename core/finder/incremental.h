// The URLs of a document edited over time, as in an editor: after an edit, found again only from
// the last checkpoint before it (a lexer state kept every few KiB) until the lexer, a little past
// the edit, stands where it stood before in the same state; from there the last run's URLs are
// the text's, moved by the edit's length. Equal to find_urls() of the whole text, every time.
#pragma once

#include "core/finder/finder.h"

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <vector>

namespace pctlint {

// items[begin, end) replaced by `with` (whose elements are moved from), in place as far as their
// counts allow: what a splice of a document's URLs or their findings after an edit moves is the
// difference, not everything after the edit.
template <typename T>
void replace_range(std::vector<T>& items, std::size_t begin, std::size_t end,
                   std::vector<T>& with) {
  const std::size_t common = std::min(end - begin, with.size());
  std::move(with.begin(), with.begin() + static_cast<std::ptrdiff_t>(common),
            items.begin() + static_cast<std::ptrdiff_t>(begin));
  if (with.size() < end - begin)
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(begin + common),
                items.begin() + static_cast<std::ptrdiff_t>(end));
  else
    items.insert(items.begin() + static_cast<std::ptrdiff_t>(end),
                 std::make_move_iterator(with.begin() + static_cast<std::ptrdiff_t>(common)),
                 std::make_move_iterator(with.end()));
}

// Where a text differs from the one before: [begin, old_end) of the old is [begin, new_end) of the
// new.
struct TextChange {
  std::size_t begin = 0, old_end = 0, new_end = 0;
};

// The smallest change that turns `before` into `after` (their common prefix and suffix).
TextChange change_between(std::string_view before, std::string_view after);

// `first`, then `second` (made on the text `first` made), as one change.
TextChange then(const TextChange& first, const TextChange& second);

class IncrementalUrls {
public:
  // `checkpoint_every`: bytes of text between checkpoints (smaller in tests, to exercise them).
  explicit IncrementalUrls(std::size_t checkpoint_every = kCheckpointEvery);
  ~IncrementalUrls();
  IncrementalUrls(IncrementalUrls&&) noexcept;
  IncrementalUrls& operator=(IncrementalUrls&&) noexcept;

  // The URLs of `text`. `change` says where it differs from the last call's text; without one (or
  // with another language or options) they are found from scratch.
  void update(std::string_view text, Language lang, const FinderOptions& options,
              std::optional<TextChange> change);

  const std::vector<FoundUrl>& urls() const;

  // What the last update did: urls()[0, kept) are the base's first URLs as they were,
  // urls()[refound, size) are the base's URLs from `reused_from` on, moved by `shift`; the ones
  // between were found again. The base is the last call's URLs, or with `from_before` those of
  // the generation kept before them (their places swap); with `kept_before` the last call's URLs
  // as they were are kept as that generation.
  struct Splice {
    std::size_t kept = 0, refound = 0, reused_from = 0;
    std::ptrdiff_t shift = 0;
    bool from_scratch = true;
    bool from_before = false, kept_before = false;
    TextChange change; // from the base's text to this one
  };
  const Splice& last_splice() const;

  // Bytes of text between two checkpoints (the cost of an edit: about this much is read again on
  // each side of it).
  static constexpr std::size_t kCheckpointEvery = 4096;

private:
  struct State;
  std::unique_ptr<State> state_;
};

} // namespace pctlint
