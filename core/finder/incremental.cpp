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

struct IncrementalUrls::State {
  bool valid = false;
  Language lang = Language::PlainText;
  FinderOptions options;
  std::size_t size = 0;
  std::vector<FoundUrl> urls;
  std::vector<FinderCheckpoint> checkpoints; // in text order
  Splice splice;
  std::size_t every = kCheckpointEvery;

  void from_scratch(std::string_view text) {
    urls.clear();
    checkpoints.clear();
    const std::function<void(const FoundUrl&)> each = [&](const FoundUrl& u) { urls.push_back(u); };
    FinderRun run;
    run.checkpoint_every = every;
    run.on_checkpoint = [&](FinderCheckpoint&& c) { checkpoints.push_back(std::move(c)); };
    Finder(text, lang, options, each).run(run);
    splice = Splice{};
    splice.refound = splice.reused_from = urls.size();
  }

  void incremental(std::string_view text, const TextChange& change);
};

void IncrementalUrls::State::incremental(std::string_view text, const TextChange& change) {
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
  const std::function<void(const FoundUrl&)> each = [&](const FoundUrl& u) { found.push_back(u); };
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
    StateKey now(u.source_begin);
    lexer.state_key(now);
    if (now.earliest() < change.new_end) return false; // it refers to what the edit changed
    if (now.bytes() != key_of(*it)) return false;
    resync = static_cast<std::size_t>(it - checkpoints.begin());
    return true;
  };
  Finder(text, lang, options, each).run(run);

  // The URLs: those kept, those found again in place of the ones they replace, the rest of the
  // last run's moved (in place: a keystroke replaces a few URLs and moves the rest).
  const bool resynced = resync < checkpoints.size();
  const std::size_t reused_from = resynced ? checkpoints[resync].urls : urls.size();
  replace_range(urls, kept, reused_from, found);
  const std::size_t tail = kept + found.size();
  if (delta != 0)
    for (std::size_t i = tail; i < urls.size(); ++i)
      shift(urls[i], delta);
  splice = Splice{kept, tail, reused_from, delta, false};

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
  const bool usable = s.valid && change && lang == s.lang && same_options(options, s.options) &&
                      change->begin <= change->old_end && change->old_end <= s.size &&
                      change->begin <= change->new_end && change->new_end <= text.size() &&
                      s.size - change->old_end == text.size() - change->new_end;
  s.lang = lang;
  s.options = options;
  s.size = text.size();
  s.valid = true;
  if (usable)
    s.incremental(text, *change);
  else
    s.from_scratch(text);
}

const std::vector<FoundUrl>& IncrementalUrls::urls() const {
  return state_->urls;
}

const IncrementalUrls::Splice& IncrementalUrls::last_splice() const {
  return state_->splice;
}

} // namespace pctlint
