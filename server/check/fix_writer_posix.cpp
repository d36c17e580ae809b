// write_fixed() and install_fix_cleanup() on POSIX systems (fix_writer.h says what they promise).
#include "server/check/fix_writer.h"
#include "server/platform/platform.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace pctlint::check {

namespace {

// Temporary files being written, for the signal handler to remove: fixed slots so that the
// handler touches nothing but these bytes and unlink(2).
constexpr std::size_t kSlots = 64;
char g_temp_paths[kSlots][4096];
// 0 free, 1 being filled, 2 holding a path to remove.
std::atomic<int> g_slot_state[kSlots];

class TempRegistration {
public:
  explicit TempRegistration(const std::string& path) {
    if (path.size() >= sizeof g_temp_paths[0]) return;
    for (std::size_t i = 0; i < kSlots; ++i) {
      int expected = 0;
      if (!g_slot_state[i].compare_exchange_strong(expected, 1)) continue;
      std::memcpy(g_temp_paths[i], path.c_str(), path.size() + 1);
      g_slot_state[i] = 2;
      slot_ = i;
      return;
    }
  }
  ~TempRegistration() {
    if (slot_ < kSlots) g_slot_state[slot_] = 0;
  }
  TempRegistration(const TempRegistration&) = delete;
  TempRegistration& operator=(const TempRegistration&) = delete;

private:
  std::size_t slot_ = kSlots;
};

extern "C" void remove_temps_and_die(int sig) {
  for (std::size_t i = 0; i < kSlots; ++i)
    if (g_slot_state[i] == 2) unlink(g_temp_paths[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

std::string errno_text(const std::string& path, const char* what) {
  return path + ": " + what + ": " + std::strerror(errno);
}

// Reads the whole file behind `fd` from its start.
bool read_fd(int fd, std::string& out) {
  out.clear();
  char buf[65536];
  for (off_t at = 0;;) {
    const ssize_t n = pread(fd, buf, sizeof buf, at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    out.append(buf, static_cast<std::size_t>(n));
    at += n;
  }
}

bool write_all(int fd, std::string_view text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool same_version(const struct stat& a, const struct stat& b) {
  return a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec &&
         a.st_mtim.tv_nsec == b.st_mtim.tv_nsec && a.st_ino == b.st_ino;
}

// The new text written over the file's own bytes: for a file with other names (hard links) or an
// owner a new file could not be given. The file was checked unchanged just before.
std::optional<std::string> write_in_place(const std::string& path, std::string_view fixed) {
  const int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno_text(path, "cannot open for writing");
  std::optional<std::string> error;
  struct rlimit limit;
  if (getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      fixed.size() > limit.rlim_cur) {
    close(fd);
    return path + ": the fixed text is larger than the file-size limit (ulimit -f); left as it was";
  }
  // The room is taken before the first byte is written: a full disk or a file-size limit then
  // leaves the file as it was instead of cut in the middle.
  if (const int e =
          posix_fallocate(fd, 0, static_cast<off_t>(std::max<std::size_t>(fixed.size(), 1)));
      e != 0 && e != EOPNOTSUPP && e != EINVAL) {
    errno = e;
    error = errno_text(path, "no room to write the fix; left as it was");
  } else if (!write_all(fd, fixed))
    error = errno_text(path, "write failed");
  else if (ftruncate(fd, static_cast<off_t>(fixed.size())) != 0)
    error = errno_text(path, "truncate failed");
  else if (fsync(fd) != 0)
    error = errno_text(path, "fsync failed");
  close(fd);
  return error;
}

// Copies every extended attribute of `from` to `to`: POSIX ACLs (system.posix_acl_access),
// SELinux labels, user.* attributes. False when one cannot be copied; the fix is then written in
// place, which keeps them all.
bool copy_xattrs(int from, int to) {
  const ssize_t size = flistxattr(from, nullptr, 0);
  if (size < 0) return errno == ENOTSUP; // a file system without them has none to lose
  if (size == 0) return true;
  std::vector<char> names(static_cast<std::size_t>(size));
  const ssize_t got = flistxattr(from, names.data(), names.size());
  if (got < 0) return false;
  std::vector<char> value;
  for (std::size_t i = 0; i < static_cast<std::size_t>(got);) {
    const char* name = names.data() + i;
    i += std::strlen(name) + 1;
    const ssize_t n = fgetxattr(from, name, nullptr, 0);
    if (n < 0) return false;
    value.resize(static_cast<std::size_t>(n));
    if (fgetxattr(from, name, value.data(), value.size()) != n) return false;
    if (fsetxattr(to, name, value.data(), value.size(), 0) != 0) return false;
  }
  return true;
}

// Writes `text` to a new temporary file next to `path` with `st`'s mode and owner; its name, or
// nullopt and `error`. `owner_kept` tells whether the owner could be given.
std::optional<std::string> write_temp(const std::string& path, std::string_view text,
                                      const struct stat& st, bool& owner_kept, std::string& error,
                                      std::optional<TempRegistration>& registration,
                                      int xattrs_from = -1) {
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash);
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  std::string tmp = dir + "/." + base + ".pctlint-XXXXXX";
  const int fd = mkostemp(tmp.data(), O_CLOEXEC);
  if (fd < 0) {
    error = errno_text(path, "cannot create a temporary file");
    return std::nullopt;
  }
  registration.emplace(tmp);
  owner_kept =
      fchown(fd, st.st_uid, st.st_gid) == 0 && (xattrs_from < 0 || copy_xattrs(xattrs_from, fd));
  const char* failed = nullptr;
  if (!write_all(fd, text))
    failed = "write failed";
  else if (fchmod(fd, st.st_mode & 07777) != 0)
    failed = "cannot keep the file's mode";
  else if (fsync(fd) != 0)
    failed = "fsync failed";
  close(fd);
  if (failed) {
    error = errno_text(path, failed);
    unlink(tmp.c_str());
    return std::nullopt;
  }
  return tmp;
}

// How long a writer that has the file open is waited for.
constexpr int kWriterWaitMs = 2000;

// A read lease on the file (Linux's F_SETLEASE): it is refused while a process has the file open
// for writing, and while it is held one that opens the file for writing waits in open() until it
// is let go. So a writer that took the old file's name just before the rename cannot write before
// the rename, and is waited for after it, instead of writing to a file that no longer has a name
// after the last check. Where there are no leases (another system, a file system without them, a
// file of another user) held() and busy() are false and the checks around the rename are all
// there is.
class ReadLease {
public:
  explicit ReadLease(int fd) : fd_(fd) {
#if defined(F_SETLEASE)
    // The kernel tells the holder of a lease that a writer waits with SIGIO, whose default ends
    // the process; the writer is waited for below instead.
    static const bool ignored = (signal(SIGIO, SIG_IGN), true);
    (void)ignored;
    held_ = fcntl(fd, F_SETLEASE, F_RDLCK) == 0;
    busy_ = !held_ && errno == EAGAIN;
#endif
  }
  ReadLease(ReadLease&& other) noexcept : fd_(other.fd_), held_(other.held_), busy_(other.busy_) {
    other.held_ = false;
  }
  ReadLease& operator=(ReadLease&& other) noexcept {
    if (this != &other) {
      release();
      fd_ = other.fd_;
      held_ = std::exchange(other.held_, false);
      busy_ = other.busy_;
    }
    return *this;
  }
  ~ReadLease() {
    release();
  }
  bool held() const {
    return held_;
  }
  // Whether the file was open for writing when the lease was asked for.
  bool busy() const {
    return busy_;
  }
  void release() {
#if defined(F_SETLEASE)
    if (held_) fcntl(fd_, F_SETLEASE, F_UNLCK);
#endif
    held_ = false;
  }

private:
  int fd_;
  bool held_ = false, busy_ = false;
};

// Waits until no process has the file behind `fd` open for writing, for up to `ms` milliseconds,
// and returns the lease then taken (held where leases exist); nullopt when a writer still has it
// open.
std::optional<ReadLease> lease_without_writers(int fd, int ms) {
  for (int waited = 0;; ++waited) {
    std::optional<ReadLease> lease(std::in_place, fd);
    if (!lease->busy()) return lease;
    if (waited >= ms) return std::nullopt;
    lease.reset();
    platform::sleep_ms(1);
  }
}

// For tests only: PCTLINT_TEST_RENAME_DELAY_MS widens the moment between the last check and the
// rename, so a test can write to the file there and see the write kept; PCTLINT_TEST_CHECK_DELAY_MS
// the moment before the last check (a save by rename, a delete, another pctlint).
void test_pause(const char* variable = "PCTLINT_TEST_RENAME_DELAY_MS") {
  const char* v = std::getenv(variable);
  const int ms = v ? std::atoi(v) : 0;
  if (ms > 0) platform::sleep_ms(ms);
}

} // namespace

void install_fix_cleanup() {
  signal(SIGPIPE, SIG_IGN); // a closed output ends the output, not the fixing
  signal(SIGXFSZ, SIG_IGN); // a file-size limit is a write error (EFBIG), said, not a kill
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    signal(sig, remove_temps_and_die);
}

std::optional<std::string> write_fixed(const std::string& named, std::string_view original,
                                       std::string_view fixed) {
  // A symbolic link stays one: its target gets the fix.
  std::string path = named;
  if (char* real = realpath(named.c_str(), nullptr)) {
    path = real;
    std::free(real);
  }
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno_text(named, "cannot open");
  struct Closer {
    int fd;
    ~Closer() { close(fd); }
  } closer{fd};
  struct stat before;
  if (fstat(fd, &before) != 0) return errno_text(named, "cannot stat");
  if (!S_ISREG(before.st_mode)) return named + ": not a regular file; left alone";
  if ((before.st_mode & 0222) == 0) return named + ": read-only; not fixed";
  std::string now;
  if (!read_fd(fd, now)) return errno_text(named, "cannot read");
  if (now != original) return named + ": changed on disk while being fixed; left alone";

  if (before.st_nlink > 1) { // a rename would give the other names the old text
    if (auto error = write_in_place(path, fixed)) return error;
    return std::nullopt;
  }
  bool owner_kept = false;
  std::string error;
  std::optional<TempRegistration> registered;
  const auto tmp = write_temp(path, fixed, before, owner_kept, error, registered, fd);
  if (!tmp) return error;
  if (!owner_kept) {
    // A new file would change hands or lose an ACL or attribute: write in place instead.
    unlink(tmp->c_str());
    return write_in_place(path, fixed);
  }
  test_pause("PCTLINT_TEST_CHECK_DELAY_MS");
  // Another pctlint fixing the same file waits here: the check and the rename go together.
  while (flock(fd, LOCK_EX) != 0 && errno == EINTR) {
  }
  // A writer that has the file open (an append in progress) is let finish first; the lease taken
  // then is held over the last check and the rename.
  std::optional<ReadLease> lease = lease_without_writers(fd, kWriterWaitMs);
  if (!lease) {
    unlink(tmp->c_str());
    return named + ": open for writing elsewhere; left alone";
  }
  // Just before the rename, the file must still be what was linted, and its name must still be
  // its own: an editor that saved by rename, git checkout, a delete or another pctlint's fix
  // gave the name to another file, which the rename would throw away.
  struct stat checked, named_now;
  if (fstat(fd, &checked) != 0 || !read_fd(fd, now) || now != original ||
      !same_version(before, checked) || stat(path.c_str(), &named_now) != 0 ||
      named_now.st_ino != before.st_ino || named_now.st_dev != before.st_dev) {
    unlink(tmp->c_str());
    return named + ": changed on disk while being fixed; left alone";
  }
  test_pause();
  if (rename(tmp->c_str(), path.c_str()) != 0) {
    const std::string msg = errno_text(named, "rename failed");
    unlink(tmp->c_str());
    return msg;
  }
  // A writer that opened the old file since the lease was taken is waiting in its open(): let it
  // write, and close, before the old file is looked at.
  if (lease->held()) {
    lease.reset();
    lease = lease_without_writers(fd, kWriterWaitMs);
  }
  // A write that reached the old file between the check and the rename went to a file that no
  // longer has a name: put its text back rather than lose it.
  struct stat after;
  if (fstat(fd, &after) == 0 && !same_version(checked, after) && read_fd(fd, now)) {
    bool kept = false;
    std::optional<TempRegistration> restoring;
    if (const auto restore = write_temp(path, now, after, kept, error, restoring);
        restore && rename(restore->c_str(), path.c_str()) == 0)
      return named + ": changed on disk while being fixed; the change is kept, not fixed";
    return named + ": changed on disk while being fixed, and its new text could not be put back";
  }
  return std::nullopt;
}

} // namespace pctlint::check
