// JSON output: stable, documented in server/README.md.
#include "core/codec/utf8.h"
#include "server/check/report.h"
#include "server/version.h"

#include <nlohmann/json.hpp>

namespace pctlint::check {

namespace {

using nlohmann::json;

json position_json(const Position& p) {
  return {{"line", p.line}, {"column", p.column}};
}

std::string base64(std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                       (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0})
      out += kDigits[(v >> shift) & 63];
  }
  if (i < bytes.size()) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

class JsonReporter final : public Reporter {
public:
  bool writes_edits() const override { return true; }
  JsonReporter(const Options& options, std::FILE* out) : Reporter(out), options_(options) {}

  void file(const FileReport& f) override {
    if (f.diagnostics.empty() && f.errors.empty() && f.notes.empty() && f.diff.empty() &&
        f.skipped == SkipReason::None)
      return;
    json file{
        {"path", f.path}, {"diagnostics", json::array()}, {"errors", f.errors}, {"notes", f.notes}};
    // A path that is not UTF-8 is "path" with U+FFFD in place of its bad bytes, and its bytes.
    if (!is_valid_utf8(f.path)) file["pathBytes"] = base64(f.path);
    if (f.skipped != SkipReason::None) file["notChecked"] = skip_phrase(f);
    if (f.more) file["moreFindings"] = f.more;
    for (const Reported& r : f.diagnostics) {
      json d{{"rule", r.rule->id},
             {"name", r.rule->name},
             {"severity", std::string(name_of(r.severity))},
             {"message", r.message},
             {"start", position_json(r.start)},
             {"end", position_json(r.end)},
             {"url", rule_doc_url(*r.rule)},
             {"extent", r.extent},
             {"fix", nullptr}};
      if (!r.doubt.empty()) d["doubt"] = r.doubt;
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
           {"tool", {{"name", "pctlint"}, {"version", kVersion}}},
           {"columns", "unicode-code-points"},
           {"files", files_},
           {"summary",
            {{"filesChecked", s.files_checked},
             {"filesWithProblems", s.files_with_problems},
             {"filesNotChecked", s.not_checked()},
             {"errors", s.by_severity[3]},
             {"warnings", s.by_severity[2]},
             {"info", s.by_severity[1]},
             {"fixed", s.fixed},
             {"baselined", s.baselined},
             {"text", summary_text(s, options_)}}}};
    write(j.dump(2, ' ', false, json::error_handler_t::replace) + "\n");
    std::fflush(out_);
  }

private:
  const Options& options_;
  json files_ = json::array();
};

} // namespace

std::unique_ptr<Reporter> make_json_reporter(const Options& options, std::FILE* out) {
  return std::make_unique<JsonReporter>(options, out);
}

} // namespace pctlint::check
