// The files to check, found by several threads at once and given out in one order: that of their
// full paths sorted as strings (the order discover() returns), whichever thread read which
// directory. As ripgrep's parallel walker, the threads that check files also read directories
// (take(), read(), put()); unlike it, the files come out in order (next_file()), so reports do
// not depend on the scheduling.
//
// The directories form a tree; each, once read, is a sorted list of its entries (a directory's
// name with '/' after it, which keeps whole paths sorted: "a/b" after "a-c"). next_file() walks
// that tree in order and waits at a directory not read yet. Directories are handed out to read
// depth first, in order, so the ones the order waits for come first; and no further ahead than
// kMaxPending files found and not given out, so memory holds a window of a tree, not all of it.
//
// Not thread-safe: its owner serialises the calls but read(), which needs no lock.
#pragma once

#include "server/pipeline/files.h"
#include "server/platform/platform.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pctlint::pipeline {

class OrderedWalk {
  struct Node;

public:
  // PATHs as on the command line (see discover()): one directory is walked here; inside a git
  // work tree (unless `no_ignore`), or for several PATHs, the files are listed at once.
  // At most `max_pending` files are found ahead of next_file() (more only while a directory
  // holds more).
  OrderedWalk(const std::vector<std::string>& paths, bool follow_symlinks, bool no_ignore,
              std::size_t max_pending = kMaxPending);
  ~OrderedWalk();

  // A directory to read.
  struct Task {
    Node* node;
    std::string path;                        // to open
    std::vector<platform::FileId> ancestors; // following links: the directories above it
  };
  struct Listing {
    struct Entry {
      std::string key; // the name, with '/' after a directory's
      bool directory;
    };
    std::vector<Entry> entries;  // sorted by key
    bool without_config = false; // no entry of any kind is named kConfigFileName, in any case
    std::optional<std::string> error, note;
    platform::FileId self;
  };

  // A directory waiting to be read, if the walk may go that far ahead.
  std::optional<Task> take();
  // Reads a task's directory (on any thread, no lock needed): its files and directories, but
  // .git, and links unless followed (a link to a directory being walked is never followed).
  static Listing read(const Task& task, bool follow_symlinks);
  void put(const Task& task, Listing&& listing);

  // The next file in order; nullopt when the order waits for a directory, or when done().
  std::optional<std::string> next_file();
  // Whether the directory of the file next_file() gave last was listed here and holds no
  // configuration file (ConfigCache::resolve need not look for one there).
  bool last_directory_without_config() const { return last_without_config_; }
  bool done() const { return cursor_.empty(); } // every file given out
  bool follow_symlinks() const { return follow_; }

  // Errors ("dir: Permission denied" is a note) and notes; files stays empty.
  FileList& messages() { return messages_; }

  static constexpr std::size_t kMaxPending = 1 << 16;

private:
  void adopt(Node& node, const Task& task, Listing&& listing);
  std::optional<Task> take_waited_for();

  bool follow_;
  std::size_t max_pending_;
  FileList messages_;
  std::unique_ptr<Node> root_;
  struct Frame {
    Node* node;
    std::size_t next; // the next entry to give out
  };
  std::vector<Frame> cursor_; // from the root to where the order stands
  std::vector<Task> tasks_;   // last the first in order
  std::size_t pending_ = 0;   // files in directories read, not given out yet
  bool last_without_config_ = false;
};

} // namespace pctlint::pipeline
