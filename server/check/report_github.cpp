// GitHub Actions workflow commands: annotations on the pull request's diff.
#include "server/check/report.h"

#include <algorithm>

namespace pctlint::check {

namespace {

// A workflow command's escaping ('%', CR, LF; in properties also ':' and ','), after making the
// text printable so no control character reaches the log.
std::string gh_escape(std::string_view s, bool property) {
  std::string out;
  // CR and LF are the workflow syntax's own escapes (%0D, %0A: a file name with a line break still
  // names its file); other control characters are made printable.
  for (std::size_t from = 0; from <= s.size();) {
    const std::size_t brk = std::min(s.find_first_of("\r\n", from), s.size());
    for (char c : printable(s.substr(from, brk - from))) {
      if (c == '%')
        out += "%25";
      else if (property && c == ':')
        out += "%3A";
      else if (property && c == ',')
        out += "%2C";
      else
        out += c;
    }
    if (brk == s.size()) break;
    out += s[brk] == '\n' ? "%0A" : "%0D";
    from = brk + 1;
  }
  return out;
}

class GithubReporter final : public Reporter {
public:
  explicit GithubReporter(std::FILE* out) : Reporter(out) {}
  void file(const FileReport& f) override {
    for (const std::string& e : f.errors)
      write("::error::" + gh_escape(e, false) + "\n");
    if (names_skip(f))
      write(std::string(f.named ? "::error" : "::warning") + " file=" + gh_escape(f.path, true) +
            "::not checked: " + gh_escape(skip_phrase(f), false) + "\n");
    for (const Reported& r : f.diagnostics) {
      const char* level = r.severity == Severity::Error     ? "error"
                          : r.severity == Severity::Warning ? "warning"
                                                            : "notice";
      write(std::string("::") + level + " file=" + gh_escape(f.path, true) +
            ",line=" + std::to_string(r.start.line) + ",col=" + std::to_string(r.start.column) +
            ",endLine=" + std::to_string(r.end.line) +
            ",endColumn=" + std::to_string(r.end.column) +
            ",title=" + gh_escape(std::string(r.rule->id) + " " + std::string(r.rule->name), true) +
            "::" + gh_escape(r.message, false) + "\n");
    }
    if (f.more) // not listed, but not silently: the annotations are not all there is
      write("::notice file=" + gh_escape(f.path, true) + "::" + std::to_string(f.more) +
            " more finding" + (f.more == 1 ? "" : "s") +
            " in this file not shown (--max-findings-per-file)\n");
  }
  void finish(const Summary&) override { std::fflush(out_); }
};

} // namespace

std::unique_ptr<Reporter> make_github_reporter(std::FILE* out) {
  return std::make_unique<GithubReporter>(out);
}

} // namespace pctlint::check
