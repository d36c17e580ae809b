#include "server/pipeline/configs.h"

#include "server/pipeline/files.h"

namespace fs = std::filesystem;

namespace pctlint::pipeline {

std::shared_ptr<const ConfigCache::Entry> ConfigCache::load(const fs::path& file,
                                                            const fs::path& root) {
  auto entry = std::make_shared<Entry>();
  entry->root = root;
  std::string error;
  const auto text = read_file(file.string(), error);
  if (!text) {
    entry->error = error;
    return entry;
  }
  ConfigResult r = parse_config_text(*text);
  if (!r.ok()) entry->error = r.describe(file.string());
  entry->config = std::move(r.config);
  return entry;
}

std::shared_ptr<const ConfigCache::Entry> ConfigCache::for_file(const std::string& file) {
  // Files come directory by directory: the last directory's answer, per thread, serves the next
  // file without the lock or a path computation.
  const std::string_view dir = std::string_view(file).substr(0, file.rfind('/') + 1);
  thread_local const ConfigCache* last_cache = nullptr;
  thread_local std::size_t last_generation = 0;
  thread_local std::string last_dir;
  thread_local std::shared_ptr<const Entry> last_entry;
  if (last_cache == this && last_generation == generation_ && last_dir == dir && !dir.empty())
    return last_entry;
  auto entry = lookup(file);
  last_cache = this;
  last_generation = generation_;
  last_dir.assign(dir);
  last_entry = entry;
  return entry;
}

std::shared_ptr<const ConfigCache::Entry> ConfigCache::lookup(const std::string& file) {
  std::lock_guard lock(mutex_);
  if (explicit_) {
    if (!explicit_entry_) explicit_entry_ = load(*explicit_, fs::current_path());
    return explicit_entry_;
  }
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(file), ec).parent_path();
  std::vector<fs::path> visited;
  std::shared_ptr<const Entry> found;
  for (fs::path d = dir;; d = d.parent_path()) {
    if (auto it = by_dir_.find(d); it != by_dir_.end()) {
      found = it->second;
      break;
    }
    visited.push_back(d);
    if (fs::is_regular_file(d / ".pctlint.json", ec)) {
      found = load(d / ".pctlint.json", d);
      break;
    }
    if (d == d.parent_path()) break;
  }
  if (!found) {
    auto defaults = std::make_shared<Entry>();
    defaults->root = fs::current_path(ec);
    found = defaults;
  }
  for (const fs::path& d : visited)
    by_dir_[d] = found;
  return found;
}

ConfigCache::ForFile ConfigCache::resolve(const std::string& file) {
  ForFile r;
  r.entry = for_file(file);
  const Config& c = r.entry->config;
  if (c.include_globs.empty() && c.exclude_globs.empty() && c.overrides.empty()) return r;
  const std::string rel = relative_to(r.entry->root, file);
  r.selected = c.selects(rel);
  std::optional<Config> storage;
  if (&c.for_path(rel, storage) != &c) r.overridden = std::move(storage);
  return r;
}

void ConfigCache::clear() {
  std::lock_guard lock(mutex_);
  ++generation_;
  by_dir_.clear();
  explicit_entry_.reset();
}

std::string relative_to(const fs::path& root, const std::string& file) {
  std::error_code ec;
  const auto abs = fs::absolute(file, ec).lexically_normal();
  return abs.lexically_relative(root).generic_string();
}

} // namespace pctlint::pipeline
