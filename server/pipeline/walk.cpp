#include "server/pipeline/walk.h"

#include "core/ascii.h"
#include "server/pipeline/configs.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace fs = std::filesystem;

namespace pctlint::pipeline {

struct OrderedWalk::Node {
  std::string prefix; // what names its files: the root as lexically_normal() writes it, and below
  bool read = false, taken = false;
  bool without_config = false; // listed, with no configuration file in it
  struct Entry {
    std::string key;
    std::unique_ptr<Node> dir; // for a directory
  };
  std::vector<Entry> entries;
};

namespace {

// The root as lexically_normal() writes it, ready for names to follow.
std::string prefix_of(const std::string& root) {
  std::string prefix = platform::generic_utf8_of(platform::path_of(root).lexically_normal());
  if (prefix == ".") return {};
  if (!prefix.ends_with('/')) prefix += '/';
  return prefix;
}

} // namespace

OrderedWalk::OrderedWalk(const std::vector<std::string>& paths, bool follow_symlinks,
                         bool no_ignore, std::size_t max_pending)
    : follow_(follow_symlinks), max_pending_(max_pending), root_(std::make_unique<Node>()) {
  cursor_.push_back({root_.get(), 0});
  std::error_code ec;
  std::optional<std::vector<std::string>> listed;
  if (paths.size() == 1 && fs::is_directory(platform::path_of(paths[0]), ec)) {
    // What git lists is checked as it is read: a stat of each here would come before any check.
    if (!no_ignore) listed = git_listed_files(paths[0], follow_symlinks, messages_.notes, false);
    if (!listed) { // walked here
      root_->prefix = prefix_of(paths[0]);
      tasks_.push_back({root_.get(), paths[0], {}});
      return;
    }
    std::sort(listed->begin(), listed->end());
    listed->erase(std::unique(listed->begin(), listed->end()), listed->end());
  } else {
    FileList list = discover(paths, follow_symlinks, no_ignore);
    listed = std::move(list.files);
    messages_.errors = std::move(list.errors);
    messages_.notes = std::move(list.notes);
  }
  root_->read = true;
  root_->entries.reserve(listed->size());
  for (std::string& f : *listed)
    root_->entries.push_back({std::move(f), nullptr});
  pending_ = root_->entries.size();
}

OrderedWalk::~OrderedWalk() = default;

std::optional<OrderedWalk::Task> OrderedWalk::take() {
  if (tasks_.empty()) return std::nullopt;
  if (pending_ >= max_pending_) return take_waited_for();
  Task task = std::move(tasks_.back());
  tasks_.pop_back();
  task.node->taken = true;
  return task;
}

// Far enough ahead: only the directory the order stands at, if nobody reads it yet.
std::optional<OrderedWalk::Task> OrderedWalk::take_waited_for() {
  if (cursor_.empty() || cursor_.back().node->read || cursor_.back().node->taken)
    return std::nullopt;
  const Node* waited = cursor_.back().node;
  const auto it =
      std::find_if(tasks_.begin(), tasks_.end(), [&](const Task& t) { return t.node == waited; });
  if (it == tasks_.end()) return std::nullopt;
  Task task = std::move(*it);
  tasks_.erase(it);
  task.node->taken = true;
  return task;
}

OrderedWalk::Listing OrderedWalk::read(const Task& task, bool follow) {
  platform::DirectoryListing found =
      platform::list_directory(task.path, follow, [&](const platform::FileId& id) {
        return std::find(task.ancestors.begin(), task.ancestors.end(), id) != task.ancestors.end();
      });
  Listing out;
  if (found.error) {
    if (found.access_denied)
      out.note = task.path + ": not checked: Permission denied";
    else
      out.error = std::move(found.error);
    return out;
  }
  out.self = found.self;
  // A case-insensitive file system finds .PCTLINT.JSON by the name; a link is one only followed.
  const auto config_named = [](std::string_view name) {
    return ascii::iequals(name, kConfigFileName);
  };
  out.without_config = std::none_of(found.entries.begin(), found.entries.end(),
                                    [&](const auto& e) { return config_named(e.name); }) &&
                       std::none_of(found.left_out.begin(), found.left_out.end(), config_named);
  out.entries.reserve(found.entries.size());
  for (auto& e : found.entries)
    out.entries.push_back({e.directory ? std::move(e.name) + "/" : std::move(e.name), e.directory});
  std::sort(out.entries.begin(), out.entries.end(),
            [](const Listing::Entry& a, const Listing::Entry& b) { return a.key < b.key; });
  return out;
}

void OrderedWalk::put(const Task& task, Listing&& listing) {
  if (listing.error) messages_.errors.push_back(std::move(*listing.error));
  if (listing.note) messages_.notes.push_back(std::move(*listing.note));
  Node& node = *task.node;
  std::vector<platform::FileId> chain;
  if (follow_) {
    chain = task.ancestors;
    chain.push_back(listing.self);
  }
  node.entries.reserve(listing.entries.size());
  for (Listing::Entry& e : listing.entries) {
    std::unique_ptr<Node> dir;
    if (e.directory) {
      dir = std::make_unique<Node>();
      dir->prefix = node.prefix + e.key;
    } else {
      ++pending_;
    }
    node.entries.push_back({std::move(e.key), std::move(dir)});
  }
  node.read = true;
  node.without_config = listing.without_config;
  // Depth first, in order: the first directory comes off the stack first.
  for (std::size_t i = node.entries.size(); i-- > 0;)
    if (Node* child = node.entries[i].dir.get()) {
      const std::string& key = node.entries[i].key;
      tasks_.push_back({child, task.path + "/" + key.substr(0, key.size() - 1), chain});
    }
}

std::optional<std::string> OrderedWalk::next_file() {
  while (!cursor_.empty()) {
    Frame& frame = cursor_.back();
    Node& node = *frame.node;
    if (!node.read) return std::nullopt; // a directory on its way
    if (frame.next == node.entries.size()) {
      cursor_.pop_back();
      if (!cursor_.empty()) // every file below it given out: it goes
        cursor_.back().node->entries[cursor_.back().next - 1].dir.reset();
      continue;
    }
    Node::Entry& entry = node.entries[frame.next++];
    if (entry.dir) {
      cursor_.push_back({entry.dir.get(), 0});
      continue;
    }
    --pending_;
    last_without_config_ = node.without_config;
    return node.prefix + std::move(entry.key);
  }
  return std::nullopt;
}

FileList discover(const std::vector<std::string>& paths, bool follow_symlinks, bool no_ignore) {
  FileList list;
  for (const std::string& path : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(platform::path_of(path), ec);
    if (ec || !fs::exists(st)) {
      list.errors.push_back(path + ": " +
                            (ec ? ec.message() : std::string("No such file or directory")));
      continue;
    }
    if (!fs::is_directory(st)) {
      list.files.push_back(path);
      continue;
    }
    // One directory: the walk, on this thread.
    OrderedWalk walk({path}, follow_symlinks, no_ignore);
    for (;;) {
      while (auto file = walk.next_file())
        list.files.push_back(std::move(*file));
      if (walk.done()) break;
      const auto task = walk.take(); // the one the order waits for: nobody else reads
      walk.put(*task, OrderedWalk::read(*task, follow_symlinks));
    }
    auto& m = walk.messages();
    list.errors.insert(list.errors.end(), m.errors.begin(), m.errors.end());
    list.notes.insert(list.notes.end(), m.notes.begin(), m.notes.end());
  }
  std::sort(list.files.begin(), list.files.end());
  list.files.erase(std::unique(list.files.begin(), list.files.end()), list.files.end());
  return list;
}

} // namespace pctlint::pipeline
