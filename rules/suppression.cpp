#include "rules/suppression.h"

#include "rules/rule.h"

#include <algorithm>
#include <limits>

namespace pctlint {

namespace {

constexpr std::size_t kToEnd = std::numeric_limits<std::size_t>::max();

enum class Directive { DisableLine, DisableNextLine, Disable, Enable };

struct Names {
  std::vector<std::string> ids; // the rules named
  bool any = false;             // whether any name was written (known or not)
};

// Rule ids named after a directive, up to the comment's end or a " -- reason"; `rest` begins at
// source offset `at`. Names that are no rule go to `unknown`.
Names parse_ids(std::string_view rest, std::size_t at, const CommentSyntax& syntax,
                std::vector<Suppressions::UnknownName>& unknown) {
  if (!syntax.block_close.empty()) rest = rest.substr(0, rest.find(syntax.block_close));
  rest = rest.substr(0, rest.find(" --"));
  while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' ' || rest.back() == '\t'))
    rest.remove_suffix(1);
  Names names;
  std::size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == ',' || rest[i] == '\t'))
      ++i;
    std::size_t j = i;
    while (j < rest.size() && rest[j] != ' ' && rest[j] != ',' && rest[j] != '\t')
      ++j;
    if (j > i) {
      names.any = true;
      const std::string_view name = rest.substr(i, j - i);
      if (const Rule* rule = find_rule(name))
        names.ids.emplace_back(rule->info().id);
      else
        unknown.push_back({at + i, at + j, std::string(name)});
    }
    i = j;
  }
  return names;
}

} // namespace

Suppressions::Suppressions(std::string_view source, Language lang) : index_(source) {
  const CommentSyntax syntax = comment_syntax(lang);
  const bool has_comments = !syntax.line.empty() || !syntax.block_open.empty();
  struct Open {
    std::size_t line;
    std::string id;
  };
  std::vector<Open> open;
  constexpr std::string_view kPrefix = "pctlint-";
  for (std::size_t at = source.find(kPrefix); at != std::string_view::npos;
       at = source.find(kPrefix, at + kPrefix.size())) {
    const std::size_t line = index_.position_of(at, OffsetEncoding::Utf8).line;
    const std::string_view before =
        source.substr(index_.line_start(line), at - index_.line_start(line));
    if (has_comments &&
        (syntax.line.empty() || before.find(syntax.line) == std::string_view::npos) &&
        (syntax.block_open.empty() || before.find(syntax.block_open) == std::string_view::npos))
      continue; // not in a comment
    const std::string_view rest = index_.line(line).substr(at - index_.line_start(line));
    Directive d;
    std::size_t len;
    if (rest.starts_with("pctlint-disable-next-line"))
      d = Directive::DisableNextLine, len = 25;
    else if (rest.starts_with("pctlint-disable-line"))
      d = Directive::DisableLine, len = 20;
    else if (rest.starts_with("pctlint-disable"))
      d = Directive::Disable, len = 15;
    else if (rest.starts_with("pctlint-enable"))
      d = Directive::Enable, len = 14;
    else
      continue;
    if (len < rest.size() && rest[len] != ' ' && rest[len] != '\t' && rest[len] != '*' &&
        rest[len] != '-')
      continue;
    Names names = parse_ids(rest.substr(len), at + len, syntax, unknown_);
    // Names given, none of them a rule: nothing is suppressed (an empty list would mean all).
    if (names.any && names.ids.empty()) continue;
    std::vector<std::string> ids = std::move(names.ids);
    switch (d) {
    case Directive::DisableLine:
      lines_.push_back({line, std::move(ids)});
      break;
    case Directive::DisableNextLine:
      lines_.push_back({line + 1, std::move(ids)});
      break;
    case Directive::Disable:
      if (ids.empty()) open.push_back({line, ""});
      for (std::string& id : ids)
        open.push_back({line, std::move(id)});
      break;
    case Directive::Enable:
      std::erase_if(open, [&](const Open& o) {
        const bool closes = ids.empty() || std::find(ids.begin(), ids.end(), o.id) != ids.end();
        if (closes) regions_.push_back({o.line, line + 1, o.id});
        return closes;
      });
      break;
    }
  }
  for (const Open& o : open)
    regions_.push_back({o.line, kToEnd, o.id});
}

bool Suppressions::names(const std::vector<std::string>& ids, std::string_view id) {
  return ids.empty() || std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool Suppressions::suppressed(std::size_t offset, std::string_view rule_id) const {
  if (empty()) return false;
  const std::size_t line = index_.position_of(offset, OffsetEncoding::Utf8).line;
  for (const LineRule& l : lines_)
    if (l.line == line && names(l.ids, rule_id)) return true;
  for (const Region& r : regions_)
    if (line >= r.first_line && line < r.end_line && (r.id.empty() || r.id == rule_id)) return true;
  return false;
}

} // namespace pctlint
