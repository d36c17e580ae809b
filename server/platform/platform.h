// What differs between POSIX systems and Windows, behind one interface: reading files without
// blocking, listing directories, running git, the standard streams and paths as UTF-8. The rest
// of server/ calls only this; platform_posix.cpp and platform_windows.cpp implement it (one of
// them is built, by the target's OS). Fix writing has its own pair (check/fix_writer_*.cpp).
//
// Paths are UTF-8 strings everywhere in pctlint; on Windows they become UTF-16 only here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint::platform {

// Once, first thing in main(): the command line as UTF-8 (Windows passes it as UTF-16), standard
// streams in binary mode (no "\n" -> "\r\n" on Windows), UTF-8 console output.
std::vector<std::string> init_process(int argc, char** argv);

// Standard streams by their POSIX numbers: 0 input, 1 output, 2 error.
bool is_terminal(int stream);
// A terminal that shows ANSI colours (on Windows, one that accepts virtual-terminal sequences).
bool terminal_shows_colour(std::FILE* stream);

// std::filesystem::path from and to UTF-8, whatever the system's narrow encoding.
std::filesystem::path path_of(std::string_view utf8);
std::string utf8_of(const std::filesystem::path& path);
// With '/' between names on every system (Windows accepts it; reports and globs expect it).
std::string generic_utf8_of(const std::filesystem::path& path);
// "/x" on POSIX; "C:/x", "C:\\x", "//server/share" and long "\\\\?\\C:\\x" paths on Windows.
bool is_absolute(std::string_view path);
// fopen() of a UTF-8 path.
std::FILE* open_stdio_file(const std::string& path, const char* mode);

// Directories held open so that files are opened relative to them: the kernel then looks up one
// name per file, not every component of its path again (that lookup was a fifth of `--check`'s
// time on real files, most of them deep below the directory named). A few are kept, the ones
// used last: files come directory by directory. Not thread-safe: one per reading thread. On
// Windows nothing is held; files are opened by their whole path.
class OpenDirectories {
public:
  OpenDirectories() = default;
  ~OpenDirectories();
  OpenDirectories(const OpenDirectories&) = delete;
  OpenDirectories& operator=(const OpenDirectories&) = delete;

  // A handle for the directory `path`, opened now or kept from before; -1 when it cannot be
  // opened (the caller opens by the whole path then, and meets the error there).
  std::intptr_t handle(std::string_view path);

private:
  struct Held {
    std::string path;
    std::intptr_t handle = -1;
    std::uint64_t used = 0;
  };
  static constexpr std::size_t kHeld = 8;
  Held held_[kHeld];
  std::uint64_t clock_ = 0;
};

// A file opened for reading.
class InputFile {
public:
  enum class Open { Ok, NotAFile, Failed };
  struct Options {
    bool nonblocking = false; // a FIFO or device must not hang open() or read()
    bool no_follow = false;   // a symbolic link is NotAFile
  };
  InputFile() = default;
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // NotAFile: gone, a directory, or a link not followed. `reason` says why, for either failure.
  // With `directories`, the file is opened relative to its directory's handle kept there.
  Open open(const std::string& path, Options options, std::string& reason,
            OpenDirectories* directories = nullptr);

  struct Read {
    enum Status { Data, End, WouldBlock, NotAFile, Failed } status;
    std::size_t bytes = 0;
  };
  Read read(char* into, std::size_t size, std::string& reason);
  // The size of a regular file; nullopt for anything else (a FIFO, a device, a directory).
  std::optional<std::uint64_t> regular_file_size() const;

private:
  std::intptr_t handle_ = -1;
};

// True for a symbolic link (or, on Windows, any reparse point that is a link or junction).
bool is_symlink(const std::string& path);

// What identifies a directory for loop detection when links are followed.
struct FileId {
  std::uint64_t device = 0, inode = 0;
  bool operator==(const FileId&) const = default;
};

struct DirectoryListing {
  struct Entry {
    std::string name;
    bool directory;
  };
  std::vector<Entry> entries; // directories and regular files, unsorted; never ".", "..", ".git"
  // The names of the other entries (links not followed, dangling links, devices, sockets): what a
  // caller asking whether a name is there at all must know of.
  std::vector<std::string> left_out;
  FileId self;                      // filled when links are followed
  std::optional<std::string> error; // "path: reason"; `access_denied` when permission was lacking
  bool access_denied = false;
};
// With `follow_links`, links are followed, and a directory reached again (the one listed, or one
// for which `walked` says true: one being walked above) is left out; otherwise links are left out.
DirectoryListing list_directory(const std::string& path, bool follow_links,
                                const std::function<bool(const FileId&)>& walked);

// Runs argv[0], found on PATH, with argv[1…]; standard input empty, standard error discarded.
struct ProcessOutput {
  int exit_code;
  std::string out;
};
// nullopt when the program could not be started at all (`not_found` set when it is not on PATH).
std::optional<ProcessOutput> run_process(const std::vector<std::string>& argv, bool& not_found);

// The language server's standard input and output, unbuffered, as raw handles.
struct StdioHandles {
  std::intptr_t in, out;
};
StdioHandles stdio_handles();
// Bytes read (0 at end of input) or written; -1 on failure.
long long read_handle(std::intptr_t handle, void* into, std::size_t size);
long long write_handle(std::intptr_t handle, const void* from, std::size_t size);
void close_handle(std::intptr_t handle);

// Sleeps the calling thread (the tests' hooks for racing writes).
void sleep_ms(int milliseconds);

} // namespace pctlint::platform
