#include "server/pipeline/files.h"

#include "server/platform/platform.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace fs = std::filesystem;

namespace pctlint::pipeline {

namespace {

// Set when git could not be run at all (not on PATH).
std::atomic<bool> g_no_git{false};

// Runs git with `args` in `dir`; returns stdout, or nullopt when git fails or is absent.
std::optional<std::string> git(const std::string& dir, const std::vector<std::string>& args) {
  std::vector<std::string> all{"git", "-C", dir};
  all.insert(all.end(), args.begin(), args.end());
  bool not_found = false;
  auto run = platform::run_process(all, not_found);
  if (not_found) g_no_git = true;
  if (!run || run->exit_code != 0) return std::nullopt;
  return std::move(run->out);
}

std::vector<std::string> split_nul(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t z = s.find('\0', i);
    out.push_back(s.substr(i, z - i));
    if (z == std::string::npos) break;
    i = z + 1;
  }
  return out;
}

std::string join(const std::string& dir, const std::string& rel) {
  if (dir == ".") return rel;
  return dir.ends_with('/') ? dir + rel : dir + "/" + rel;
}

} // namespace

std::optional<std::vector<std::string>> git_listed_files(const std::string& path,
                                                         bool follow_symlinks,
                                                         std::vector<std::string>& notes,
                                                         bool check_each) {
  const std::optional<std::string> listed =
      git(path, {"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."});
  if (!listed) {
    if (g_no_git.exchange(false))
      notes.push_back("git was not found on PATH: .gitignore and .ignore files are not applied");
    return std::nullopt;
  }
  std::vector<std::string> files = split_nul(*listed);
  // git knows .gitignore; .ignore files (ripgrep's convention) get the same treatment by asking
  // git which listed files they would exclude, when there are any.
  const bool has_ignore_files = std::any_of(files.begin(), files.end(), [](const std::string& f) {
    return f == ".ignore" || f.ends_with("/.ignore");
  });
  if (has_ignore_files)
    if (const auto ignored = git(path, {"ls-files", "-z", "--cached", "--others", "--ignored",
                                        "--exclude-per-directory=.ignore", "--", "."})) {
      std::vector<std::string> drop = split_nul(*ignored);
      std::sort(drop.begin(), drop.end());
      std::erase_if(files, [&](const std::string& f) {
        return std::binary_search(drop.begin(), drop.end(), f);
      });
    }
  std::vector<std::string> out;
  out.reserve(files.size());
  for (const std::string& rel : files) {
    std::string full = join(path, rel);
    if (check_each) {
      if (!follow_symlinks && platform::is_symlink(full)) continue;
      // A file deleted in the work tree but still in the index; a submodule.
      std::error_code ec;
      if (!fs::is_regular_file(platform::path_of(full), ec)) continue;
    }
    out.push_back(std::move(full));
  }
  return out;
}

bool in_shard(const std::string& path, unsigned index, unsigned count) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : path)
    h = (h ^ c) * 1099511628211ULL;
  return h % count == index;
}

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  FileBuffer buffer;
  if (!buffer.read(path, error)) return std::nullopt;
  return std::string(buffer.text());
}

std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_size,
                                             std::string& error, bool& too_large) {
  too_large = false;
  platform::InputFile file;
  std::string reason;
  switch (file.open(path, {.nonblocking = true}, reason)) {
  case platform::InputFile::Open::Ok:
    break;
  case platform::InputFile::Open::NotAFile:
  case platform::InputFile::Open::Failed:
    error = path + ": " + reason;
    return std::nullopt;
  }
  const auto size = file.regular_file_size();
  if (!size) {
    error = path + ": not a regular file; not checked";
    return std::nullopt;
  }
  std::string text;
  if (*size > max_size) {
    too_large = true;
    return text;
  }
  char buf[65536];
  for (;;) {
    const auto got = file.read(buf, sizeof buf, reason);
    if (got.status == platform::InputFile::Read::Data) {
      text.append(buf, got.bytes);
      if (text.size() > max_size) { // grew while read
        too_large = true;
        text.clear();
        return text;
      }
    } else if (got.status == platform::InputFile::Read::End ||
               got.status == platform::InputFile::Read::WouldBlock) {
      return text;
    } else {
      error = path + ": " + reason;
      return std::nullopt;
    }
  }
}

FileBuffer::FileBuffer(bool keep_directories_open)
    : directories_(keep_directories_open ? std::make_unique<platform::OpenDirectories>()
                                         : nullptr) {}

FileBuffer::~FileBuffer() = default;

bool FileBuffer::read(const std::string& path, std::string& error, std::size_t max_size,
                      bool* too_large, bool* absent, bool follow_links) {
  using platform::InputFile;
  size_ = 0;
  // A found file (`absent` given) is opened without blocking: a FIFO or a device left where a
  // tracked file was must not hang the run. A file named by the user may be a pipe to read.
  InputFile file;
  std::string reason;
  const InputFile::Open opened =
      file.open(path, {.nonblocking = absent != nullptr, .no_follow = absent && !follow_links},
                reason, directories_.get());
  if (opened == InputFile::Open::NotAFile && absent) return *absent = true, false;
  if (opened != InputFile::Open::Ok) {
    error = path + ": " + reason;
    return false;
  }
  for (;;) {
    if (size_ == capacity_) {
      // A file that fills the buffer: its size says how much more to make room for, or that it
      // is too large to read on.
      std::size_t grown = std::max<std::size_t>(capacity_ * 2, 256 * 1024);
      if (size_ > 0)
        if (const auto file_size = file.regular_file_size()) {
          if (*file_size > max_size) {
            if (too_large) *too_large = true;
            size_ = 0;
            break;
          }
          grown = std::max(grown, static_cast<std::size_t>(*file_size) + 1); // + 1: the read
                                                                             // that sees the end
        }
      auto bigger = std::make_unique_for_overwrite<char[]>(grown);
      if (size_) std::memcpy(bigger.get(), data_.get(), size_);
      data_ = std::move(bigger);
      capacity_ = grown;
    }
    const std::size_t wanted = capacity_ - size_;
    const InputFile::Read got = file.read(data_.get() + size_, wanted, reason);
    if (got.status == InputFile::Read::Data) {
      size_ += got.bytes;
      // A regular file read short is at its end: no read more to hear so. Found files (not
      // named, links not followed) are regular files; a named one may be a pipe.
      if (absent && !follow_links && got.bytes < wanted && size_ <= max_size) break;
      if (size_ > max_size) { // grew while read
        if (too_large) *too_large = true;
        size_ = 0;
        break;
      }
    } else if (got.status == InputFile::Read::End) {
      break;
    } else if (absent && got.status == InputFile::Read::WouldBlock) {
      break; // a FIFO: said below
    } else if (absent && got.status == InputFile::Read::NotAFile) {
      size_ = 0;
      return *absent = true, false;
    } else {
      error = path + ": " + reason;
      size_ = 0;
      return false;
    }
  }
  // An empty read of a found file may be a FIFO or a device rather than an empty file: one look
  // at the rare empty file tells them apart.
  if (absent && size_ == 0 && !file.regular_file_size()) {
    error = path + ": not a regular file; not checked";
    return false;
  }
  return true;
}

} // namespace pctlint::pipeline
