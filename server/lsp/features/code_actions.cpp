// Code actions: a quick-fix per finding the client asks about (those overlapping the range, and
// those in context.diagnostics), "Disable PCTxxx for this line", and "Fix all" as
// source.fixAll.pctlint with one edit per fix. With codeAction/resolve, edits are computed only
// for the action the user picks.
#include "server/lsp/features/features.h"

#include <set>

namespace pctlint::lsp {

namespace {

bool wanted(const std::vector<std::string>& only, const std::string& kind) {
  if (only.empty()) return true;
  for (const std::string& o : only)
    if (kind == o || kind.starts_with(o + ".")) return true;
  return false;
}

// A WorkspaceEdit of `edits` whose ranges are `ranges`.
json workspace_edit(Session& s, const std::string& uri, const Draft& d,
                    const std::vector<Edit>& edits, const Range* ranges) {
  json text_edits = json::array();
  for (std::size_t i = 0; i < edits.size(); ++i)
    text_edits.push_back(TextEdit{ranges[i], edits[i].replacement});
  if (s.capabilities.document_changes)
    return {
        {"documentChanges", json::array({{{"textDocument", {{"uri", uri}, {"version", d.version}}},
                                          {"edits", text_edits}}})}};
  return {{"changes", {{uri, text_edits}}}};
}

json workspace_edit(Session& s, const std::string& uri, const Draft& d,
                    const std::vector<Edit>& edits) {
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  for (const Edit& e : edits)
    spans.emplace_back(e.begin, e.end);
  const std::vector<Range> ranges = s.ranges(d.text, spans);
  return workspace_edit(s, uri, d, edits, ranges.data());
}

// At most this many text edits in one action: a fix folded from a URL's thousands of findings, or
// "Fix all" on a minified file, would otherwise be a workspace edit of a kilobyte of JSON per edit.
// More become one edit from the first to the last, the text between kept.
constexpr std::size_t kMaxTextEdits = 1000;

std::vector<Edit> bounded(std::string_view text, std::vector<Edit> edits) {
  if (edits.size() <= kMaxTextEdits) return edits;
  Edit one{edits.front().begin, edits.back().end, {}};
  std::size_t at = one.begin;
  for (const Edit& e : edits) {
    one.replacement.append(text.substr(at, e.begin - at));
    one.replacement += e.replacement;
    at = e.end;
  }
  return {std::move(one)};
}

// The edits of "Fix all", one per fix: those of fix_all's one pass, or, where fixes took more
// passes, one per changed line (fixes never add or remove lines).
std::vector<Edit> fix_all_edits(std::string_view before, const FixResult& fixed) {
  if (fixed.one_pass) return bounded(before, fixed.edits);
  std::vector<Edit> edits;
  std::size_t a = 0, b = 0;
  const std::string_view after = fixed.text;
  while (a < before.size() || b < after.size()) {
    const std::size_t ae = std::min(before.find('\n', a), before.size());
    const std::size_t be = std::min(after.find('\n', b), after.size());
    const std::string_view la = before.substr(a, ae - a), lb = after.substr(b, be - b);
    if (la != lb) {
      std::size_t p = 0;
      while (p < la.size() && p < lb.size() && la[p] == lb[p])
        ++p;
      while (p > 0 && (static_cast<unsigned char>(la[p]) & 0xC0) == 0x80) // whole characters
        --p;
      std::size_t q = 0;
      while (q < la.size() - p && q < lb.size() - p &&
             la[la.size() - 1 - q] == lb[lb.size() - 1 - q])
        ++q;
      while (q > 0 && (static_cast<unsigned char>(la[la.size() - q]) & 0xC0) == 0x80)
        --q;
      edits.push_back({a + p, a + la.size() - q, std::string(lb.substr(p, lb.size() - p - q))});
    }
    a = ae + 1;
    b = be + 1;
  }
  return bounded(before, std::move(edits));
}

bool overlaps(std::size_t a0, std::size_t a1, std::size_t b0, std::size_t b1) {
  return !(a1 < b0 || a0 > b1);
}

json code_actions(Session& s, const CodeActionParams& p) {
  const Draft& d = s.draft(p.uri);
  const std::size_t begin = s.offset(d.text, p.range.start);
  const std::size_t end = s.offset(d.text, p.range.end);
  const Config& config = s.config_for(p.uri);
  const LintResult& r = s.lint(p.uri);
  // Where the client's diagnostics stand, to match them to ours.
  std::vector<std::pair<std::size_t, std::size_t>> asked;
  for (const Range& range : p.diagnostic_ranges)
    asked.emplace_back(s.offset(d.text, range.start), s.offset(d.text, range.end));
  // A client diagnostic is ours at the same range; or, with the same code and message on the
  // same line, at another (a client that counts columns in other units than it said, as
  // Neovim 0.7's own code-action request does in bytes).
  const auto same = [&](std::size_t i, const Diagnostic& diag) {
    const bool code = p.diagnostic_codes[i].empty() || p.diagnostic_codes[i] == diag.rule->id;
    if (asked[i].first == diag.begin && asked[i].second == diag.end) return code;
    return code && !p.diagnostic_codes[i].empty() && p.diagnostic_messages[i] == diag.message &&
           p.diagnostic_ranges[i].start.line ==
               s.ranges(d.text, {{diag.begin, diag.begin}})[0].start.line;
  };
  std::vector<const Diagnostic*> chosen;
  for (const Diagnostic& diag : r.diagnostics) {
    bool pick = overlaps(diag.begin, diag.end, begin, end);
    for (std::size_t i = 0; i < asked.size() && !pick; ++i)
      pick = same(i, diag);
    if (pick) chosen.push_back(&diag);
  }
  // A request over a range with thousands of findings (a minified line) gets actions for the
  // first of them: each action is a few hundred bytes of JSON, and no menu shows thousands.
  constexpr std::size_t kMaxQuickFixes = 100;
  if (chosen.size() > kMaxQuickFixes) chosen.resize(kMaxQuickFixes);
  const bool resolve = s.capabilities.code_action_resolve;
  const bool quickfix = wanted(p.only, "quickfix");
  // Every position the actions need, located in one pass over the text: the diagnostics, their
  // fixes' edits, and one "disable" edit per rule.
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  std::vector<std::optional<Edit>> disable(chosen.size());
  std::vector<std::vector<Edit>> fix_edits(chosen.size()); // bounded in number
  std::set<std::string> disable_offered;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const Diagnostic& diag = *chosen[i];
    spans.emplace_back(diag.begin, diag.end);
    if (!quickfix) continue;
    if (diag.fix && !resolve) {
      fix_edits[i] = bounded(d.text, diag.fix->edits);
      for (const Edit& e : fix_edits[i])
        spans.emplace_back(e.begin, e.end);
    }
    const std::string id(diag.rule->id);
    if (disable_offered.insert(id).second)
      if ((disable[i] = disable_for_line_edit(d.text, d.language, diag.begin, id)))
        spans.emplace_back(disable[i]->begin, disable[i]->end);
  }
  const std::vector<Range> ranges = s.ranges(d.text, spans);
  json actions = json::array();
  std::size_t next = 0; // the next range of `ranges` to use, in the order pushed above
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const Diagnostic& diag = *chosen[i];
    const Range& range = ranges[next++];
    if (!quickfix) continue;
    const json diag_json = diagnostic_to_json(range, diag, s.capabilities.unnecessary_tag);
    if (diag.fix) {
      const bool safe = diag.fix->applicability == Applicability::Safe;
      json action{{"title", diag.fix->title + (safe ? "" : " (unsafe)")},
                  {"kind", "quickfix"},
                  {"diagnostics", json::array({diag_json})},
                  {"isPreferred", safe}};
      if (resolve) {
        action["data"] = {{"uri", p.uri},
                          {"version", d.version},
                          {"rule", diag.rule->id},
                          {"begin", diag.begin},
                          {"end", diag.end}};
      } else {
        action["edit"] = workspace_edit(s, p.uri, d, fix_edits[i], &ranges[next]);
        next += fix_edits[i].size();
      }
      actions.push_back(std::move(action));
    }
    if (disable[i]) {
      const std::string id(diag.rule->id);
      actions.push_back({{"title", "Disable " + id + " for this line"},
                         {"kind", "quickfix"},
                         {"diagnostics", json::array({diag_json})},
                         {"edit", workspace_edit(s, p.uri, d, {*disable[i]}, &ranges[next++])}});
    }
  }
  // "Fix all" as a source action (fix on save, the Source Action menu) and, as ESLint does, in
  // the quick-fix menu (Ctrl+.) when the cursor is on a finding that has a fix.
  const bool on_fixable =
      quickfix && std::any_of(chosen.begin(), chosen.end(), [](const Diagnostic* g) {
        return g->fix && g->fix->applicability == Applicability::Safe;
      });
  const bool source = wanted(p.only, "source.fixAll.pctlint");
  if ((source || on_fixable) && s.selected(p.uri)) {
    const FixResult fixed = fix_all(d.text, d.language, config, false);
    if (fixed.text != d.text) {
      json edit_or_data;
      if (resolve)
        edit_or_data = {{"uri", p.uri}, {"version", d.version}, {"fixAll", true}};
      else
        edit_or_data = workspace_edit(s, p.uri, d, fix_all_edits(d.text, fixed));
      for (const char* kind : {"quickfix", "source.fixAll.pctlint"}) {
        if (kind == std::string_view("quickfix") ? !on_fixable : !source) continue;
        json action{{"title", "Fix all pctlint problems in this file"}, {"kind", kind}};
        action[resolve ? "data" : "edit"] = edit_or_data;
        actions.push_back(std::move(action));
      }
    }
  }
  return actions;
}

// codeAction/resolve: the edit of an action offered without one. The document may have changed
// since: then the finding is looked for again, and an action that no longer applies gets none.
json resolve_action(Session& s, const json& action) {
  json resolved = action;
  const json data = action.is_object() && action.contains("data") ? action["data"] : json();
  if (!data.is_object() || !data.contains("uri") || !data["uri"].is_string())
    throw RequestError{error_code::InvalidParams,
                       "codeAction/resolve: invalid params: data: missing or not ours"};
  const std::string uri = data["uri"];
  const Draft& d = s.draft(uri);
  if (data.contains("fixAll")) {
    const FixResult fixed = fix_all(d.text, d.language, s.config_for(uri), false);
    resolved["edit"] = workspace_edit(s, uri, d, fix_all_edits(d.text, fixed));
    return resolved;
  }
  const auto number = [&](const char* k) -> std::size_t {
    return data.contains(k) && data[k].is_number_unsigned() ? data[k].get<std::size_t>() : SIZE_MAX;
  };
  const std::size_t begin = number("begin"), end = number("end");
  const std::string rule = data.contains("rule") && data["rule"].is_string() ? data["rule"] : "";
  for (const Diagnostic& diag : s.lint(uri).diagnostics)
    if (diag.begin == begin && diag.end == end && diag.rule->id == rule && diag.fix) {
      resolved["edit"] = workspace_edit(s, uri, d, bounded(d.text, diag.fix->edits));
      return resolved;
    }
  return resolved;
}

} // namespace

void bind_code_actions(Binder& b, Session& s) {
  b.request<CodeActionParams>("textDocument/codeAction",
                              [&s](const CodeActionParams& p) { return code_actions(s, p); });
  b.request("codeAction/resolve", [&s](const json& p) { return resolve_action(s, p); });
}

} // namespace pctlint::lsp
