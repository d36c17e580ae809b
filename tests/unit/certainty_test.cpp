// Template syntax as one grammar (core/finder/templates.cpp's table) and how a URL's extent is
// given.
#include "core/finder/escapes.h"
#include "core/finder/finder.h"
#include "core/finder/language.h"
#include "core/finder/templates.h"
#include "rules/config.h"

#include <doctest/doctest.h>
#include <string>

using namespace pctlint;

namespace {

// The placeholders found in `url`, as "text|text|...".
std::string holes(std::string_view url) {
  std::string out;
  for (const Span& s : find_placeholders(url, all_placeholder_styles, url.find("//") + 2))
    out += std::string(url.substr(s.begin, s.end - s.begin)) + "|";
  return out;
}

bool exact_url(std::string_view source, Language lang) {
  const auto urls = find_urls(source, lang);
  REQUIRE(urls.size() == 1);
  return urls[0].exact;
}

} // namespace

TEST_CASE("template families: each one's shape, and what it is not") {
  CHECK(holes("tmp://forms/[SESSIONID]") == "[SESSIONID]|");
  CHECK(holes("https://cdn.example/gh/x@[version]/assets/") == "[version]|");
  CHECK(holes("https://example.com/?p[title]=x") == ""); // a query array, not a placeholder
  CHECK(holes("https://[fe80::1]/") == "");
  CHECK(holes("https://a.example/datastore/(Data store ID)/r4/") == "(Data store ID)|");
  CHECK(holes("https://en.wikipedia.org/wiki/Foo_(bar)") == "");
  CHECK(holes("https://<proxied host>/oauth2/callback") == "<proxied host>|");
  CHECK(holes("https://x.example/<Directory (tenant) ID>/v2.0") == "<Directory (tenant) ID>|");
  CHECK(holes("https://x.example/<a href=\"y\">") == "");
  // A name in brackets that never closes costs one pass (once a loop that never ended).
  CHECK(holes("https://x.example/[aB" + std::string(10000, 'b')) == "");
}

TEST_CASE("a template of another file is read as that file") {
  CHECK(language_for_path("roles/x/templates/configuration-qemu.toml.j2") == Language::Toml);
  CHECK(language_for_path("config.h.in") == language_for_path("config.h"));
  CHECK(language_for_path("page.html.j2") == Language::Html);
  CHECK(language_for_path("layout.j2") == Language::Html);
  CHECK(language_for_path("filter.module") == Language::Php);
}

TEST_CASE("extent given by syntax, or guessed") {
  CHECK(exact_url("u = 'https://example.com/a'\n", Language::Python));
  CHECK_FALSE(exact_url("u = 'see https://example.com/a for more'\n", Language::Python));
  CHECK(exact_url("<a href=\"https://example.com/a b\">x</a>\n", Language::Html));
  // An attribute written about in plain text or a comment is embedded markup.
  CHECK_FALSE(exact_url("<a href=\"https://example.com/a b\">x</a>\n", Language::PlainText));
  CHECK_FALSE(exact_url("// <a href=\"https://example.com/a\">\n", Language::Cpp));
  // A value of a YAML flow collection is a value of its own.
  CHECK(exact_url("b: {\"x\": \"https://example.com/my file.pdf\"}\n", Language::Yaml));
  CHECK(exact_url("b: [\"https://example.com/my file.pdf\", 2]\n", Language::Yaml));
}

TEST_CASE("the default test paths without globs agree with the default globs") {
  const GlobList globs = Config::default_test_globs();
  for (const char* path :
       {"tests/a.py",         "src/test/Foo.java", "pkg/url_test.go",   "test_url.py",
        "web/__tests__/x.js", "a/b.spec.ts",       "spec/x_spec.rb",    "x/t/basic.t",
        "lib/urltest.py",     "latest/x.py",       "contest.py",        "docs/testing.md",
        "testing/x.md",       "a/FooTest.java",    "a/FooTests.kt",     "a/FooTest.php",
        "a/FooTests.cs",      "a/b_test.cpp",      "a/b_test.h",        "a/x.test.jsx",
        "a/x.tests.js",       "fixtures",          "a/fixtures/b.json", "e2e/run.sh",
        "a/testdata/x.txt",   "a/test-data/x",     "specs/a.md",        "a/unittests/b.cc",
        "Test.java",          "a/spectest.py"}) {
    CAPTURE(path);
    CHECK(is_default_test_path(path) == globs.matches(path));
  }
}
