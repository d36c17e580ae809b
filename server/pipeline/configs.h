// Which configuration applies to each file: --config, or the nearest .pctlint.json above it,
// cached per directory; with the file's own overrides applied and whether its include/exclude
// patterns select it. The CLI and the language server share it.
#pragma once

#include "rules/config.h"

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace pctlint::pipeline {

// The name of a configuration file, looked for in each directory up from a file.
inline constexpr std::string_view kConfigFileName = ".pctlint.json";

class ConfigCache {
public:
  explicit ConfigCache(std::optional<std::string> explicit_path = std::nullopt);

  struct Entry {
    Config config;
    Config test_config;         // the same for a test file: every fix unsafe (Config::test_files)
    std::filesystem::path root; // the directory the config's patterns are relative to
    std::optional<std::string> error; // "path:3: /rules/X: message", a line per error
  };
  // What one caller last looked up: files come directory by directory, so the last directory's
  // answer serves the next file without the lock or a path computation. Each worker thread owns
  // one (not a TLS variable: MinGW-w64 frees a thread's emulated TLS before it runs the destructors
  // of its TLS objects, and a shared_ptr there crashed the Windows build at thread exit).
  struct Recent {
    std::size_t generation = 0; // tells caches and their clear()s apart
    std::string dir;
    std::shared_ptr<const Entry> entry;
    // relative_to(entry->root, dir) with a '/' (or empty), once a file of `dir` has needed it:
    // path normalisation per file cost a tenth of a run over a tree outside the current directory.
    std::optional<std::string> relative_dir;
    // Whether `dir` is a test directory by default (is_default_test_dir), once asked.
    std::optional<bool> test_dir;
  };
  // `listed_without_config`: the caller listed the file's directory and saw no configuration
  // file there (OrderedWalk::last_directory_without_config), so it need not be looked for again.
  std::shared_ptr<const Entry> for_file(const std::string& file, Recent* recent = nullptr,
                                        bool listed_without_config = false);

  // A file's configuration, its overrides applied.
  struct ForFile {
    std::shared_ptr<const Entry> entry;
    bool selected = true; // include/exclude select it
    bool test = false;    // a test or lock file (without overrides: the entry's test_config)
    std::optional<Config> overridden;
    const Config& config() const {
      return overridden ? *overridden : test ? entry->test_config : entry->config;
    }
  };
  ForFile resolve(const std::string& file, Recent* recent = nullptr,
                  bool listed_without_config = false);

  void clear();

private:
  std::shared_ptr<const Entry> lookup(const std::string& file, bool listed_without_config);
  std::string relative_path(const std::string& file, const std::filesystem::path& root,
                            Recent* recent) const;
  std::shared_ptr<const Entry> load(const std::filesystem::path& config_file,
                                    const std::filesystem::path& root);
  std::optional<std::string> explicit_;
  std::filesystem::path cwd_; // relative paths are relative to it; read once
  std::mutex mutex_;
  // Keyed by the directory as a string: hashing beats std::filesystem::path's per-component
  // comparison, which showed up in profiles of a tree with thousands of directories.
  std::unordered_map<std::string, std::shared_ptr<const Entry>> by_dir_;
  std::shared_ptr<const Entry> explicit_entry_;
  // Changes with clear(); also tells caches apart (a Recent keeps the last answer).
  std::atomic<std::size_t> generation_{next_generation()};
  static std::size_t next_generation() {
    static std::atomic<std::size_t> counter{1};
    return counter += 1u << 20;
  }
};

// `file` relative to `root`, '/'-separated (what configuration patterns match); a relative
// `file` is taken relative to `cwd` (empty: the working directory).
std::string relative_to(const std::filesystem::path& root, const std::string& file,
                        const std::filesystem::path& cwd = {});

} // namespace pctlint::pipeline
