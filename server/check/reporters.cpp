#include "core/charset.h"
#include "core/percent.h"
#include "core/position.h"
#include "server/check/report.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace pctlint::check {

namespace {

// The source line shown under a finding: the whole line, or on a long one (a minified file) the
// stretch around the finding, so a report costs the same on any line.
void excerpt(std::string_view line, std::size_t from, std::size_t to, Reported& r) {
  constexpr std::size_t kContext = 80;
  if (line.size() <= 2 * kContext + 80) {
    r.source_line.assign(line);
    r.caret_from = from, r.caret_to = to;
    return;
  }
  auto char_start = [&](std::size_t i) {
    while (i > 0 && i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80)
      --i;
    return i;
  };
  const std::size_t begin = char_start(from > kContext ? from - kContext : 0);
  const std::size_t end = char_start(std::min(line.size(), std::max(to, from + 1) + kContext));
  r.source_line.clear();
  if (begin > 0) r.source_line += "\u2026";
  r.caret_from = r.source_line.size() + (from - begin);
  r.caret_to = r.source_line.size() + (std::min(to, end) - begin);
  r.source_line.append(line.substr(begin, end - begin));
  if (end < line.size()) r.source_line += "\u2026";
}

} // namespace

std::vector<Reported> resolve(std::string_view source, std::vector<Diagnostic>&& diagnostics) {
  std::vector<Reported> out;
  if (diagnostics.empty()) return out;
  out.reserve(diagnostics.size());
  // Every offset to report, located in one forward pass over the file.
  std::vector<std::size_t> offsets;
  offsets.reserve(diagnostics.size() * 4);
  for (const Diagnostic& d : diagnostics) {
    offsets.push_back(d.begin);
    offsets.push_back(d.end);
    if (d.fix)
      for (const Edit& e : d.fix->edits)
        offsets.push_back(e.begin), offsets.push_back(e.end);
  }
  const LocatedOffsets located(source, std::move(offsets));
  auto pos = [&](std::size_t offset) {
    const LinePosition p = located.position_of(offset, OffsetEncoding::Utf32);
    return Position{p.line + 1, p.column + 1};
  };
  for (Diagnostic& d : diagnostics) {
    Reported r;
    r.rule = d.rule;
    r.severity = d.severity;
    r.message = std::move(d.message);
    r.start = pos(d.begin);
    r.end = pos(d.end);
    const LineCursor::Line& line = located.line_of(d.begin);
    excerpt(line.text, d.begin - line.start, std::min(d.end - line.start, line.text.size()), r);
    if (d.fix) {
      r.fix = d.fix->applicability;
      r.fix_title = std::move(d.fix->title);
      for (Edit& e : d.fix->edits)
        r.edits.push_back({pos(e.begin), pos(e.end), std::move(e.replacement)});
    }
    out.push_back(std::move(r));
  }
  return out;
}

namespace {

using nlohmann::json;

std::string level_name(Severity s) {
  return std::string(name_of(s));
}

void write(std::FILE* out, const std::string& s) {
  std::fwrite(s.data(), 1, s.size(), out);
}

std::string dump(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

// --- text: like ruff/rustc ---------------------------------------------------------------------
class TextReporter final : public Reporter {
public:
  TextReporter(bool color, bool quiet, bool statistics, std::FILE* out)
      : color_(color), quiet_(quiet), statistics_(statistics), out_(out) {}

  bool renders_per_file() const override { return true; }
  // Notes, the diff and the findings of one file, as one buffer written at once.
  std::string render(const FileReport& f) const override {
    std::string text;
    // One allocation for the whole file's text, not a doubling per few findings.
    std::size_t size = f.diff.size();
    for (const Reported& r : f.diagnostics)
      size +=
          f.path.size() + r.message.size() + 2 * r.source_line.size() + r.fix_title.size() + 128;
    text.reserve(size);
    for (const std::string& n : f.notes) {
      paint_to(text, "1;33", "note");
      text.append(": ").append(f.path).append(": ").append(n).append("\n");
    }
    text += f.diff;
    for (const Reported& r : f.diagnostics)
      format(text, f.path, r);
    return text;
  }
  void file(const FileReport& f) override {
    for (const std::string& e : f.errors)
      write(stderr, "pctlint: " + e + "\n");
    // Not `f.rendered ? *f.rendered : render(f)`: that expression is a copy of the text.
    if (f.rendered)
      write(out_, *f.rendered);
    else
      write(out_, render(f));
  }

  void finish(const Summary& s) override {
    if (statistics_) {
      for (std::size_t k = 0; k < s.by_rule.size(); ++k)
        if (const std::size_t count = s.by_rule[k]) {
          const RuleInfo& rule = all_rules()[k]->info();
          write(out_, std::to_string(count) + "\t" + std::string(rule.id) + " " +
                          std::string(rule.name) + "\n");
        }
    }
    if (quiet_) return;
    const std::size_t total = s.by_severity[1] + s.by_severity[2] + s.by_severity[3];
    std::string line;
    if (s.fixed)
      line += "Fixed " + std::to_string(s.fixed) + " problem" + (s.fixed == 1 ? "" : "s") + ". ";
    if (total == 0) {
      line += "No problems found in " + std::to_string(s.files_checked) + " file" +
              (s.files_checked == 1 ? "" : "s") + ".";
    } else {
      line += "Found " + std::to_string(total) + " problem" + (total == 1 ? "" : "s") + " (" +
              std::to_string(s.by_severity[3]) + " errors, " + std::to_string(s.by_severity[2]) +
              " warnings, " + std::to_string(s.by_severity[1]) + " info) in " +
              std::to_string(s.files_checked) + (s.files_checked == 1 ? " file." : " files.");
      if (s.safe_fixable) line += " " + std::to_string(s.safe_fixable) + " fixable with --fix.";
      if (s.unsafe_fixable)
        line += " " + std::to_string(s.unsafe_fixable) + " more with --unsafe-fixes.";
    }
    write(out_, line + "\n");
  }

private:
  // Appends `text`, in colour on a terminal.
  void paint_to(std::string& s, const char* code, std::string_view text) const {
    if (color_) s.append("\x1b[").append(code).append("m");
    s += text;
    if (color_) s += "\x1b[0m";
  }

  // Appends one finding, rustc-style. Built by appending in place: there are many findings in a
  // large run, and temporaries per piece cost more than the text itself.
  void format(std::string& s, const std::string& path, const Reported& r) const {
    const char* sev_color = r.severity == Severity::Error     ? "1;31"
                            : r.severity == Severity::Warning ? "1;33"
                                                              : "1;36";
    char line_buf[24], column_buf[24];
    const std::string_view line = decimal(line_buf, r.start.line);
    const std::string_view column = decimal(column_buf, r.start.column);
    if (color_) s.append("\x1b[1m");
    s.append(path).append(":").append(line).append(":").append(column);
    if (color_) s.append("\x1b[0m");
    s += ": ";
    paint_to(s, sev_color, name_of(r.severity));
    s.append("[").append(r.rule->id).append(" ").append(r.rule->name).append("] ");
    s.append(r.message).append("\n");
    const auto gutter = [&] { s.append(line.size() + 1, ' '); };
    gutter();
    paint_to(s, "1;34", "|");
    s += '\n';
    if (color_) s.append("\x1b[1;34m");
    s.append(line).append(" |");
    if (color_) s.append("\x1b[0m");
    s.append(" ").append(r.source_line).append("\n");
    gutter();
    paint_to(s, "1;34", "|");
    s += ' ';
    // The caret line keeps tabs where the source has them so the carets line up.
    const std::string_view before = std::string_view(r.source_line).substr(0, r.caret_from);
    if (before.find('\t') == std::string_view::npos) {
      s.append(code_points(before), ' ');
    } else {
      for (const char c : before)
        if (c == '\t')
          s += '\t';
        else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80)
          s += ' ';
    }
    const std::size_t width = code_points(
        std::string_view(r.source_line).substr(r.caret_from, r.caret_to - r.caret_from));
    if (color_) s.append("\x1b[").append(sev_color).append("m");
    s.append(std::max<std::size_t>(width, 1), '^');
    if (color_) s.append("\x1b[0m");
    s += '\n';
    if (r.fix) {
      gutter();
      paint_to(s, "1;34", "=");
      s += ' ';
      paint_to(s, "1;32", *r.fix == Applicability::Safe ? "fix" : "fix (unsafe)");
      s.append(": ").append(r.fix_title).append("\n");
    }
    s += '\n';
  }

  // `n` in decimal, in `buf`.
  static std::string_view decimal(char (&buf)[24], std::size_t n) {
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
    return {buf, static_cast<std::size_t>(end - buf)};
  }
  // Code points in UTF-8 text: the bytes that do not continue a sequence.
  static std::size_t code_points(std::string_view text) {
    std::size_t n = 0;
    for (const char c : text)
      n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
  }

  bool color_, quiet_, statistics_;
  std::FILE* out_;
};

// --- JSON: stable, documented in server/README.md -----------------------------------------------
json position_json(const Position& p) {
  return {{"line", p.line}, {"column", p.column}};
}

class JsonReporter final : public Reporter {
public:
  explicit JsonReporter(std::FILE* out) : out_(out) {}
  void file(const FileReport& f) override {
    if (f.diagnostics.empty() && f.errors.empty() && f.notes.empty() && f.diff.empty()) return;
    json file{
        {"path", f.path}, {"diagnostics", json::array()}, {"errors", f.errors}, {"notes", f.notes}};
    for (const Reported& r : f.diagnostics) {
      json d{{"rule", r.rule->id},
             {"name", r.rule->name},
             {"severity", level_name(r.severity)},
             {"message", r.message},
             {"start", position_json(r.start)},
             {"end", position_json(r.end)},
             {"url", rule_doc_url(*r.rule)},
             {"fix", nullptr}};
      if (r.fix) {
        json edits = json::array();
        for (const ReportedEdit& e : r.edits)
          edits.push_back({{"start", position_json(e.start)},
                           {"end", position_json(e.end)},
                           {"replacement", e.replacement}});
        d["fix"] = {{"applicability", *r.fix == Applicability::Safe ? "safe" : "unsafe"},
                    {"title", r.fix_title},
                    {"edits", edits}};
      }
      file["diagnostics"].push_back(std::move(d));
    }
    if (!f.diff.empty()) file["diff"] = f.diff;
    files_.push_back(std::move(file));
  }
  void finish(const Summary& s) override {
    json j{{"version", 1},
           {"tool", {{"name", "pctlint"}, {"version", "0.1.0"}}},
           {"columns", "unicode-code-points"},
           {"files", files_},
           {"summary",
            {{"filesChecked", s.files_checked},
             {"errors", s.by_severity[3]},
             {"warnings", s.by_severity[2]},
             {"info", s.by_severity[1]},
             {"fixed", s.fixed}}}};
    write(out_, dump(j, 2) + "\n");
  }

private:
  std::FILE* out_;
  json files_ = json::array();
};

// --- SARIF 2.1.0 ---------------------------------------------------------------------------------
std::string sarif_level(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

std::string file_uri(const std::string& path) {
  // A relative URI reference: each path segment percent-encoded (pctlint eats its own cooking).
  static constexpr CharSet kSegmentAndSlash = charsets::path - CharSet(":");
  std::string p = std::filesystem::path(path).lexically_normal().generic_string();
  if (p.starts_with("./")) p = p.substr(2);
  return percent_encode(p, kSegmentAndSlash);
}

json region(const Position& a, const Position& b) {
  return {{"startLine", a.line},
          {"startColumn", a.column},
          {"endLine", b.line},
          {"endColumn", b.column}};
}

class SarifReporter final : public Reporter {
public:
  explicit SarifReporter(std::FILE* out) : out_(out) {}
  void file(const FileReport& f) override {
    const bool absolute = !f.path.empty() && f.path[0] == '/';
    json location{{"uri", absolute ? "file://" + file_uri(f.path) : file_uri(f.path)}};
    if (!absolute) location["uriBaseId"] = "SRCROOT";
    for (const std::string& e : f.errors)
      notifications_.push_back({{"level", "error"}, {"message", {{"text", e}}}});
    for (const Reported& r : f.diagnostics) {
      json result{{"ruleId", r.rule->id},
                  {"ruleIndex", rule_index(r.rule)},
                  {"level", sarif_level(r.severity)},
                  {"message", {{"text", r.message}}},
                  {"locations", json::array({{{"physicalLocation",
                                               {{"artifactLocation", location},
                                                {"region", region(r.start, r.end)}}}}})}};
      if (r.fix) {
        json replacements = json::array();
        for (const ReportedEdit& e : r.edits)
          replacements.push_back({{"deletedRegion", region(e.start, e.end)},
                                  {"insertedContent", {{"text", e.replacement}}}});
        result["fixes"] = json::array(
            {{{"description",
               {{"text", r.fix_title + (*r.fix == Applicability::Safe ? "" : " (unsafe)")}}},
              {"artifactChanges",
               json::array({{{"artifactLocation", location}, {"replacements", replacements}}})}}});
      }
      results_.push_back(std::move(result));
    }
  }
  void finish(const Summary&) override {
    json rules = json::array();
    for (const Rule* rule : all_rules()) {
      const RuleInfo& r = rule->info();
      rules.push_back({{"id", r.id},
                       {"name", r.name},
                       {"shortDescription", {{"text", r.summary}}},
                       {"fullDescription", {{"text", r.summary}}},
                       {"help", {{"text", r.docs}, {"markdown", r.docs}}},
                       {"helpUri", rule_doc_url(r)},
                       {"defaultConfiguration", {{"level", sarif_level(r.default_severity)}}}});
    }
    std::error_code ec;
    std::string root = std::filesystem::current_path(ec).generic_string();
    if (!root.ends_with('/')) root += '/';
    json run{{"tool",
              {{"driver",
                {{"name", "pctlint"},
                 {"version", "0.1.0"},
                 {"informationUri", "https://github.com/pctlint/pctlint"},
                 {"rules", rules}}}}},
             {"columnKind", "unicodeCodePoints"},
             {"originalUriBaseIds", {{"SRCROOT", {{"uri", "file://" + file_uri(root)}}}}},
             {"results", results_},
             {"invocations", json::array({{{"executionSuccessful", notifications_.empty()},
                                           {"toolExecutionNotifications", notifications_}}})}};
    json log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
             {"version", "2.1.0"},
             {"runs", json::array({run})}};
    write(out_, dump(log, 2) + "\n");
  }

private:
  static std::size_t rule_index(const RuleInfo* info) {
    const auto& rules = all_rules();
    for (std::size_t i = 0; i < rules.size(); ++i)
      if (&rules[i]->info() == info) return i;
    return 0;
  }
  std::FILE* out_;
  json results_ = json::array();
  json notifications_ = json::array();
};

// --- GitHub Actions workflow commands ------------------------------------------------------------
std::string gh_escape(std::string_view s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ':')
      out += "%3A";
    else if (property && c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

class GithubReporter final : public Reporter {
public:
  explicit GithubReporter(std::FILE* out) : out_(out) {}
  void file(const FileReport& f) override {
    for (const std::string& e : f.errors)
      write(out_, "::error::" + gh_escape(e, false) + "\n");
    for (const Reported& r : f.diagnostics) {
      const char* level = r.severity == Severity::Error     ? "error"
                          : r.severity == Severity::Warning ? "warning"
                                                            : "notice";
      std::string line =
          std::string("::") + level + " file=" + gh_escape(f.path, true) +
          ",line=" + std::to_string(r.start.line) + ",col=" + std::to_string(r.start.column) +
          ",endLine=" + std::to_string(r.end.line) + ",endColumn=" + std::to_string(r.end.column) +
          ",title=" + gh_escape(std::string(r.rule->id) + " " + std::string(r.rule->name), true) +
          "::" + gh_escape(r.message, false) + "\n";
      write(out_, line);
    }
  }
  void finish(const Summary&) override {}

private:
  std::FILE* out_;
};

} // namespace

std::unique_ptr<Reporter> make_reporter(const Options& o, bool color, std::FILE* out) {
  switch (o.format) {
  case Format::Text:
    return std::make_unique<TextReporter>(color, o.quiet, o.statistics, out);
  case Format::Json:
    return std::make_unique<JsonReporter>(out);
  case Format::Sarif:
    return std::make_unique<SarifReporter>(out);
  case Format::Github:
    return std::make_unique<GithubReporter>(out);
  }
  return nullptr;
}

} // namespace pctlint::check
