// platform.h on Windows (MinGW-w64). Paths cross the boundary as UTF-16 (the W functions), so a
// file name in any script works whatever the system's ANSI code page.
#include "server/platform/platform.h"
#include "server/platform/windows_util.h"

#include <cctype>
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>
#include <windows.h>

namespace pctlint::platform {

namespace windows {

std::wstring widen(std::string_view utf8) {
  if (utf8.empty()) return {};
  const int n =
      MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
  std::wstring out(static_cast<std::size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), out.data(), n);
  return out;
}

std::string narrow(std::wstring_view utf16) {
  if (utf16.empty()) return {};
  const int n = WideCharToMultiByte(CP_UTF8, 0, utf16.data(), static_cast<int>(utf16.size()),
                                    nullptr, 0, nullptr, nullptr);
  std::string out(static_cast<std::size_t>(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, utf16.data(), static_cast<int>(utf16.size()), out.data(), n,
                      nullptr, nullptr);
  return out;
}

std::string error_text(DWORD code) {
  switch (code) {
  case ERROR_FILE_NOT_FOUND:
  case ERROR_PATH_NOT_FOUND:
  case ERROR_INVALID_NAME:
    return "No such file or directory";
  case ERROR_ACCESS_DENIED:
    return "Permission denied";
  case ERROR_SHARING_VIOLATION:
  case ERROR_LOCK_VIOLATION:
    return "in use by another program";
  case ERROR_DISK_FULL:
  case ERROR_HANDLE_DISK_FULL:
    return "No space left on device";
  case ERROR_WRITE_PROTECT:
    return "Read-only file system";
  }
  wchar_t* text = nullptr;
  const DWORD n = FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
                                     FORMAT_MESSAGE_IGNORE_INSERTS,
                                 nullptr, code, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string out = n ? narrow({text, n}) : "error " + std::to_string(code);
  if (text) LocalFree(text);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.'))
    out.pop_back();
  return out;
}

} // namespace windows

using windows::error_text;
using windows::narrow;
using windows::widen;

namespace {

HANDLE as_handle(std::intptr_t h) {
  return reinterpret_cast<HANDLE>(h);
}

// A symbolic link or a junction (directory mount point): what POSIX calls a link. Other reparse
// points (OneDrive placeholders, deduplicated files) are ordinary files to us.
bool is_link_tag(DWORD tag) {
  return tag == IO_REPARSE_TAG_SYMLINK || tag == IO_REPARSE_TAG_MOUNT_POINT;
}

// What a path leads to, links followed: its attributes and id; nullopt for a dangling link.
struct Target {
  DWORD attributes;
  FileId id;
};
std::optional<Target> target_of(const std::wstring& path) {
  const HANDLE h =
      CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                  OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (h == INVALID_HANDLE_VALUE) return std::nullopt;
  BY_HANDLE_FILE_INFORMATION info;
  const bool ok = GetFileInformationByHandle(h, &info);
  CloseHandle(h);
  if (!ok) return std::nullopt;
  return Target{
      info.dwFileAttributes,
      {info.dwVolumeSerialNumber, (std::uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow}};
}

// Quoting of one argument for CreateProcess's command line, as CommandLineToArgvW reads it.
void append_quoted(std::wstring& line, const std::wstring& arg) {
  if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
    line += arg;
    return;
  }
  line += L'"';
  for (std::size_t i = 0;; ++i) {
    std::size_t backslashes = 0;
    while (i < arg.size() && arg[i] == L'\\') {
      ++i;
      ++backslashes;
    }
    if (i == arg.size()) {
      line.append(backslashes * 2, L'\\');
      break;
    }
    if (arg[i] == L'"')
      line.append(backslashes * 2 + 1, L'\\');
    else
      line.append(backslashes, L'\\');
    line += arg[i];
  }
  line += L'"';
}

} // namespace

std::vector<std::string> init_process(int, char**) {
  _setmode(_fileno(stdin), _O_BINARY);
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
  SetConsoleOutputCP(CP_UTF8);
  std::vector<std::string> args;
  int argc = 0;
  if (wchar_t** argv = CommandLineToArgvW(GetCommandLineW(), &argc)) {
    for (int i = 1; i < argc; ++i)
      args.push_back(narrow(argv[i]));
    LocalFree(argv);
  }
  return args;
}

bool is_terminal(int stream) {
  const DWORD which = stream == 0   ? STD_INPUT_HANDLE
                      : stream == 1 ? STD_OUTPUT_HANDLE
                                    : STD_ERROR_HANDLE;
  DWORD mode;
  return GetConsoleMode(GetStdHandle(which), &mode) != 0;
}

bool terminal_shows_colour(std::FILE* stream) {
  const HANDLE h = as_handle(_get_osfhandle(_fileno(stream)));
  DWORD mode;
  if (!GetConsoleMode(h, &mode)) return false;
  return (mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) ||
         SetConsoleMode(h, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
}

std::filesystem::path path_of(std::string_view utf8) {
  return std::filesystem::path(widen(utf8));
}

std::string utf8_of(const std::filesystem::path& path) {
  return narrow(path.native());
}

std::string generic_utf8_of(const std::filesystem::path& path) {
  return narrow(path.generic_wstring());
}

bool is_absolute(std::string_view path) {
  const auto separator = [](char c) { return c == '/' || c == '\\'; };
  if (path.size() >= 2 && separator(path[0]) && separator(path[1]))
    return true; // UNC and \\?\ paths
  return path.size() >= 3 && std::isalpha(static_cast<unsigned char>(path[0])) && path[1] == ':' &&
         separator(path[2]);
}

std::FILE* open_stdio_file(const std::string& path, const char* mode) {
  return _wfopen(widen(path).c_str(), widen(mode).c_str());
}

InputFile::~InputFile() {
  if (handle_ != -1) CloseHandle(as_handle(handle_));
}

OpenDirectories::~OpenDirectories() = default;

std::intptr_t OpenDirectories::handle(std::string_view) {
  return -1; // files are opened by their whole path
}

InputFile::Open InputFile::open(const std::string& path, Options options, std::string& reason,
                                OpenDirectories*) {
  const std::wstring wide = widen(path);
  const HANDLE h = CreateFileW(
      wide.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
      OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL | (options.no_follow ? FILE_FLAG_OPEN_REPARSE_POINT : 0),
      nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    const DWORD e = GetLastError();
    const DWORD attributes = GetFileAttributesW(wide.c_str());
    const bool directory =
        attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY);
    reason = directory ? "Is a directory" : error_text(e);
    if (e == ERROR_FILE_NOT_FOUND || e == ERROR_PATH_NOT_FOUND || e == ERROR_INVALID_NAME ||
        directory)
      return Open::NotAFile;
    return Open::Failed;
  }
  handle_ = reinterpret_cast<std::intptr_t>(h);
  if (options.no_follow) {
    FILE_ATTRIBUTE_TAG_INFO tag{};
    if (GetFileInformationByHandleEx(h, FileAttributeTagInfo, &tag, sizeof tag) &&
        (tag.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) && is_link_tag(tag.ReparseTag)) {
      reason = "Too many levels of symbolic links";
      return Open::NotAFile;
    }
  }
  return Open::Ok;
}

InputFile::Read InputFile::read(char* into, std::size_t size, std::string& reason) {
  DWORD got = 0;
  const DWORD want = static_cast<DWORD>(std::min<std::size_t>(size, 1u << 30));
  if (!ReadFile(as_handle(handle_), into, want, &got, nullptr)) {
    const DWORD e = GetLastError();
    if (e == ERROR_BROKEN_PIPE || e == ERROR_HANDLE_EOF) return {Read::End};
    reason = error_text(e);
    return {Read::Failed};
  }
  if (got == 0) return {Read::End};
  return {Read::Data, got};
}

std::optional<std::uint64_t> InputFile::regular_file_size() const {
  const HANDLE h = as_handle(handle_);
  BY_HANDLE_FILE_INFORMATION info;
  if (GetFileType(h) != FILE_TYPE_DISK || !GetFileInformationByHandle(h, &info) ||
      (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
    return std::nullopt;
  return (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
}

bool is_symlink(const std::string& path) {
  WIN32_FIND_DATAW data;
  const HANDLE h = FindFirstFileW(widen(path).c_str(), &data);
  if (h == INVALID_HANDLE_VALUE) return false;
  FindClose(h);
  return (data.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) && is_link_tag(data.dwReserved0);
}

DirectoryListing list_directory(const std::string& path, bool follow,
                                const std::function<bool(const FileId&)>& walked) {
  DirectoryListing out;
  std::wstring dir = widen(path);
  if (!dir.empty() && dir.back() != L'/' && dir.back() != L'\\') dir += L'\\';
  WIN32_FIND_DATAW data;
  const HANDLE find = FindFirstFileExW((dir + L"*").c_str(), FindExInfoBasic, &data,
                                       FindExSearchNameMatch, nullptr, FIND_FIRST_EX_LARGE_FETCH);
  if (find == INVALID_HANDLE_VALUE) {
    const DWORD e = GetLastError();
    out.access_denied = e == ERROR_ACCESS_DENIED;
    out.error = path + ": " + error_text(e);
    return out;
  }
  if (follow)
    if (const auto self = target_of(dir)) out.self = self->id;
  do {
    const std::wstring_view name = data.cFileName;
    if (name == L"." || name == L".." || name == L".git") continue;
    DWORD attributes = data.dwFileAttributes;
    const bool link = (attributes & FILE_ATTRIBUTE_REPARSE_POINT) && is_link_tag(data.dwReserved0);
    if (link && !follow) {
      out.left_out.push_back(narrow(name));
      continue;
    }
    if (follow && (link || (attributes & FILE_ATTRIBUTE_DIRECTORY))) {
      const auto target = target_of(dir + std::wstring(name)); // through the link
      if (!target) {                                           // a dangling link
        out.left_out.push_back(narrow(name));
        continue;
      }
      attributes = target->attributes;
      if ((attributes & FILE_ATTRIBUTE_DIRECTORY) && (target->id == out.self || walked(target->id)))
        continue; // a loop
    }
    const bool directory = attributes & FILE_ATTRIBUTE_DIRECTORY;
    if (attributes & FILE_ATTRIBUTE_DEVICE) {
      out.left_out.push_back(narrow(name));
      continue;
    }
    out.entries.push_back({narrow(name), directory});
  } while (FindNextFileW(find, &data));
  FindClose(find);
  return out;
}

std::optional<ProcessOutput> run_process(const std::vector<std::string>& args, bool& not_found) {
  not_found = false;
  if (args.empty()) return std::nullopt;
  SECURITY_ATTRIBUTES inherit{sizeof inherit, nullptr, TRUE};
  HANDLE read_end, write_end;
  if (!CreatePipe(&read_end, &write_end, &inherit, 0)) return std::nullopt;
  SetHandleInformation(read_end, HANDLE_FLAG_INHERIT, 0);
  const HANDLE nul =
      CreateFileW(L"NUL", GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                  &inherit, OPEN_EXISTING, 0, nullptr);
  std::wstring line;
  for (const std::string& a : args) {
    if (!line.empty()) line += L' ';
    append_quoted(line, widen(a));
  }
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = nul;
  startup.hStdOutput = write_end;
  startup.hStdError = nul;
  PROCESS_INFORMATION process{};
  const bool started = CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE,
                                      CREATE_NO_WINDOW, nullptr, nullptr, &startup, &process);
  const DWORD start_error = GetLastError();
  CloseHandle(write_end);
  if (nul != INVALID_HANDLE_VALUE) CloseHandle(nul);
  if (!started) {
    CloseHandle(read_end);
    not_found = start_error == ERROR_FILE_NOT_FOUND || start_error == ERROR_PATH_NOT_FOUND;
    return std::nullopt;
  }
  ProcessOutput result{0, {}};
  char buf[65536];
  DWORD got;
  while (ReadFile(read_end, buf, sizeof buf, &got, nullptr) && got > 0)
    result.out.append(buf, got);
  CloseHandle(read_end);
  WaitForSingleObject(process.hProcess, INFINITE);
  DWORD code = 1;
  GetExitCodeProcess(process.hProcess, &code);
  CloseHandle(process.hProcess);
  CloseHandle(process.hThread);
  result.exit_code = static_cast<int>(code);
  return result;
}

StdioHandles stdio_handles() {
  return {reinterpret_cast<std::intptr_t>(GetStdHandle(STD_INPUT_HANDLE)),
          reinterpret_cast<std::intptr_t>(GetStdHandle(STD_OUTPUT_HANDLE))};
}

long long read_handle(std::intptr_t handle, void* into, std::size_t size) {
  DWORD got = 0;
  if (!ReadFile(as_handle(handle), into, static_cast<DWORD>(std::min<std::size_t>(size, 1u << 30)),
                &got, nullptr))
    return GetLastError() == ERROR_BROKEN_PIPE ? 0 : -1;
  return got;
}

long long write_handle(std::intptr_t handle, const void* from, std::size_t size) {
  DWORD put = 0;
  if (!WriteFile(as_handle(handle), from, static_cast<DWORD>(std::min<std::size_t>(size, 1u << 30)),
                 &put, nullptr))
    return -1;
  return put;
}

void close_handle(std::intptr_t) {
  // The standard handles belong to the process (stdio_handles() does not duplicate them).
}

void sleep_ms(int milliseconds) {
  Sleep(static_cast<DWORD>(milliseconds));
}

} // namespace pctlint::platform
