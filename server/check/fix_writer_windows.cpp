// write_fixed() and install_fix_cleanup() on Windows, with the promises fix_writer.h makes:
// - the file is held open from the check until it is replaced, with sharing that lets others read
//   it but not write it: a program that tries to write in that moment is refused (and an editor
//   retries) instead of losing its write; a program that already holds it open for writing makes
//   pctlint refuse instead;
// - a save by rename or a delete in that moment (allowed: FILE_SHARE_DELETE) is seen by comparing
//   the file id the name leads to before the replace;
// - ReplaceFileW swaps the new text in atomically and keeps the old file's ACL, attributes,
//   alternate data streams and creation time;
// - a file with other names (hard links) is written in place, after the room for the new text is
//   taken, so that a full disk leaves it as it was;
// - read-only files (the attribute, or an ACL that denies writing) are never touched; a link's
//   target gets the fix; temporary files are removed, on Ctrl+C too.
#include "server/check/fix_writer.h"
#include "server/platform/platform.h"
#include "server/platform/windows_util.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <set>
#include <windows.h>

namespace pctlint::check {

using platform::windows::error_text;
using platform::windows::narrow;
using platform::windows::widen;

namespace {

std::mutex g_temps_mutex;
std::set<std::wstring> g_temps; // being written: removed if the console closes the run

BOOL WINAPI remove_temps(DWORD) {
  std::lock_guard lock(g_temps_mutex);
  for (const std::wstring& t : g_temps)
    DeleteFileW(t.c_str());
  return FALSE; // then the default handler ends the process
}

class TempRegistration {
public:
  explicit TempRegistration(std::wstring path) : path_(std::move(path)) {
    std::lock_guard lock(g_temps_mutex);
    g_temps.insert(path_);
  }
  ~TempRegistration() {
    DeleteFileW(path_.c_str()); // gone already when it replaced the file
    std::lock_guard lock(g_temps_mutex);
    g_temps.erase(path_);
  }
  TempRegistration(const TempRegistration&) = delete;
  TempRegistration& operator=(const TempRegistration&) = delete;
  const std::wstring& path() const { return path_; }

private:
  std::wstring path_;
};

struct Handle {
  HANDLE h = INVALID_HANDLE_VALUE;
  ~Handle() {
    if (h != INVALID_HANDLE_VALUE) CloseHandle(h);
  }
  bool ok() const { return h != INVALID_HANDLE_VALUE; }
};

std::string failure(const std::string& path, const char* what, DWORD code = GetLastError()) {
  return path + ": " + what + ": " + error_text(code);
}

bool read_all(HANDLE h, std::string& out) {
  out.clear();
  LARGE_INTEGER zero{};
  if (!SetFilePointerEx(h, zero, nullptr, FILE_BEGIN)) return false;
  char buf[65536];
  for (DWORD got; ReadFile(h, buf, sizeof buf, &got, nullptr);) {
    if (got == 0) return true;
    out.append(buf, got);
  }
  return false;
}

bool write_all(HANDLE h, std::string_view text) {
  for (std::size_t done = 0; done < text.size();) {
    DWORD put = 0;
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(text.size() - done, 1u << 30));
    if (!WriteFile(h, text.data() + done, chunk, &put, nullptr) || put == 0) return false;
    done += put;
  }
  return true;
}

bool set_size(HANDLE h, std::uint64_t size) {
  LARGE_INTEGER at;
  at.QuadPart = static_cast<LONGLONG>(size);
  return SetFilePointerEx(h, at, nullptr, FILE_BEGIN) && SetEndOfFile(h);
}

std::optional<std::pair<DWORD, std::uint64_t>> file_id(HANDLE h) {
  BY_HANDLE_FILE_INFORMATION info;
  if (!GetFileInformationByHandle(h, &info)) return std::nullopt;
  return std::pair{info.dwVolumeSerialNumber,
                   (std::uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow};
}

// The new text over the file's own bytes (it has other names). The room is taken first.
std::optional<std::string> write_in_place(HANDLE h, const std::string& path, std::string_view fixed,
                                          std::uint64_t old_size) {
  if (fixed.size() > old_size && !set_size(h, fixed.size()))
    return failure(path, "no room to write the fix; left as it was");
  LARGE_INTEGER zero{};
  if (!SetFilePointerEx(h, zero, nullptr, FILE_BEGIN) || !write_all(h, fixed))
    return failure(path, "write failed");
  if (!set_size(h, fixed.size())) return failure(path, "truncate failed");
  if (!FlushFileBuffers(h)) return failure(path, "flush failed");
  return std::nullopt;
}

void test_pause(const char* variable = "PCTLINT_TEST_RENAME_DELAY_MS") {
  const char* v = std::getenv(variable);
  const int ms = v ? std::atoi(v) : 0;
  if (ms > 0) platform::sleep_ms(ms);
}

std::wstring temp_name_for(const std::wstring& path) {
  static std::atomic<unsigned> counter{0};
  const std::size_t slash = path.find_last_of(L"\\/");
  const std::wstring dir = slash == std::wstring::npos ? L"." : path.substr(0, slash);
  const std::wstring base = slash == std::wstring::npos ? path : path.substr(slash + 1);
  return dir + L"\\." + base + L".pctlint-" + std::to_wstring(GetCurrentProcessId()) + L"-" +
         std::to_wstring(counter++) + L".tmp";
}

} // namespace

void install_fix_cleanup() {
  SetConsoleCtrlHandler(remove_temps, TRUE);
}

std::optional<std::string> write_fixed(const std::string& named, std::string_view original,
                                       std::string_view fixed) {
  const std::wstring wide_named = widen(named);
  const DWORD attributes = GetFileAttributesW(wide_named.c_str());
  if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY))
    return named + ": read-only; not fixed";
  // Opened through a link, this is its target's handle: the target gets the fix.
  Handle file{CreateFileW(wide_named.c_str(), GENERIC_READ | GENERIC_WRITE,
                          FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                          FILE_ATTRIBUTE_NORMAL, nullptr)};
  if (!file.ok()) {
    const DWORD e = GetLastError();
    if (e == ERROR_SHARING_VIOLATION)
      return named + ": open for writing in another program; not fixed";
    if (e == ERROR_ACCESS_DENIED) return named + ": read-only; not fixed";
    return failure(named, "cannot open", e);
  }
  BY_HANDLE_FILE_INFORMATION before;
  if (GetFileType(file.h) != FILE_TYPE_DISK || !GetFileInformationByHandle(file.h, &before))
    return named + ": not a regular file; left alone";
  std::string now;
  if (!read_all(file.h, now)) return failure(named, "cannot read");
  if (now != original) return named + ": changed on disk while being fixed; left alone";
  const std::uint64_t old_size = (std::uint64_t(before.nFileSizeHigh) << 32) | before.nFileSizeLow;
  if (before.nNumberOfLinks > 1) return write_in_place(file.h, named, fixed, old_size);

  wchar_t final_path[32768];
  const DWORD n = GetFinalPathNameByHandleW(file.h, final_path, 32768, FILE_NAME_NORMALIZED);
  const std::wstring path = n > 0 && n < 32768 ? std::wstring(final_path, n) : wide_named;
  TempRegistration temp(temp_name_for(path));
  {
    Handle out{CreateFileW(temp.path().c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                           FILE_ATTRIBUTE_NORMAL, nullptr)};
    if (!out.ok()) return failure(named, "cannot create a temporary file");
    if (!write_all(out.h, fixed)) return failure(named, "write failed");
    if (!FlushFileBuffers(out.h)) return failure(named, "flush failed");
  }
  test_pause("PCTLINT_TEST_CHECK_DELAY_MS");
  // Nobody could write to the file since it was read (the sharing mode); but its name may now
  // lead to another file (a save by rename, a delete and a new file), which the replace would
  // throw away.
  Handle named_now{CreateFileW(path.c_str(), 0,
                               FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                               OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr)};
  if (!named_now.ok() || file_id(named_now.h) != file_id(file.h))
    return named + ": changed on disk while being fixed; left alone";
  CloseHandle(named_now.h);
  named_now.h = INVALID_HANDLE_VALUE;
  test_pause();
  if (!ReplaceFileW(path.c_str(), temp.path().c_str(), nullptr, REPLACEFILE_IGNORE_MERGE_ERRORS,
                    nullptr, nullptr))
    return failure(named, "cannot replace the file");
  return std::nullopt;
}

} // namespace pctlint::check
