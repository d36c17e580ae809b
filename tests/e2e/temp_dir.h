// A temporary directory for end-to-end tests, removed with its contents at scope exit.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#ifdef _WIN32
#include <windows.h>
#endif

namespace pctlint::test {

class TempDir {
public:
  TempDir() {
#ifdef _WIN32
    // No mkdtemp: a name from the clock and a counter, created exclusively.
    static std::atomic<unsigned> counter{0};
    for (;;) {
      const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
      const auto p = std::filesystem::temp_directory_path() /
                     ("pctlint-test-" + std::to_string(stamp) + "-" + std::to_string(counter++));
      if (std::filesystem::create_directory(p)) {
        path_ = p.generic_string();
        break;
      }
    }
#else
    std::string pattern = (std::filesystem::temp_directory_path() / "pctlint-test-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
#endif
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const {
    return path_;
  }
  std::string file(const std::string& rel) const {
    return path_ + "/" + rel;
  }

  // A path from UTF-8 on every system (a plain std::string is the ANSI code page's on Windows).
  static std::filesystem::path utf8_path(const std::string& s) {
    return std::filesystem::path(std::u8string(s.begin(), s.end()));
  }

  void write(const std::string& rel, const std::string& content) const {
    const auto p = utf8_path(file(rel));
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
  }
  std::string read(const std::string& rel) const {
    std::ifstream in(utf8_path(file(rel)), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

private:
  std::string path_;
};

// A symbolic link at `link` to `target` (a directory when `directory`). MinGW's libstdc++ has no
// create_symlink; Windows has CreateSymbolicLinkW (unprivileged in developer mode; wine makes a
// Unix link).
inline void make_symlink(const std::string& target, const std::string& link, bool directory) {
#ifdef _WIN32
  const auto wide = [](const std::string& s) {
    return TempDir::utf8_path(s).make_preferred().wstring();
  };
  DWORD flags = SYMBOLIC_LINK_FLAG_ALLOW_UNPRIVILEGED_CREATE;
  if (directory) flags |= SYMBOLIC_LINK_FLAG_DIRECTORY;
  if (!CreateSymbolicLinkW(wide(link).c_str(), wide(target).c_str(), flags))
    throw std::runtime_error("cannot create the symbolic link " + link);
#else
  if (directory)
    std::filesystem::create_directory_symlink(target, link);
  else
    std::filesystem::create_symlink(target, link);
#endif
}

} // namespace pctlint::test
