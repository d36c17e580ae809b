// Text output, like ruff's and rustc's: the finding, its source line with carets under the span,
// the fix; then the summary.
#include "server/check/report.h"

#include <charconv>

namespace pctlint::check {

namespace {

class TextReporter final : public Reporter {
public:
  TextReporter(bool color, const Options& options, std::FILE* out)
      : Reporter(out), color_(color), options_(options) {}

  bool renders_per_file() const override { return true; }
  // Notes, the diff and the findings of one file, as one buffer written at once.
  std::string render(const FileReport& f) const override {
    std::string text;
    if (options_.statistics) return text; // the table only
    if (f.notes.empty() && f.diff.empty() && f.diagnostics.empty() && !f.more &&
        f.skipped == SkipReason::None)
      return text; // most files
    const std::string path = printable(f.path);
    // One allocation for the whole file's text, not a doubling per few findings.
    std::size_t size = f.diff.size();
    for (const Reported& r : f.diagnostics)
      size += path.size() + r.message.size() + 2 * r.source_line.size() + r.fix_title.size() + 128;
    text.reserve(size);
    const auto note = [&](std::string_view what) {
      paint_to(text, "1;33", "note");
      text.append(": ").append(path).append(": ").append(what).append("\n");
    };
    for (const std::string& n : f.notes)
      note(printable(n));
    // What was not checked (a file named on the command line is an error, below).
    if (names_skip(f) && !f.named) note("not checked: " + skip_phrase(f));
    text += f.diff;
    for (const Reported& r : f.diagnostics)
      format(text, path, r);
    if (f.more)
      note(std::to_string(f.more) + " more finding" + (f.more == 1 ? "" : "s") +
           " in this file not shown (--max-findings-per-file)");
    return text;
  }
  void file(const FileReport& f) override {
    for (const std::string& e : f.errors)
      std::fputs(("pctlint: " + printable(e) + "\n").c_str(), stderr);
    if (f.named && f.skipped != SkipReason::None)
      std::fputs(
          ("pctlint: " + printable(f.path) + ": not checked: " + skip_phrase(f) + "\n").c_str(),
          stderr);
    // Not `f.rendered ? *f.rendered : render(f)`: that expression is a copy of the text.
    if (f.rendered)
      write(*f.rendered);
    else
      write(render(f));
  }

  void finish(const Summary& s) override {
    if (options_.statistics) {
      for (std::size_t k = 0; k < s.by_rule.size(); ++k)
        if (const std::size_t count = s.by_rule[k]) {
          const RuleInfo& rule = all_rules()[k]->info();
          write(std::to_string(count) + "\t" + std::string(rule.id) + " " + std::string(rule.name) +
                "\n");
        }
    }
    if (!options_.quiet) write(summary_text(s, options_) + "\n");
    std::fflush(out_);
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
  void format(std::string& s, std::string_view path, const Reported& r) const {
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
    s.append(printable(r.message)).append("\n");
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

  bool color_;
  const Options& options_;
};

} // namespace

std::unique_ptr<Reporter> make_text_reporter(const Options& options, bool color, std::FILE* out) {
  return std::make_unique<TextReporter>(color, options, out);
}

} // namespace pctlint::check
