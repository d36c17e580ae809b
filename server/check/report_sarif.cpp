// SARIF 2.1.0 output (validated against the official schema in CI: .ci/sarif).
#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "server/check/report.h"
#include "server/platform/platform.h"
#include "server/version.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace pctlint::check {

namespace {

using nlohmann::json;

std::string sarif_level(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

std::string file_uri(const std::string& path) {
  // A relative URI reference: each path segment percent-encoded (pctlint eats its own cooking).
  static constexpr CharSet kSegmentAndSlash = charsets::path - CharSet(":");
  std::string p = platform::generic_utf8_of(platform::path_of(path).lexically_normal());
  if (p.starts_with("./")) p = p.substr(2);
  return percent_encode(p, kSegmentAndSlash);
}

// An absolute path's file URI (RFC 8089): file:///x on POSIX, file:///C:/x for a drive.
std::string absolute_file_uri(const std::string& path) {
  if (path.size() >= 2 && path[1] == ':')
    return "file:///" + path.substr(0, 2) + file_uri(path.substr(2));
  return "file://" + file_uri(path);
}

json region(const Position& a, const Position& b) {
  return {{"startLine", a.line},
          {"startColumn", a.column},
          {"endLine", b.line},
          {"endColumn", b.column}};
}

class SarifReporter final : public Reporter {
public:
  bool writes_edits() const override { return true; }
  explicit SarifReporter(std::FILE* out) : Reporter(out) {}
  void file(const FileReport& f) override {
    const bool absolute = platform::is_absolute(f.path);
    json location{{"uri", absolute ? absolute_file_uri(f.path) : file_uri(f.path)}};
    if (!absolute) location["uriBaseId"] = "SRCROOT";
    for (const std::string& e : f.errors)
      notifications_.push_back({{"level", "error"}, {"message", {{"text", e}}}});
    if (f.skipped != SkipReason::None)
      notifications_.push_back(
          {{"level", f.named ? "error" : "note"},
           {"message", {{"text", f.path + ": not checked: " + skip_phrase(f)}}},
           {"locations", json::array({{{"physicalLocation", {{"artifactLocation", location}}}}})}});
    if (f.more)
      notifications_.push_back(
          {{"level", "note"},
           {"message",
            {{"text", f.path + ": " + std::to_string(f.more) + " more finding" +
                          (f.more == 1 ? "" : "s") + " not listed (--max-findings-per-file)"}}},
           {"locations", json::array({{{"physicalLocation", {{"artifactLocation", location}}}}})}});
    for (const Reported& r : f.diagnostics) {
      json result{
          {"ruleId", r.rule->id},
          {"ruleIndex", rule_index(r.rule)},
          {"level", sarif_level(r.severity)},
          {"message", {{"text", r.message}}},
          {"locations",
           json::array({{{"physicalLocation",
                          {{"artifactLocation", location}, {"region", region(r.start, r.end)}}}}})},
          // What the finding rests on: the URL's extent given by syntax, or guessed.
          {"properties", {{"extent", r.extent}}}};
      if (!r.doubt.empty()) result["properties"]["doubt"] = r.doubt;
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
    std::string root = platform::generic_utf8_of(std::filesystem::current_path(ec));
    if (!root.ends_with('/')) root += '/';
    json run{{"tool",
              {{"driver",
                {{"name", "pctlint"},
                 {"version", kVersion},
                 {"informationUri", "https://github.com/pctlint/pctlint"},
                 {"rules", rules}}}}},
             {"columnKind", "unicodeCodePoints"},
             {"originalUriBaseIds", {{"SRCROOT", {{"uri", absolute_file_uri(root)}}}}},
             {"results", results_},
             {"invocations",
              json::array({{{"executionSuccessful",
                             !std::any_of(notifications_.begin(), notifications_.end(),
                                          [](const json& n) { return n["level"] == "error"; })},
                            {"toolExecutionNotifications", notifications_}}})}};
    json log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
             {"version", "2.1.0"},
             {"runs", json::array({run})}};
    write(log.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
    std::fflush(out_);
  }

private:
  static std::size_t rule_index(const RuleInfo* info) {
    const auto& rules = all_rules();
    for (std::size_t i = 0; i < rules.size(); ++i)
      if (&rules[i]->info() == info) return i;
    return 0;
  }
  json results_ = json::array();
  json notifications_ = json::array();
};

} // namespace

std::unique_ptr<Reporter> make_sarif_reporter(std::FILE* out) {
  return std::make_unique<SarifReporter>(out);
}

} // namespace pctlint::check
