// GitLab Code Quality (the Code Climate issue format GitLab reads): a JSON array of issues, each
// with a fingerprint that stays the same while the finding does, so GitLab can tell new findings
// from old ones in a merge request. Checked against a JSON Schema of the format in the tests.
#include "server/check/fingerprint.h"
#include "server/check/report.h"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>

namespace pctlint::check {

namespace {

using nlohmann::json;

std::string severity_name(Severity s) {
  return s == Severity::Error ? "major" : s == Severity::Warning ? "minor" : "info";
}

// What identifies a finding: its rule, file, message and source line (not its line number, which
// moves with unrelated edits), and its rank among identical ones.
std::string fingerprint(const std::string& path, const Reported& r, std::size_t rank) {
  return Fingerprint()
      .add(r.rule->id)
      .add(path)
      .add(r.message)
      .add(r.source_line)
      .add(std::to_string(rank))
      .hex();
}

class GitlabReporter final : public Reporter {
public:
  explicit GitlabReporter(std::FILE* out) : Reporter(out) {}
  void file(const FileReport& f) override {
    std::map<std::string, std::size_t> seen;
    for (const Reported& r : f.diagnostics) {
      const std::size_t rank = seen[std::string(r.rule->id) + r.message + r.source_line]++;
      issues_.push_back(
          {{"type", "issue"},
           {"check_name", std::string(r.rule->id) + " " + std::string(r.rule->name)},
           {"description", r.message},
           {"categories", json::array({"Bug Risk"})},
           {"severity", severity_name(r.severity)},
           {"fingerprint", fingerprint(f.path, r, rank)},
           {"location",
            {{"path", f.path}, {"lines", {{"begin", r.start.line}, {"end", r.end.line}}}}}});
    }
    // What could not be read or was not checked is said too, so that the merge request shows it.
    for (const std::string& e : f.errors)
      add_file_issue(f.path, "pctlint error", e, "major");
    if (names_skip(f))
      add_file_issue(f.path, "pctlint not-checked", "not checked: " + skip_phrase(f), "info");
  }
  void finish(const Summary&) override {
    write(issues_.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
    std::fflush(out_);
  }

private:
  void add_file_issue(const std::string& path, const std::string& check, const std::string& text,
                      const char* severity) {
    issues_.push_back({{"type", "issue"},
                       {"check_name", check},
                       {"description", text},
                       {"categories", json::array({"Bug Risk"})},
                       {"severity", severity},
                       {"fingerprint", Fingerprint().add(check).add(path).add(text).hex()},
                       {"location", {{"path", path}, {"lines", {{"begin", 1}, {"end", 1}}}}}});
  }

  json issues_ = json::array();
};

} // namespace

std::unique_ptr<Reporter> make_gitlab_reporter(std::FILE* out) {
  return std::make_unique<GitlabReporter>(out);
}

} // namespace pctlint::check
