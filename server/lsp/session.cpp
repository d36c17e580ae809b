#include "server/lsp/session.h"

#include "core/codec/position.h"

namespace pctlint::lsp {

const Draft& Session::draft(const std::string& uri) const {
  const Draft* d = drafts.get(uri);
  if (!d) throw RequestError{error_code::InvalidParams, "document not open: " + uri};
  return *d;
}

const Config& Session::config_for(const std::string& uri) {
  if (const auto it = configs_.find(uri); it != configs_.end()) return it->second.config;
  return configs_.emplace(uri, config_of_file(uri)).first->second.config;
}

Session::FileConfig Session::config_of_file(const std::string& uri) {
  FileConfig dc;
  Config base;
  std::string rel;
  if (const auto path = uri_to_path(uri)) {
    const auto entry = files_.for_file(*path);
    if (entry->error)
      config_error(*entry->error);
    else
      base = entry->config;
    rel = pipeline::relative_to(entry->root, *path);
  }
  ConfigResult r = parse_config(settings_, std::move(base)); // validated when they came
  if (!rel.empty()) {
    dc.selected = r.config.selects(rel);
    std::optional<Config> overridden;
    r.config.for_path(rel, overridden);
    dc.config = overridden ? std::move(*overridden) : std::move(r.config);
  } else {
    dc.config = std::move(r.config);
  }
  return dc;
}

bool Session::selected(const std::string& uri) {
  config_for(uri);
  return configs_[uri].selected;
}

const LintResult& Session::lint(const std::string& uri, bool urls) {
  static const LintResult nothing;
  const Draft& d = draft(uri);
  if (!selected(uri)) return nothing;
  const Config& config = config_for(uri);
  return caches_[uri].lint(d.text, d.language, config, urls, drafts.take_change(uri));
}

bool Session::apply_settings(const json& settings) {
  const ConfigResult r = parse_config(settings);
  if (!r.ok()) {
    const std::string message = "pctlint: invalid settings: " + r.describe("settings");
    log(1, message);
    client.notify("window/showMessage", {{"type", 1}, {"message", message}});
    return false;
  }
  settings_ = settings;
  configuration_changed();
  return true;
}

// An invalid .pctlint.json: in the log each time, and in front of the user once (a log is where
// nobody looks); files under it are checked with the defaults meanwhile.
void Session::config_error(const std::string& error) {
  const std::string message =
      "pctlint: " + error + "\n(files under it are checked with the defaults until it is fixed)";
  log(1, message);
  if (shown_config_errors_.insert(error).second)
    client.notify("window/showMessage", {{"type", 1}, {"message", message}});
}

void Session::configuration_changed() {
  ++config_generation;
  shown_config_errors_.clear();
  files_.clear();
  configs_.clear();
  caches_.clear();
}

void Session::forget(const std::string& uri) {
  drafts.close(uri);
  timers.erase(uri);
  caches_.erase(uri);
  configs_.erase(uri);
}

std::vector<Range>
Session::ranges(std::string_view text,
                const std::vector<std::pair<std::size_t, std::size_t>>& spans) const {
  std::vector<std::size_t> offsets;
  offsets.reserve(2 * spans.size());
  for (const auto& [begin, end] : spans)
    offsets.push_back(begin), offsets.push_back(end);
  const LocatedOffsets located(text, std::move(offsets));
  auto pos = [&](std::size_t offset) {
    const LinePosition p = located.position_of(offset, encoding);
    return Position{p.line, p.column};
  };
  std::vector<Range> out;
  out.reserve(spans.size());
  for (const auto& [begin, end] : spans)
    out.push_back({pos(begin), pos(end)});
  return out;
}

std::size_t Session::offset(std::string_view text, const Position& p) const {
  return offset_of(text, {p.line, p.character}, encoding);
}

void Session::log(int type, const std::string& message) {
  if (options.log) {
    std::fprintf(options.log, "%s\n", message.c_str());
    std::fflush(options.log);
  }
  if (type > 1 && !verbose) return;
  client.notify("window/logMessage", {{"type", type}, {"message", message}});
}

} // namespace pctlint::lsp
