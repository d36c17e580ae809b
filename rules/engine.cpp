#include "rules/engine.h"

#include "core/ascii.h"
#include "core/codec/percent.h"
#include "core/codec/url.h"
#include "core/finder/certainty.h"
#include "core/finder/layout.h"
#include "core/finder/test_code.h"
#include "core/scan.h"
#include "rules/catalog/catalog.h"
#include "rules/fix_check.h"
#include "rules/rule.h"
#include "rules/suppression.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <stdexcept>

namespace pctlint {

namespace {

Edit to_source(const FoundUrl& url, const UrlEdit& e) {
  // An insertion at a join goes at the end of the literal before it.
  const std::size_t end = url.source_end_offset(e.span.end);
  return {e.span.begin == e.span.end ? end : url.source_offset(e.span.begin), end, e.replacement};
}

bool overlaps(const Edit& a, const Edit& b) {
  if (a.begin == a.end && b.begin == b.end) return a.begin == b.begin; // two insertions, one place
  return a.begin < b.end && b.begin < a.end;
}

// What triggered_rules() looks up, built once from the rules' triggers() and escape_triggers().
struct TriggerTables {
  std::array<RuleMask, 256> by_byte{};   // '%' excluded for rules with escape triggers
  std::array<RuleMask, 256> by_escape{}; // a well-formed "%XX", by its decoded byte
  RuleMask lowercase_escape = 0, malformed_escape = 0;
  // Rules that every byte triggers (their own may_find() decides, as PCT013's does): set without
  // a look at the bytes, which are then only those that trigger some other rule.
  RuleMask every_url = 0;
  bool escape_rules = false;            // any rule has escape triggers
  std::optional<ByteClass> interesting; // the bytes that trigger something, '%' among them

  TriggerTables() {
    const std::vector<const Rule*>& rules = all_rules();
    if (rules.size() > kMaxRules) throw std::logic_error("more rules than RuleMask has bits");
    for (std::size_t i = 0; i < rules.size(); ++i) {
      const RuleMask bit = RuleMask{1} << i;
      ByteSet bytes = rules[i]->triggers();
      if (bytes.all()) {
        every_url |= bit;
        continue;
      }
      if (const auto escapes = rules[i]->escape_triggers(); escapes && bytes['%']) {
        bytes.reset('%');
        escape_rules = true;
        for (unsigned b = 0; b < 256; ++b)
          if (escapes->decoded[b]) by_escape[b] |= bit;
        if (escapes->lowercase) lowercase_escape |= bit;
        if (escapes->malformed) malformed_escape |= bit;
      }
      for (unsigned b = 0; b < 256; ++b)
        if (bytes[b]) by_byte[b] |= bit;
    }
    std::array<bool, 256> members{};
    for (unsigned b = 0; b < 256; ++b)
      members[b] = by_byte[b] != 0;
    members['%'] = members['%'] || escape_rules;
    interesting.emplace(members);
  }
};

// One finding per span: where two rules report overlapping text ("%a3" is lowercase and not
// UTF-8; "%2f" is lowercase and an encoded slash), the more severe one stays, or the first rule's.
void keep_most_useful(std::vector<RuleFinding>& found) {
  if (found.size() < 2) return;
  // The overlapping pairs of different rules, found from the spans in order of their starts (a
  // URL can hold thousands of findings: no comparison of every pair), then decided in the order
  // of the findings, the first of a pair before the second.
  std::vector<std::size_t> by_begin(found.size());
  for (std::size_t i = 0; i < found.size(); ++i)
    by_begin[i] = i;
  std::sort(by_begin.begin(), by_begin.end(), [&](std::size_t x, std::size_t y) {
    return found[x].finding.span.begin < found[y].finding.span.begin;
  });
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t k = 0; k < by_begin.size(); ++k) {
    const Span x = found[by_begin[k]].finding.span;
    for (std::size_t l = k + 1; l < by_begin.size(); ++l) {
      const std::size_t other = by_begin[l];
      if (found[other].finding.span.begin >= x.end) break;
      if (found[other].rule != found[by_begin[k]].rule)
        pairs.emplace_back(std::min(by_begin[k], other), std::max(by_begin[k], other));
    }
  }
  if (pairs.empty()) return;
  std::sort(pairs.begin(), pairs.end());
  std::vector<bool> drop(found.size());
  for (const auto& [a, b] : pairs) {
    if (drop[a] || drop[b]) continue;
    if (found[b].severity > found[a].severity)
      drop[a] = true;
    else
      drop[b] = true;
  }
  std::size_t k = 0;
  for (std::size_t i = 0; i < found.size(); ++i)
    if (!drop[i] && k++ != i) found[k - 1] = std::move(found[i]);
  found.resize(k);
}

// Whether an edit of text [begin, end) crosses a join between concatenated literals.
bool crosses_join(const FoundUrl& url, const UrlEdit& e) {
  for (const std::size_t j : url.joins)
    if (e.span.begin < j && j < e.span.end) return true;
  return false;
}

// Whether the bytes a fix edits are certainly the URL's: all of them where the syntax gives its
// extent; in Markdown's running text, those of a bare http(s) URL before the first byte running
// text could end it at, for GFM's autolink rules give that much of its extent.
bool edits_certain(const FoundUrl& url, const UrlFix& fix) {
  if (url.exact) return true;
  if (url.language != Language::Markdown || url.context != UrlContext::Prose) return false;
  const std::string_view t = url.text;
  if (!ascii::istarts_with(t, "http://") && !ascii::istarts_with(t, "https://")) return false;
  const std::size_t end = certain_end(t);
  return std::all_of(fix.edits.begin(), fix.edits.end(),
                     [&](const UrlEdit& e) { return e.span.end <= end; });
}

// A fix that writes or removes a '%' where the literal gives '%' another meaning. In a printf
// format (FoundUrl::formatted) an escape written where there was no '%' ("a b" -> "a%20b") would
// be a conversion ("%20b": a field of width 20), so it is written "%%20", which the format turns
// into "%20"; "%7E" -> "~" would remove a conversion. In a literal holding a '%' placeholder
// ("%s", "%{name}", "%HOST%") that is not known to be a format, the literal may still be one
// (given to printf on another line, a #define): the fix is left as it is. Both unsafe: whether
// the literal is a format is read from the code around it.
void where_percent_means_more(std::string_view source, const FoundUrl& url, Fix& fix) {
  const bool percent_placeholder =
      std::any_of(url.placeholders.begin(), url.placeholders.end(), [&](const Span& p) {
        return p.begin < url.text.size() && url.text[p.begin] == '%';
      });
  if (!url.formatted && !url.maybe_formatted && !percent_placeholder) return;
  bool risky = false, doubled = false;
  for (Edit& e : fix.edits) {
    const bool writes = e.replacement.find('%') != std::string::npos;
    const bool removes =
        source.substr(e.begin, e.end - e.begin).find('%') != std::string_view::npos;
    if (!writes && !removes) continue;
    risky = true;
    if (!url.formatted || removes) continue;
    std::string twice;
    for (const char c : e.replacement) {
      twice.push_back(c);
      if (c == '%') twice.push_back('%');
    }
    e.replacement = std::move(twice);
    doubled = true;
  }
  if (!risky) return;
  fix.applicability = Applicability::Unsafe;
  fix.title += doubled               ? " (in a format string, as %%)"
               : url.maybe_formatted ? " (the literal may be a printf format)"
                                     : " (the literal's '%' may be a format's)";
}

Diagnostic to_diagnostic(std::string_view source, const FoundUrl& url, RuleFinding&& f,
                         const Rule& rule, const Config& config) {
  Diagnostic d;
  d.rule = &rule.info();
  d.severity = f.severity;
  d.message = std::move(f.finding.message);
  d.begin = url.source_offset(f.finding.span.begin);
  d.end = url.source_end_offset(f.finding.span.end);
  d.url_begin = url.source_begin;
  d.url_end = url.source_end;
  d.url_exact = url.exact;
  d.doubt = f.doubt;
  if (auto& fix = f.finding.fix) {
    // A fix is safe only where the bytes it edits are certainly the URL's; in running text the end
    // is a guess, and a fix past a wrong end would edit what is not the URL.
    // In a test file every fix is unsafe: its URLs are often wrong on purpose (Config::test_files).
    // An XML namespace's name is compared as a string: any rewrite names another namespace.
    // A URL shown shortened is an illustration (shown_shortened).
    // A URL read whole for its blanks (quoted in running text) is read otherwise once they are
    // encoded.
    const bool encodes_blanks =
        url.whole_by_blanks &&
        std::any_of(fix->edits.begin(), fix->edits.end(), [&](const UrlEdit& e) {
          return e.span.end <= url.text.size() &&
                 find_any_of3(url.text, e.span.begin, e.span.end, ' ', '\t', ' ') < e.span.end;
        });
    const Applicability applicability = edits_certain(url, *fix) && !config.fixes_unsafe &&
                                                !url.namespace_name && !encodes_blanks &&
                                                !shown_shortened(url)
                                            ? fix->applicability
                                            : Applicability::Unsafe;
    const bool crosses = std::any_of(fix->edits.begin(), fix->edits.end(),
                                     [&](const UrlEdit& e) { return crosses_join(url, e); });
    if (!crosses) {
      Fix out{std::move(fix->title), applicability, {}, std::move(fix->parts)};
      for (const UrlEdit& e : fix->edits)
        out.edits.push_back(to_source(url, e));
      where_percent_means_more(source, url, out);
      d.fix = std::move(out);
    }
  }
  return d;
}

} // namespace

RuleMask triggered_rules(const FoundUrl& url) {
  static const TriggerTables tables;
  const std::string_view text = url.text;
  const std::vector<Span>& holes = url.placeholders;
  RuleMask mask = tables.every_url;
  std::size_t hole = 0;
  // Most bytes of a URL trigger nothing: only the others are looked at, found 16 at a time.
  for (std::size_t base = 0; base < text.size(); base += 64) {
    for (std::uint64_t bits = tables.interesting->members_at(text, base); bits; bits &= bits - 1) {
      const std::size_t i = base + static_cast<std::size_t>(std::countr_zero(bits));
      while (hole < holes.size() && holes[hole].end <= i)
        ++hole;
      if (hole < holes.size() && holes[hole].begin <= i) continue; // inside a placeholder
      mask |= tables.by_byte[static_cast<unsigned char>(text[i])];
      if (text[i] != '%' || !tables.escape_rules) continue;
      const int high = i + 2 < text.size() ? hex_value(text[i + 1]) : -1;
      const int low = high >= 0 ? hex_value(text[i + 2]) : -1;
      if (low < 0) {
        mask |= tables.malformed_escape;
        continue;
      }
      mask |= tables.by_escape[static_cast<unsigned>(high * 16 + low)];
      if (text[i + 1] >= 'a' || text[i + 2] >= 'a') mask |= tables.lowercase_escape; // a-f
    }
  }
  return mask;
}

namespace {

// What checking URLs needs that is the same for every URL of a run: the enabled rules and their
// severities, and buffers reused from URL to URL.
struct UrlChecker {
  explicit UrlChecker(const Config& config) : config(config) {
    const std::vector<const Rule*>& rules = all_rules();
    for (std::size_t i = 0; i < rules.size(); ++i)
      if ((severity[i] = config.severity_of(rules[i]->info())) != Severity::Off)
        enabled |= RuleMask{1} << i;
  }

  // The findings of every enabled rule in `url`, one per span, into `found`.
  void check(const FoundUrl& url, std::vector<RuleFinding>& found) {
    found.clear();
    const std::vector<const Rule*>& rules = all_rules();
    RuleMask to_run = triggered_rules(url) & enabled;
    if (!to_run) return; // the common case: a plain, correct URL
    for (RuleMask m = to_run; m; m &= m - 1) {
      const int i = std::countr_zero(m);
      if (!rules[static_cast<std::size_t>(i)]->may_find(url)) to_run &= ~(RuleMask{1} << i);
    }
    if (!to_run) return;
    // Placeholders hold no delimiter: "#{id}" starts no fragment.
    std::string_view shape = url.text;
    if (!url.placeholders.empty()) {
      masked.assign(url.text);
      for (const Span& p : url.placeholders)
        std::fill(masked.begin() + static_cast<std::ptrdiff_t>(p.begin),
                  masked.begin() + static_cast<std::ptrdiff_t>(p.end), 'x');
      shape = masked;
    }
    const UrlParts parts = split_url(shape);
    escapes_of(url, escapes);
    const UrlUnderCheck under{url, url.text, parts, config, &escapes};
    for (; to_run; to_run &= to_run - 1) { // in rule order
      const std::size_t index = static_cast<std::size_t>(std::countr_zero(to_run));
      findings.clear();
      rules[index]->check(under, findings);
      findings.finish();
      for (UrlFinding& f : findings)
        found.push_back({std::move(f), index, severity[index]});
    }
    certain_part(url, found);
    keep_most_useful(found);
  }

  // Certainty by construction (core/finder/certainty.h): no rule reports past the certain part of
  // a URL whose end is a guess, and the rules that depend on the extent judge only a URL whose
  // extent, reading and grammar are certain. With "extent": "guessed" such findings are kept and
  // marked with what is in doubt.
  void certain_part(const FoundUrl& url, std::vector<RuleFinding>& found) const {
    if (found.empty()) return;
    const std::vector<const Rule*>& rules = all_rules();
    const Certainty certainty = certainty_of(url);
    auto doubt = [&](const RuleFinding& f) {
      return certainty.about(f.finding.span.end, rules[f.rule]->info().depends_on_extent);
    };
    if (!config.report_guessed_extent) {
      std::erase_if(found, [&](const RuleFinding& f) { return doubt(f) != Doubt::None; });
      return;
    }
    for (RuleFinding& f : found)
      if (const Doubt d = doubt(f); d != Doubt::None && f.doubt == Doubt::None) {
        f.doubt = d;
        f.finding.message += " (" + std::string(describe(d)) + ")";
      }
  }

  const Config& config;
  RuleMask enabled = 0;
  std::array<Severity, kMaxRules> severity{};
  UrlFindings findings;
  std::vector<std::uint32_t> escapes;
  std::string masked;
};

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
  std::stable_sort(diagnostics.begin(), diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.begin != b.begin ? a.begin < b.begin : a.rule->id < b.rule->id;
                   });
}

} // namespace

LintResult lint_unsuppressed(std::string_view source, Language lang, const Config& config,
                             Urls urls) {
  LintResult result;
  UrlChecker checker(config);
  std::vector<RuleFinding> found;
  for_each_url(source, lang, config.finder, [&](const FoundUrl& url) {
    ++result.url_count;
    if (urls == Urls::Keep) result.urls.push_back(url);
    checker.check(url, found);
    for (RuleFinding& f : found)
      result.diagnostics.push_back(
          to_diagnostic(source, url, std::move(f), *all_rules()[f.rule], config));
  });
  sort_diagnostics(result.diagnostics);
  return result;
}

namespace {

// What a URL's findings depend on besides the configuration: its text and how it was found.
void memo_key(const FoundUrl& url, std::string& key) {
  key.assign(url.text);
  key.push_back('\0');
  key.push_back(static_cast<char>('0' + static_cast<int>(url.context)));
  key.push_back(url.exact ? 'x' : '-');
  key.push_back(static_cast<char>('A' + static_cast<int>(url.language)));
  key.push_back(url.open_end ? 'o' : '-');
  key.push_back(url.declared_iri ? 'i' : '-');
  auto number = [&](std::size_t n) {
    key.append(std::to_string(n));
    key.push_back(',');
  };
  for (const Span& p : url.placeholders)
    number(p.begin), number(p.end);
  key.push_back(';');
  for (const std::size_t j : url.joins)
    number(j);
}

} // namespace

namespace {

void shift(Diagnostic& d, std::ptrdiff_t delta) {
  const auto moved = [delta](std::size_t& o) {
    o = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(o) + delta);
  };
  moved(d.begin), moved(d.end), moved(d.url_begin), moved(d.url_end);
  if (d.fix)
    for (Edit& e : d.fix->edits)
      moved(e.begin), moved(e.end);
}

// A URL's findings as diagnostics, in order (by begin, then rule id: sort_diagnostics' order).
void append_diagnostics(std::string_view source, const FoundUrl& url,
                        const std::vector<RuleFinding>& findings, const Config& config,
                        std::vector<Diagnostic>& out) {
  const std::size_t first = out.size();
  for (const RuleFinding& f : findings)
    out.push_back(to_diagnostic(source, url, RuleFinding(f), *all_rules()[f.rule], config));
  std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.begin != b.begin ? a.begin < b.begin : a.rule->id < b.rule->id;
                   });
}

constexpr std::string_view kMarker = "pctlint-";

void make_unsafe(const std::vector<std::size_t>& which, std::vector<Diagnostic>& diagnostics) {
  for (const std::size_t i : which)
    diagnostics[i].fix->applicability = Applicability::Unsafe;
}

} // namespace

const LintResult& LintCache::lint(std::string_view source, Language lang, const Config& config,
                                  bool urls, std::optional<TextChange> change) {
  if (lang != language_) {
    clear();
    language_ = lang;
  }
  found_.update(source, lang, config.finder, change);
  const IncrementalUrls::Splice& sp = found_.last_splice();
  if (sp.from_before) { // the base is the generation before: its memos take now's place
    std::swap(memos_, before_.memos);
    std::swap(result_.diagnostics, before_.diagnostics);
    std::swap(markers_, before_.markers);
  } else if (sp.kept_before) {
    // The generation it replaces is the text an edit and its undo left (a "/*" typed at the top,
    // deleted, typed again): its memos are where this lint's URLs are found again. It is kept as
    // it was (moved: a comment opened at the top replaces nearly every URL, and a copy of them
    // all cost a fifth of that edit); this lint keeps copies of the memos and diagnostics of the
    // URLs not found again only.
    older_ = std::move(before_.memos);
    before_.memos = std::move(memos_);
    before_.diagnostics = std::move(result_.diagnostics);
    before_.markers = markers_;
    const auto at = [](auto& v, std::size_t i) {
      return v.begin() + static_cast<std::ptrdiff_t>(i);
    };
    const std::vector<Memo>& was = before_.memos;
    memos_.assign(was.begin(), at(was, sp.kept));
    memos_.insert(memos_.end(), at(was, sp.reused_from), was.end());
    const std::size_t diag_begin = diagnostics_of(was, 0, sp.kept);
    const std::size_t diag_end = diag_begin + diagnostics_of(was, sp.kept, sp.reused_from);
    const std::vector<Diagnostic>& diags = before_.diagnostics;
    result_.diagnostics.assign(diags.begin(), at(diags, diag_begin));
    result_.diagnostics.insert(result_.diagnostics.end(), at(diags, diag_end), diags.end());
  }
  if (sp.from_scratch)
    from_scratch(source, config);
  else
    splice(source, config);
  result_.url_count = found_.urls().size();
  if (urls)
    result_.urls = found_.urls();
  else
    result_.urls.clear();
  if (result_.url_count == 0) return result_;
  // The fixes in in-file tests and reST tables are unsafe; in a copy, since an edit may move
  // their bounds.
  const std::vector<std::size_t> in_tests =
      safe_fixes_unsafe_in_place(source, lang, result_.diagnostics);
  if (markers_.empty() && in_tests.empty()) return result_;
  suppressed_ = result_;
  make_unsafe(in_tests, suppressed_.diagnostics);
  if (!markers_.empty()) drop_suppressed(source, lang, config, suppressed_);
  return suppressed_;
}

void LintCache::from_scratch(std::string_view source, const Config& config) {
  UrlChecker checker(config);
  std::vector<RuleFinding> found;
  older_ = std::move(memos_);
  memos_.clear();
  result_.diagnostics.clear();
  std::string key;
  std::unordered_multimap<std::size_t, std::size_t> older_index;
  for (std::size_t k = 0; k < older_.size(); ++k)
    older_index.emplace(older_[k].hash, k);
  for (const FoundUrl& url : found_.urls()) {
    memo_key(url, key);
    Memo& memo = memos_.emplace_back();
    memo.hash = std::hash<std::string_view>{}(key);
    memo.key = key;
    const std::vector<RuleFinding>* known = nullptr;
    for (auto [it, end] = older_index.equal_range(memo.hash); it != end && !known; ++it)
      if (older_[it->second].key == key) known = &older_[it->second].findings;
    if (known) {
      memo.findings = *known;
    } else {
      checker.check(url, found);
      memo.findings = found;
    }
    append_diagnostics(source, url, memo.findings, config, result_.diagnostics);
  }
  markers_.clear();
  find_markers(source, 0, source.size());
  before_ = {};
}

std::size_t LintCache::diagnostics_of(const std::vector<Memo>& memos, std::size_t begin,
                                      std::size_t end) {
  std::size_t n = 0;
  for (std::size_t i = begin; i < end; ++i)
    n += memos[i].findings.size();
  return n;
}

void LintCache::splice(std::string_view source, const Config& config) {
  const IncrementalUrls::Splice& sp = found_.last_splice();
  const TextChange& change = sp.change;
  const std::vector<FoundUrl>& all = found_.urls();
  // The URLs replaced: in memos_ (moved out), or with the generation kept before (lint() left
  // them out of memos_ and of the diagnostics).
  const std::size_t memo_end = sp.kept_before ? sp.kept : sp.reused_from;
  // The diagnostics of the URLs replaced, as counted by their memos.
  const std::size_t diag_begin = diagnostics_of(memos_, 0, sp.kept);
  const std::size_t diag_end = diag_begin + diagnostics_of(memos_, sp.kept, memo_end);
  std::vector<Memo> moved_out(
      std::make_move_iterator(memos_.begin() + static_cast<std::ptrdiff_t>(sp.kept)),
      std::make_move_iterator(memos_.begin() + static_cast<std::ptrdiff_t>(memo_end)));
  const std::span<const Memo> replaced =
      sp.kept_before
          ? std::span<const Memo>(before_.memos).subspan(sp.kept, sp.reused_from - sp.kept)
          : std::span<const Memo>(moved_out);
  // The memos of the URLs found again are looked for among those they replace, in order, then
  // among the ones the lint before replaced (an edit that opens a block comment and the next
  // that closes it again hide URLs and bring them back).
  // Each list is tried where its last match was (an edit keeps the URLs' order), then by hash.
  std::vector<std::pair<std::size_t, std::size_t>> older_index; // (hash, position), sorted
  std::size_t cursor = 0, older_cursor = 0;
  std::string key;
  const auto lookup = [&](std::size_t hash) -> const std::vector<RuleFinding>* {
    const auto matches = [&](const Memo& m) { return m.hash == hash && m.key == key; };
    for (std::size_t k = cursor; k < std::min(cursor + 4, replaced.size()); ++k)
      if (matches(replaced[k])) {
        cursor = k + 1;
        return &replaced[k].findings;
      }
    for (std::size_t k = older_cursor; k < std::min(older_cursor + 4, older_.size()); ++k)
      if (matches(older_[k])) {
        older_cursor = k + 1;
        return &older_[k].findings;
      }
    if (older_index.empty() && !older_.empty()) {
      older_index.reserve(older_.size());
      for (std::size_t k = 0; k < older_.size(); ++k)
        older_index.emplace_back(older_[k].hash, k);
      std::sort(older_index.begin(), older_index.end());
    }
    for (auto it = std::lower_bound(older_index.begin(), older_index.end(),
                                    std::pair<std::size_t, std::size_t>(hash, 0));
         it != older_index.end() && it->first == hash; ++it)
      if (matches(older_[it->second])) {
        older_cursor = it->second + 1;
        return &older_[it->second].findings;
      }
    return nullptr;
  };
  UrlChecker checker(config);
  std::vector<RuleFinding> found;
  std::vector<Memo> fresh(sp.refound - sp.kept);
  std::vector<Diagnostic> diagnostics;
  for (std::size_t i = sp.kept; i < sp.refound; ++i) {
    const FoundUrl& url = all[i];
    memo_key(url, key);
    Memo& memo = fresh[i - sp.kept];
    memo.hash = std::hash<std::string_view>{}(key);
    memo.key = key;
    if (const std::vector<RuleFinding>* known = lookup(memo.hash)) {
      memo.findings = *known;
    } else {
      checker.check(url, found);
      memo.findings = found;
    }
    append_diagnostics(source, url, memo.findings, config, diagnostics);
  }
  replace_range(memos_, sp.kept, memo_end, fresh);
  if (!moved_out.empty()) older_ = std::move(moved_out);
  std::vector<Diagnostic>& all_diagnostics = result_.diagnostics;
  const std::size_t moved_from = diag_begin + diagnostics.size();
  replace_range(all_diagnostics, diag_begin, diag_end, diagnostics);
  if (sp.shift != 0)
    for (std::size_t i = moved_from; i < all_diagnostics.size(); ++i)
      shift(all_diagnostics[i], sp.shift);

  // The markers: those the change removed go, those after it move, those it wrote are found.
  const std::size_t near = change.begin >= kMarker.size() ? change.begin - kMarker.size() + 1 : 0;
  std::vector<std::size_t> markers;
  for (const std::size_t m : markers_)
    if (m < near)
      markers.push_back(m);
    else if (m >= change.old_end)
      markers.push_back(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(m) + sp.shift));
  markers_ = std::move(markers);
  find_markers(source, near, std::min(source.size(), change.new_end + kMarker.size() - 1));
}

// The markers in source[begin, end) joined to markers_ (sorted, each once).
void LintCache::find_markers(std::string_view source, std::size_t begin, std::size_t end) {
  const std::size_t count = markers_.size();
  // Only as far as a marker starting before `end` reaches: a search to the text's end would cost
  // a keystroke the whole text.
  const std::string_view scope = source.substr(0, std::min(source.size(), end + kMarker.size()));
  for (std::size_t at = scope.find(kMarker, begin); at != std::string_view::npos && at < end;
       at = scope.find(kMarker, at + 1))
    markers_.push_back(at);
  std::inplace_merge(markers_.begin(), markers_.begin() + static_cast<std::ptrdiff_t>(count),
                     markers_.end());
  markers_.erase(std::unique(markers_.begin(), markers_.end()), markers_.end());
}

void drop_suppressed(std::string_view source, Language lang, const Config& config,
                     LintResult& result) {
  // Where no URL was found there is nothing to suppress, and a suppression comment is moot.
  if (result.url_count == 0 || !contains(source, "pctlint-")) return;
  const Suppressions suppressions(source, lang);
  std::erase_if(result.diagnostics,
                [&](const Diagnostic& d) { return suppressions.suppressed(d.begin, d.rule->id); });
  const RuleInfo& invalid = invalid_suppression_rule().info();
  const Severity severity = config.severity_of(invalid);
  if (suppressions.unknown_names().empty() || severity == Severity::Off) return;
  for (const Suppressions::UnknownName& u : suppressions.unknown_names()) {
    Diagnostic d;
    d.rule = &invalid;
    d.severity = severity;
    d.message = "'" + u.name + "' is not a rule id or name; it suppresses nothing";
    d.begin = d.url_begin = u.begin;
    d.end = d.url_end = u.end;
    if (!suppressions.suppressed(d.begin, invalid.id)) result.diagnostics.push_back(std::move(d));
  }
  sort_diagnostics(result.diagnostics);
}

namespace {

// Whether `at` is in one of `spans` (sorted, not overlapping).
bool within(const std::vector<Span>& spans, std::size_t at) {
  const auto after = std::upper_bound(spans.begin(), spans.end(), at,
                                      [](std::size_t a, const Span& s) { return a < s.begin; });
  return after != spans.begin() && at < std::prev(after)->end;
}

// Characters in UTF-8 text (bytes that do not continue a sequence).
std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// Whether the URL that ends at `url_end` is the input of a worked example: an arrow after it on
// its line, then another URL ("`http://example.org/a%c2%b1b` → `http://example.org/a%C2%B1b`", a
// normaliser's documentation). It is written wrong on purpose, beside what it becomes; fixed, the
// example shows nothing.
bool worked_example_input(std::string_view source, std::size_t url_end) {
  const auto skip = [&](std::size_t i, std::string_view chars) {
    while (i < source.size() && chars.find(source[i]) != std::string_view::npos)
      ++i;
    return i;
  };
  std::size_t i = skip(url_end, "`\"')> \t");
  std::size_t arrow = 0;
  for (const std::string_view a : {"\u2192", "\u21D2", "\u27F6", "-->", "->", "=>"})
    if (source.compare(i, a.size(), a) == 0) {
      arrow = a.size();
      break;
    }
  if (arrow == 0) return false;
  i = skip(i + arrow, "`\"'(< \t");
  if (i >= source.size() || !charsets::alpha.contains(source[i])) return false;
  std::size_t scheme = i;
  while (scheme < source.size() && charsets::scheme.contains(source[scheme]))
    ++scheme;
  return source.compare(scheme, 3, "://") == 0;
}

// Whether an edit of `fix` changes the number of characters on its line.
bool changes_width(std::string_view source, const Fix& fix) {
  return std::any_of(fix.edits.begin(), fix.edits.end(), [&](const Edit& e) {
    return utf8_length(source.substr(e.begin, e.end - e.begin)) != utf8_length(e.replacement);
  });
}

} // namespace

std::vector<std::size_t> safe_fixes_unsafe_in_place(std::string_view source, Language lang,
                                                    const std::vector<Diagnostic>& diagnostics) {
  const auto safe = [](const Diagnostic& d) {
    return d.fix && d.fix->applicability == Applicability::Safe;
  };
  std::vector<std::size_t> found;
  if (std::none_of(diagnostics.begin(), diagnostics.end(), safe)) return found;
  const std::vector<Span> tests = in_file_tests(source, lang);
  const std::vector<Span> layout = width_sensitive_lines(source, lang);
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    if (!safe(d)) continue;
    if (within(tests, d.begin) || in_test_statement(source, d.begin) ||
        (within(layout, d.begin) && changes_width(source, *d.fix)) ||
        worked_example_input(source, d.url_end))
      found.push_back(i);
  }
  return found;
}

LintResult lint(std::string_view source, Language lang, const Config& config, Urls urls) {
  LintResult result = lint_unsuppressed(source, lang, config, urls);
  make_unsafe(safe_fixes_unsafe_in_place(source, lang, result.diagnostics), result.diagnostics);
  drop_suppressed(source, lang, config, result);
  return result;
}

namespace {

// Whether `d` has a fix that a run with (or without) --unsafe-fixes applies.
bool has_applicable_fix(const Diagnostic& d, bool unsafe) {
  return d.fix && !d.fix->edits.empty() && (unsafe || d.fix->applicability == Applicability::Safe);
}

} // namespace

FixResult apply_fixes(std::string_view source, const std::vector<Diagnostic>& diagnostics,
                      bool unsafe) {
  // What is applied or not as a whole: a fix, or each part of a folded one (Fix::parts).
  struct Piece {
    const Edit* begin;
    const Edit* end;
  };
  std::vector<Piece> pieces;
  for (const Diagnostic& d : diagnostics) {
    if (!has_applicable_fix(d, unsafe)) continue;
    const std::vector<Edit>& edits = d.fix->edits;
    const std::vector<std::size_t>& parts = d.fix->parts;
    if (parts.empty()) {
      pieces.push_back({edits.data(), edits.data() + edits.size()});
      continue;
    }
    for (std::size_t k = 0; k < parts.size(); ++k)
      pieces.push_back({edits.data() + parts[k],
                        edits.data() + (k + 1 < parts.size() ? parts[k + 1] : edits.size())});
  }
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const Piece& a, const Piece& b) { return a.begin->begin < b.begin->begin; });

  FixResult result;
  // Accepted edits, ordered by (begin, end) so an insertion precedes a replacement at its place.
  std::vector<Edit> accepted;
  auto before = [](const Edit& a, const Edit& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  };
  for (const Piece& piece : pieces) {
    bool duplicate = true, clash = false;
    for (const Edit* e = piece.begin; e != piece.end; ++e) {
      // Accepted edits never overlap, so only the neighbours of e's place can overlap e.
      const auto it = std::lower_bound(accepted.begin(), accepted.end(), *e, before);
      const bool same = it != accepted.end() && *it == *e;
      duplicate = duplicate && same;
      if (!same && ((it != accepted.end() && overlaps(*it, *e)) ||
                    (it != accepted.begin() && overlaps(*(it - 1), *e))))
        clash = true;
    }
    if (duplicate) continue; // the same fix offered twice (by two diagnostics)
    if (clash) {
      ++result.skipped;
      continue;
    }
    // Pieces come in order of their first edit: most land at the end, no insertion in the middle.
    for (const Edit* e = piece.begin; e != piece.end; ++e)
      if (accepted.empty() || before(accepted.back(), *e))
        accepted.push_back(*e);
      else
        accepted.insert(std::lower_bound(accepted.begin(), accepted.end(), *e, before), *e);
    ++result.applied;
  }
  result.text.reserve(source.size() + 64);
  std::size_t at = 0;
  for (const Edit& e : accepted) {
    result.text.append(source.substr(at, e.begin - at));
    result.text += e.replacement;
    at = e.end;
  }
  result.text.append(source.substr(at));
  result.edits = std::move(accepted);
  return result;
}

namespace {

constexpr std::size_t npos_index = static_cast<std::size_t>(-1);

// The diagnostic whose applied fix is to blame for a failed check: one with an edit in
// [at, until], else the nearest after `at`, else the nearest before it. npos when none applies.
std::size_t blamed_fix(const std::vector<Diagnostic>& diagnostics, bool unsafe,
                       const FixCheck& check) {
  std::size_t inside = npos_index, after = npos_index, before = npos_index;
  std::size_t after_at = SIZE_MAX, before_at = 0;
  for (std::size_t k = 0; k < diagnostics.size(); ++k) {
    const Diagnostic& d = diagnostics[k];
    if (!has_applicable_fix(d, unsafe)) continue;
    for (const Edit& e : d.fix->edits) {
      if (e.end >= check.at && e.begin <= check.until) inside = k;
      if (e.begin >= check.at && e.begin < after_at) after_at = e.begin, after = k;
      if (e.begin < check.at && e.begin >= before_at) before_at = e.begin, before = k;
    }
  }
  return inside != npos_index ? inside : after != npos_index ? after : before;
}

// Records a fix the check refused. A later pass meets again the findings an earlier pass left
// (shifted by that pass's edits): a refusal of the same rule, message and fix is said once.
void record_dropped(FixResult& total, const Diagnostic& d, std::string reason, bool first_pass) {
  const auto same = [&](const DroppedFix& e) {
    const Diagnostic& o = e.diagnostic;
    return o.rule == d.rule && o.message == d.message && o.fix && d.fix &&
           o.fix->title == d.fix->title && e.reason == reason;
  };
  if (!first_pass && std::any_of(total.dropped.begin(), total.dropped.end(), same)) return;
  total.dropped.push_back({d, std::move(reason), first_pass});
}

// Finds the fixes of `diagnostics` that fail check_fix on `total.text` by bisection: a group of
// fixes that passes together is kept whole, a failing group is split, a failing single fix is
// dropped and recorded in `total.dropped`. A few guilty fixes among thousands cost a few dozen
// checks, not thousands. Whether any was dropped.
bool drop_failing_by_bisection(FixResult& total, std::vector<Diagnostic>& diagnostics,
                               Language lang, const Config& config, bool unsafe, bool first_pass) {
  std::vector<std::size_t> applicable;
  for (std::size_t k = 0; k < diagnostics.size(); ++k)
    if (has_applicable_fix(diagnostics[k], unsafe)) applicable.push_back(k);
  bool dropped = false;
  std::size_t checks = 0;
  constexpr std::size_t kMaxChecks = 256;
  // Ranges of `applicable` still to look at.
  std::vector<std::pair<std::size_t, std::size_t>> todo{{0, applicable.size()}};
  while (!todo.empty() && checks < kMaxChecks) {
    const auto [from, to] = todo.back();
    todo.pop_back();
    if (from >= to) continue;
    std::vector<Diagnostic> group;
    for (std::size_t k = from; k < to; ++k)
      group.push_back(diagnostics[applicable[k]]);
    const FixResult applied = apply_fixes(total.text, group, unsafe);
    ++checks;
    if (applied.applied == 0) continue;
    const FixCheck check = check_fix(total.text, applied.text, applied.edits, lang, config.finder);
    if (check.ok) continue;
    if (to - from == 1) {
      Diagnostic& d = diagnostics[applicable[from]];
      record_dropped(total, d, check.reason, first_pass);
      d.fix.reset();
      dropped = true;
      continue;
    }
    const std::size_t mid = from + (to - from) / 2;
    todo.emplace_back(mid, to);
    todo.emplace_back(from, mid);
  }
  return dropped;
}

} // namespace

FixResult fix_all(std::string_view source, Language lang, const Config& config, bool unsafe) {
  FixResult total{std::string(source), 0, 0, {}, {}, true};
  // Each pass applies non-overlapping fixes; overlapping ones wait for the next pass. Fixes only
  // ever shrink the set of findings, so a handful of passes reach the fixpoint.
  for (int pass = 0;; ++pass) {
    LintResult lr = lint(total.text, lang, config, Urls::Drop);
    if (pass == 8) { // bounded; never reached by the rules' fixes, which converge in 2
      total.remaining = std::move(lr.diagnostics);
      break;
    }
    FixResult step = apply_fixes(total.text, lr.diagnostics, unsafe);
    // The pass's text is checked; a fix that fails is dropped and the pass made again without it.
    // First by bisection, so that no fix is dropped for another's fault; then, for fixes that
    // fail only together, the one the check points at.
    bool bisected = false;
    for (int attempt = 0; step.applied > 0; ++attempt) {
      const FixCheck check = check_fix(total.text, step.text, step.edits, lang, config.finder);
      if (check.ok) break;
      if (!bisected) {
        bisected = true;
        if (drop_failing_by_bisection(total, lr.diagnostics, lang, config, unsafe, pass == 0)) {
          step = apply_fixes(total.text, lr.diagnostics, unsafe);
          continue;
        }
      }
      const std::size_t k = attempt < 32 ? blamed_fix(lr.diagnostics, unsafe, check) : npos_index;
      if (k == npos_index) { // nothing to blame, or too many: this pass applies nothing
        step.applied = 0;
        break;
      }
      record_dropped(total, lr.diagnostics[k], check.reason, pass == 0);
      lr.diagnostics[k].fix.reset();
      step = apply_fixes(total.text, lr.diagnostics, unsafe);
    }
    if (step.applied == 0) {
      total.remaining = std::move(lr.diagnostics);
      break;
    }
    if (pass == 0)
      total.edits = std::move(step.edits);
    else
      total.one_pass = false;
    total.applied += step.applied;
    total.skipped = step.skipped;
    total.text = std::move(step.text);
  }
  return total;
}

std::optional<Edit> disable_for_line_edit(std::string_view source, Language lang,
                                          std::size_t offset, std::string_view rule_id) {
  offset = std::min(offset, source.size());
  std::size_t line_end = source.find_first_of("\r\n", offset);
  if (line_end == std::string_view::npos) line_end = source.size();
  const std::size_t nl = source.substr(0, offset).find_last_of("\r\n");
  const std::size_t line_start = nl == std::string_view::npos ? 0 : nl + 1;
  const std::string_view line = source.substr(line_start, line_end - line_start);
  const std::string id(rule_id);

  constexpr std::string_view kToken = "pctlint-disable-line";
  if (const auto at = line.find(kToken); at != std::string_view::npos) {
    const std::size_t after = line_start + at + kToken.size();
    return Edit{after, after, " " + id};
  }
  const CommentSyntax syntax = comment_syntax(lang);
  std::string comment;
  if (!syntax.line.empty())
    comment = " " + std::string(syntax.line) + " pctlint-disable-line " + id;
  else if (!syntax.block_open.empty())
    comment = " " + std::string(syntax.block_open) + " pctlint-disable-line " + id + " " +
              std::string(syntax.block_close);
  else
    return std::nullopt; // JSON and plain text have no comments to put it in
  return Edit{line_end, line_end, std::move(comment)};
}

} // namespace pctlint
