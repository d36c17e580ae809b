#include "server/pipeline/files.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace pctlint::pipeline {

namespace {

// Set when git could not be run at all (not on PATH).
std::atomic<bool> g_no_git{false};

// Runs git with `args` in `dir`; returns stdout, or nullopt when git fails or is absent.
std::optional<std::string> git(const std::string& dir, const std::vector<std::string>& args) {
  int out[2];
  if (pipe(out) != 0) return std::nullopt;
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    dup2(out[1], 1);
    const int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0) dup2(devnull, 2);
    close(out[0]);
    close(out[1]);
    std::vector<std::string> all{"git", "-C", dir};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    execvp("git", argv.data());
    _exit(127);
  }
  close(out[1]);
  std::string result;
  char buf[65536];
  ssize_t n;
  while ((n = read(out[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) result.append(buf, static_cast<std::size_t>(n));
  close(out[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) g_no_git = true;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return result;
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

bool is_symlink(const std::string& path) {
  struct stat st;
  return lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
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
      if (!follow_symlinks && is_symlink(full)) continue;
      // A file deleted in the work tree but still in the index; a submodule.
      std::error_code ec;
      if (!fs::is_regular_file(full, ec)) continue;
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
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    error = path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat st;
  std::optional<std::string> text;
  if (fstat(fd, &st) != 0) {
    error = path + ": " + std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    error = path + ": not a regular file; not checked";
  } else if (static_cast<std::uint64_t>(st.st_size) > max_size) {
    too_large = true;
    text.emplace();
  } else {
    text.emplace();
    char buf[65536];
    for (;;) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n > 0) {
        text->append(buf, static_cast<std::size_t>(n));
        if (text->size() > max_size) { // grew while read
          too_large = true;
          text->clear();
          break;
        }
      } else if (n == 0) {
        break;
      } else if (errno != EINTR) {
        error = path + ": " + std::strerror(errno);
        text.reset();
        break;
      }
    }
  }
  close(fd);
  return text;
}

bool FileBuffer::read(const std::string& path, std::string& error, std::size_t max_size,
                      bool* too_large, bool* absent, bool follow_links) {
  size_ = 0;
  // A found file (`absent` given) is opened without blocking: a FIFO or a device left where a
  // tracked file was must not hang the run. A file named by the user may be a pipe to read.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | (absent ? O_NONBLOCK : 0) |
                                        (follow_links || !absent ? 0 : O_NOFOLLOW));
  const auto not_a_file = [&](int e) {
    return absent && (e == ENOENT || e == ENOTDIR || e == EISDIR || (!follow_links && e == ELOOP));
  };
  if (fd < 0) {
    if (not_a_file(errno)) return *absent = true, false;
    error = path + ": " + std::strerror(errno);
    return false;
  }
  const auto fail = [&] {
    if (not_a_file(errno)) {
      close(fd);
      size_ = 0;
      return *absent = true, false;
    }
    error = path + ": " + std::strerror(errno);
    size_ = 0;
    close(fd);
    return false;
  };
  for (;;) {
    if (size_ == capacity_) {
      // A file that fills the buffer: its size says how much more to make room for, or that it
      // is too large to read on.
      std::size_t grown = std::max<std::size_t>(capacity_ * 2, 256 * 1024);
      struct stat st;
      if (size_ > 0 && fstat(fd, &st) == 0 && st.st_size >= 0) {
        const auto file_size = static_cast<std::size_t>(st.st_size);
        if (file_size > max_size) {
          if (too_large) *too_large = true;
          size_ = 0;
          break;
        }
        grown = std::max(grown, file_size + 1); // + 1: the read that sees the end
      }
      auto bigger = std::make_unique_for_overwrite<char[]>(grown);
      if (size_) std::memcpy(bigger.get(), data_.get(), size_);
      data_ = std::move(bigger);
      capacity_ = grown;
    }
    const std::size_t wanted = capacity_ - size_;
    const ssize_t n = ::read(fd, data_.get() + size_, wanted);
    if (n > 0) {
      size_ += static_cast<std::size_t>(n);
      // A regular file read short is at its end: no read more to hear so. Found files (not
      // named, links not followed) are regular files; a named one may be a pipe.
      if (absent && !follow_links && static_cast<std::size_t>(n) < wanted && size_ <= max_size)
        break;
      if (size_ > max_size) { // grew while read
        if (too_large) *too_large = true;
        size_ = 0;
        break;
      }
    } else if (n == 0) {
      break;
    } else if (absent && errno == EAGAIN) {
      break; // a FIFO: said below
    } else if (errno != EINTR) {
      return fail();
    }
  }
  // An empty read of a found file may be a FIFO or a device rather than an empty file: one fstat
  // for the rare empty file tells them apart.
  if (absent && size_ == 0) {
    struct stat st;
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
      close(fd);
      error = path + ": not a regular file; not checked";
      return false;
    }
  }
  close(fd);
  return true;
}

} // namespace pctlint::pipeline
