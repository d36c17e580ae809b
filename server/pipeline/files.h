// Which files there are to check (discovery), and reading them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::platform {
class OpenDirectories;
}

namespace pctlint::pipeline {

struct FileList {
  std::vector<std::string> files;  // as the user will see them (relative to the cwd when below it)
  std::vector<std::string> errors; // "path: No such file or directory": the run exits 2
  std::vector<std::string> notes;  // what was passed over: an unreadable directory, no git
};

// Expands PATHs: a directory is walked (inside a git work tree, git lists the files, honouring
// .gitignore, .git/info/exclude and the user's excludes; .ignore files are honoured the same way),
// `.git` is skipped, symbolic links too unless followed. A file named on the command line is
// always checked. Sorted (as strings). Implemented over OrderedWalk (walk.h), on one thread.
FileList discover(const std::vector<std::string>& paths, bool follow_symlinks, bool no_ignore);

// The files below the directory `path` that git lists (tracked, or untracked and not ignored by
// .gitignore, .git/info/exclude or the user's excludes, nor by .ignore files), named
// `path`/...; nullopt when git cannot list them (not a work tree, or no git: then a note).
// Without `check_each`, what git lists is not looked at: links, files deleted in the work tree
// and submodules stay in the list, for the reader to pass over (see FileBuffer::read's `absent`).
std::optional<std::vector<std::string>> git_listed_files(const std::string& path,
                                                         bool follow_symlinks,
                                                         std::vector<std::string>& notes,
                                                         bool check_each = true);

// Deterministic split for CI matrices: FNV-1a of the path, modulo N.
bool in_shard(const std::string& path, unsigned index, unsigned count);

// Reads a whole file; nullopt and `error` set on failure.
std::optional<std::string> read_file(const std::string& path, std::string& error);

// Reads a file found in a tree (not named by the user) to check it: a regular file only, opened
// without blocking (a FIFO or a device left where a tracked file was would hang the reader), and
// at most `max_size` bytes (a larger file is not read: `too_large` set). nullopt and `error` set
// ("not a regular file") otherwise.
std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_size,
                                             std::string& error, bool& too_large);

// A buffer for reading files one after another (one per checking thread): it grows and is reused,
// and is never zero-filled, as a std::string would be on each resize.
class FileBuffer {
public:
  // With `keep_directories_open`, for files that come directory by directory (a walk's): their
  // directories are held open and the files opened by name in them (platform::OpenDirectories).
  explicit FileBuffer(bool keep_directories_open = false);
  ~FileBuffer();

  // Reads `path` whole, until read() says end of file: no fstat, one read for most files and one
  // more to see the end. A file larger than `max_size` is not kept: text() is empty and
  // `too_large` set. False and `error` set when the file cannot be opened or read.
  // With `absent`, a path that is not a file to read (gone, a directory, or a symbolic link when
  // `follow_links` is false) is no error: false, `*absent` set, `error` empty; and the file is
  // taken to be a regular file, at its end when a read comes short.
  bool read(const std::string& path, std::string& error, std::size_t max_size = SIZE_MAX,
            bool* too_large = nullptr, bool* absent = nullptr, bool follow_links = true);
  std::string_view text() const { return {data_.get(), size_}; }

private:
  std::unique_ptr<char[]> data_;
  std::size_t capacity_ = 0, size_ = 0;
  std::unique_ptr<platform::OpenDirectories> directories_;
};

} // namespace pctlint::pipeline
