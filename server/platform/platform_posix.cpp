// platform.h on Linux and other POSIX systems.
#include "server/platform/platform.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace pctlint::platform {

std::vector<std::string> init_process(int argc, char** argv) {
  return std::vector<std::string>(argv + (argc > 0 ? 1 : 0), argv + argc);
}

bool is_terminal(int stream) {
  return isatty(stream);
}

bool terminal_shows_colour(std::FILE* stream) {
  return isatty(fileno(stream));
}

std::filesystem::path path_of(std::string_view utf8) {
  return std::filesystem::path(utf8);
}

std::string utf8_of(const std::filesystem::path& path) {
  return path.string();
}

std::string generic_utf8_of(const std::filesystem::path& path) {
  return path.generic_string();
}

bool is_absolute(std::string_view path) {
  return path.starts_with('/');
}

std::FILE* open_stdio_file(const std::string& path, const char* mode) {
  return std::fopen(path.c_str(), mode);
}

InputFile::~InputFile() {
  if (handle_ >= 0) close(static_cast<int>(handle_));
}

OpenDirectories::~OpenDirectories() {
  for (const Held& h : held_)
    if (h.handle >= 0) close(static_cast<int>(h.handle));
}

std::intptr_t OpenDirectories::handle(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  const std::string_view parent =
      slash == std::string_view::npos || slash == 0 ? std::string_view() : path.substr(0, slash);
  Held* oldest = &held_[0];
  int at = -1;
  for (Held& h : held_) {
    if (h.handle < 0) {
      oldest = &h;
      continue;
    }
    if (h.path == path) return h.used = ++clock_, h.handle;
    if (!parent.empty() && h.path == parent) at = static_cast<int>(h.handle);
    if (oldest->handle >= 0 && h.used < oldest->used) oldest = &h;
  }
  // O_PATH: a handle to look names up in, no permission to read the directory needed. Opened by
  // its name in its parent when that is held (a walk goes down the tree).
  const int flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
  int fd = at >= 0 ? ::openat(at, std::string(path.substr(slash + 1)).c_str(), flags) : -1;
  if (fd < 0) fd = ::open(std::string(path).c_str(), flags);
  if (fd < 0) return -1;
  if (oldest->handle >= 0) close(static_cast<int>(oldest->handle));
  *oldest = {std::string(path), fd, ++clock_};
  return fd;
}

InputFile::Open InputFile::open(const std::string& path, Options options, std::string& reason,
                                OpenDirectories* directories) {
  const int flags = O_RDONLY | O_CLOEXEC | (options.nonblocking ? O_NONBLOCK : 0) |
                    (options.no_follow ? O_NOFOLLOW : 0);
  int fd = -1;
  const std::size_t slash = path.rfind('/');
  const int at =
      directories && slash != std::string::npos && slash + 1 < path.size()
          ? static_cast<int>(directories->handle(
                slash == 0 ? std::string_view("/") : std::string_view(path).substr(0, slash)))
          : -1;
  if (at >= 0)
    fd = ::openat(at, path.c_str() + slash + 1, flags);
  else
    fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    const int e = errno;
    reason = std::strerror(e);
    if (e == ENOENT || e == ENOTDIR || e == EISDIR || (options.no_follow && e == ELOOP))
      return Open::NotAFile;
    return Open::Failed;
  }
  handle_ = fd;
  return Open::Ok;
}

InputFile::Read InputFile::read(char* into, std::size_t size, std::string& reason) {
  for (;;) {
    const ssize_t n = ::read(static_cast<int>(handle_), into, size);
    if (n > 0) return {Read::Data, static_cast<std::size_t>(n)};
    if (n == 0) return {Read::End};
    if (errno == EINTR) continue;
    if (errno == EAGAIN) return {Read::WouldBlock};
    reason = std::strerror(errno);
    if (errno == EISDIR || errno == ENOENT || errno == ENOTDIR) return {Read::NotAFile};
    return {Read::Failed};
  }
}

std::optional<std::uint64_t> InputFile::regular_file_size() const {
  struct stat st;
  if (fstat(static_cast<int>(handle_), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0)
    return std::nullopt;
  return static_cast<std::uint64_t>(st.st_size);
}

bool is_symlink(const std::string& path) {
  struct stat st;
  return lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

DirectoryListing list_directory(const std::string& path, bool follow,
                                const std::function<bool(const FileId&)>& walked) {
  DirectoryListing out;
  DIR* d = opendir(path.c_str());
  if (!d) {
    out.access_denied = errno == EACCES;
    out.error = path + ": " + std::strerror(errno);
    return out;
  }
  struct stat self;
  if (follow && fstat(dirfd(d), &self) == 0) out.self = {self.st_dev, self.st_ino};
  while (const dirent* e = readdir(d)) {
    const std::string_view name = e->d_name;
    if (name == "." || name == ".." || name == ".git") continue;
    unsigned char type = e->d_type;
    if (type == DT_UNKNOWN || (type == DT_LNK && follow)) {
      struct stat st;
      if (fstatat(dirfd(d), e->d_name, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW) != 0) {
        out.left_out.emplace_back(name);
        continue;
      }
      type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
      const FileId id{st.st_dev, st.st_ino};
      if (type == DT_DIR && follow && (id == out.self || walked(id))) continue; // a loop
    }
    if (type == DT_DIR || type == DT_REG)
      out.entries.push_back({std::string(name), type == DT_DIR});
    else
      out.left_out.emplace_back(name);
  }
  closedir(d);
  return out;
}

std::optional<ProcessOutput> run_process(const std::vector<std::string>& args, bool& not_found) {
  not_found = false;
  int out[2];
  if (args.empty() || pipe(out) != 0) return std::nullopt;
  const pid_t pid = fork();
  if (pid < 0) {
    close(out[0]);
    close(out[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    dup2(out[1], 1);
    const int devnull = ::open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      dup2(devnull, 0);
      dup2(devnull, 2);
    }
    close(out[0]);
    close(out[1]);
    std::vector<char*> argv;
    for (const std::string& a : args)
      argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(out[1]);
  ProcessOutput result{0, {}};
  char buf[65536];
  ssize_t n;
  while ((n = ::read(out[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) result.out.append(buf, static_cast<std::size_t>(n));
  close(out[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    not_found = true;
    return std::nullopt;
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

StdioHandles stdio_handles() {
  return {dup(STDIN_FILENO), dup(STDOUT_FILENO)};
}

long long read_handle(std::intptr_t handle, void* into, std::size_t size) {
  for (;;) {
    const ssize_t n = ::read(static_cast<int>(handle), into, size);
    if (n >= 0 || errno != EINTR) return n;
  }
}

long long write_handle(std::intptr_t handle, const void* from, std::size_t size) {
  for (;;) {
    const ssize_t n = ::write(static_cast<int>(handle), from, size);
    if (n >= 0 || errno != EINTR) return n;
  }
}

void close_handle(std::intptr_t handle) {
  close(static_cast<int>(handle));
}

void sleep_ms(int milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds));
}

} // namespace pctlint::platform
