#include "server/pipeline/configs.h"

#include "server/pipeline/files.h"
#include "server/platform/platform.h"

namespace fs = std::filesystem;

namespace pctlint::pipeline {

namespace {
fs::path working_directory() {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  return ec ? fs::path("/") : cwd;
}
} // namespace

ConfigCache::ConfigCache(std::optional<std::string> explicit_path)
    : explicit_(std::move(explicit_path)), cwd_(working_directory()) {}

std::shared_ptr<const ConfigCache::Entry> ConfigCache::load(const fs::path& file,
                                                            const fs::path& root) {
  auto entry = std::make_shared<Entry>();
  entry->root = root;
  entry->test_config.fixes_unsafe = true;
  std::string error;
  const auto text = read_file(platform::utf8_of(file), error);
  if (!text) {
    entry->error = error;
    return entry;
  }
  ConfigResult r = parse_config_text(*text);
  if (!r.ok()) entry->error = r.describe(platform::utf8_of(file));
  entry->config = std::move(r.config);
  entry->test_config = entry->config;
  entry->test_config.fixes_unsafe = true;
  return entry;
}

std::shared_ptr<const ConfigCache::Entry>
ConfigCache::for_file(const std::string& file, Recent* recent, bool listed_without_config) {
  if (!recent) return lookup(file, listed_without_config);
  const std::string_view dir = std::string_view(file).substr(0, file.rfind('/') + 1);
  if (recent->generation == generation_ && recent->dir == dir && !dir.empty()) return recent->entry;
  auto entry = lookup(file, listed_without_config);
  recent->generation = generation_;
  recent->dir.assign(dir);
  recent->entry = entry;
  recent->relative_dir.reset();
  recent->test_dir.reset();
  return entry;
}

std::shared_ptr<const ConfigCache::Entry> ConfigCache::lookup(const std::string& file,
                                                              bool listed_without_config) {
  std::lock_guard lock(mutex_);
  if (explicit_) {
    if (!explicit_entry_) explicit_entry_ = load(*explicit_, cwd_);
    return explicit_entry_;
  }
  // The directory as written (absolute) finds the directories seen before without building a
  // path; the walk up goes over the normalised path.
  std::string written =
      platform::is_absolute(file) ? std::string() : platform::generic_utf8_of(cwd_) + '/';
  written.append(file, 0, file.rfind('/') == std::string::npos ? 0 : file.rfind('/'));
  if (auto it = by_dir_.find(written); it != by_dir_.end()) return it->second;
  // A plain path whose parent directory is known (the walk goes depth first): its own
  // .pctlint.json or the parent's answer, without building and normalising paths, nor a stat
  // where the directory's listing had none.
  const std::size_t up = written.rfind('/');
  if (up != std::string::npos && up > 0 && written.find("/.") == std::string::npos &&
      written.find("//") == std::string::npos) {
    if (const auto parent = by_dir_.find(written.substr(0, up)); parent != by_dir_.end()) {
      std::shared_ptr<const Entry> found = parent->second;
      std::error_code ec;
      if (!listed_without_config) {
        const fs::path own = platform::path_of(written) / kConfigFileName;
        if (fs::is_regular_file(own, ec)) found = load(own, platform::path_of(written));
      }
      by_dir_.emplace(std::move(written), found);
      return found;
    }
  }
  const fs::path dir = (cwd_ / platform::path_of(file)).lexically_normal().parent_path();
  std::error_code ec;
  std::vector<std::string> visited;
  std::shared_ptr<const Entry> found;
  for (fs::path d = dir;; d = d.parent_path()) {
    std::string key = platform::generic_utf8_of(d);
    if (auto it = by_dir_.find(key); it != by_dir_.end()) {
      found = it->second;
      break;
    }
    visited.push_back(std::move(key));
    if (fs::is_regular_file(d / kConfigFileName, ec)) {
      found = load(d / kConfigFileName, d);
      break;
    }
    if (d == d.parent_path()) break;
  }
  if (!found) {
    auto defaults = std::make_shared<Entry>();
    defaults->root = cwd_;
    defaults->test_config.fixes_unsafe = true;
    found = defaults;
  }
  for (std::string& d : visited)
    by_dir_.emplace(std::move(d), found);
  by_dir_.emplace(std::move(written), found);
  return found;
}

namespace {

// `file` relative to `root` without building paths where the name says it already (a path below
// the current directory, given relative and plain; an absolute path under `root`): every file a run
// checks is resolved, and path normalisation costs more than linting most files.
// A path that normalisation leaves as it is: no ".", "..", or empty name in it.
bool plain(std::string_view p) {
  return p.find("./") == std::string_view::npos && p.find("//") == std::string_view::npos &&
         !p.ends_with("/.") && !p.ends_with("/..") && p != "." && p != "..";
}

std::optional<std::string_view> plain_relative(const fs::path& root, const fs::path& cwd,
                                               std::string_view file) {
  if (!platform::is_absolute(file)) {
    if (root == cwd && plain(file)) return file;
    return std::nullopt;
  }
  const std::string r = platform::generic_utf8_of(root);
  if (file.size() > r.size() + 1 && file.starts_with(r) && file[r.size()] == '/' && plain(file))
    return file.substr(r.size() + 1);
  return std::nullopt;
}

} // namespace

// relative_to(root, file), from the directory's when `recent` has it (files come directory by
// directory). The directory's is kept only where the file's name ends the relative path.
std::string ConfigCache::relative_path(const std::string& file, const fs::path& root,
                                       Recent* recent) const {
  const std::size_t slash = file.rfind('/');
  const std::string_view name = std::string_view(file).substr(slash + 1);
  if (recent && slash != std::string::npos && recent->relative_dir)
    return *recent->relative_dir + std::string(name);
  std::string rel = relative_to(root, file, cwd_);
  if (recent && slash != std::string::npos && !name.empty() && name != "." && name != ".." &&
      rel.ends_with(name) &&
      (rel.size() == name.size() || rel[rel.size() - name.size() - 1] == '/'))
    recent->relative_dir = rel.substr(0, rel.size() - name.size());
  return rel;
}

ConfigCache::ForFile ConfigCache::resolve(const std::string& file, Recent* recent,
                                          bool listed_without_config) {
  ForFile r;
  r.entry = for_file(file, recent, listed_without_config);
  const Config& c = r.entry->config;
  const bool patterns =
      !(c.include_globs.empty() && c.exclude_globs.empty() && c.overrides.empty());
  const std::size_t slash = file.rfind('/');
  const std::string_view name = std::string_view(file).substr(slash + 1);
  if (!patterns) {
    r.test = fixes_unsafe_by_name(name);
    if (!c.default_tests && c.test_globs.empty()) return r; // "testFiles": []
    if (c.default_tests && recent && !recent->dir.empty() && !name.empty() && name != "." &&
        name != "..") {
      // Files come directory by directory: the directories' verdict is asked once for them all.
      if (!recent->test_dir) {
        const auto plain = plain_relative(r.entry->root, cwd_, file); // no path built
        const std::string rel =
            plain ? std::string(*plain) : relative_path(file, r.entry->root, recent);
        recent->test_dir = is_default_test_dir(rel.substr(0, rel.rfind('/') + 1));
      }
      r.test = r.test || *recent->test_dir || is_default_test_name(name);
      return r;
    }
    if (const auto plain = plain_relative(r.entry->root, cwd_, file)) {
      r.test = r.test || c.is_test_file(*plain); // no copy, no path built
      return r;
    }
  }
  const std::string rel = relative_path(file, r.entry->root, recent);
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

namespace {

// What lexically_relative gives for two plain absolute paths in '/' form, without building paths:
// "../" for each of root's names past the common ones, then the rest of file's.
std::optional<std::string> plain_absolute_relative(std::string_view root, std::string_view file) {
  if (root.empty() || root[0] != '/' || file.empty() || file[0] != '/' || file.back() == '/' ||
      !plain(root) || !plain(file))
    return std::nullopt;
  const auto names = [](std::string_view p) {
    std::vector<std::string_view> out;
    for (std::size_t i = 1; i < p.size();) {
      const std::size_t slash = std::min(p.find('/', i), p.size());
      if (slash > i) out.push_back(p.substr(i, slash - i));
      i = slash + 1;
    }
    return out;
  };
  const std::vector<std::string_view> from = names(root), to = names(file);
  std::size_t common = 0;
  while (common < from.size() && common < to.size() && from[common] == to[common])
    ++common;
  if (common == from.size() && common == to.size()) return ".";
  std::string out;
  for (std::size_t k = common; k < from.size(); ++k)
    out += "../";
  for (std::size_t k = common; k < to.size(); ++k)
    out.append(to[k]).push_back('/');
  out.pop_back();
  return out;
}

} // namespace

std::string relative_to(const fs::path& root, const std::string& file, const fs::path& cwd) {
  if (const auto plain_path = plain_absolute_relative(platform::generic_utf8_of(root), file))
    return *plain_path;
  const fs::path base = cwd.empty() ? working_directory() : cwd;
  return platform::generic_utf8_of(
      (base / platform::path_of(file)).lexically_normal().lexically_relative(root));
}

} // namespace pctlint::pipeline
