#include "../e2e/temp_dir.h"
#include "server/pipeline/files.h"

#include <doctest/doctest.h>
#include <filesystem>
#include <unistd.h>

using pctlint::pipeline::discover;
using pctlint::pipeline::discover_each;
using pctlint::test::TempDir;

namespace {

std::vector<std::string> streamed(const std::string& path, bool no_ignore = true) {
  std::vector<std::string> files;
  const auto errors = discover_each({path}, false, no_ignore,
                                    [&](std::string f) { files.push_back(std::move(f)); });
  CHECK(errors.errors.empty());
  return files;
}

} // namespace

// The CLI checks files while discover_each() still walks, and reports them in the order they came:
// that order must be discover()'s sorted one, for every spelling of the root.
TEST_CASE("discover_each streams a walk in discover()'s sorted order") {
  TempDir dir;
  // Names whose order differs between "sort each directory by name" and "sort whole paths":
  // '-' and '.' sort before '/', '0' and 'B' after it; uppercase before lowercase; UTF-8 last.
  for (const char* f :
       {"a/b.cpp", "a-c.cpp", "a.b/x.md", "a0.txt", "a/B/c.py", "a/b/c.py", "A.cpp", "ä/x.js",
        "z b.cpp", "deep/1/2/3/4.json", ".hidden/h.yaml", ".git/config", "a/.git/HEAD"})
    dir.write(f, "x\n");
  std::filesystem::create_symlink(dir.file("a-c.cpp"), dir.file("link.cpp"));
  std::filesystem::create_directory_symlink(dir.file("a"), dir.file("linked-dir"));

  const std::vector<std::string> expected = discover({dir.path()}, false, true).files;
  CHECK(expected.size() == 11); // .git and links skipped
  CHECK(std::is_sorted(expected.begin(), expected.end()));
  CHECK(streamed(dir.path()) == expected);
  CHECK(streamed(dir.path() + "/") == discover({dir.path() + "/"}, false, true).files);
  CHECK(streamed(dir.path() + "/./a/..") == discover({dir.path() + "/./a/.."}, false, true).files);

  // Relative roots, as a user types them in a repository.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  for (const std::string root : {".", "./", "a", "a/", "./a/../a"})
    CHECK_MESSAGE(streamed(root) == discover({root}, false, true).files, root);
  std::filesystem::current_path(cwd);
}

TEST_CASE("following links: linked files and directories are walked, a link back to an ancestor "
          "is not") {
  TempDir dir;
  dir.write("a/b.cpp", "x\n");
  dir.write("c.cpp", "x\n");
  std::filesystem::create_symlink(dir.file("c.cpp"), dir.file("link.cpp"));
  std::filesystem::create_directory_symlink(dir.file("a"), dir.file("linked-dir"));
  std::filesystem::create_directory_symlink(dir.path(), dir.file("a/loop")); // back to the root
  const std::vector<std::string> all = discover({dir.path()}, true, true).files;
  const std::vector<std::string> expected = {dir.file("a/b.cpp"), dir.file("c.cpp"),
                                             dir.file("link.cpp"), dir.file("linked-dir/b.cpp")};
  CHECK(all == expected);
  std::vector<std::string> streamed_files;
  discover_each({dir.path()}, true, true,
                [&](std::string f) { streamed_files.push_back(std::move(f)); });
  CHECK(streamed_files == expected);
  CHECK(discover({dir.path()}, false, true).files ==
        std::vector<std::string>{dir.file("a/b.cpp"), dir.file("c.cpp")});
}

TEST_CASE("discover_each without a single directory gives discover()'s list") {
  TempDir dir;
  dir.write("b.cpp", "x\n");
  dir.write("a/c.cpp", "x\n");
  const std::vector<std::string> roots = {dir.file("b.cpp"), dir.file("a"), dir.file("nope")};
  std::vector<std::string> files;
  const auto errors = discover_each(roots, false, true, [&](std::string f) { files.push_back(f); });
  CHECK(files == discover(roots, false, true).files);
  CHECK(files.size() == 2);
  REQUIRE(errors.errors.size() == 1);
  CHECK(errors.errors[0].find("nope: No such file or directory") != std::string::npos);
}
