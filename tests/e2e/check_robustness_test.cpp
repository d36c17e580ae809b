// The checker under hostile and careless input, through the real binary: what once crashed, lost
// data or stayed silent (issue: "Never crash, never lose a byte, never skip in silence").
#include "process.h"
#include "temp_dir.h"

#include <atomic>
#include <chrono>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <thread>
#include <unistd.h>

using pctlint::test::run_pctlint;
using pctlint::test::run_process;
using pctlint::test::TempDir;

namespace {

const std::string kFixable = "u = \"https://x.example/caf%c3%a9\"\n";
const std::string kFixed = "u = \"https://x.example/caf%C3%A9\"\n";

std::size_t entries(const std::string& dir) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir),
                                                std::filesystem::directory_iterator()));
}

} // namespace

TEST_CASE("crashes found by fuzzing: a raw string's delimiter, odd globs, overflowing numbers") {
  TempDir dir;
  dir.write("a.cpp", "R\"s://(");
  dir.write("b.cpp", "R\"http://(");
  auto r = run_pctlint({"--check", "a.cpp", "b.cpp"}, "", dir.path());
  CHECK(r.exit_code == 0);
  dir.write("c/x.js", "const u = 'https://x.example/%c3%a9';\n");
  dir.write("c/.pctlint.json", R"({"exclude": ["*/x.js"]})");
  r = run_pctlint({"--check", "c"}, "", dir.path());
  CHECK(r.exit_code == 1); // "*/x.js" is anchored: c/x.js is "x.js" from c/
  dir.write("c/.pctlint.json", R"({"maxFileSize": 1e400})");
  r = run_pctlint({"--check", "c"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("a number is out of range") != std::string::npos);
  dir.write("c/.pctlint.json", std::string(100000, '[') + std::string(100000, ']'));
  r = run_pctlint({"--check", "c"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("nested more than") != std::string::npos);
}

TEST_CASE("--check --unsafe-fixes writes nothing; it counts unsafe fixes as available") {
  TempDir dir;
  dir.write("a.py", "u = 'https://x.example/?q=%C4rger'\n");
  const auto r = run_pctlint({"--check", "--unsafe-fixes", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(dir.read("a.py") == "u = 'https://x.example/?q=%C4rger'\n");
  CHECK(r.out.find("1 more with --fix --unsafe-fixes") != std::string::npos);
}

TEST_CASE("--fix through a symbolic link fixes its target and keeps the link") {
  TempDir dir;
  dir.write("real.py", kFixable);
  REQUIRE(symlink("real.py", dir.file("link.py").c_str()) == 0);
  CHECK(run_pctlint({"--fix", "link.py"}, "", dir.path()).exit_code == 0);
  struct stat st;
  REQUIRE(lstat(dir.file("link.py").c_str(), &st) == 0);
  CHECK(S_ISLNK(st.st_mode));
  CHECK(dir.read("real.py") == kFixed);
}

TEST_CASE("--fix keeps hard links, the owner, and leaves read-only files alone") {
  TempDir dir;
  dir.write("a.py", kFixable);
  REQUIRE(link(dir.file("a.py").c_str(), dir.file("b.py").c_str()) == 0);
  CHECK(run_pctlint({"--fix", "a.py"}, "", dir.path()).exit_code == 0);
  CHECK(dir.read("a.py") == kFixed);
  CHECK(dir.read("b.py") == kFixed); // the other name sees the fix: the file was written in place
  struct stat a, b;
  stat(dir.file("a.py").c_str(), &a);
  stat(dir.file("b.py").c_str(), &b);
  CHECK(a.st_ino == b.st_ino);

  dir.write("ro.py", kFixable);
  chmod(dir.file("ro.py").c_str(), 0444);
  const auto r = run_pctlint({"--fix", "ro.py"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("ro.py: read-only; not fixed") != std::string::npos);
  CHECK(dir.read("ro.py") == kFixable);

  if (geteuid() == 0) { // a file of another user stays theirs
    dir.write("other.py", kFixable);
    REQUIRE(chown(dir.file("other.py").c_str(), 65534, 65534) == 0);
    CHECK(run_pctlint({"--fix", "other.py"}, "", dir.path()).exit_code == 0);
    struct stat o;
    stat(dir.file("other.py").c_str(), &o);
    CHECK(o.st_uid == 65534);
    CHECK(o.st_gid == 65534);
    CHECK(dir.read("other.py") == kFixed);
  }
}

// A writer appends to the file at a random moment while --fix works on it: the appended line is
// never lost (the fix is then either applied under it, or not applied and reported).
TEST_CASE("--fix never loses a concurrent append") {
  TempDir dir;
  std::mt19937 rng(5);
  std::string body;
  for (int i = 0; i < 2000; ++i)
    body +=
        "u" + std::to_string(i) + " = \"https://x.example/caf%c3%a9/" + std::to_string(i) + "\"\n";
  int kept = 0;
  for (int run = 0; run < 40; ++run) {
    dir.write("a.py", body);
    const auto delay = std::chrono::microseconds(rng() % 30000);
    std::thread appender([&] {
      std::this_thread::sleep_for(delay);
      std::ofstream(dir.file("a.py"), std::ios::app) << "# appended\n";
    });
    run_pctlint({"--fix", "a.py"}, "", dir.path());
    appender.join();
    const std::string after = dir.read("a.py");
    CHECK(after.find("# appended\n") != std::string::npos);
    kept += after.find("# appended\n") != std::string::npos;
  }
  CHECK(kept == 40);
  CHECK(entries(dir.path()) == 1); // no temporary file left
}

#if defined(__linux__)
// A writer that opened the file before --fix began and writes while --fix runs (a log appender, a
// slow editor's save): the write is waited for and kept, not sent to a file the rename unnamed.
TEST_CASE("--fix waits for a writer that has the file open, and keeps its write") {
  TempDir dir;
  const std::string body = "u = \"https://x.example/caf%c3%a9\"\n";
  for (const int write_after_ms : {50, 400}) {
    dir.write("a.py", body);
    const int fd = open(dir.file("a.py").c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    REQUIRE(fd >= 0);
    std::thread writer([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(write_after_ms));
      CHECK(write(fd, "# appended\n", 11) == 11);
      close(fd);
    });
    const auto r = run_pctlint({"--fix", "a.py"}, "", dir.path());
    writer.join();
    const std::string after = dir.read("a.py");
    CAPTURE(write_after_ms);
    // The write is kept: the file is what the writer made of it, and --fix says it left it alone;
    // or (a slow start, under an emulator) the write came before --fix read the file, which it
    // then fixed with the write in it.
    const std::string fixed_body = "u = \"https://x.example/caf%C3%A9\"\n";
    CHECK((after == body + "# appended\n" || after == fixed_body + "# appended\n"));
    if (after == body + "# appended\n")
      CHECK(r.err.find("a.py: changed on disk while being fixed") != std::string::npos);
    CHECK(entries(dir.path()) == 1);
  }
}
#endif

// The same, with the append made certain to land between the last check and the rename: the
// appended text is put back, the fix is not applied, and the run says so.
TEST_CASE("--fix: a write between the last check and the rename is kept") {
  TempDir dir;
  dir.write("a.py", kFixable);
  std::thread appender([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    std::ofstream(dir.file("a.py"), std::ios::app) << "# appended\n";
  });
  const auto r = run_process(
      {"/usr/bin/env", "PCTLINT_TEST_RENAME_DELAY_MS=800", PCTLINT_BINARY, "--fix", "a.py"}, "",
      dir.path());
  appender.join();
  CHECK(dir.read("a.py") == kFixable + "# appended\n");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("changed on disk while being fixed; the change is kept") != std::string::npos);
  CHECK(entries(dir.path()) == 1);
}

TEST_CASE("a closed output (--fix | head -1) ends the output, not the fixing, and leaves no file") {
  TempDir dir;
  for (int i = 0; i < 50; ++i)
    dir.write("f" + std::to_string(i) + ".py", kFixable + kFixable);
  const auto r = run_process(
      {"/bin/sh", "-c", std::string(PCTLINT_BINARY) + " --fix --unsafe-fixes . | head -c 1"}, "",
      dir.path());
  CHECK(r.exit_code == 0);
  for (int i = 0; i < 50; ++i)
    CHECK(dir.read("f" + std::to_string(i) + ".py") == kFixed + kFixed);
  CHECK(entries(dir.path()) == 50);
}

TEST_CASE("nothing is skipped in silence") {
  TempDir dir;
  // /dev/zero named on the command line: over maxFileSize, not checked, exit 2.
  auto r = run_pctlint({"--check", "/dev/zero"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/dev/zero: not checked: larger than maxFileSize") != std::string::npos);
  // A binary file named on the command line.
  dir.write("blob.bin", std::string("https://x.example/a\0b", 21));
  r = run_pctlint({"--check", "blob.bin"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("blob.bin: not checked: binary") != std::string::npos);
  // In a walk: counted and said in the summary.
  r = run_pctlint({"--check", "--no-ignore", "."}, "", dir.path());
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("1 file not checked: 1 binary.") != std::string::npos);
  if (geteuid() != 0) { // root reads any directory
    dir.write("locked/a.py", kFixable);
    chmod(dir.file("locked").c_str(), 0);
    r = run_pctlint({"--check", "--no-ignore", "."}, "", dir.path());
    CHECK(r.err.find("locked: not checked: Permission denied") != std::string::npos);
    chmod(dir.file("locked").c_str(), 0755);
  }
  // Without git on PATH, .gitignore cannot be applied: said once.
  dir.write("a.py", kFixed);
  r = run_process({"/usr/bin/env", "PATH=/nonexistent", PCTLINT_BINARY, "--check", "."}, "",
                  dir.path());
  CHECK(r.err.find("git was not found on PATH") != std::string::npos);
}

TEST_CASE("a program's log met by a walk is counted, not checked; named, it is checked") {
  TempDir dir;
  // A crawler's saved output quoting another site's link, beside a source file with one finding.
  dir.write("run/console.log", "Not a valid feed: https://x.example/%7balternate%7d by x\n");
  dir.write("run/CONSOLE.LOG", "Not a valid feed: https://x.example/%7balternate%7d by x\n");
  dir.write("a.py", "u = 'https://x.example/%c3%a9'\n");
  auto r = run_pctlint({"--check", "--no-ignore", "--format", "json", "."}, "", dir.path());
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["summary"]["filesNotChecked"] == 2);
  CHECK(j["summary"]["filesChecked"] == 1);
  REQUIRE(j["files"].size() == 3); // the logs listed as not checked, as binary files are
  for (const auto& f : j["files"]) {
    CAPTURE(f["path"]);
    if (f["path"].get<std::string>().ends_with("a.py")) {
      CHECK(f["diagnostics"].size() == 1);
    } else {
      CHECK(f["notChecked"] == "a program's log (*.log)");
      CHECK(f["diagnostics"].empty());
    }
  }
  r = run_pctlint({"--check", "--no-ignore", "."}, "", dir.path());
  CHECK(r.out.find("2 files not checked: 2 program logs (*.log).") != std::string::npos);
  // Named on the command line, a log is checked like any text.
  r = run_pctlint({"--check", "run/console.log"}, "", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("console.log:1:") != std::string::npos);
  // A name that only holds ".log" is no log.
  dir.write("blog.md", "[x](https://x.example/%c3%a9)\n");
  dir.write("changelog", "https://x.example/%c3%a9\n");
  r = run_pctlint({"--check", "--no-ignore", "blog.md", "changelog"}, "", dir.path());
  CHECK(r.out.find("blog.md:1:") != std::string::npos);
  CHECK(r.out.find("changelog:1:") != std::string::npos);
}

TEST_CASE("a suppression comment naming no rule suppresses nothing and is reported") {
  TempDir dir;
  dir.write("a.py", "u = 'https://x.example/%c3%a9'  # pctlint-disable-line PCT01\n"
                    "v = 'https://x.example/%c3%a9'  # pctlint-disable-line lowercase-hex\n");
  const auto r = run_pctlint({"--check", "--format", "json", "a.py"}, "", dir.path());
  const auto d = nlohmann::json::parse(r.out)["files"][0]["diagnostics"];
  REQUIRE(d.size() == 2);
  CHECK(d[0]["rule"] == "PCT001");
  CHECK(d[1]["rule"] == "PCT012");
  CHECK(d[1]["message"] == "'PCT01' is not a rule id or name; it suppresses nothing");
}

TEST_CASE(
    "terminal escapes in file names and contents are printed escaped; JSON keeps path bytes") {
  TempDir dir;
  const std::string name = "evil\x1b]0;TITLE\x07.py";
  dir.write(name, "u = 'https://x.example/%c3%a9\x1b[2J'\n");
  const auto r = run_pctlint({"--check", "--color=never", "."}, "", dir.path());
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find('\x07') == std::string::npos);
  CHECK(r.out.find("evil\\x1b]0;TITLE\\x07.py:1:") != std::string::npos);
  const auto gh = run_pctlint({"--check", "--format", "github", "."}, "", dir.path());
  CHECK(gh.out.find('\x1b') == std::string::npos);
  const std::string latin1 = "caf\xE9.py";
  dir.write(latin1, "u = 'https://x.example/%c3%a9'\n");
  const auto j = nlohmann::json::parse(
      run_pctlint({"--check", "--format", "json", latin1}, "", dir.path()).out);
  CHECK(j["files"][0]["path"] == "caf\xEF\xBF\xBD.py");
  CHECK(j["files"][0]["pathBytes"] == "Y2Fm6S5weQ==");
}

TEST_CASE("findings per file are capped, with a note of how many more") {
  TempDir dir;
  std::string line;
  for (int i = 0; i < 2000; ++i)
    line += "https://x.example/%zz ";
  dir.write("a.txt", line + "\n");
  const auto r = run_pctlint({"--check", "--format", "json", "a.txt"}, "", dir.path());
  const auto f = nlohmann::json::parse(r.out)["files"][0];
  CHECK(f["diagnostics"].size() == 500);
  CHECK(f["moreFindings"] == 1500);
  CHECK(nlohmann::json::parse(r.out)["summary"]["errors"] == 2000); // all counted
  const auto all = run_pctlint(
      {"--check", "--format", "json", "--max-findings-per-file", "0", "a.txt"}, "", dir.path());
  CHECK(nlohmann::json::parse(all.out)["files"][0]["diagnostics"].size() == 2000);
  // SARIF and GitHub's annotations say so too.
  const auto sarif = nlohmann::json::parse(
      run_pctlint({"--check", "--format", "sarif", "a.txt"}, "", dir.path()).out);
  const auto& run = sarif["runs"][0];
  CHECK(run["results"].size() == 500);
  const auto& notes = run["invocations"][0]["toolExecutionNotifications"];
  REQUIRE(notes.size() == 1);
  CHECK(notes[0]["message"]["text"] ==
        "a.txt: 1500 more findings not listed (--max-findings-per-file)");
  CHECK(run["invocations"][0]["executionSuccessful"] == true);
  const auto gh = run_pctlint({"--check", "--format", "github", "a.txt"}, "", dir.path());
  CHECK(gh.out.find("::notice file=a.txt::1500 more findings in this file not shown") !=
        std::string::npos);
}

// Issue 21: what --fix must never lose, and what must never hang.
TEST_CASE("--fix: a save by rename or a delete before the last check is kept; two runs at once") {
  TempDir dir;
  SUBCASE("a save by rename (editors, git checkout)") {
    dir.write("a.py", kFixable);
    std::thread saver([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      dir.write("saved.tmp", "u = 'saved by the editor'\n");
      std::filesystem::rename(dir.file("saved.tmp"), dir.file("a.py"));
    });
    const auto r = run_process(
        {"/usr/bin/env", "PCTLINT_TEST_CHECK_DELAY_MS=800", PCTLINT_BINARY, "--fix", "a.py"}, "",
        dir.path());
    saver.join();
    CHECK(dir.read("a.py") == "u = 'saved by the editor'\n");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("changed on disk while being fixed; left alone") != std::string::npos);
  }
  SUBCASE("a delete") {
    dir.write("a.py", kFixable);
    std::thread deleter([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      std::filesystem::remove(dir.file("a.py"));
    });
    const auto r = run_process(
        {"/usr/bin/env", "PCTLINT_TEST_CHECK_DELAY_MS=800", PCTLINT_BINARY, "--fix", "a.py"}, "",
        dir.path());
    deleter.join();
    CHECK_FALSE(std::filesystem::exists(dir.file("a.py"))); // it does not come back
    CHECK(r.exit_code == 2);
  }
  SUBCASE("two --fix runs at once: one fixes, the other says the file changed") {
    dir.write("a.py", kFixable);
    pctlint::test::ProcessResult first, second;
    std::thread other([&] {
      first = run_process(
          {"/usr/bin/env", "PCTLINT_TEST_CHECK_DELAY_MS=500", PCTLINT_BINARY, "--fix", "a.py"}, "",
          dir.path());
    });
    second = run_process(
        {"/usr/bin/env", "PCTLINT_TEST_CHECK_DELAY_MS=500", PCTLINT_BINARY, "--fix", "a.py"}, "",
        dir.path());
    other.join();
    CHECK(dir.read("a.py") == kFixed);
    CHECK((first.exit_code == 2) != (second.exit_code == 2)); // exactly one reports the change
  }
  CHECK(entries(dir.path()) <= 1); // no temporary file left
}

TEST_CASE("--fix keeps extended attributes and POSIX ACLs") {
  TempDir dir;
  dir.write("a.py", kFixable);
  const std::string path = dir.file("a.py");
  if (setxattr(path.c_str(), "user.pctlint-test", "kept", 4, 0) != 0) {
    MESSAGE("this file system has no user extended attributes; skipped");
    return;
  }
  const auto r = run_pctlint({"--fix", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 0);
  CHECK(dir.read("a.py") == kFixed);
  char value[16] = {};
  CHECK(getxattr(path.c_str(), "user.pctlint-test", value, sizeof value) == 4);
  CHECK(std::string(value) == "kept");
}

TEST_CASE("a FIFO where a tracked file was does not hang --check; it is said") {
  TempDir dir;
  dir.write("a.py", kFixable);
  dir.write("b.py", "x = 1\n");
  REQUIRE(run_process({"/bin/sh", "-c", "git init -q . && git add a.py b.py"}, "", dir.path())
              .exit_code == 0);
  std::filesystem::remove(dir.file("b.py"));
  REQUIRE(mkfifo(dir.file("b.py").c_str(), 0644) == 0);
  // git lists b.py; the reader finds a FIFO there.
  const auto r =
      run_process({"/usr/bin/timeout", "20", PCTLINT_BINARY, "--check", "."}, "", dir.path());
  CHECK(r.exit_code != 124); // not killed by the timeout
  CHECK(r.out.find("a.py") != std::string::npos);
  CHECK((r.err + r.out).find("b.py") != std::string::npos);
}

TEST_CASE("a file-size limit (ulimit -f) is a write error, said, and the file is kept whole") {
  TempDir dir;
  std::string body = kFixable;
  while (body.size() < 64 * 1024)
    body += "# padding padding padding padding padding padding padding padding\n";
  dir.write("a.py", body);
  REQUIRE(link(dir.file("a.py").c_str(), dir.file("b.py").c_str()) == 0); // written in place
  const auto r = run_process(
      {"/bin/sh", "-c", "ulimit -f 16; exec \"$0\" --fix a.py", PCTLINT_BINARY}, "", dir.path());
  CHECK(r.exit_code == 2); // not killed by SIGXFSZ
  CHECK(dir.read("a.py") == body);
  CHECK(r.err.find("a.py") != std::string::npos);
  CHECK(entries(dir.path()) == 2);
}

TEST_CASE("every failed write is an error; a future baseline is refused; -- ends the options") {
  TempDir dir;
  dir.write("a.py", kFixable);
  auto r = run_pctlint({"--check", "-o", "/dev/full", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/dev/full: cannot write the report") != std::string::npos);
  r = run_pctlint({"--check", "--write-baseline", "/dev/full", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/dev/full: cannot write the baseline") != std::string::npos);
  dir.write("future.json", R"({"version": 2, "tool": "pctlint", "findings": []})");
  r = run_pctlint({"--check", "--baseline", "future.json", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("version 2") != std::string::npos);
  dir.write("-q.py", kFixable);
  r = run_pctlint({"--check", "--", "-q.py"}, "", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("-q.py:1:") != std::string::npos);
}

TEST_CASE("--changed-since runs git in the tree checked, and a revision is never an option") {
  TempDir dir;
  dir.write("repo/a.py", kFixable);
  REQUIRE(
      run_process({"/bin/sh", "-c",
                   "cd repo && git init -q . && git add a.py && git -c user.name=t -c "
                   "user.email=t@t commit -qm a && echo 'v = \"https://x.example/%e2%82\"' > b.py"},
                  "", dir.path())
          .exit_code == 0);
  // Run from the parent directory, which is not a work tree: git must look at repo/.
  auto r = run_pctlint({"--check", "--changed-since", "HEAD", "repo"}, "", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("b.py") != std::string::npos);
  CHECK(r.out.find("a.py") == std::string::npos);
  r = run_pctlint({"--check", "--changed-since=--output=" + dir.file("written"), "repo"}, "",
                  dir.path());
  CHECK(r.exit_code == 2);
  CHECK_FALSE(std::filesystem::exists(dir.file("written")));
}

TEST_CASE("JUnit output stays well-formed XML: non-UTF-8 bytes, a non-UTF-8 file name, U+FFFF") {
  TempDir dir;
  dir.write("a\xff.py",
            "u = \"https://x.example/caf\xe9/%c3\"\nv = \"https://x.example/\xef\xbf\xbf/%e2\"\n");
  const auto r = run_pctlint({"--check", "--format", "junit", "."}, "", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("<testsuites") != std::string::npos);
  // Every byte is UTF-8, and no character XML 1.0 forbids is there.
  bool utf8 = true;
  for (std::size_t i = 0; i < r.out.size();) {
    const auto c = static_cast<unsigned char>(r.out[i]);
    const std::size_t n = c < 0x80         ? 1
                          : (c >> 5) == 6  ? 2
                          : (c >> 4) == 14 ? 3
                          : (c >> 3) == 30 ? 4
                                           : 0;
    if (n == 0 || i + n > r.out.size()) {
      utf8 = false;
      break;
    }
    i += n;
  }
  CHECK(utf8);
  CHECK(r.out.find("\xef\xbf\xbf") == std::string::npos);
  CHECK(r.out.find("\\xff") != std::string::npos); // the file name's byte, visible
  if (std::system("command -v python3 >/dev/null") == 0) {
    dir.write("report.xml", r.out);
    CHECK(run_process({"/usr/bin/env", "python3", "-c",
                       "import sys,xml.dom.minidom as m; m.parse(sys.argv[1])",
                       dir.file("report.xml")})
              .exit_code == 0);
  }
}

TEST_CASE("--format github: a line break in a file name is the workflow's %0A, not \\x0a") {
  TempDir dir;
  dir.write("a\nb.py", kFixable);
  const auto r = run_pctlint({"--check", "--format", "github", "."}, "", dir.path());
  CHECK(r.out.find("file=a%0Ab.py,") != std::string::npos);
}

TEST_CASE("a byte order mark is no column") {
  TempDir dir;
  dir.write("bom.py", "\xef\xbb\xbfu = \"https://x.example/%c3\"\n");
  dir.write("plain.py", "u = \"https://x.example/%c3\"\n");
  const auto with = run_pctlint({"--check", "--format", "json", "bom.py"}, "", dir.path());
  const auto without = run_pctlint({"--check", "--format", "json", "plain.py"}, "", dir.path());
  const auto column = [](const std::string& out) {
    return nlohmann::json::parse(out)["files"][0]["diagnostics"][0]["start"]["column"].get<int>();
  };
  CHECK(column(with.out) == column(without.out));
}

TEST_CASE("pctlint typed alone at a terminal prints its usage and exits 2") {
  if (access("/usr/bin/script", X_OK) != 0) {
    MESSAGE("no script(1) to give it a terminal; skipped");
    return;
  }
  const auto r = run_process({"/usr/bin/script", "-qec", PCTLINT_BINARY, "/dev/null"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("pctlint --check") != std::string::npos);
  CHECK(r.out.find("needs --stdio") != std::string::npos);
}
