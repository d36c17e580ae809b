// What a repository's CI needs from the checker, through the real binary: honest summaries,
// adoption on legacy code (baselines, changed files), per-path configuration, output options.
#include "process.h"
#include "temp_dir.h"

#include <doctest/doctest.h>
#include <map>
#include <nlohmann/json.hpp>

using pctlint::test::run_pctlint;
using pctlint::test::run_process;
using pctlint::test::TempDir;

namespace {

const std::string kBad = "u = 'https://x.example/caf%c3%a9'\n";
const std::string kError = "v = 'https://x.example/?q=%C4rger'\n";

} // namespace

TEST_CASE("summaries say what happened") {
  TempDir dir;
  dir.write("a.py", kBad + kError);
  dir.write("b.py", "w = 'https://x.example/ok'\n");
  auto r = run_pctlint({"--check", "--color=never", "."}, "", dir.path());
  CHECK(r.out.find("Found 2 problems (1 error, 1 warning) in 1 file; 2 files checked. 1 fixable "
                   "with --fix. 1 more with --unsafe-fixes.\n") != std::string::npos);
  r = run_pctlint({"--fix", "--diff", "."}, "", dir.path());
  CHECK(r.out.find("Would fix 1 problem in 1 file; 1 problem would remain (1 error); 2 files "
                   "checked.") != std::string::npos);
  r = run_pctlint({"--fix", "."}, "", dir.path());
  CHECK(r.out.find("Fixed 1 problem in 1 file; 1 problem remains (1 error); 2 files checked.") !=
        std::string::npos);
  CHECK(r.exit_code == 1);
  // --statistics: the table, not the findings.
  r = run_pctlint({"--check", "--statistics", "."}, "", dir.path());
  CHECK(r.out.find("1\tPCT002 invalid-utf8-escape\n") != std::string::npos);
  CHECK(r.out.find("a.py:") == std::string::npos);
  // An invalid configuration: an error, not "no problems".
  dir.write(".pctlint.json", "{\"rules\": {\"PCT099\": \"off\"}}");
  r = run_pctlint({"--check", "."}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.out.find("No problems found") == std::string::npos);
  CHECK(r.out.find("No files checked.") != std::string::npos);
  CHECK(r.out.find("under an invalid configuration") != std::string::npos);
}

TEST_CASE("usage errors: one line and a hint, not the whole help") {
  const auto r = run_pctlint({"--check", "--format", "xml"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "pctlint: unknown format 'xml' (text, json, sarif, github, junit, gitlab)\n"
                 "Run 'pctlint --check --help' for the options.\n");
  const auto help = run_pctlint({"--check", "--help"});
  // Each option once: parser and help come from one table.
  for (const char* option : {"--format", "--select", "--baseline", "--exit-zero"}) {
    const std::size_t first = help.out.find(option);
    CHECK(first != std::string::npos);
    CHECK(help.out.find(std::string(option) + " ", first + 1) == std::string::npos);
  }
}

TEST_CASE("standard input: '-' and --stdin-filename, --force-exclude for editors and hooks") {
  TempDir dir;
  auto r = run_pctlint({"--check", "-"}, kBad, dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("-:1:27: warning[PCT001") != std::string::npos);
  dir.write(".pctlint.json", R"({"exclude": ["vendor/"]})");
  r = run_pctlint({"--check", "--stdin-filename", "vendor/x.py"}, kBad, dir.path());
  CHECK(r.exit_code == 1); // named: checked
  r = run_pctlint({"--check", "--force-exclude", "--stdin-filename", "vendor/x.py"}, kBad,
                  dir.path());
  CHECK(r.exit_code == 0);
  r = run_pctlint({"--fix", "--force-exclude", "--stdin-filename", "vendor/x.py"}, kBad,
                  dir.path());
  CHECK(r.out == kBad); // excluded: passed through unchanged
}

TEST_CASE("--output-file and --exit-zero") {
  TempDir dir;
  dir.write("a.py", kBad);
  const auto r = run_pctlint(
      {"--check", "--format", "json", "--output-file", "report.json", "--exit-zero", "a.py"}, "",
      dir.path());
  CHECK(r.exit_code == 0);
  CHECK(r.out.empty());
  CHECK(nlohmann::json::parse(dir.read("report.json"))["summary"]["warnings"] == 1);
  CHECK(run_pctlint({"--check", "--exit-zero", "nope.py"}, "", dir.path()).exit_code == 2);
}

TEST_CASE("overrides: per-path rules") {
  TempDir dir;
  dir.write(".pctlint.json",
            R"({"overrides": [{"files": ["tests/**"], "rules": {"PCT001": "off"}}]})");
  dir.write("tests/a.py", kBad);
  dir.write("src/a.py", kBad);
  const auto j = nlohmann::json::parse(
      run_pctlint({"--check", "--format", "json", "--no-ignore", "."}, "", dir.path()).out);
  REQUIRE(j["files"].size() == 1);
  CHECK(j["files"][0]["path"] == "src/a.py");
}

TEST_CASE("baseline: old findings stay quiet through edits around them, new ones fail") {
  TempDir dir;
  dir.write("a.py", kBad + kError);
  auto r = run_pctlint({"--check", "--write-baseline", "baseline.json", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 0);
  CHECK(nlohmann::json::parse(dir.read("baseline.json"))["findings"].size() == 2);
  r = run_pctlint({"--check", "--baseline", "baseline.json", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("2 known problems in the baseline") != std::string::npos);
  // Lines added above: the findings move, and stay known.
  dir.write("a.py", "import os\n\n# a comment\n" + kBad + "x = 1\n" + kError);
  r = run_pctlint({"--check", "--baseline", "baseline.json", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 0);
  // A new finding (the same problem once more counts as new) fails.
  dir.write("a.py", "import os\n" + kBad + kError + kBad);
  r = run_pctlint({"--check", "--format", "json", "--baseline", "baseline.json", "a.py"}, "",
                  dir.path());
  CHECK(r.exit_code == 1);
  const auto d = nlohmann::json::parse(r.out)["files"][0]["diagnostics"];
  REQUIRE(d.size() == 1);
  CHECK(d[0]["start"]["line"] == 4);
  dir.write("bad.json", "[1, 2]");
  r = run_pctlint({"--check", "--baseline", "bad.json", "a.py"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("not a pctlint baseline") != std::string::npos);
}

TEST_CASE("--changed-since checks only what changed since a revision") {
  TempDir dir;
  auto git = [&](std::vector<std::string> args) {
    args.insert(args.begin(),
                {"/usr/bin/git", "-C", dir.path(), "-c", "user.email=t@t", "-c", "user.name=t"});
    return run_process(args).exit_code;
  };
  REQUIRE(git({"init", "-q"}) == 0);
  dir.write("old.py", kBad);
  dir.write("edited.py", "x = 1\n");
  REQUIRE(git({"add", "."}) == 0);
  REQUIRE(git({"commit", "-q", "-m", "one"}) == 0);
  dir.write("edited.py", kBad);
  dir.write("new.py", kBad);
  const auto j = nlohmann::json::parse(
      run_pctlint({"--check", "--format", "json", "--changed-since", "HEAD", "."}, "", dir.path())
          .out);
  std::vector<std::string> paths;
  for (const auto& f : j["files"])
    paths.push_back(f["path"]);
  CHECK(paths == std::vector<std::string>{"edited.py", "new.py"});
  CHECK(run_pctlint({"--check", "--changed-since", "no-such-rev", "."}, "", dir.path()).exit_code ==
        2);
}

TEST_CASE("--format junit and gitlab") {
  TempDir dir;
  dir.write("a.py", kBad + kError);
  const auto junit = run_pctlint({"--check", "--format", "junit", "a.py"}, "", dir.path());
  CHECK(junit.out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"));
  CHECK(junit.out.find("failures=\"2\"") != std::string::npos);
  // A file named but not checked is a skipped test case, not silence.
  dir.write("big.txt", "https://example.com/ " + std::string(5u << 20, 'x'));
  const auto skipped = run_pctlint({"--check", "--format", "junit", "big.txt"}, "", dir.path());
  CHECK(skipped.exit_code == 2);
  CHECK(skipped.out.find("skipped=\"1\"") != std::string::npos);
  CHECK(skipped.out.find("<skipped message=\"not checked: ") != std::string::npos);
  const auto gitlab_skipped = nlohmann::json::parse(
      run_pctlint({"--check", "--format", "gitlab", "big.txt"}, "", dir.path()).out);
  REQUIRE(gitlab_skipped.size() == 1);
  CHECK(gitlab_skipped[0]["check_name"] == "pctlint not-checked");
  CHECK(gitlab_skipped[0]["location"]["path"] == "big.txt");
  const auto gitlab = nlohmann::json::parse(
      run_pctlint({"--check", "--format", "gitlab", "a.py"}, "", dir.path()).out);
  REQUIRE(gitlab.size() == 2);
  CHECK(gitlab[0]["severity"] == "minor");
  CHECK(gitlab[1]["severity"] == "major");
  CHECK(gitlab[0]["location"]["lines"]["begin"] == 1);
  CHECK(gitlab[0]["fingerprint"] != gitlab[1]["fingerprint"]);
}

TEST_CASE(
    "test files outside the working directory: their fixes are unsafe, by directory and name") {
  // Named by an absolute path from another directory: the walk's files are resolved directory by
  // directory without a path built per file; the verdict must be the one a relative run gives.
  TempDir dir;
  dir.write("tests/a.py", kBad);
  dir.write("src/test_b.py", kBad);
  dir.write("src/c.py", kBad);
  dir.write("src/d.py", kBad);
  dir.write("pkg/Core.Tests/e.py", kBad);
  for (const std::string& cwd : {std::string("/"), dir.path()}) {
    CAPTURE(cwd);
    const auto r = run_pctlint({"--check", "--format", "json", dir.path()}, "", cwd);
    const auto report = nlohmann::json::parse(r.out);
    std::map<std::string, std::string> applicability;
    for (const auto& f : report["files"]) {
      const std::string path = f["path"];
      applicability[path.substr(path.find(dir.path()) + dir.path().size() + 1)] =
          f["diagnostics"][0]["fix"]["applicability"];
    }
    CHECK(applicability == std::map<std::string, std::string>{{"pkg/Core.Tests/e.py", "unsafe"},
                                                              {"src/c.py", "safe"},
                                                              {"src/d.py", "safe"},
                                                              {"src/test_b.py", "unsafe"},
                                                              {"tests/a.py", "unsafe"}});
  }
}
