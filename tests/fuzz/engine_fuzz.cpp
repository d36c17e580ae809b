// URL finding per file type and the rule engine with fix application. The first byte picks the
// language. Invariants: findings lie inside the document, on character boundaries in every position
// encoding; fixes touch only their ranges; fixing all safe fixes reaches a text on which no safe
// fix remains (when the structure check dropped none); the fixed text lexes the same; each
// URL's own safe fixes keep what it decodes to; and after an edit (made from the input's last
// bytes) incremental finding equals finding the edited text whole.
#include "core/codec/percent.h"
#include "core/codec/position.h"
#include "core/codec/url.h"
#include "core/codec/utf8.h"
#include "core/finder/finder.h"
#include "core/finder/incremental.h"
#include "fuzz_util.h"
#include "rules/engine.h"
#include "rules/fix_check.h"
#include "rules/rule.h"

using namespace pctlint;

namespace {

bool char_boundary(std::string_view text, std::size_t offset) {
  if (offset == 0 || offset >= text.size()) return true;
  // Not inside a well-formed multi-byte character.
  for (std::size_t back = 1; back <= 3 && back <= offset; ++back) {
    const Utf8Char c = decode_utf8_char(text, offset - back);
    if (c.ok() && c.length > back) return false;
  }
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  if (size == 0) return 0;
  const auto lang = static_cast<Language>(data[0] % kLanguageCount);
  const std::string_view text = as_text(data + 1, size - 1);
  const Config config;

  for (const FoundUrl& u : find_urls(text, lang)) {
    FUZZ_CHECK(u.source_begin <= u.source_end && u.source_end <= text.size(),
               "URL inside the text");
    FUZZ_CHECK(u.source_offsets.empty() || u.source_offsets.size() == u.text.size() + 1,
               "offset map size");
    for (std::size_t i = 0; i + 1 < u.source_offsets.size(); ++i)
      FUZZ_CHECK(u.source_offsets[i] <= u.source_offsets[i + 1], "offset map is monotonic");
  }

  // Incremental finding, with a checkpoint every 16 bytes of URLs so that restarts are many: an
  // edit replaces [at, at + removed) with a piece of the text itself.
  if (text.size() >= 4) {
    const auto byte = [&](std::size_t back) {
      return static_cast<std::size_t>(static_cast<unsigned char>(text[text.size() - back]));
    };
    const std::size_t at = (byte(1) << 8 | byte(2)) % (text.size() + 1);
    const std::size_t removed = std::min(byte(3) % 16, text.size() - at);
    const std::size_t from = byte(4) % text.size(),
                      length = std::min<std::size_t>(8, text.size() - from);
    std::string edited(text);
    edited.replace(at, removed, text.substr(from, length));
    IncrementalUrls inc(16);
    inc.update(text, lang, {}, std::nullopt);
    inc.update(edited, lang, {}, TextChange{at, at + removed, at + length});
    const std::vector<FoundUrl> whole = find_urls(edited, lang);
    FUZZ_CHECK(inc.urls().size() == whole.size(), "incremental finding finds as many URLs");
    for (std::size_t i = 0; i < whole.size(); ++i)
      FUZZ_CHECK(inc.urls()[i].source_begin == whole[i].source_begin &&
                     inc.urls()[i].source_end == whole[i].source_end &&
                     inc.urls()[i].text == whole[i].text && inc.urls()[i].exact == whole[i].exact,
                 "incremental finding finds the same URLs");
  }

  const LintResult r = lint(text, lang, config);
  const LineIndex index(text);
  for (const Diagnostic& d : r.diagnostics) {
    FUZZ_CHECK(d.begin <= d.end && d.end <= text.size(), "diagnostic inside the document");
    FUZZ_CHECK(char_boundary(text, d.begin) && char_boundary(text, d.end),
               "diagnostic on character boundaries");
    for (auto enc : {OffsetEncoding::Utf8, OffsetEncoding::Utf16, OffsetEncoding::Utf32}) {
      FUZZ_CHECK(index.offset_of(index.position_of(d.begin, enc), enc) == d.begin,
                 "begin round-trips");
      FUZZ_CHECK(index.offset_of(index.position_of(d.end, enc), enc) == d.end, "end round-trips");
    }
    if (d.fix)
      for (const Edit& e : d.fix->edits)
        FUZZ_CHECK(e.begin <= e.end && e.end <= text.size(), "edit inside");
  }

  // Fixes touch only their ranges: everything before the first edit and after the last is kept.
  const FixResult once = apply_fixes(text, r.diagnostics, true);
  std::size_t first = text.size(), last_end = 0;
  for (const Diagnostic& d : r.diagnostics)
    if (d.fix)
      for (const Edit& e : d.fix->edits)
        first = std::min(first, e.begin), last_end = std::max(last_end, e.end);
  if (once.applied > 0) {
    FUZZ_CHECK(once.text.compare(0, first, text.substr(0, first)) == 0, "prefix untouched");
    const std::size_t tail = text.size() - last_end;
    FUZZ_CHECK(once.text.size() >= tail &&
                   once.text.compare(once.text.size() - tail, tail, text.substr(last_end)) == 0,
               "suffix untouched");
  } else {
    FUZZ_CHECK(once.text == text, "no fix, no change");
  }

  // Each URL's safe fixes keep what every component decodes to. (PCT006 and PCT002's safe fixes
  // exist to rewrite %uXXXX, CESU-8 and Modified UTF-8 into the character meant, so they are
  // exempt.) Checked on the URL's own text, where the literal has no escapes of its own.
  for (const FoundUrl& u : r.urls) {
    if (!u.source_offsets.empty()) continue;
    std::vector<Diagnostic> own;
    for (const Diagnostic& d : r.diagnostics) {
      if (d.url_begin != u.source_begin || !d.fix || d.fix->applicability != Applicability::Safe)
        continue;
      if (d.rule->id == "PCT006" || d.rule->id == "PCT002") continue;
      Diagnostic shifted = d;
      for (Edit& e : shifted.fix->edits)
        e.begin -= u.source_begin, e.end -= u.source_begin;
      own.push_back(std::move(shifted));
    }
    const std::string after = apply_fixes(u.text, own, false).text;
    const UrlParts a = split_url(u.text), b = split_url(after);
    for (auto c : {UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Path,
                   UrlComponent::Query, UrlComponent::Fragment}) {
      FUZZ_CHECK(a.get(c).has_value() == b.get(c).has_value(),
                 "safe fixes keep the URL's components");
      if (a.get(c))
        FUZZ_CHECK(decode_lenient(a.get(c)->in(u.text), {.require_utf8 = false}) ==
                       decode_lenient(b.get(c)->in(after), {.require_utf8 = false}),
                   "safe fixes keep what each component decodes to");
    }
  }

  // Safe fixes reach a fixpoint (within fix_all's passes); a second fix_all changes nothing.
  // When the structure check dropped no fix, no safe fix remains and a second pass changes nothing.
  // (Dropping is best effort among fixes that fail only together: one may be left that would pass
  // alone; what is applied always passes the check, below.)
  const FixResult fixed = fix_all(text, lang, config, false);
  if (fixed.dropped.empty()) {
    const LintResult after = lint(fixed.text, lang, config);
    for (const Diagnostic& d : after.diagnostics)
      FUZZ_CHECK(!(d.fix && d.fix->applicability == Applicability::Safe), "no safe fix remains");
    FUZZ_CHECK(fix_all(fixed.text, lang, config, false).text == fixed.text,
               "a second pass is a no-op");
  }
  // The fixed text lexes the same: the same runs of code, comments and literals, every literal's
  // value the same outside the edits, the same URLs in the same places.
  if (fixed.one_pass)
    FUZZ_CHECK(check_fix(text, fixed.text, fixed.edits, lang, config.finder).ok,
               "the fixed text lexes the same");
  // fix_all's edits (one pass) are exactly what changed: applied to the text, they give its result.
  if (fixed.one_pass) {
    std::string rebuilt;
    std::size_t at = 0;
    for (const Edit& e : fixed.edits) {
      FUZZ_CHECK(e.begin >= at && e.end <= text.size(), "edits sorted, apart, inside");
      rebuilt.append(text.substr(at, e.begin - at)).append(e.replacement);
      at = e.end;
    }
    rebuilt.append(text.substr(at));
    FUZZ_CHECK(rebuilt == fixed.text, "bytes outside the edits are unchanged");
  }
  // With whole-file lexing, safe fixes keep the set of URLs, each decoding to the same bytes.
  // (PCT002's and PCT006's safe fixes rewrite CESU-8, Modified UTF-8 and %uXXXX into the character
  // meant, changing the bytes by design: they are off here.)
  Config meaning;
  meaning.rule_severity["PCT002"] = Severity::Off;
  meaning.rule_severity["PCT006"] = Severity::Off;
  const std::vector<FoundUrl> before_urls = find_urls(text, lang);
  const FixResult kept = fix_all(text, lang, meaning, false);
  const std::vector<FoundUrl> after_urls = find_urls(kept.text, lang);
  FUZZ_CHECK(before_urls.size() == after_urls.size(), "safe fixes keep the set of URLs");
  for (std::size_t i = 0; i < before_urls.size(); ++i)
    FUZZ_CHECK(decode_lenient(before_urls[i].text, {.require_utf8 = false}) ==
                   decode_lenient(after_urls[i].text, {.require_utf8 = false}),
               "each URL decodes to the same bytes after safe fixes");
  return 0;
}
