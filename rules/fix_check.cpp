#include "rules/fix_check.h"

#include "core/finder/structure.h"

#include <algorithm>

namespace pctlint {

namespace {

// Maps offsets of the original text to the fixed one through sorted, non-overlapping edits.
class OffsetMap {
public:
  explicit OffsetMap(const std::vector<Edit>& edits) : edits_(edits) {
    long long delta = 0;
    deltas_.reserve(edits.size());
    for (const Edit& e : edits) {
      delta +=
          static_cast<long long>(e.replacement.size()) - static_cast<long long>(e.end - e.begin);
      deltas_.push_back(delta);
    }
  }
  // The edit holding `p` strictly inside it (begin < p < end), or nullptr.
  const Edit* inside(std::size_t p) const {
    const std::size_t k = edits_before(p);
    return k < edits_.size() && edits_[k].begin < p ? &edits_[k] : nullptr;
  }
  std::size_t operator()(std::size_t p) const {
    const std::size_t k = edits_before(p); // edits ending at or before p
    return static_cast<std::size_t>(static_cast<long long>(p) + (k ? deltas_[k - 1] : 0));
  }
  // Whether an edit that replaces bytes begins at p.
  bool starts_edit(std::size_t p) const {
    const std::size_t k = edits_before(p);
    return k < edits_.size() && edits_[k].begin == p && edits_[k].end > p;
  }
  // Whether [begin, end) holds or touches an edit.
  bool touches(std::size_t begin, std::size_t end) const {
    const auto it = std::lower_bound(edits_.begin(), edits_.end(), begin,
                                     [](const Edit& e, std::size_t at) { return e.end < at; });
    return it != edits_.end() && it->begin <= end;
  }

private:
  // How many edits end at or before p (an insertion at p counts: it is before p).
  std::size_t edits_before(std::size_t p) const {
    return static_cast<std::size_t>(
        std::upper_bound(edits_.begin(), edits_.end(), p,
                         [](std::size_t at, const Edit& e) { return at < e.end; }) -
        edits_.begin());
  }
  const std::vector<Edit>& edits_;
  std::vector<long long> deltas_;
};

bool same_literal_kind(const Literal& a, const Literal& b) {
  return a.escapes == b.escapes && a.quote == b.quote && a.close == b.close &&
         a.hole_sigil == b.hole_sigil && a.attribute == b.attribute && a.list == b.list &&
         a.url_attribute == b.url_attribute && a.config == b.config && a.plain == b.plain &&
         a.regex == b.regex && a.heredoc == b.heredoc && a.escaped_quotes == b.escaped_quotes &&
         a.format_braces == b.format_braces && a.spans_lines == b.spans_lines;
}

FixCheck failed(std::size_t at, std::size_t until, std::string reason) {
  return {false, at, until, std::move(reason)};
}

// The literal's value before and after: equal outside the edits, each edit decoding to exactly
// the bytes it wrote, no escape without a UTF-8 form rewritten, and no format string broken.
FixCheck check_literal(std::string_view source, std::string_view fixed, const LexicalRun& before,
                       const LexicalRun& after, const std::vector<Edit>& edits,
                       const OffsetMap& map) {
  const LiteralValue a = literal_value(source, before);
  const LiteralValue b = literal_value(fixed, after);
  for (std::size_t lossy : a.lossy)
    if (map.inside(lossy) || map.starts_edit(lossy))
      return failed(lossy, lossy, "it would rewrite an escape whose character is not certain");
  if (a.valid && !b.valid)
    return failed(before.begin, before.end, "it would break a format string's braces");
  // Walk both values in step: outside an edit the bytes must be equal; an edit's bytes must
  // decode to its replacement.
  std::size_t i = 0, j = 0;
  auto edit_at = [&](std::size_t origin) -> const Edit* {
    const auto it = std::upper_bound(edits.begin(), edits.end(), origin,
                                     [](std::size_t at, const Edit& e) { return at < e.end; });
    return it != edits.end() && it->begin <= origin ? &*it : nullptr;
  };
  while (i < a.text.size() || j < b.text.size()) {
    const Edit* e = i < a.text.size() ? edit_at(a.offsets[i]) : nullptr;
    if (e) {
      const std::size_t fixed_begin = map(e->begin);
      while (i < a.text.size() && a.offsets[i] >= e->begin && a.offsets[i] < e->end)
        ++i;
      std::string written;
      while (j < b.text.size() && b.offsets[j] >= fixed_begin &&
             b.offsets[j] < fixed_begin + e->replacement.size())
        written.push_back(b.text[j++]);
      if (written != e->replacement)
        return failed(e->begin, e->end, "its edit would not read back as the bytes it writes");
      continue;
    }
    if (i >= a.text.size() || j >= b.text.size() || a.text[i] != b.text[j] ||
        map(a.offsets[i]) != b.offsets[j])
      return failed(before.begin, before.end, "a literal's value would change outside the URL");
    ++i;
    ++j;
  }
  return {};
}

FixCheck check_runs(std::string_view source, std::string_view fixed, const std::vector<Edit>& edits,
                    Language lang, const OffsetMap& map) {
  const std::vector<LexicalRun> before = lexical_runs(source, lang);
  const std::vector<LexicalRun> after = lexical_runs(fixed, lang);
  for (std::size_t k = 0; k < before.size(); ++k) {
    const LexicalRun& r = before[k];
    // A run that begins or ends elsewhere was changed by an edit in it or in the run before it.
    const std::size_t from = k ? before[k - 1].begin : r.begin;
    if (k >= after.size())
      return failed(from, r.end, "the text after it would be read differently");
    const LexicalRun& s = after[k];
    if (map.inside(r.begin) || map(r.begin) != s.begin || map(r.end) != s.end ||
        r.region != s.region || r.language != s.language)
      return failed(from, r.end, "the text after it would be read differently");
    if (r.region != Region::Literal) continue;
    if (map(r.literal.open) != s.literal.open ||
        map(r.literal.content_begin) != s.literal.content_begin ||
        !same_literal_kind(r.literal, s.literal))
      return failed(from, r.end, "a literal would be read differently");
    if (!map.touches(r.begin, r.end)) continue;
    if (FixCheck c = check_literal(source, fixed, r, s, edits, map); !c.ok) return c;
  }
  if (after.size() != before.size())
    return failed(before.empty() ? 0 : before.back().begin, source.size(),
                  "the text after it would be read differently");
  return {};
}

FixCheck check_urls(std::string_view source, std::string_view fixed, Language lang,
                    const FinderOptions& finder, const OffsetMap& map) {
  const std::vector<FoundUrl> before = find_urls(source, lang, finder);
  const std::vector<FoundUrl> after = find_urls(fixed, lang, finder);
  for (std::size_t k = 0; k < before.size(); ++k) {
    const FoundUrl& u = before[k];
    if (k >= after.size())
      return failed(u.source_begin, u.source_end, "a URL would no longer be found");
    const FoundUrl& v = after[k];
    // An escape written into a printf format is written "%%XX", which reads as one more
    // placeholder (a literal percent sign); elsewhere a placeholder more or less is another URL.
    const bool escapes_in_format =
        u.formatted && v.formatted && map.touches(u.source_begin, u.source_end);
    if (map(u.source_begin) != v.source_begin || map(u.source_end) != v.source_end ||
        u.context != v.context || u.exact != v.exact ||
        (u.placeholders.size() != v.placeholders.size() && !escapes_in_format) ||
        u.joins.size() != v.joins.size() || u.open_end != v.open_end)
      return failed(u.source_begin, u.source_end, "a URL would be found with another extent");
    if (!map.touches(u.source_begin, u.source_end) && u.text != v.text)
      return failed(u.source_begin, u.source_end, "a URL it does not edit would change");
  }
  if (after.size() > before.size())
    return failed(before.empty() ? 0 : before.back().source_begin, source.size(),
                  "it would make a new URL appear");
  return {};
}

} // namespace

FixCheck check_fix(std::string_view source, std::string_view fixed, const std::vector<Edit>& edits,
                   Language lang, const FinderOptions& finder) {
  if (edits.empty()) return {};
  const OffsetMap map(edits);
  if (FixCheck c = check_runs(source, fixed, edits, lang, map); !c.ok) return c;
  return check_urls(source, fixed, lang, finder, map);
}

} // namespace pctlint
