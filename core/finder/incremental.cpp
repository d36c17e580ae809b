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

namespace {

// One run of the finder over an edited text from a generation's checkpoints, not yet applied to
// it: where it began, what it found and whether it came to stand where the generation's run stood.
struct Rerun {
  std::size_t restart = 0; // the checkpoint it began at (the generation's count: from the start)
  std::size_t kept = 0;    // the generation's URLs up to there, kept as they were
  std::vector<FoundUrl> found;
  std::vector<FinderCheckpoint> taken;
  std::size_t resync = 0; // the generation's checkpoint where it stood as before (count: none)
  bool gave_up = false;   // it read `budget` bytes past the edit without standing as before
};

// Finds the URLs of `text`, which is `base`'s text changed by `change`, from the last checkpoint
// of `base` whose state, and the URLs up to it, were read before the change, until the run
// stands where base's stood in the same state. With a budget, gives up once it has found a URL
// that far past the change's end without that.
Rerun rerun(const Generation& base, std::string_view text, Language lang,
            const FinderOptions& options, const TextChange& change, std::size_t every,
            std::size_t budget) {
  const std::vector<FinderCheckpoint>& checkpoints = base.checkpoints;
  const std::ptrdiff_t delta =
      static_cast<std::ptrdiff_t>(change.new_end) - static_cast<std::ptrdiff_t>(change.old_end);
  Rerun r;
  r.restart = checkpoints.size();
  for (std::size_t i = checkpoints.size(); i-- > 0;) {
    if (checkpoints[i].at >= change.begin) continue;
    if (checkpoints[i].reach < change.begin) {
      r.restart = i;
      break;
    }
  }
  const FinderCheckpoint* from = r.restart < checkpoints.size() ? &checkpoints[r.restart] : nullptr;
  r.kept = from ? from->urls : 0;
  r.resync = checkpoints.size();
  const std::size_t remaining = base.urls.size() - r.kept;
  const std::function<void(const FoundUrl&)> each = [&](const FoundUrl& u) {
    // A keystroke finds a few URLs again; past that, room for all the URLs after the restart at
    // once (a block comment opened at the top), rather than one copy of them per growth.
    if (r.found.size() == 64) r.found.reserve(std::max<std::size_t>(128, remaining));
    r.found.push_back(u);
  };
  FinderRun run;
  run.from = from;
  run.checkpoint_every = every;
  run.on_checkpoint = [&](FinderCheckpoint&& c) { r.taken.push_back(std::move(c)); };
  const std::size_t settled = change.new_end + kMargin;
  run.stop = [&](const FoundUrl& u, const Lexer& lexer, std::size_t) {
    if (u.source_begin < settled) return false;
    if (u.source_begin - settled > budget) return r.gave_up = true;
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
    r.resync = static_cast<std::size_t>(it - checkpoints.begin());
    return true;
  };
  Finder(text, lang, options, each).run(run);
  return r;
}

// Where a checkpoint of the base lies in the text `r` was run on, past the change: moved by its
// length, its URL count by how many more or fewer URLs came before it.
void move_checkpoint(FinderCheckpoint& c, const TextChange& change, std::ptrdiff_t delta,
                     std::ptrdiff_t url_shift) {
  const auto moved = [delta](std::size_t o) {
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(o) + delta);
  };
  if (c.shift == 0) c.rebase_from = change.old_end; // its state lies past the edit
  c.shift += delta;
  c.at = moved(c.at);
  c.resume = moved(c.resume);
  c.reach = moved(c.reach);
  c.urls = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(c.urls) + url_shift);
}

// What `r` tells of the base it ran from: the base's URLs it replaced are [kept, reused_from), its
// checkpoints [keep, replaced_end); the rest of base's after them moved by `delta`.
struct Replaced {
  std::size_t kept, reused_from, keep, replaced_end;
  bool resynced;
  std::ptrdiff_t delta;
};

Replaced replaced_by(const Generation& base, const TextChange& change, const Rerun& r) {
  const bool resynced = r.resync < base.checkpoints.size();
  return {r.kept,
          resynced ? base.checkpoints[r.resync].urls : base.urls.size(),
          r.restart < base.checkpoints.size() ? r.restart + 1 : 0,
          resynced ? r.resync + 1 : base.checkpoints.size(),
          resynced,
          static_cast<std::ptrdiff_t>(change.new_end) -
              static_cast<std::ptrdiff_t>(change.old_end)};
}

// `base` made the URLs and checkpoints of `text` from `r`: those up to the restart kept, those
// found again in place of the ones they replace, the rest of base's moved by the change's length
// (in place: a keystroke replaces a few URLs and moves the rest). Returns base's URLs that `r`
// replaced, [kept, reused_from).
Replaced apply(Generation& base, std::string_view text, const TextChange& change, Rerun&& r) {
  const Replaced x = replaced_by(base, change, r);
  std::vector<FoundUrl>& urls = base.urls;
  const std::size_t tail = x.kept + r.found.size();
  replace_range(urls, x.kept, x.reused_from, r.found);
  if (x.delta != 0)
    for (std::size_t i = tail; i < urls.size(); ++i)
      shift(urls[i], x.delta);
  // The checkpoints likewise (their lexers' states keep their coordinates: `shift` says how far
  // they moved).
  std::vector<FinderCheckpoint>& checkpoints = base.checkpoints;
  const std::size_t taken = r.taken.size();
  for (FinderCheckpoint& c : r.taken)
    c.urls += x.kept;
  replace_range(checkpoints, x.keep, x.replaced_end, r.taken);
  if (x.resynced) {
    const std::ptrdiff_t url_shift =
        static_cast<std::ptrdiff_t>(tail) - static_cast<std::ptrdiff_t>(x.reused_from);
    for (std::size_t i = x.keep + taken; i < checkpoints.size(); ++i)
      move_checkpoint(checkpoints[i], change, x.delta, url_shift);
  }
  base.size = text.size();
  return x;
}

// The same as a new generation, `base` left as it was (kept as the generation before): only the
// URLs and checkpoints not found again are copied, none when a comment opened at the top.
Generation rebuilt(const Generation& base, std::string_view text, const TextChange& change,
                   Rerun&& r, Replaced& x) {
  x = replaced_by(base, change, r);
  Generation out;
  const std::vector<FoundUrl>& urls = base.urls;
  const auto at = [](auto& v, std::size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(i); };
  out.urls.reserve(x.kept + r.found.size() + (urls.size() - x.reused_from));
  out.urls.insert(out.urls.end(), urls.begin(), at(urls, x.kept));
  out.urls.insert(out.urls.end(), std::make_move_iterator(r.found.begin()),
                  std::make_move_iterator(r.found.end()));
  const std::size_t tail = out.urls.size();
  out.urls.insert(out.urls.end(), at(urls, x.reused_from), urls.end());
  if (x.delta != 0)
    for (std::size_t i = tail; i < out.urls.size(); ++i)
      shift(out.urls[i], x.delta);
  const std::vector<FinderCheckpoint>& checkpoints = base.checkpoints;
  out.checkpoints.assign(checkpoints.begin(), at(checkpoints, x.keep));
  for (FinderCheckpoint& c : r.taken) {
    c.urls += x.kept;
    out.checkpoints.push_back(std::move(c));
  }
  if (x.resynced) {
    const std::ptrdiff_t url_shift =
        static_cast<std::ptrdiff_t>(tail) - static_cast<std::ptrdiff_t>(x.reused_from);
    for (std::size_t i = x.replaced_end; i < checkpoints.size(); ++i)
      move_checkpoint(out.checkpoints.emplace_back(checkpoints[i]), change, x.delta, url_shift);
  }
  out.size = text.size();
  return out;
}

} // namespace

struct IncrementalUrls::State {
  bool valid = false;
  Language lang = Language::PlainText;
  FinderOptions options;
  Generation now;
  // The generation before the last one that was found again in a large part (an edit that
  // opened a block comment), and the change from its text to now's: an edit that undoes that
  // one, or closes the comment, is found again from it.
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
  // A run from the generation before, when the text is near enough to its and the run comes to
  // stand as that generation's did soon after the change: the comment opened closed again, the
  // edit undone.
  std::optional<Rerun> rerun_from_before(std::string_view text, const TextChange& from_then);
};

// How far from the generation before a text may be for a run from it to be tried, and how far
// past the change that run may go before it gives up (then the run from now is made as well).
constexpr std::size_t kNearBefore = 64 * 1024;

std::optional<Rerun> IncrementalUrls::State::rerun_from_before(std::string_view text,
                                                               const TextChange& from_then) {
  if (span_of(from_then) > kNearBefore) return std::nullopt;
  Rerun r = rerun(*before, text, lang, options, from_then, every, 4 * every);
  if (r.gave_up || r.resync == before->checkpoints.size()) return std::nullopt;
  return r;
}

void IncrementalUrls::State::incremental(std::string_view text, const TextChange& edit) {
  // From the generation before when the text is nearer to its, or a run from it settles soon
  // (an edit undone, a comment closed), else from now.
  std::optional<Rerun> r;
  TextChange change = edit;
  bool from_before = false;
  if (before) {
    const TextChange from_then = then(before_to_now, edit);
    if (span_of(from_then) < span_of(edit))
      r = rerun(*before, text, lang, options, from_then, every, finding::npos);
    else
      r = rerun_from_before(text, from_then);
    if (r) {
      std::swap(now, *before);
      before_to_now = edit; // the generation that was now, to the new text
      change = from_then;
      from_before = true;
    }
  }
  if (!r) r = rerun(now, text, lang, options, change, every, finding::npos);
  // Found again in a large part (a block comment opened): the generation it replaces is kept, so
  // that the edit undoing this one finds it again (as the text before it, the URLs before it).
  const std::size_t found = r->found.size();
  const Replaced will = replaced_by(now, change, *r);
  const bool keep_before =
      !from_before && will.reused_from - will.kept > std::max<std::size_t>(64, now.urls.size() / 4);
  Replaced x;
  if (keep_before) {
    Generation next = rebuilt(now, text, change, std::move(*r), x);
    before = std::move(now);
    now = std::move(next);
    before_to_now = edit;
  } else {
    if (before && !from_before) before_to_now = then(before_to_now, edit);
    x = apply(now, text, change, std::move(*r));
  }
  splice = Splice{x.kept, x.kept + found, x.reused_from, x.delta,
                  false,  from_before,    keep_before,   change};
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
