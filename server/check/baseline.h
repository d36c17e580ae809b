// Adopting pctlint on a repository with findings it cannot fix at once: --write-baseline records
// today's findings, --baseline reports only those not recorded. A finding is recorded by its file,
// rule and a fingerprint of its URL, its own text and its line's text (not its line number), so it
// stays recorded while lines are added or removed around it; identical findings are counted.
#pragma once

#include "rules/diagnostic.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace pctlint::check {

std::string baseline_fingerprint(std::string_view source, const Diagnostic& d);

class Baseline {
public:
  // Reads a baseline file; nullopt and `error` set when it cannot be read or is not one.
  static std::unique_ptr<Baseline> load(const std::string& path, std::string& error);

  // Removes from `diagnostics` (of `path`'s `source`) those the baseline holds; returns how many.
  // Thread-safe: each recorded finding is used once.
  std::size_t filter(const std::string& path, std::string_view source,
                     std::vector<Diagnostic>& diagnostics);

private:
  std::mutex mutex_;
  std::map<std::tuple<std::string, std::string, std::string>, std::size_t> counts_;
};

// Collects findings for --write-baseline, from any thread, and writes them sorted.
class BaselineWriter {
public:
  void add(const std::string& path, std::string_view source,
           const std::vector<Diagnostic>& diagnostics);
  // nullopt on success, else the error.
  std::optional<std::string> write(const std::string& file) const;
  std::size_t size() const { return entries_.size(); }

private:
  struct Entry {
    std::string path, rule, fingerprint;
    std::size_t line;
  };
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
};

} // namespace pctlint::check
