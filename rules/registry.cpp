#include "core/ascii.h"
#include "rules/catalog/catalog.h"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace pctlint {

const std::vector<const Rule*>& all_rules() {
  static const std::vector<const Rule*> rules = {
      &lowercase_hex_rule(),       &invalid_utf8_escape_rule(), &unencoded_char_rule(),
      &non_ascii_rule(),           &unencoded_reserved_rule(),  &percent_u_rule(),
      &malformed_escape_rule(),    &encoded_unreserved_rule(),  &double_encoded_rule(),
      &encoded_slash_rule(),       &control_escape_rule(),      &invalid_suppression_rule(),
      &parser_differential_rule(),
  };
  return rules;
}

void UrlFindings::push_back(UrlFinding&& finding) {
  if (items_.size() <= kListed) {
    items_.push_back(std::move(finding));
    return;
  }
  UrlFinding& fold = items_.back();
  if (folded_++ == 0 && fold.fix) fold.fix->parts = {0};
  if (!fold.fix) return;
  if (!finding.fix) { // a fix for some of them only: none for the fold
    fold.fix.reset();
    return;
  }
  UrlFix& fix = *fold.fix;
  const std::vector<UrlEdit>& more = finding.fix->edits;
  // Findings come in order, each fix's edits in order: the fold's edits stay sorted, or it is no
  // fix (one fix's edits never overlap).
  if (!more.empty() && !fix.edits.empty() && more.front().span.begin < fix.edits.back().span.end) {
    fold.fix.reset();
    return;
  }
  if (finding.fix->applicability == Applicability::Unsafe)
    fix.applicability = Applicability::Unsafe;
  fix.parts.push_back(fix.edits.size());
  fix.edits.insert(fix.edits.end(), std::make_move_iterator(finding.fix->edits.begin()),
                   std::make_move_iterator(finding.fix->edits.end()));
}

void UrlFindings::finish() {
  if (folded_ == 0) return;
  const std::string more = " (and " + std::to_string(folded_) + " more like it in this URL)";
  items_.back().message += more;
  if (items_.back().fix) items_.back().fix->title += more;
  folded_ = 0;
}

const Rule* find_rule(std::string_view id_or_name) {
  auto iequal = [](std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) ==
                    std::tolower(static_cast<unsigned char>(y));
           });
  };
  for (const Rule* rule : all_rules())
    if (iequal(rule->info().id, id_or_name) || rule->info().name == id_or_name) return rule;
  return nullptr;
}

void escapes_of(const FoundUrl& url, std::vector<std::uint32_t>& out) {
  out.clear();
  const std::string_view t = url.text;
  for (std::size_t i = t.find('%'); i != std::string_view::npos; i = t.find('%', i + 1)) {
    if (!is_escape_at(t, i) || url.in_placeholder(i)) continue;
    out.push_back(static_cast<std::uint32_t>(i));
    i += 2;
  }
}

bool triggered(const Rule& rule, const FoundUrl& url) {
  const std::string_view text = url.text;
  const ByteSet bytes = rule.triggers();
  const std::optional<EscapeTriggers> escapes = rule.escape_triggers();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (url.in_placeholder(i)) continue;
    const auto c = static_cast<unsigned char>(text[i]);
    if (c != '%' || !escapes || !bytes['%']) {
      if (bytes[c]) return true;
      continue;
    }
    if (!is_escape_at(text, i)) {
      if (escapes->malformed) return true;
      continue;
    }
    const auto decoded =
        static_cast<unsigned char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
    const bool lowercase = ascii::is_lower(text[i + 1]) || ascii::is_lower(text[i + 2]);
    if (escapes->decoded[decoded] || (lowercase && escapes->lowercase)) return true;
  }
  return false;
}

ByteSet byte_set(std::string_view bytes) {
  ByteSet s;
  for (char c : bytes)
    s.set(static_cast<unsigned char>(c));
  return s;
}

ByteSet byte_set(const CharSet& set) {
  ByteSet s;
  for (unsigned c = 0; c < 256; ++c)
    s[c] = set.contains(static_cast<unsigned char>(c));
  return s;
}

ByteSet byte_range(unsigned char first, unsigned char last) {
  ByteSet s;
  for (unsigned c = first; c <= last; ++c)
    s.set(c);
  return s;
}

std::string rule_doc_url(const RuleInfo& rule) {
  // GitHub's anchor for the heading "## PCT001 lowercase-hex" in rules/README.md.
  std::string anchor;
  for (char c : rule.id)
    anchor.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  anchor += "-";
  anchor += rule.name;
  return "https://github.com/pctlint/pctlint/blob/main/rules/README.md#" + anchor;
}

} // namespace pctlint
