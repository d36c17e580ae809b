#include "server/check/report.h"

#include "core/codec/position.h"

#include <algorithm>

namespace pctlint::check {

namespace {

// Appends `text` made printable to `out`; returns how many bytes it appended.
std::size_t append_printable(std::string& out, std::string_view text) {
  const std::size_t before = out.size();
  std::size_t run = 0; // start of the bytes not yet appended, all printable
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != 0x7F && c != 0xC2) continue;
    const bool c1 = c == 0xC2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (c == '\t' || (c == 0xC2 && !c1)) continue;
    out.append(text.substr(run, i - run));
    const unsigned value = c1 ? static_cast<unsigned char>(text[++i]) : c;
    constexpr char kHex[] = "0123456789abcdef";
    const char escaped[] = {'\\', 'x', kHex[value >> 4], kHex[value & 15]};
    out.append(escaped, sizeof escaped);
    run = i + 1;
  }
  out.append(text.substr(run));
  return out.size() - before;
}

// The source line shown under a finding: the whole line, or on a long one (a minified file) the
// stretch around the finding, so a report costs the same on any line; control characters made
// printable, the carets moved with them.
void excerpt(std::string_view line, std::size_t from, std::size_t to, Reported& r) {
  constexpr std::size_t kContext = 80;
  std::size_t begin = 0, end = line.size();
  if (line.size() > 2 * kContext + 80) {
    auto char_start = [&](std::size_t i) {
      while (i > 0 && i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80)
        --i;
      return i;
    };
    begin = char_start(from > kContext ? from - kContext : 0);
    end = char_start(std::min(line.size(), std::max(to, from + 1) + kContext));
    if (end < to) end = to;
  }
  r.source_line.clear();
  if (begin > 0) r.source_line += "\u2026";
  append_printable(r.source_line, line.substr(begin, from - begin));
  r.caret_from = r.source_line.size();
  append_printable(r.source_line, line.substr(from, to - from));
  r.caret_to = r.source_line.size();
  append_printable(r.source_line, line.substr(to, end - to));
  if (end < line.size()) r.source_line += "\u2026";
}

std::string count(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "2 errors, 1 warning" (the kinds there are).
std::string by_kind(const Summary& s) {
  std::string out;
  auto part = [&](std::size_t n, const char* one, const char* many) {
    if (!n) return;
    if (!out.empty()) out += ", ";
    out += count(n, one, many);
  };
  part(s.by_severity[3], "error", "errors");
  part(s.by_severity[2], "warning", "warnings");
  part(s.by_severity[1], "info", "info");
  return out;
}

} // namespace

std::vector<Reported> resolve(std::string_view source, std::vector<Diagnostic>&& diagnostics,
                              bool with_edits) {
  std::vector<Reported> out;
  if (diagnostics.empty()) return out;
  out.reserve(diagnostics.size());
  // Every offset to report, located in one forward pass over the file.
  std::vector<std::size_t> offsets;
  offsets.reserve(diagnostics.size() * 4);
  for (const Diagnostic& d : diagnostics) {
    offsets.push_back(d.begin);
    offsets.push_back(d.end);
    if (d.fix && with_edits)
      for (const Edit& e : d.fix->edits)
        offsets.push_back(e.begin), offsets.push_back(e.end);
  }
  const LocatedOffsets located(source, std::move(offsets));
  // A byte order mark is no column: editors show the first line's text after it.
  const bool bom = source.starts_with("\xEF\xBB\xBF");
  auto pos = [&](std::size_t offset) {
    const LinePosition p = located.position_of(offset, OffsetEncoding::Utf32);
    return Position{p.line + 1, p.column + 1 - (bom && p.line == 0 && p.column > 0 ? 1 : 0)};
  };
  for (Diagnostic& d : diagnostics) {
    Reported r;
    r.rule = d.rule;
    r.severity = d.severity;
    r.message = std::move(d.message);
    r.start = pos(d.begin);
    r.end = pos(d.end);
    r.extent = d.doubt != Doubt::None ? "guessed-reported" : d.url_exact ? "given" : "guessed";
    r.doubt = name_of(d.doubt);
    const LineCursor::Line& line = located.line_of(d.begin);
    const std::size_t from = std::min(d.begin - line.start, line.text.size());
    excerpt(line.text, from, std::max(from, std::min(d.end - line.start, line.text.size())), r);
    if (d.fix) {
      r.fix = d.fix->applicability;
      r.fix_title = std::move(d.fix->title);
      if (with_edits)
        for (Edit& e : d.fix->edits)
          r.edits.push_back({pos(e.begin), pos(e.end), std::move(e.replacement)});
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_printable(out, text);
  return out;
}

std::string skip_phrase(const FileReport& f) {
  switch (f.skipped) {
  case SkipReason::Binary:
    return "binary (a NUL byte in its first 8 KiB)";
  case SkipReason::TooLarge:
    return f.skip_detail;
  case SkipReason::InvalidConfig:
    return "its configuration is invalid";
  case SkipReason::ProgramLog:
    return "a program's log (*.log)";
  case SkipReason::None:
    break;
  }
  return {};
}

void Summary::add(const FileReport& f, Severity fail_on) {
  if (f.checked) ++files_checked;
  if (f.total) ++files_with_problems;
  if (f.fixes_applied) ++files_fixed;
  skipped_binary += f.skipped == SkipReason::Binary;
  skipped_large += f.skipped == SkipReason::TooLarge;
  skipped_config += f.skipped == SkipReason::InvalidConfig;
  skipped_log += f.skipped == SkipReason::ProgramLog;
  errors += f.errors.size();
  fixed += f.fixes_applied;
  baselined += f.baselined;
  if (!f.diff.empty()) failed = true;
  const auto count_finding = [&](const RuleInfo* rule, Severity severity) {
    ++by_severity[static_cast<int>(severity)];
    const auto& rules = all_rules();
    for (std::size_t k = 0; k < rules.size(); ++k)
      if (&rules[k]->info() == rule) ++by_rule[k];
    if (severity >= fail_on) failed = true;
  };
  for (const Reported& r : f.diagnostics) {
    count_finding(r.rule, r.severity);
    if (r.fix) ++(*r.fix == Applicability::Safe ? safe_fixable : unsafe_fixable);
  }
  for (const auto& [rule, severity] : f.unlisted)
    count_finding(rule, severity);
}

void Summary::add(const Summary& other) {
  files_checked += other.files_checked;
  files_with_problems += other.files_with_problems;
  files_fixed += other.files_fixed;
  skipped_binary += other.skipped_binary;
  skipped_large += other.skipped_large;
  skipped_config += other.skipped_config;
  skipped_log += other.skipped_log;
  for (int i = 0; i < 4; ++i)
    by_severity[i] += other.by_severity[i];
  safe_fixable += other.safe_fixable;
  unsafe_fixable += other.unsafe_fixable;
  fixed += other.fixed;
  baselined += other.baselined;
  for (std::size_t k = 0, rules = all_rules().size(); k < rules; ++k)
    by_rule[k] += other.by_rule[k];
  errors += other.errors;
  failed = failed || other.failed;
}

std::string summary_text(const Summary& s, const Options& o) {
  const std::size_t total = s.problems();
  const std::string checked = count(s.files_checked, "file", "files") + " checked.";
  std::string line;
  if (o.fix) {
    const char* fixed = o.diff ? "Would fix " : "Fixed ";
    const std::string remain = o.diff ? " would remain" : total == 1 ? " remains" : " remain";
    if (s.fixed)
      line = fixed + count(s.fixed, "problem", "problems") + " in " +
             count(s.files_fixed, "file", "files") + "; ";
    else
      line = o.diff ? "Nothing to fix; " : "Nothing fixed; ";
    line += total ? count(total, "problem", "problems") + remain + " (" + by_kind(s) + "); "
                  : std::string(o.diff ? "none would remain; " : "none remain; ");
    line += checked;
  } else if (total == 0 && s.files_checked == 0) {
    line = "No files checked.";
  } else if (total == 0) {
    line = "No problems found; " + checked;
  } else {
    line = "Found " + count(total, "problem", "problems") + " (" + by_kind(s) + ") in " +
           count(s.files_with_problems, "file", "files") + "; " + checked;
    if (s.safe_fixable) line += " " + std::to_string(s.safe_fixable) + " fixable with --fix.";
    if (s.unsafe_fixable && o.unsafe_fixes)
      line += " " + std::to_string(s.unsafe_fixable) + " more with --fix --unsafe-fixes.";
    else if (s.unsafe_fixable)
      line += " " + std::to_string(s.unsafe_fixable) + " more with --unsafe-fixes.";
  }
  if (s.baselined)
    line += " " + count(s.baselined, "known problem", "known problems") + " in the baseline.";
  const std::size_t skipped = s.not_checked();
  if (skipped) {
    std::string why;
    auto part = [&](std::size_t n, const char* what) {
      if (!n) return;
      why += (why.empty() ? "" : ", ") + std::to_string(n) + " " + what;
    };
    part(s.skipped_binary, "binary");
    part(s.skipped_large, "larger than maxFileSize");
    part(s.skipped_config, "under an invalid configuration");
    part(s.skipped_log, s.skipped_log == 1 ? "program log (*.log)" : "program logs (*.log)");
    line += "\n" + count(skipped, "file", "files") + " not checked: " + why + ".";
  }
  if (s.errors) line += "\n" + count(s.errors, "file", "files") + " could not be read or written.";
  return line;
}

bool Reporter::output_lost() const {
  return lost_;
}

void Reporter::write(std::string_view text) {
  if (lost_ || text.empty()) return;
  if (std::fwrite(text.data(), 1, text.size(), out_) != text.size()) lost_ = true;
}

std::unique_ptr<Reporter> make_reporter(const Options& o, bool color, std::FILE* out) {
  switch (o.format) {
  case Format::Text:
    return make_text_reporter(o, color, out);
  case Format::Json:
    return make_json_reporter(o, out);
  case Format::Sarif:
    return make_sarif_reporter(out);
  case Format::Github:
    return make_github_reporter(out);
  case Format::Junit:
    return make_junit_reporter(out);
  case Format::Gitlab:
    return make_gitlab_reporter(out);
  }
  return nullptr;
}

} // namespace pctlint::check
