#include "core/finder/incremental.h"

#include "core/finder/finder_impl.h"

#include <algorithm>

namespace pctlint {

using finding::Finder;
using finding::FinderCheckpoint;
using finding::FinderRun;

namespace {

// How far past an edit the lexer is compared with where it stood before: further than anything it
// or the finder looks back (kLookBehind), so no decision made from there on read the edit.
constexpr std::size_t kMargin = 2 * kLookBehind;

void shift(FoundUrl& url, std::ptrdiff_t delta) {
  const auto moved = [delta](std::size_t o) {
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(o) + delta);
  };
  url.source_begin = moved(url.source_begin);
  url.source_end = moved(url.source_end);
  for (std::size_t& o : url.source_offsets)
    o = moved(o);
  for (std::size_t& o : url.join_source_ends)
    o = moved(o);
}

bool same_options(const FinderOptions& a, const FinderOptions& b) {
  return a.schemes == b.schemes && a.mailto == b.mailto && a.placeholders == b.placeholders;
}

// A checkpoint's lexer state, keyed at its URL (in the coordinates the lexer was taken in).
const std::string& key_of(const FinderCheckpoint& c) {
  if (c.key.empty()) {
    const std::size_t origin =
        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c.at) - c.shift);
    StateKey k(origin);
    c.lexer->state_key(k);
    c.key = k.bytes();
    c.key_earliest = k.earliest();
  }
  return c.key;
}

} // namespace

TextChange change_between(std::string_view before, std::string_view after) {
  const std::size_t common = std::min(before.size(), after.size());
  std::size_t prefix = static_cast<std::size_t>(
      std::mismatch(before.begin(), before.begin() + static_cast<std::ptrdiff_t>(common),
                    after.begin())
          .first -
      before.begin());
  std::size_t suffix = 0;
  while (suffix < common - prefix &&
         before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
    ++suffix;
  return {prefix, before.size() - suffix, after.size() - suffix};
}

TextChange then(const TextChange& first, const TextChange& second) {
  const auto empty = [](const TextChange& c) {
    return c.begin == c.old_end && c.begin == c.new_end;
  };
  if (empty(first)) return second;
  // The stretch of the middle text that differs from the first text, or that the second change
  // changes, ends at `reach`; an offset at or past first.new_end lies as far past first.old_end
  // in the first text.
  const std::size_t reach = std::max(first.new_end, second.old_end);
  return {std::min(first.begin, second.begin), reach - first.new_end + first.old_end,
          reach - (second.old_end - second.begin) + (second.new_end - second.begin)};
}

namespace {

std::size_t span_of(const TextChange& c) {
  return (c.old_end - c.begin) + (c.new_end - c.begin);
}

// The URLs of one text and the checkpoints they were found with.
struct Generation {
  std::size_t size = 0;
  std::vector<FoundUrl> urls;
  std::vector<FinderCheckpoint> checkpoints; // in text order
};

} // namespace

struct IncrementalUrls::State {
  bool valid = false;
  Language lang = Language::PlainText;
  FinderOptions options;
  Generation now;
  // The generation before the last one that was found again in a large part (an edit that
  // opened a block comment), and the change from its text to now's: an edit that undoes that
  // one is found again from it.
  std::optional<Generation> before;
  TextChange before_to_now;
  Splice splice;
  std::size_t every = kCheckpointEvery;

  void from_scratch(std::string_view text) {
    now = Generation{};
    before.reset();
    const std::function<void(const FoundUrl&)> each = [&](const FoundUrl& u) {
      now.urls.push_back(u);
    };
    FinderRun run;
    run.checkpoint_every = every;
    run.on_checkpoint = [&](FinderCheckpoint&& c) { now.checkpoints.push_back(std::move(c)); };
    Finder(text, lang, options, each).run(run);
    now.size = text.size();
    splice = Splice{};
    splice.refound = splice.reused_from = now.urls.size();
  }

  void incremental(std::string_view text, const TextChange& change);
};

void IncrementalUrls::State::incremental(std::string_view text, const TextChange& edit) {
  // From the generation before when the text is nearer to its (an edit undone), else from now.
  TextChange change = edit;
  bool from_before = false;
  if (before) {
    const TextChange from_then = then(before_to_now, edit);
    if (span_of(from_then) < span_of(edit)) {
      std::swap(now, *before);
      before_to_now = edit; // the generation that was now, to the new text
      change = from_then;
      from_before = true;
    }
  }
  std::vector<FoundUrl>& urls = now.urls;
  std::vector<FinderCheckpoint>& checkpoints = now.checkpoints;
  const std::ptrdiff_t delta =
      static_cast<std::ptrdiff_t>(change.new_end) - static_cast<std::ptrdiff_t>(change.old_end);
  // The last checkpoint whose state, and the URLs up to it, were read from text before the edit.
  std::size_t restart = checkpoints.size();
  for (std::size_t i = checkpoints.size(); i-- > 0;) {
    if (checkpoints[i].at >= change.begin) continue;
    if (checkpoints[i].reach < change.begin) {
      restart = i;
      break;
    }
  }
  const FinderCheckpoint* from = restart < checkpoints.size() ? &checkpoints[restart] : nullptr;
  const std::size_t kept = from ? from->urls : 0;

  std::vector<FoundUrl> found;
  std::vector<FinderCheckpoint> taken;
  std::size_t resync = checkpoints.size(); // the old checkpoint where the run stood as before
  const std::function<void(const FoundUrl&)> each = [&](const FoundUrl& u) {
    // A keystroke finds a few URLs again; past that, room for all the URLs after the restart at
    // once (a block comment opened at the top), rather than one copy of them per growth.
    if (found.size() == 64) found.reserve(std::max<std::size_t>(128, urls.size() - kept));
    found.push_back(u);
  };
  FinderRun run;
  run.from = from;
  run.checkpoint_every = every;
  run.on_checkpoint = [&](FinderCheckpoint&& c) { taken.push_back(std::move(c)); };
  const std::size_t settled = change.new_end + kMargin;
  run.stop = [&](const FoundUrl& u, const Lexer& lexer, std::size_t) {
    if (u.source_begin < settled) return false;
    // Its whole line past the edit and the margin.
    if (!find_last_byte(text.data() + settled, '\n', u.source_begin - settled)) return false;
    const std::size_t old_at =
        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(u.source_begin) - delta);
    const auto it =
        std::lower_bound(checkpoints.begin(), checkpoints.end(), old_at,
                         [](const FinderCheckpoint& c, std::size_t at) { return c.at < at; });
    if (it == checkpoints.end() || it->at != old_at ||
        static_cast<std::ptrdiff_t>(it->resume) + delta !=
            static_cast<std::ptrdiff_t>(u.source_end))
      return false;
    StateKey now_key(u.source_begin);
    lexer.state_key(now_key);
    if (now_key.earliest() < change.new_end) return false; // it refers to what the edit changed
    if (now_key.bytes() != key_of(*it)) return false;
    resync = static_cast<std::size_t>(it - checkpoints.begin());
    return true;
  };
  Finder(text, lang, options, each).run(run);

  const bool resynced = resync < checkpoints.size();
  const std::size_t reused_from = resynced ? checkpoints[resync].urls : urls.size();
  // Found again in a large part (a block comment opened): the generation it replaces is kept, so
  // that the edit undoing this one finds it again (as the text before it, the URLs before it).
  const bool keep_before =
      !from_before && reused_from - kept > std::max<std::size_t>(64, urls.size() / 4);
  if (keep_before) {
    before = now;
    before_to_now = edit;
  } else if (before && !from_before) {
    before_to_now = then(before_to_now, edit);
  }

  // The URLs: those kept, those found again in place of the ones they replace, the rest of the
  // last run's moved (in place: a keystroke replaces a few URLs and moves the rest).
  replace_range(urls, kept, reused_from, found);
  const std::size_t tail = kept + found.size();
  if (delta != 0)
    for (std::size_t i = tail; i < urls.size(); ++i)
      shift(urls[i], delta);
  splice = Splice{kept, tail, reused_from, delta, false, from_before, keep_before, change};

  // The checkpoints likewise: those up to the restart, the ones taken, the rest of the last run's
  // moved (their lexers' states keep their coordinates: `shift` says how far they moved).
  const std::size_t keep = from ? restart + 1 : 0;
  const std::size_t replaced_end = resynced ? resync + 1 : checkpoints.size();
  for (FinderCheckpoint& c : taken)
    c.urls += kept;
  replace_range(checkpoints, keep, replaced_end, taken);
  if (resynced) {
    const std::ptrdiff_t url_shift =
        static_cast<std::ptrdiff_t>(tail) - static_cast<std::ptrdiff_t>(reused_from);
    const auto moved = [delta](std::size_t o) {
      return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(o) + delta);
    };
    for (std::size_t i = keep + taken.size(); i < checkpoints.size(); ++i) {
      FinderCheckpoint& c = checkpoints[i];
      if (c.shift == 0) c.rebase_from = change.old_end; // its state lies past the edit
      c.shift += delta;
      c.at = moved(c.at);
      c.resume = moved(c.resume);
      c.reach = moved(c.reach);
      c.urls = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c.urls) + url_shift);
    }
  }
  now.size = text.size();
}

IncrementalUrls::IncrementalUrls(std::size_t checkpoint_every) : state_(std::make_unique<State>()) {
  state_->every = checkpoint_every;
}
IncrementalUrls::~IncrementalUrls() = default;
IncrementalUrls::IncrementalUrls(IncrementalUrls&&) noexcept = default;
IncrementalUrls& IncrementalUrls::operator=(IncrementalUrls&&) noexcept = default;

void IncrementalUrls::update(std::string_view text, Language lang, const FinderOptions& options,
                             std::optional<TextChange> change) {
  State& s = *state_;
  const std::size_t size = s.now.size;
  const bool usable = s.valid && change && lang == s.lang && same_options(options, s.options) &&
                      change->begin <= change->old_end && change->old_end <= size &&
                      change->begin <= change->new_end && change->new_end <= text.size() &&
                      size - change->old_end == text.size() - change->new_end;
  s.lang = lang;
  s.options = options;
  s.valid = true;
  if (usable)
    s.incremental(text, *change);
  else
    s.from_scratch(text);
}

const std::vector<FoundUrl>& IncrementalUrls::urls() const {
  return state_->now.urls;
}

const IncrementalUrls::Splice& IncrementalUrls::last_splice() const {
  return state_->splice;
}

} // namespace pctlint
