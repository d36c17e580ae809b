// A rule: one small file in catalog/ with its id, name, default severity, documentation (Markdown
// with a "Bad"/"Good" example, rendered by `pctlint rule ID` and linked from diagnostics) and a
// check over one URL that reports findings in the URL's own text coordinates.
#pragma once

#include "core/codec/charset.h"
#include "core/codec/url.h"
#include "core/finder/finder.h"
#include "rules/diagnostic.h"

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct Config;

enum class FixAvailability { None, Sometimes, Always };

struct RuleInfo {
  std::string_view id;   // "PCT001"
  std::string_view name; // "lowercase-hex"
  Severity default_severity = Severity::Warning;
  std::string_view summary; // one line, for `pctlint rules`
  std::string_view docs;    // Markdown: what it finds, why, ## Bad, ## Good, ## Fix
  FixAvailability fix = FixAvailability::None;
  // Whether a finding depends on where the URL ends (a raw character, a misplaced delimiter, a
  // malformed '%'): such a rule reports only on a URL whose extent the syntax gives and that
  // holds no template syntax (README.md, "Certainty"), unless "extent": "guessed".
  bool depends_on_extent = false;
};

// An edit in URL text coordinates (FoundUrl::text); the engine maps it to the source.
struct UrlEdit {
  Span span;
  std::string replacement;
};

struct UrlFix {
  std::string title;
  Applicability applicability = Applicability::Safe;
  std::vector<UrlEdit> edits;
  // Where independent parts begin (indices into `edits`), for a fix that is several findings'
  // fixes folded into one (see Fix::parts); empty: the edits go together.
  std::vector<std::size_t> parts = {};
};

struct UrlFinding {
  Span span; // in FoundUrl::text
  std::string message;
  std::optional<UrlFix> fix;
};

// Where a rule puts its findings on one URL. A URL with thousands of findings of one rule (a
// minified line, a generated blob) lists the first kListed and folds the rest, as they come, into
// one more finding at the first of them: its message counts them (after finish()), and its fix,
// if each had one, makes all their edits as independent parts (UrlFix::parts). Memory stays a few
// dozen bytes per folded finding, not a message and a title each; the report stays readable.
class UrlFindings {
public:
  static constexpr std::size_t kListed = 100;
  void push_back(UrlFinding&& finding);
  // Writes the count into the folded finding's message and title.
  void finish();
  void clear() {
    items_.clear();
    folded_ = 0;
  }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  std::vector<UrlFinding>::iterator begin() { return items_.begin(); }
  std::vector<UrlFinding>::iterator end() { return items_.end(); }
  std::vector<UrlFinding>::const_iterator begin() const { return items_.begin(); }
  std::vector<UrlFinding>::const_iterator end() const { return items_.end(); }
  const UrlFinding& operator[](std::size_t i) const { return items_[i]; }

private:
  std::vector<UrlFinding> items_;
  std::size_t folded_ = 0; // findings folded into the last one, besides itself
};

// What a rule sees of one URL.
struct UrlUnderCheck {
  const FoundUrl& url;
  std::string_view text; // == url.text
  const UrlParts& parts; // split_url(text)
  const Config& config;
  // Offsets of the well-formed "%XX" outside placeholders, found once for all rules (see
  // escapes_of); when null, for_each_escape finds them itself.
  const std::vector<std::uint32_t>* escapes = nullptr;
};

// The offsets for UrlUnderCheck::escapes, into `out` (cleared first).
void escapes_of(const FoundUrl& url, std::vector<std::uint32_t>& out);

// A set of byte values.
using ByteSet = std::bitset<256>;
ByteSet byte_set(std::string_view bytes);
ByteSet byte_set(const CharSet& set);
ByteSet byte_range(unsigned char first, unsigned char last);

// The '%' sequences in which a rule about escapes can find something. Most URLs with a '%' hold
// only plain escapes like "%20", which no such rule has anything to say about.
struct EscapeTriggers {
  ByteSet decoded;        // a well-formed "%XX", by the byte it decodes to
  bool lowercase = false; // a well-formed "%XX" written with a lowercase hex digit
  bool malformed = false; // a '%' not followed by two hex digits ("%u00E4", "%G1", a final '%')
};

class Rule {
public:
  virtual ~Rule() = default;
  virtual const RuleInfo& info() const = 0;
  // Bytes of which a URL must hold at least one for check() to find anything; the engine does not
  // run the rule on other URLs (most URLs are fine, and this keeps them cheap). Every byte unless
  // a rule says otherwise.
  virtual ByteSet triggers() const { return ByteSet().set(); }
  // For a rule whose triggers() hold '%': which escapes stand for that '%'. nullopt: any '%'.
  virtual std::optional<EscapeTriggers> escape_triggers() const { return std::nullopt; }
  // A last look before check(), for a rule whose triggers are common bytes: false only when
  // check() cannot find anything in the URL. Cheaper than check(), which needs the URL split.
  virtual bool may_find(const FoundUrl&) const { return true; }
  virtual void check(const UrlUnderCheck& url, UrlFindings& out) const = 0;
};

// Whether the URL holds one of the rule's triggers outside its placeholders (with its escape
// triggers in place of '%'); when it does not, check() finds nothing in it, since rules report
// nothing inside a placeholder. The plain statement of what the engine computes for all rules at
// once from tables.
bool triggered(const Rule& rule, const FoundUrl& url);

// All rules, ordered by id.
const std::vector<const Rule*>& all_rules();
// By id ("PCT001", case-insensitive) or name ("lowercase-hex").
const Rule* find_rule(std::string_view id_or_name);

// The documentation URL of a rule (codeDescription.href, SARIF helpUri).
std::string rule_doc_url(const RuleInfo& rule);

} // namespace pctlint
