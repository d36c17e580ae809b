#include "server/check/baseline.h"

#include "rules/json_text.h"
#include "rules/rule.h"
#include "server/check/fingerprint.h"
#include "server/pipeline/files.h"
#include "server/platform/platform.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace pctlint::check {

namespace {

std::string normal(const std::string& path) {
  std::string p = platform::generic_utf8_of(platform::path_of(path).lexically_normal());
  return p.starts_with("./") ? p.substr(2) : p;
}

std::string_view trimmed_line(std::string_view source, std::size_t at) {
  std::size_t b = source.substr(0, at).find_last_of("\r\n");
  b = b == std::string_view::npos ? 0 : b + 1;
  std::size_t e = source.find_first_of("\r\n", at);
  if (e == std::string_view::npos) e = source.size();
  while (b < e && (source[b] == ' ' || source[b] == '\t'))
    ++b;
  while (e > b && (source[e - 1] == ' ' || source[e - 1] == '\t'))
    --e;
  return source.substr(b, e - b);
}

} // namespace

std::string baseline_fingerprint(std::string_view source, const Diagnostic& d) {
  return Fingerprint()
      .add(d.rule->id)
      .add(source.substr(d.url_begin, d.url_end - d.url_begin))
      .add(source.substr(d.begin, d.end - d.begin))
      .add(trimmed_line(source, d.begin))
      .hex();
}

std::unique_ptr<Baseline> Baseline::load(const std::string& path, std::string& error) {
  std::string read_error;
  const auto text = pipeline::read_file(path, read_error);
  if (!text) {
    error = read_error;
    return nullptr;
  }
  const JsonParse parsed = parse_json(*text);
  if (!parsed.value) {
    error = path + ": not a pctlint baseline: " + parsed.error;
    return nullptr;
  }
  const nlohmann::json& j = *parsed.value;
  if (!j.is_object() || !j.contains("findings") || !j["findings"].is_array()) {
    error = path + ": not a pctlint baseline (no \"findings\" array)";
    return nullptr;
  }
  if (j.contains("version") && j["version"] != 1) {
    error = path + ": a baseline of version " + j["version"].dump() +
            ", which this pctlint does not know (it reads version 1); update pctlint";
    return nullptr;
  }
  auto b = std::make_unique<Baseline>();
  for (const nlohmann::json& f : j["findings"]) {
    if (!f.is_object() || !f.contains("path") || !f["path"].is_string() || !f.contains("rule") ||
        !f["rule"].is_string() || !f.contains("fingerprint") || !f["fingerprint"].is_string()) {
      error = path + ": a finding without path, rule and fingerprint strings";
      return nullptr;
    }
    ++b->counts_[{normal(f["path"]), f["rule"], f["fingerprint"]}];
  }
  return b;
}

std::size_t Baseline::filter(const std::string& path, std::string_view source,
                             std::vector<Diagnostic>& diagnostics) {
  const std::string p = normal(path);
  std::size_t removed = 0;
  std::lock_guard lock(mutex_);
  std::erase_if(diagnostics, [&](const Diagnostic& d) {
    const auto it = counts_.find({p, std::string(d.rule->id), baseline_fingerprint(source, d)});
    if (it == counts_.end() || it->second == 0) return false;
    --it->second;
    ++removed;
    return true;
  });
  return removed;
}

void BaselineWriter::add(const std::string& path, std::string_view source,
                         const std::vector<Diagnostic>& diagnostics) {
  std::vector<Entry> entries;
  for (const Diagnostic& d : diagnostics) {
    const std::size_t line =
        1 + static_cast<std::size_t>(std::count(source.begin(), source.begin() + d.begin, '\n'));
    entries.push_back(
        {normal(path), std::string(d.rule->id), baseline_fingerprint(source, d), line});
  }
  std::lock_guard lock(mutex_);
  entries_.insert(entries_.end(), entries.begin(), entries.end());
}

std::optional<std::string> BaselineWriter::write(const std::string& file) const {
  std::vector<Entry> sorted;
  {
    std::lock_guard lock(mutex_);
    sorted = entries_;
  }
  std::sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.path, a.line, a.rule, a.fingerprint) <
           std::tie(b.path, b.line, b.rule, b.fingerprint);
  });
  nlohmann::json findings = nlohmann::json::array();
  for (const Entry& e : sorted)
    findings.push_back(
        {{"path", e.path}, {"rule", e.rule}, {"fingerprint", e.fingerprint}, {"line", e.line}});
  const nlohmann::json j{{"version", 1}, {"tool", "pctlint"}, {"findings", findings}};
  std::ofstream out(platform::path_of(file), std::ios::binary | std::ios::trunc);
  if (!out) return file + ": cannot write the baseline: " + std::strerror(errno);
  out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  out.flush(); // a full disk shows here or at close, not at the first write
  out.close();
  if (!out) return file + ": cannot write the baseline: " + std::strerror(errno);
  return std::nullopt;
}

} // namespace pctlint::check
