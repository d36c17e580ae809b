#include "rules/glob.h"

#include <chrono>
#include <cstdio>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace pctlint;

namespace {

bool matches(const std::vector<std::string>& patterns, const std::string& path) {
  std::vector<std::string> errors;
  const GlobList list = GlobList::compile(patterns, errors);
  REQUIRE(errors.empty());
  return list.matches(path);
}

std::string run(const std::string& command) {
  std::string out;
  if (std::FILE* p = popen(command.c_str(), "r")) {
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;)
      out.append(buf, n);
    pclose(p);
  }
  return out;
}

std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

} // namespace

TEST_CASE("globs: .gitignore's rules") {
  CHECK(matches({"*.min.js"}, "dist/app.min.js")); // no slash: any depth
  CHECK_FALSE(matches({"*.js"}, "src/app.jsx"));
  CHECK(matches({"vendor"}, "vendor/lib/a.js")); // a directory: all below it
  CHECK(matches({"vendor/"}, "a/vendor/b.js"));
  CHECK_FALSE(matches({"vendor/"}, "a/vendor")); // a file named vendor is no directory
  CHECK(matches({"docs/*.md"}, "docs/a.md"));    // a slash anchors it
  CHECK_FALSE(matches({"docs/*.md"}, "x/docs/a.md"));
  CHECK_FALSE(matches({"docs/*.md"}, "docs/sub/a.md")); // '*' does not cross '/'
  CHECK(matches({"docs/**/*.md"}, "docs/a/b/c.md"));
  CHECK(matches({"docs/**/*.md"}, "docs/c.md"));
  CHECK(matches({"**/fixtures/**"}, "a/b/fixtures/c/d.json"));
  CHECK(matches({"*/x.js"}, "a/x.js")); // crashed the old matcher
  CHECK_FALSE(matches({"*/x.js"}, "a/b/x.js"));
  CHECK(matches({"/build"}, "build/out.o"));
  CHECK_FALSE(matches({"/build"}, "src/build/out.o"));
  CHECK(matches({"file[0-9].txt"}, "file7.txt"));
  CHECK_FALSE(matches({"file[!0-9].txt"}, "file7.txt"));
  CHECK(matches({"tests/**", "!tests/keep.py"}, "tests/a.py"));
  CHECK_FALSE(matches({"tests/*", "!tests/keep.py"}, "tests/keep.py"));
  CHECK(matches({"tests/", "!tests/keep.py"}, "tests/keep.py")); // an excluded directory stays so
  CHECK(matches({"a\\*b"}, "a*b"));
  CHECK_FALSE(matches({"a\\*b"}, "axb"));
  std::vector<std::string> errors;
  GlobList::compile({"src/{a,b}/*.js", "x[ab", ""}, errors);
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].find("braces") != std::string::npos);
  CHECK(errors[1].find("never closed") != std::string::npos);
}

// git's own matcher as the oracle: random files in a scratch repository, random pattern lists
// given to `git ls-files --others --ignored --exclude=...`, and our answer for every file.
TEST_CASE("globs agree with git on random patterns and paths") {
  if (run("git --version").find("git version") == std::string::npos) {
    MESSAGE("git not found: oracle test skipped");
    return;
  }
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("pctlint-glob-" +
       std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  run("git -C " + shell_quoted(dir.string()) + " init -q");
  std::mt19937 rng(7);
  const std::vector<std::string> names = {"a", "b", "ab", "c.c", "a.c", "ba", "x-1"};
  std::set<std::string> files;
  for (int i = 0; i < 60; ++i) {
    std::string path;
    for (int depth = 0, n = 1 + int(rng() % 4); depth < n; ++depth)
      path += (depth ? "/" : "") + names[rng() % names.size()];
    // A file may not share its path with a directory.
    bool clash = false;
    for (const std::string& f : files)
      clash = clash || f.starts_with(path + "/") || path.starts_with(f + "/") || f == path;
    if (clash) continue;
    std::filesystem::create_directories((dir / path).parent_path());
    std::ofstream(dir / path) << "x";
    files.insert(path);
  }
  const std::vector<std::string> segments = {"a", "b",    "ab", "*",     "a*", "*.c",
                                             "?", "[ab]", "**", "[!a]*", "b?", "x-[0-9]"};
  int compared = 0;
  for (int n = 0; n < 150; ++n) {
    std::vector<std::string> patterns;
    std::string args;
    for (int k = 0, count = 1 + int(rng() % 3); k < count; ++k) {
      std::string p;
      if (rng() % 4 == 0 && k > 0) p += "!";
      if (rng() % 4 == 0) p += "/";
      for (int s = 0, len = 1 + int(rng() % 3); s < len; ++s)
        p += (s ? "/" : "") + segments[rng() % segments.size()];
      if (rng() % 5 == 0) p += "/";
      patterns.push_back(p);
      args += " --exclude=" + shell_quoted(p);
    }
    std::set<std::string> ignored;
    const std::string out =
        run("git -C " + shell_quoted(dir.string()) + " ls-files --others --ignored" + args);
    for (std::size_t i = 0; i < out.size();) {
      const std::size_t nl = out.find('\n', i);
      ignored.insert(out.substr(i, nl - i));
      i = nl == std::string::npos ? out.size() : nl + 1;
    }
    for (const std::string& f : files) {
      CAPTURE(f);
      std::string list;
      for (const std::string& p : patterns)
        list += p + " ";
      CAPTURE(list);
      CHECK(matches(patterns, f) == (ignored.count(f) == 1));
      ++compared;
    }
  }
  std::filesystem::remove_all(dir);
  CHECK(compared > 5000);
}
