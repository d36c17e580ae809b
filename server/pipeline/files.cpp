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

// The files below the directory `path` that git lists (tracked, or untracked and not ignored by
// .gitignore, .git/info/exclude or the user's excludes, nor by .ignore files); nullopt when git
// cannot list them (not a work tree, or no git).
std::optional<std::vector<std::string>> git_files(const std::string& path, bool follow_symlinks,
                                                 std::vector<std::string>& notes) {
  const std::optional<std::string> listed =
      git(path, {"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."});
  if (!listed) {
    if (g_no_git.exchange(false))
      notes.push_back("git was not found on PATH: .gitignore and .ignore files are not applied");
    return std::nullopt;
  }
  // git knows .gitignore; .ignore files (ripgrep's convention) get the same treatment by asking
  // git which listed files they would exclude.
  std::vector<std::string> files = split_nul(*listed);
  if (const auto ignored = git(path, {"ls-files", "-z", "--cached", "--others", "--ignored",
                                      "--exclude-per-directory=.ignore", "--", "."})) {
    std::vector<std::string> drop = split_nul(*ignored);
    std::sort(drop.begin(), drop.end());
    std::erase_if(files, [&](const std::string& f) {
      return std::binary_search(drop.begin(), drop.end(), f);
    });
  }
  std::vector<std::string> out;
  for (const std::string& rel : files) {
    std::string full = join(path, rel);
    if (!follow_symlinks && is_symlink(full)) continue;
    // A file deleted in the work tree but still in the index.
    std::error_code ec;
    if (!fs::is_regular_file(full, ec)) continue;
    out.push_back(std::move(full));
  }
  return out;
}

// The files below `dir` (named with `prefix`) in sorted order of their full paths, as found: each
// directory's entries are visited in order of their names, a directory's name with '/' after it
// (so "a/b" comes after "a-c", as in a sort of whole paths). Skips .git, and symbolic links unless
// `follow` (a link back to a directory being walked is not followed again); a directory that
// cannot be read for lack of permission is skipped.
void walk_sorted(const std::string& dir, const std::string& prefix, bool follow,
                 const std::function<void(std::string)>& on_file, FileList& out,
                 std::vector<std::pair<dev_t, ino_t>>& ancestors) {
  DIR* d = opendir(dir.c_str());
  if (!d) {
    if (errno == EACCES)
      out.notes.push_back(dir + ": not checked: " + std::strerror(errno));
    else
      out.errors.push_back(dir + ": " + std::strerror(errno));
    return;
  }
  struct stat self;
  if (follow && fstat(dirfd(d), &self) == 0) ancestors.emplace_back(self.st_dev, self.st_ino);
  struct Entry {
    std::string key; // the name, with '/' after a directory's
    bool directory;
  };
  std::vector<Entry> entries;
  while (const dirent* e = readdir(d)) {
    const std::string_view name = e->d_name;
    if (name == "." || name == ".." || name == ".git") continue;
    unsigned char type = e->d_type;
    struct stat st;
    if (type == DT_UNKNOWN || (type == DT_LNK && follow)) {
      if (fstatat(dirfd(d), e->d_name, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0) continue;
      type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
      if (type == DT_DIR && follow &&
          std::find(ancestors.begin(), ancestors.end(), std::pair(st.st_dev, st.st_ino)) !=
              ancestors.end())
        continue; // a loop
    }
    if (type == DT_DIR)
      entries.push_back({std::string(name) + "/", true});
    else if (type == DT_REG)
      entries.push_back({std::string(name), false});
  }
  closedir(d);
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.key < b.key; });
  for (const Entry& e : entries) {
    if (e.directory)
      walk_sorted(dir + "/" + e.key.substr(0, e.key.size() - 1), prefix + e.key, follow, on_file,
                  out, ancestors);
    else
      on_file(prefix + e.key);
  }
  if (follow && !ancestors.empty() && ancestors.back() == std::pair(self.st_dev, self.st_ino))
    ancestors.pop_back();
}

// walk_sorted() from a root, its files named as lexically_normal() writes the root.
void walk_root(const std::string& root, bool follow,
               const std::function<void(std::string)>& on_file, FileList& out) {
  std::string prefix = fs::path(root).lexically_normal().string();
  if (prefix == ".")
    prefix.clear();
  else if (!prefix.ends_with('/'))
    prefix += '/';
  std::vector<std::pair<dev_t, ino_t>> ancestors;
  walk_sorted(root, prefix, follow, on_file, out, ancestors);
}

} // namespace

FileList discover_each(const std::vector<std::string>& paths, bool follow_symlinks, bool no_ignore,
                       const std::function<void(std::string)>& on_file) {
  std::error_code ec;
  if (paths.size() == 1 && fs::is_directory(paths[0], ec)) {
    FileList result;
    if (!no_ignore)
      if (auto listed = git_files(paths[0], follow_symlinks, result.notes)) {
        std::sort(listed->begin(), listed->end());
        listed->erase(std::unique(listed->begin(), listed->end()), listed->end());
        for (std::string& f : *listed)
          on_file(std::move(f));
        return result;
      }
    walk_root(paths[0], follow_symlinks, on_file, result); // already in discover()'s order
    return result;
  }
  FileList list = discover(paths, follow_symlinks, no_ignore);
  for (std::string& f : list.files)
    on_file(std::move(f));
  list.files.clear();
  return list;
}

FileList discover(const std::vector<std::string>& paths, bool follow_symlinks, bool no_ignore) {
  FileList list;
  for (const std::string& path : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
      list.errors.push_back(path + ": " +
                            (ec ? ec.message() : std::string("No such file or directory")));
      continue;
    }
    if (!fs::is_directory(st)) {
      list.files.push_back(path);
      continue;
    }
    std::optional<std::vector<std::string>> listed;
    if (!no_ignore) listed = git_files(path, follow_symlinks, list.notes);
    if (!listed) {
      walk_root(
          path, follow_symlinks, [&](std::string f) { list.files.push_back(std::move(f)); }, list);
      continue;
    }
    list.files.insert(list.files.end(), std::make_move_iterator(listed->begin()),
                      std::make_move_iterator(listed->end()));
  }
  std::sort(list.files.begin(), list.files.end());
  list.files.erase(std::unique(list.files.begin(), list.files.end()), list.files.end());
  return list;
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

bool FileBuffer::read(const std::string& path, std::string& error, std::size_t max_size,
                      bool* too_large) {
  size_ = 0;
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": " + std::strerror(errno);
    return false;
  }
  for (;;) {
    if (size_ == capacity_) {
      const std::size_t grown = std::max<std::size_t>(capacity_ * 2, 256 * 1024);
      auto bigger = std::make_unique_for_overwrite<char[]>(grown);
      if (size_) std::memcpy(bigger.get(), data_.get(), size_);
      data_ = std::move(bigger);
      capacity_ = grown;
    }
    const ssize_t n = ::read(fd, data_.get() + size_, capacity_ - size_);
    if (n > 0) {
      size_ += static_cast<std::size_t>(n);
      if (size_ > max_size) {
        if (too_large) *too_large = true;
        size_ = 0;
        break;
      }
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      error = path + ": " + std::strerror(errno);
      size_ = 0;
      close(fd);
      return false;
    }
  }
  close(fd);
  return true;
}

} // namespace pctlint::pipeline
