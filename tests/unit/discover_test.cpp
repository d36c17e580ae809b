#include "../e2e/temp_dir.h"
#include "server/pipeline/configs.h"
#include "server/pipeline/files.h"
#include "server/pipeline/walk.h"

#include <doctest/doctest.h>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

using pctlint::pipeline::discover;
using pctlint::pipeline::FileList;
using pctlint::pipeline::OrderedWalk;
using pctlint::test::make_symlink;
using pctlint::test::TempDir;

namespace {

// An OrderedWalk driven as by threads that read directories in whatever order they get to them:
// every directory it hands out is read and put back in a shuffled order, files taken between.
std::vector<std::string> walked(const std::vector<std::string>& paths, bool follow = false,
                                bool no_ignore = true, std::size_t max_pending = 1 << 16,
                                unsigned seed = 1, FileList* messages = nullptr) {
  OrderedWalk walk(paths, follow, no_ignore, max_pending);
  std::mt19937 random(seed);
  std::vector<std::string> files;
  std::vector<std::pair<OrderedWalk::Task, OrderedWalk::Listing>> read;
  while (!walk.done()) {
    while (auto f = walk.next_file())
      files.push_back(std::move(*f));
    if (walk.done()) break;
    while (auto task = walk.take()) {
      read.emplace_back(*task, OrderedWalk::read(*task, follow));
      if (random() % 3 == 0) break;
    }
    REQUIRE(!read.empty()); // else the walk waits for a directory it does not hand out
    std::shuffle(read.begin(), read.end(), random);
    const std::size_t n = 1 + random() % read.size();
    for (std::size_t i = 0; i < n; ++i) {
      walk.put(read.back().first, std::move(read.back().second));
      read.pop_back();
    }
    while (auto f = walk.next_file())
      files.push_back(std::move(*f));
  }
  CHECK(read.empty());
  if (messages) *messages = walk.messages();
  return files;
}

// The same with real threads, as the check CLI drives it.
std::vector<std::string> walked_by_threads(const std::string& root, unsigned threads,
                                           std::size_t max_pending) {
  OrderedWalk walk({root}, false, true, max_pending);
  std::mutex mutex;
  std::vector<std::string> files;
  auto work = [&] {
    std::unique_lock lock(mutex);
    while (!walk.done()) {
      while (auto f = walk.next_file())
        files.push_back(std::move(*f));
      auto task = walk.take();
      if (!task) {
        lock.unlock();
        std::this_thread::yield();
        lock.lock();
        continue;
      }
      lock.unlock();
      auto listing = OrderedWalk::read(*task, false);
      lock.lock();
      walk.put(*task, std::move(listing));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back(work);
  for (auto& t : pool)
    t.join();
  return files;
}

} // namespace

// The CLI checks files while the walk still goes on, on several threads, and reports them in the
// order they came: that order must be discover()'s sorted one, for every spelling of the root and
// whatever order the directories are read in.
TEST_CASE("the walk gives files in discover()'s sorted order, whichever directory is read when") {
  TempDir dir;
  // Names whose order differs between "sort each directory by name" and "sort whole paths":
  // '-' and '.' sort before '/', '0' and 'B' after it; uppercase before lowercase; UTF-8 last.
  std::vector<const char*> names = {
      "a/b.cpp", "a-c.cpp", "a.b/x.md",          "a0.txt",         "a/B/c.py",    "A.cpp",
      "ä/x.js",  "z b.cpp", "deep/1/2/3/4.json", ".hidden/h.yaml", ".git/config", "a/.git/HEAD"};
#ifndef _WIN32
  names.push_back("a/b/c.py"); // the same file as a/B/c.py where names ignore case
#endif
  for (const char* f : names)
    dir.write(f, "x\n");
  make_symlink(dir.file("a-c.cpp"), dir.file("link.cpp"), false);
  make_symlink(dir.file("a"), dir.file("linked-dir"), true);

  const std::vector<std::string> expected = discover({dir.path()}, false, true).files;
  CHECK(expected.size() == names.size() - 2); // .git and links skipped
  CHECK(std::is_sorted(expected.begin(), expected.end()));
  for (unsigned seed = 1; seed <= 20; ++seed)
    CHECK(walked({dir.path()}, false, true, 1 << 16, seed) == expected);
  CHECK(walked({dir.path()}, false, true, 1) == expected); // one file ahead at most
  CHECK(walked({dir.path() + "/"}) == discover({dir.path() + "/"}, false, true).files);
  CHECK(walked({dir.path() + "/./a/.."}) == discover({dir.path() + "/./a/.."}, false, true).files);

  // Relative roots, as a user types them in a repository.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  for (const std::string root : {".", "./", "a", "a/", "./a/../a"})
    CHECK_MESSAGE(walked({root}) == discover({root}, false, true).files, root);
  std::filesystem::current_path(cwd);
}

TEST_CASE("following links: linked files and directories are walked, a link back to an ancestor "
          "is not") {
#ifdef _WIN32
  // Run under wine 8, whose symbolic links cannot be opened through (CreateFileW fails on them):
  // following them is untested on Windows. Not following them is tested above.
  if (GetProcAddress(GetModuleHandleW(L"ntdll.dll"), "wine_get_version")) {
    MESSAGE("wine: following symbolic links not tested");
    return;
  }
#endif
  TempDir dir;
  dir.write("a/b.cpp", "x\n");
  dir.write("c.cpp", "x\n");
  make_symlink(dir.file("c.cpp"), dir.file("link.cpp"), false);
  make_symlink(dir.file("a"), dir.file("linked-dir"), true);
  make_symlink(dir.path(), dir.file("a/loop"), true); // back to the root
  const std::vector<std::string> all = discover({dir.path()}, true, true).files;
  const std::vector<std::string> expected = {dir.file("a/b.cpp"), dir.file("c.cpp"),
                                             dir.file("link.cpp"), dir.file("linked-dir/b.cpp")};
  CHECK(all == expected);
  for (unsigned seed = 1; seed <= 5; ++seed)
    CHECK(walked({dir.path()}, true, true, 1 << 16, seed) == expected);
  CHECK(discover({dir.path()}, false, true).files ==
        std::vector<std::string>{dir.file("a/b.cpp"), dir.file("c.cpp")});
}

TEST_CASE("the walk over several paths gives discover()'s list") {
  TempDir dir;
  dir.write("b.cpp", "x\n");
  dir.write("a/c.cpp", "x\n");
  const std::vector<std::string> roots = {dir.file("b.cpp"), dir.file("a"), dir.file("nope")};
  FileList messages;
  const std::vector<std::string> files = walked(roots, false, true, 1 << 16, 1, &messages);
  CHECK(files == discover(roots, false, true).files);
  CHECK(files.size() == 2);
  REQUIRE(messages.errors.size() == 1);
  CHECK(messages.errors[0].find("nope: No such file or directory") != std::string::npos);
}

// A wide and deep tree, read by four threads with a small window: the order holds, and the walk
// never stalls when it may run only a few files ahead (it still reads the directory it waits for).
TEST_CASE("the walk on threads: sorted, complete, within its window") {
  TempDir dir;
  std::vector<std::string> expected;
  for (int d = 0; d < 12; ++d)
    for (int e = 0; e < 5; ++e)
      for (int f = 0; f < 7; ++f) {
        const std::string rel = "d" + std::to_string(d) + (d % 3 ? "/" : "-x/") + "e" +
                                std::to_string(e) + "/f" + std::to_string(f) + ".txt";
        dir.write(rel, "x\n");
        expected.push_back(dir.file(rel));
      }
  dir.write("d1/empty-dir/.keep-me-not-a-file/.x", "x\n");
  expected.push_back(dir.file("d1/empty-dir/.keep-me-not-a-file/.x"));
  std::sort(expected.begin(), expected.end());
  CHECK(discover({dir.path()}, false, true).files == expected);
  for (std::size_t window : {std::size_t{1}, std::size_t{10}, std::size_t{1} << 16})
    for (int round = 0; round < 5; ++round)
      CHECK(walked_by_threads(dir.path(), 4, window) == expected);
}

TEST_CASE("relative_to: plain absolute paths as std::filesystem's lexically_relative gives them") {
  // The string-only way taken for plain absolute paths must equal the filesystem's.
  const std::vector<std::string> paths = {"/",          "/a",        "/a/b",      "/a/b/c.py",
                                          "/a/bc/d.py", "/ab/c",     "/a/b/",     "/x/y/z/w",
                                          "/a/b/c/d/e", "/tmp/x.js", "/a/b/../c", "/a/./b"};
  for (const std::string& root : paths)
    for (const std::string& file : paths) {
      CAPTURE(root);
      CAPTURE(file);
      const std::filesystem::path expected =
          std::filesystem::path(file).lexically_normal().lexically_relative(root);
      CHECK(pctlint::pipeline::relative_to(root, file, "/") == expected.generic_string());
    }
}
