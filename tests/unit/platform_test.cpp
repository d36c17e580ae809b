// What differs by platform and can be checked on any: file URIs in both path styles, absolute
// paths, reading files through platform::InputFile, running a process.
#include "../e2e/temp_dir.h"
#include "server/lsp/protocol.h"
#include "server/pipeline/files.h"
#include "server/platform/platform.h"

#include <algorithm>
#include <cstdint>
#include <doctest/doctest.h>
#include <filesystem>
#include <string>

using pctlint::lsp::path_to_uri;
using pctlint::lsp::PathStyle;
using pctlint::lsp::uri_to_path;
namespace platform = pctlint::platform;

TEST_CASE("file URIs: POSIX paths") {
  CHECK(uri_to_path("file:///home/a/b%20c.py", PathStyle::Posix) == "/home/a/b c.py");
  CHECK(uri_to_path("file://localhost/etc/x", PathStyle::Posix) == "/etc/x");
  CHECK(uri_to_path("untitled:Untitled-1", PathStyle::Posix) == std::nullopt);
  CHECK(path_to_uri("/home/a/b c/ä.py", PathStyle::Posix) == "file:///home/a/b%20c/%C3%A4.py");
  CHECK(path_to_uri("/x/a:b", PathStyle::Posix) == "file:///x/a%3Ab");
}

TEST_CASE("file URIs: Windows paths as VS Code writes them") {
  // VS Code sends the drive letter in lower case with ':' encoded.
  CHECK(uri_to_path("file:///c%3A/Users/Jos%C3%A9/a.py", PathStyle::Windows) ==
        "c:/Users/José/a.py");
  CHECK(uri_to_path("file:///C:/x/y.md", PathStyle::Windows) == "C:/x/y.md");
  CHECK(uri_to_path("file://server/share/dir/a.py", PathStyle::Windows) ==
        "//server/share/dir/a.py");
  CHECK(path_to_uri("C:\\Users\\José\\a b.py", PathStyle::Windows) ==
        "file:///c%3A/Users/Jos%C3%A9/a%20b.py");
  CHECK(path_to_uri("c:/x/y.md", PathStyle::Windows) == "file:///c%3A/x/y.md");
  CHECK(path_to_uri("\\\\server\\share\\a.py", PathStyle::Windows) == "file://server/share/a.py");
  CHECK(path_to_uri("\\\\?\\C:\\long\\a.py", PathStyle::Windows) == "file:///c%3A/long/a.py");
  // Round trips.
  for (const std::string p : {"c:/a/b c/é.py", "//srv/share/x.json"})
    CHECK(uri_to_path(path_to_uri(p, PathStyle::Windows), PathStyle::Windows) == p);
}

TEST_CASE("absolute paths on this platform") {
  CHECK_FALSE(platform::is_absolute("a/b"));
  CHECK_FALSE(platform::is_absolute(""));
#ifdef _WIN32
  CHECK(platform::is_absolute("C:/a"));
  CHECK(platform::is_absolute("c:\\a"));
  CHECK(platform::is_absolute("\\\\server\\share"));
  CHECK_FALSE(platform::is_absolute("C:a")); // relative to drive C's current directory
#else
  CHECK(platform::is_absolute("/a"));
  CHECK_FALSE(platform::is_absolute("C:/a"));
#endif
}

TEST_CASE("InputFile: a file, a directory, a missing path, non-ASCII names") {
  pctlint::test::TempDir dir;
  dir.write("é/ä.txt", "héllo\n");
  std::string reason;
  {
    platform::InputFile f;
    REQUIRE(f.open(dir.file("é/ä.txt"), {}, reason) == platform::InputFile::Open::Ok);
    CHECK(f.regular_file_size() == 7);
    char buf[64];
    const auto got = f.read(buf, sizeof buf, reason);
    CHECK(got.status == platform::InputFile::Read::Data);
    CHECK(std::string(buf, got.bytes) == "héllo\n");
    CHECK(f.read(buf, sizeof buf, reason).status == platform::InputFile::Read::End);
  }
  {
    platform::InputFile f;
    CHECK(f.open(dir.file("missing.txt"), {.nonblocking = true}, reason) ==
          platform::InputFile::Open::NotAFile);
    CHECK(reason == "No such file or directory");
  }
  std::string error;
  bool too_large = false;
  CHECK(pctlint::pipeline::read_regular_file(dir.file("é/ä.txt"), 100, error, too_large) ==
        "héllo\n");
  CHECK(pctlint::pipeline::read_regular_file(dir.file("é/ä.txt"), 3, error, too_large) == "");
  CHECK(too_large);
  CHECK_FALSE(pctlint::pipeline::read_regular_file(dir.file("é"), 100, error, too_large));
}

TEST_CASE("FileBuffer keeping directories open: reads by name in them as by path") {
  pctlint::test::TempDir dir;
  // More directories than it holds, visited twice: each file read is its own.
  for (int k = 0; k < 12; ++k)
    dir.write("d" + std::to_string(k) + "/f.txt", "file " + std::to_string(k));
  pctlint::pipeline::FileBuffer kept(true);
  std::string error;
  bool too_large = false, absent = false;
  for (int round = 0; round < 2; ++round)
    for (int k = 0; k < 12; ++k) {
      REQUIRE(kept.read(dir.file("d" + std::to_string(k) + "/f.txt"), error, SIZE_MAX, &too_large,
                        &absent, false));
      CHECK(kept.text() == "file " + std::to_string(k));
    }
  // A missing file in a held directory, and a missing directory: absent, as by path.
  CHECK_FALSE(kept.read(dir.file("d1/gone.txt"), error, SIZE_MAX, &too_large, &absent, false));
  CHECK(absent);
  absent = false;
  CHECK_FALSE(kept.read(dir.file("nope/f.txt"), error, SIZE_MAX, &too_large, &absent, false));
  CHECK(absent);
  // Named by the user (no `absent`): the error names the path.
  CHECK_FALSE(kept.read(dir.file("d1/gone.txt"), error));
  CHECK(error == dir.file("d1/gone.txt") + ": No such file or directory");
#ifndef _WIN32
  // A link is not followed when links are not, opened by name in its directory too.
  std::filesystem::create_symlink("f.txt", dir.file("d2/link.txt"));
  absent = false;
  CHECK_FALSE(kept.read(dir.file("d2/link.txt"), error, SIZE_MAX, &too_large, &absent, false));
  CHECK(absent);
  REQUIRE(kept.read(dir.file("d2/link.txt"), error, SIZE_MAX, &too_large, &absent, true));
  CHECK(kept.text() == "file 2");
  // A relative path with no directory is opened as it is.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir.file("d3"));
  REQUIRE(kept.read("f.txt", error, SIZE_MAX, &too_large, &absent, false));
  CHECK(kept.text() == "file 3");
  std::filesystem::current_path(cwd);
#endif
}

TEST_CASE("directory listing: names in UTF-8, .git left out") {
  pctlint::test::TempDir dir;
  dir.write("ü/x.md", "x");
  dir.write("b.txt", "x");
  dir.write(".git/HEAD", "x");
  auto listing =
      platform::list_directory(dir.path(), false, [](const platform::FileId&) { return false; });
  REQUIRE_FALSE(listing.error);
  std::sort(listing.entries.begin(), listing.entries.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  REQUIRE(listing.entries.size() == 2);
  CHECK(listing.entries[0].name == "b.txt");
  CHECK_FALSE(listing.entries[0].directory);
  CHECK(listing.entries[1].name == "ü");
  CHECK(listing.entries[1].directory);
  const auto missing = platform::list_directory(dir.file("nope"), false, {});
  REQUIRE(missing.error);
  CHECK(missing.error->ends_with("nope: No such file or directory"));
}

TEST_CASE("run_process: output and exit code; a program not on PATH is said") {
  bool not_found = false;
  CHECK_FALSE(platform::run_process({"pctlint-no-such-program-xyz"}, not_found));
  CHECK(not_found);
#ifndef _WIN32
  const auto r = platform::run_process({"sh", "-c", "printf 'a\\0b'; exit 3"}, not_found);
  REQUIRE(r);
  CHECK(r->exit_code == 3);
  CHECK(r->out == std::string("a\0b", 3));
#else
  const auto r = platform::run_process({"cmd", "/c", "echo a b&exit 3"}, not_found);
  REQUIRE(r);
  CHECK(r->exit_code == 3);
  CHECK(r->out == "a b\r\n");
#endif
}
