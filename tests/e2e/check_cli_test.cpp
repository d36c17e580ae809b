#include "process.h"
#include "temp_dir.h"

#include <doctest/doctest.h>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

using pctlint::test::run_pctlint;
using pctlint::test::run_process;
using pctlint::test::TempDir;

namespace {

const std::string kBad = "auto a = \"https://x.example/caf%c3%a9/my file.pdf\"; // Ärger 😀\n"
                         "auto b = \"https://x.example/?term=%C4rzteblatt\";\n";
const std::string kGood = "auto a = \"https://x.example/caf%C3%A9/my%20file.pdf\";\n";

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1))
    ++n;
  return n;
}

} // namespace

TEST_CASE("exit codes: 0 clean, 1 findings, 2 usage and missing paths") {
  TempDir dir;
  dir.write("good.cpp", kGood);
  dir.write("bad.cpp", kBad);
  CHECK(run_pctlint({"--check", "good.cpp"}, "", dir.path()).exit_code == 0);
  const auto bad = run_pctlint({"--check", "bad.cpp"}, "", dir.path());
  CHECK(bad.exit_code == 1);
  CHECK(bad.out.find("bad.cpp:1:32: warning[PCT001 lowercase-hex]") != std::string::npos);
  CHECK(bad.out.find("bad.cpp:1:41: error[PCT003 unencoded-char]") != std::string::npos);
  CHECK(bad.out.find("bad.cpp:2:35: error[PCT002 invalid-utf8-escape]") != std::string::npos);
  CHECK(run_pctlint({"--check", "--bogus"}, "", dir.path()).exit_code == 2);
  const auto missing = run_pctlint({"--check", "nope.cpp", "bad.cpp"}, "", dir.path());
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("nope.cpp: No such file or directory") != std::string::npos);
  CHECK(missing.out.find("bad.cpp:2:35") != std::string::npos); // the rest is still checked
  // --fail-on error ignores the warning-only file
  dir.write("warn.cpp", "auto a = \"https://x.example/%c3%a9\";\n");
  CHECK(run_pctlint({"--check", "--fail-on", "error", "warn.cpp"}, "", dir.path()).exit_code == 0);
  CHECK(run_pctlint({"--check", "--select", "PCT002", "warn.cpp"}, "", dir.path()).exit_code == 0);
  CHECK(
      run_pctlint({"--check", "--ignore", "lowercase-hex", "warn.cpp"}, "", dir.path()).exit_code ==
      0);
}

TEST_CASE("text output: the source line, a caret under the span, the fix") {
  TempDir dir;
  dir.write("a.py", "\tx = 'https://x.example/%c3%a9'\n");
  const auto r = run_pctlint({"--check", "--color=never", "a.py"}, "", dir.path());
  CHECK(r.out.find("a.py:1:25: warning[PCT001 lowercase-hex] percent-escape '%c3%a9' uses "
                   "lowercase hex digits\n"
                   "  |\n"
                   "1 | \tx = 'https://x.example/%c3%a9'\n"
                   "  | \t                       ^^^^^^\n"
                   "  = fix: Use uppercase hex: %C3%A9\n") != std::string::npos);
  CHECK(
      r.out.find("Found 1 problem (1 warning) in 1 file; 1 file checked. 1 fixable with --fix.") !=
      std::string::npos);
}

TEST_CASE("--format json is stable and parseable") {
  TempDir dir;
  dir.write("bad.cpp", kBad);
  const auto r = run_pctlint({"--check", "--format", "json", "bad.cpp"}, "", dir.path());
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["version"] == 1);
  CHECK(j["columns"] == "unicode-code-points");
  REQUIRE(j["files"].size() == 1);
  const auto& d = j["files"][0]["diagnostics"];
  REQUIRE(d.size() == 3);
  CHECK(d[0]["rule"] == "PCT001");
  CHECK(d[0]["start"] == nlohmann::json{{"line", 1}, {"column", 32}});
  CHECK(d[0]["fix"]["applicability"] == "safe");
  CHECK(d[0]["fix"]["edits"][0]["replacement"] == "%C3%A9");
  CHECK(d[2]["fix"]["applicability"] == "unsafe");
  CHECK(j["summary"]["errors"] == 2);
}

TEST_CASE("--format sarif: rules, columnKind, results, fixes") {
  TempDir dir;
  dir.write("sub dir/bad.cpp", kBad);
  const auto r = run_pctlint({"--check", "--format", "sarif", "."}, "", dir.path());
  CHECK(r.exit_code == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["version"] == "2.1.0");
  const auto& run = j["runs"][0];
  CHECK(run["columnKind"] == "unicodeCodePoints");
  CHECK(run["tool"]["driver"]["rules"].size() == 13);
  CHECK(run["tool"]["driver"]["rules"][0]["helpUri"].get<std::string>().find(
            "#pct001-lowercase-hex") != std::string::npos);
  REQUIRE(run["results"].size() == 3);
  const auto& loc = run["results"][0]["locations"][0]["physicalLocation"];
  CHECK(loc["artifactLocation"]["uri"] == "sub%20dir/bad.cpp");
  CHECK(loc["region"]["startColumn"] == 32);
  CHECK(run["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]
           ["text"] == "%C3%A9");
}

TEST_CASE("--format github: workflow commands with escaping") {
  TempDir dir;
  dir.write("bad.cpp", kBad);
  const auto r = run_pctlint({"--check", "--format", "github", "bad.cpp"}, "", dir.path());
  CHECK(
      r.out.find(
          "::warning file=bad.cpp,line=1,col=32,endLine=1,endColumn=38,title=PCT001 lowercase-hex::"
          "percent-escape '%25c3%25a9' uses lowercase hex digits\n") != std::string::npos);
  CHECK(count(r.out, "::error ") == 2);
}

TEST_CASE("--fix: atomic, mode kept, byte-exact outside its edits, idempotent") {
  TempDir dir;
  const std::string crlf =
      "// héllo 中文\r\nconst u = \"https://x.example/%c3%a9 x.pdf\";\r\n\tother();\r\n";
  dir.write("a.js", crlf);
  chmod(dir.file("a.js").c_str(), 0640);
  const auto r = run_pctlint({"--fix", "a.js"}, "", dir.path());
  CHECK(r.exit_code == 0);
  CHECK(dir.read("a.js") ==
        "// héllo 中文\r\nconst u = \"https://x.example/%C3%A9%20x.pdf\";\r\n\tother();\r\n");
  struct stat st;
  stat(dir.file("a.js").c_str(), &st);
  CHECK((st.st_mode & 0777) == 0640);
  const auto again = run_pctlint({"--fix", "a.js"}, "", dir.path());
  CHECK(again.out.find("Fixed") == std::string::npos);
  CHECK(dir.read("a.js").find("%C3%A9%20x.pdf") != std::string::npos);
  // No temporary file is left behind.
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path()),
                      std::filesystem::directory_iterator()) == 1);
}

TEST_CASE("--unsafe-fixes and --diff") {
  TempDir dir;
  dir.write("bad.cpp", kBad);
  const auto diff = run_pctlint({"--fix", "--diff", "bad.cpp"}, "", dir.path());
  CHECK(diff.exit_code == 1);
  CHECK(diff.out.find("--- a/bad.cpp\n+++ b/bad.cpp\n@@ -1,2 +1,2 @@\n") != std::string::npos);
  CHECK(diff.out.find("+auto a = \"https://x.example/caf%C3%A9/my%20file.pdf\";") !=
        std::string::npos);
  CHECK(dir.read("bad.cpp") == kBad); // --diff writes nothing
  run_pctlint({"--fix", "--unsafe-fixes", "bad.cpp"}, "", dir.path());
  CHECK(dir.read("bad.cpp").find("term=%C3%84rzteblatt") != std::string::npos);
}

TEST_CASE("configuration: nearest .pctlint.json, errors name the key") {
  TempDir dir;
  dir.write("a/x.cpp", kBad);
  dir.write("a/.pctlint.json",
            R"({"rules": {"PCT003": "off", "PCT002": "warning"}, "failOn": "error"})");
  auto r = run_pctlint({"--check", "--format", "json", "a/x.cpp"}, "", dir.path());
  CHECK(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["summary"]["warnings"] == 2);
  dir.write("a/.pctlint.json", R"({"rules": {"PCT099": "off"}})");
  r = run_pctlint({"--check", "a"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find(".pctlint.json:1: /rules/PCT099: unknown rule 'PCT099'") != std::string::npos);
  dir.write("cfg.json", R"({"exclude": ["a/**"]})");
  CHECK(run_pctlint({"--check", "--config", "cfg.json", "."}, "", dir.path()).exit_code == 0);
  // maxFileSize: a larger file is skipped, not read; a smaller one is checked.
  dir.write("big/.pctlint.json", R"({"maxFileSize": 200})");
  dir.write("big/large.cpp", std::string(300, ' ') + kBad);
  dir.write("big/small.cpp", kBad);
  r = run_pctlint({"--check", "--format", "json", "big"}, "", dir.path());
  const auto files = nlohmann::json::parse(r.out)["files"];
  REQUIRE(files.size() == 2); // the large one is reported as not checked
  CHECK(files[0]["path"] == "big/large.cpp");
  CHECK(files[0]["notChecked"] == "larger than maxFileSize (200 bytes)");
  CHECK(files[0]["diagnostics"].empty());
  CHECK(files[1]["path"] == "big/small.cpp");
  CHECK(r.exit_code == 1); // found in a walk: reported, not an error
  // Named on the command line, a file not checked is an error.
  r = run_pctlint({"--check", "big/large.cpp"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("big/large.cpp: not checked: larger than maxFileSize (200 bytes)") !=
        std::string::npos);
}

// The walk tells which directories it listed without a .pctlint.json, so none is looked for
// there; a configuration that is a link (not followed as a file) is still one.
TEST_CASE("configuration in a walked tree: nested, inherited, and through a link") {
  TempDir dir;
  dir.write("top/.pctlint.json", R"({"rules": {"PCT003": "off"}})");
  dir.write("top/sub/x.cpp", kBad);
  dir.write("top/sub/deeper/x.cpp", kBad);
  dir.write("shared.json", R"({"rules": {"PCT002": "off", "PCT003": "off"}})");
  // a.cpp comes first in top/linked, whose parent's configuration is known by then.
  std::filesystem::create_directories(dir.file("top/linked/z"));
  REQUIRE(symlink("../../shared.json", dir.file("top/linked/.pctlint.json").c_str()) == 0);
  dir.write("top/linked/a.cpp", kBad);
  dir.write("top/linked/z/y.cpp", kBad);
  const auto r = run_pctlint({"--check", "--format", "json", "top"}, "", dir.path());
  const auto files = nlohmann::json::parse(r.out)["files"];
  std::map<std::string, std::set<std::string>> rules;
  for (const auto& f : files)
    for (const auto& d : f["diagnostics"])
      rules[f["path"].get<std::string>()].insert(d["rule"].get<std::string>());
  const std::set<std::string> outer{"PCT001", "PCT002"}, linked{"PCT001"};
  CHECK(rules["top/sub/x.cpp"] == outer);
  CHECK(rules["top/sub/deeper/x.cpp"] == outer);
  CHECK(rules["top/linked/a.cpp"] == linked);
  CHECK(rules["top/linked/z/y.cpp"] == linked);
}

TEST_CASE("directories: .gitignore and .ignore honoured, binary files skipped") {
  TempDir dir;
  REQUIRE(run_process({"/usr/bin/git", "init", "-q", dir.path()}).exit_code == 0);
  dir.write("kept.cpp", kBad);
  dir.write("ignored.cpp", kBad);
  dir.write("skipped.cpp", kBad);
  dir.write(".gitignore", "ignored.cpp\n");
  dir.write(".ignore", "skipped.cpp\n");
  dir.write("blob.bin", std::string("https://x.example/a b\0", 22));
  const auto r = run_pctlint({"--check", "--format", "json", "."}, "", dir.path());
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["files"].size() == 2);
  CHECK(j["files"][0]["path"] == "blob.bin");
  CHECK(j["files"][0]["notChecked"].get<std::string>().starts_with("binary"));
  CHECK(j["files"][1]["path"] == "kept.cpp");
  CHECK(j["summary"]["filesChecked"] == 3); // kept.cpp, .gitignore and .ignore; not the binary blob
  CHECK(j["summary"]["filesNotChecked"] == 1);
}

// git lists links, files deleted in the work tree and submodules; they are passed over as they
// are read (no stat of each before the checks start), not reported as errors.
TEST_CASE("directories in git: tracked links, deleted files and submodules are passed over") {
  TempDir dir;
  const auto git = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"/usr/bin/git", "-C", dir.path(), "-c", "user.name=t", "-c",
                               "user.email=t@t", "-c", "protocol.file.allow=always"});
    return run_process(args).exit_code;
  };
  REQUIRE(git({"init", "-q"}) == 0);
  dir.write("kept.cpp", kBad);
  dir.write("gone.cpp", kBad);
  dir.write("sub/inner.cpp", kBad);
  REQUIRE(git({"-C", dir.file("sub"), "init", "-q"}) == 0);
  REQUIRE(git({"-C", dir.file("sub"), "add", "."}) == 0);
  REQUIRE(git({"-C", dir.file("sub"), "commit", "-qm", "inner"}) == 0);
  REQUIRE(symlink("kept.cpp", dir.file("link.cpp").c_str()) == 0);
  REQUIRE(git({"add", "kept.cpp", "gone.cpp", "link.cpp", "sub"}) == 0); // sub: a gitlink
  REQUIRE(git({"commit", "-qm", "x"}) == 0);
  std::filesystem::remove(dir.file("gone.cpp"));
  auto r = run_pctlint({"--check", "--format", "json", "."}, "", dir.path());
  CHECK(r.exit_code == 1);
  CHECK(r.err == "");
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["files"].size() == 1);
  CHECK(j["files"][0]["path"] == "kept.cpp");
  CHECK(j["summary"]["filesChecked"] == 1);
  // Following links, the link is a file like any other.
  r = run_pctlint({"--check", "--format", "json", "--follow-symlinks", "."}, "", dir.path());
  j = nlohmann::json::parse(r.out);
  REQUIRE(j["files"].size() == 2);
  CHECK(j["files"][1]["path"] == "link.cpp");
  // Named, a missing file is still an error.
  r = run_pctlint({"--check", "gone.cpp"}, "", dir.path());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("gone.cpp") != std::string::npos);
}

TEST_CASE("--shard K/N splits the files deterministically and completely") {
  TempDir dir;
  for (int i = 0; i < 12; ++i)
    dir.write("f" + std::to_string(i) + ".cpp", kBad);
  std::multiset<std::string> seen;
  for (int k = 1; k <= 3; ++k) {
    const auto j = nlohmann::json::parse(
        run_pctlint({"--check", "--format", "json", "--shard", std::to_string(k) + "/3", "."}, "",
                    dir.path())
            .out);
    for (const auto& f : j["files"])
      seen.insert(f["path"].get<std::string>());
  }
  CHECK(seen.size() == 12);
  CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == 12);
  CHECK(run_pctlint({"--check", "--shard", "4/3"}, "", dir.path()).exit_code == 2);
}

TEST_CASE("--stdin-filename lints standard input; with --fix prints the fixed text") {
  auto r = run_pctlint({"--check", "--stdin-filename", "x.py"}, "u = 'https://x.example/%c3%a9'\n");
  CHECK(r.exit_code == 1);
  CHECK(r.out.find("x.py:1:24: warning[PCT001") != std::string::npos);
  r = run_pctlint({"--fix", "--stdin-filename", "x.py"}, "u = 'https://x.example/%c3%a9'\n");
  CHECK(r.out == "u = 'https://x.example/%C3%A9'\n");
}

TEST_CASE("invalid UTF-8 in a file is reported with its place, and the file still checked") {
  TempDir dir;
  dir.write("latin1.txt", "caf\xE9 https://x.example/%c3%a9\n");
  const auto r = run_pctlint({"--check", "latin1.txt"}, "", dir.path());
  CHECK(r.out.find("latin1.txt: not valid UTF-8 (lead byte not followed by a continuation byte at "
                   "line 1, column 4)") != std::string::npos);
  CHECK(r.out.find("latin1.txt:1:24: warning[PCT001") != std::string::npos);
}

TEST_CASE("the bundled example has findings in every file type, and none on its correct URLs") {
  const auto r =
      run_pctlint({"--check", "--format", "json", "tests/example"}, "", PCTLINT_SOURCE_DIR);
  CHECK(r.exit_code == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["files"].size() == 5);
  std::set<std::string> rules;
  for (const auto& f : j["files"])
    for (const auto& d : f["diagnostics"])
      rules.insert(d["rule"].get<std::string>());
  CHECK(rules == std::set<std::string>{"PCT001", "PCT002", "PCT003", "PCT004", "PCT005", "PCT006",
                                       "PCT008", "PCT009"});
}

TEST_CASE("pctlint's own core/ is clean: the examples of bad URLs in its comments are suppressed") {
  // (rules/ is not: each rule's documentation shows what it reports.) CI's SARIF check uses core/
  // as its clean input too.
  const auto r = run_pctlint({"--check", "--no-ignore", "-q", "core"}, "", PCTLINT_SOURCE_DIR);
  CHECK(r.out == "");
  CHECK(r.exit_code == 0);
}

TEST_CASE("pctlint rules and pctlint rule ID") {
  auto r = run_pctlint({"rules"});
  CHECK(r.exit_code == 0);
  CHECK(count(r.out, "\nPCT0") == 13);
  r = run_pctlint({"rule", "percent-u"});
  CHECK(r.out.starts_with("## PCT006 percent-u\n"));
  CHECK(r.out.find("## Bad") != std::string::npos);
  CHECK(run_pctlint({"rule", "PCT999"}).exit_code == 2);
}
