// Template syntax as one grammar (core/finder/templates.cpp's table) and how a URL's extent is
// given.
#include "core/finder/certainty.h"
#include "core/finder/escapes.h"
#include "core/finder/finder.h"
#include "core/finder/language.h"
#include "core/finder/templates.h"
#include "rules/config.h"
#include "rules/engine.h"

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

// Where the first template syntax of a URL given whole stands ("" when none), as text from there.
std::string template_at(std::string_view url) {
  FoundUrl u;
  u.text = url;
  u.exact = true;
  const std::size_t at = template_syntax_at(u, std::string_view::npos);
  return at == std::string_view::npos ? "" : std::string(url.substr(at));
}

} // namespace

TEST_CASE("template syntax of any template language: the shapes they share") {
  // printf conversions, whatever flags, width, precision and length, and positions
  CHECK(template_at("https://x.example/items/%s/edit") == "%s/edit");
  CHECK(template_at("https://x.example/p/%5s") == "%5s");
  // "%02d" reads as the escape %02 then 'd': only a literal given to printf says otherwise
  // (templates.h's printf-formatted style)
  CHECK(template_at("https://x.example/p/%02d") == "");
  CHECK(template_at("https://x.example/p/%-5.2f") == "%-5.2f");
  CHECK(template_at("https://x.example/p/%ld/") == "%ld/");
  CHECK(template_at("https://x.example/p/%1$s") == "%1$s");
  CHECK(template_at("mailto:?subject=%s&body=%s") == "%s&body=%s");
  CHECK(template_at("file://%f&line=%l") == "%f&line=%l");
  CHECK(template_at("http://www.%@.com/%@") == "%@.com/%@"); // Objective-C's stringWithFormat:
  // names and doubled percents
  CHECK(template_at("https://x.example/%%20") == "%%20");
  CHECK(template_at("https://x.example/%{name}/") == "%{name}/");
  CHECK(template_at("https://x.example/%(id)s") == "%(id)s");
  CHECK(template_at("https://x.example/%package%/x") == "%package%/x");
  // tags and directives, interpolations, tokens, braces, elision
  CHECK(template_at("mailto:<!--#echo var=SERVER_ADMIN -->") == "<!--#echo var=SERVER_ADMIN -->");
  CHECK(template_at("https://x.example/<?php echo $v; ?>/") == "<?php echo $v; ?>/");
  CHECK(template_at("https://<proxied host>/cb") == "<proxied host>/cb");
  CHECK(template_at("http://$HOST/path") == "$HOST/path");
  CHECK(template_at("file://localhost@sysconfdir@/cups") == "@sysconfdir@/cups");
  CHECK(template_at("jar://@ANT_JAR@!/") == "@ANT_JAR@!/");
  CHECK(template_at("http://http@-HOSTNAME-@72/Shibboleth.sso") == "@-HOSTNAME-@72/Shibboleth.sso");
  CHECK(template_at("https://x.example/a}b") == "}b");
  CHECK(template_at("https://nodejs.org/en/blog/\xE2\x80\xA6") == "\xE2\x80\xA6");
  // what the rules judge: escapes, %uXXXX, an escape cut short, a bare '%', a second '@'
  CHECK(template_at("https://x.example/caf%C3%A9") == "");
  CHECK(template_at("https://x.example/?q=%u00E4") == "");
  CHECK(template_at("https://x.example/100%2/a") == "");
  // a digit after a delimiter that no second digit or letter follows: a positional placeholder
  CHECK(template_at("file:///%1") == "%1");
  CHECK(template_at("https://x.example/?path=%1&x=2") == "%1&x=2");
  CHECK(template_at("https://x.example/%2K") == "");
  CHECK(template_at("https://foo/%0?%0") == ""); // Qt counts from %1: an escape cut short
  CHECK(template_at("https://x.example/%20") == "");
  CHECK(template_at("https://x.example/discount/50%off") == "");
  CHECK(template_at("https://x.example/%zz") == "");
  CHECK(template_at("https://x.example/a%&b") == "");
  CHECK(template_at("https://x.example/a<>b") == "");
  CHECK(template_at("https://user@host@example.com/") == "");
  CHECK(template_at("http://[fe80::1%eth0]/") == "");
  // fresh218: PHP interpolating an address into the brackets, and a hole in them.
  CHECK(template_at("http://[$settings->public_ipv6]") == "$settings->public_ipv6]");
  CHECK(template_at("http://[{host}]:8080/") == "{host}]:8080/");
  CHECK(template_at("https://x.example/$metadata") == "$metadata"); // OData's: a template's shape
}

TEST_CASE("certainty: the extent, template syntax and the scheme's grammar") {
  FoundUrl u;
  u.text = "https://x.example/a b";
  u.exact = true;
  CHECK(certainty_of(u).doubt == Doubt::None);
  CHECK(certainty_of(u).about(19, true) == Doubt::None);
  u.exact = false; // found in running text: certain up to the blank
  CHECK(certainty_of(u).certain_end == 19);
  CHECK(certainty_of(u).about(19, true) == Doubt::GuessedEnd); // reaches where it may end
  CHECK(certainty_of(u).about(18, true) == Doubt::None);
  CHECK(certainty_of(u).about(20, false) == Doubt::GuessedEnd); // past it: no rule reports
  // Three or more '#' ending a URL in running text are the text's marks; two are the URL's.
  u.text = "http://a.example/b.html###";
  CHECK(certainty_of(u).certain_end == 23);
  u.text = "https://###";
  CHECK(certainty_of(u).certain_end == 8);
  u.text = "http://a.example/bithacks.html##Value";
  CHECK(certainty_of(u).certain_end == u.text.size());
  u.text = "http://a.example/b.html##";
  CHECK(certainty_of(u).certain_end == u.text.size());
  u.text = "http://a.example/###/x";
  CHECK(certainty_of(u).certain_end == u.text.size());
  // A known placeholder is the URL's for the rules that judge bytes (fresh212: an RPM spec's
  // "%{version_roman}R-ro%2f%{version_italic}R-it.tar.gz"); the others still stop at its brace.
  u.text = "https://x.example/%{v}R-ro%2fx.tar.gz";
  u.placeholders = {{18, 22}};
  CHECK(certainty_of(u).certain_end == 19); // its brace
  CHECK(certainty_of(u).literal_end == u.text.size());
  CHECK(certainty_of(u).about(29, false) == Doubt::None);      // the %2f after the macro
  CHECK(certainty_of(u).about(29, true) == Doubt::GuessedEnd); // past the brace
  u.text = "https://x.example/{v}/a b";
  u.placeholders = {{18, 21}};
  CHECK(certainty_of(u).literal_end == 23); // the blank still ends it
  u.placeholders.clear();
  u.exact = true;
  u.text = "ldap://ldap.example.com/ou=People, o=Example?cn";
  CHECK(certainty_of(u).doubt == Doubt::SchemeGrammar);
  CHECK(certainty_of(u).about(40, false) == Doubt::None); // byte rules judge any scheme
  u.text = "https://x.example/%s/a b";
  CHECK(certainty_of(u).doubt == Doubt::TemplateSyntax);
  for (const char* generic : {"http://a/", "HTTPS://a/", "ws://a/", "wss://a/", "ftp://a/",
                              "file:///a", "mailto:a@b.example"})
    CHECK_MESSAGE(generic_scheme(generic), generic);
  for (const char* own : {"ldap://a/", "jar:file:/a!/b", "jdbc:mysql://a/b", "mongodb://a,b/",
                          "git+https://a/b", "redis://a/0", "s3://bucket/key"})
    CHECK_MESSAGE(!generic_scheme(own), own);
}

TEST_CASE("template families: each one's shape, and what it is not") {
  CHECK(holes("tmp://forms/[SESSIONID]") == "[SESSIONID]|");
  CHECK(holes("https://x.example/icons/[ICON SLUG].svg") == "[ICON SLUG]|");
  CHECK(holes("https://x.example/icons/[Icon slug].svg") == "");
  // A regular expression's escaped dot (fresh151: netdata's notes show the pattern
  // `<img src="https://(www\.)?netdata\.cloud/img/...">` in a code span): a pattern, not a URL.
  FoundUrl pattern;
  pattern.exact = true;
  pattern.text = R"(https://(www\.)?netdata\.cloud/img/...)";
  CHECK(certainty_of(pattern).doubt == Doubt::TemplateSyntax);
  pattern.text = R"(file:///C:\Users\user\Music\Mix.wav)";
  CHECK(certainty_of(pattern).doubt == Doubt::None);
  // Capitalised words in brackets: a template's blank to fill in (fresh154, Mattermost's
  // maintenance notice, mailto:[Support Email]).
  CHECK(holes("mailto:[Support Email]") == "[Support Email]|");
  CHECK(holes("https://status.example.com/[Page Name]/x") == "[Page Name]|");
  CHECK(holes("https://x.example/a[Support email]") == "");
  CHECK(holes("https://x.example/[Support  Email]") == "");
  CHECK(holes("https://x.example/icons/[ICON  SLUG]") == "");
  CHECK(holes("https://cdn.example/gh/x@[version]/assets/") == "[version]|");
  CHECK(holes("https://example.com/?p[title]=x") == ""); // a query array, not a placeholder
  CHECK(holes("https://[fe80::1]/") == "");
  CHECK(holes("https://a.example/datastore/(Data store ID)/r4/") == "(Data store ID)|");
  CHECK(holes("https://en.wikipedia.org/wiki/Foo_(bar)") == "");
  CHECK(holes("https://<proxied host>/oauth2/callback") == "<proxied host>|");
  CHECK(holes("https://x.example/<Directory (tenant) ID>/v2.0") == "<Directory (tenant) ID>|");
  CHECK(holes("https://x.example/<a href=\"y\">") == "");
  // An elision in brackets, braces or angle brackets, with three dots or U+2026; not two dots.
  CHECK(holes("https://cloud.example.io/[...]") == "[...]|");
  CHECK(holes("https://x.example/{\xE2\x80\xA6}/a") == "{\xE2\x80\xA6}|");
  CHECK(holes("https://x.example/<...>") == "<...>|");
  CHECK(holes("https://x.example/[..]") == "");
  CHECK(holes("https://x.example/compare/v1...v2") == "");
  // An elision in words between dots: only words that say bytes were cut.
  CHECK(holes("mailto:me.. snipped..om") == ".. snipped..|");
  CHECK(holes("mailto:bo..snip..et") == "..snip..|");
  CHECK(holes("https://x.example/a/...omitted.../b") == "...omitted...|");
  CHECK(holes("https://x.example/compare/v1..v2") == "");
  CHECK(holes("https://x.example/a/..more../b") == "");
  CHECK(holes("https://x.example/a/../b") == "");
  CHECK(holes("https://x.example/a/..snip") == "");
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

TEST_CASE("the default test names agree with the default globs for every stem and extension") {
  const GlobList globs = Config::default_test_globs();
  for (const char* stem :
       {"a_test",  "test_a",  "a_spec",    "a.test",     "a.spec",    "aTest", "aTests", "tests",
        "a_tests", "a-tests", "atestdata", "test_cases", "testcases", "Test",  "Tests",  "_test",
        "test_",   "a.tests", "atest",     "a",          "",          "test",  "TESTS",  "tests_",
        "mytests", "test-a",  "test-",     "atest-a",    "test_a_b"})
    for (const char* ext : {"py",  "go",  "rs",   "rb",   "c",   "cc",  "cpp",  "js", "ts",
                            "jsx", "tsx", "mjs",  "cjs",  "mts", "cts", "java", "kt", "swift",
                            "php", "cs",  "json", "yaml", "yml", "h",   "txt",  "PY", ""}) {
      const std::string path = std::string("src/") + stem + (*ext ? "." : "") + ext;
      CAPTURE(path);
      CHECK(is_default_test_path(path) == globs.matches(path));
    }
}

TEST_CASE("the default test paths without globs agree with the default globs") {
  const GlobList globs = Config::default_test_globs();
  for (const char* path : {"tests/a.py",
                           "src/test/Foo.java",
                           "pkg/url_test.go",
                           "test_url.py",
                           "web/__tests__/x.js",
                           "a/b.spec.ts",
                           "spec/x_spec.rb",
                           "x/t/basic.t",
                           "lib/urltest.py",
                           "latest/x.py",
                           "contest.py",
                           "docs/testing.md",
                           "testing/x.md",
                           "a/FooTest.java",
                           "a/FooTests.kt",
                           "a/FooTest.php",
                           "a/FooTests.cs",
                           "a/b_test.cpp",
                           "a/b_test.h",
                           "a/x.test.jsx",
                           "a/x.tests.js",
                           "fixtures",
                           "a/fixtures/b.json",
                           "e2e/run.sh",
                           "a/testdata/x.txt",
                           "a/test-data/x",
                           "specs/a.md",
                           "a/unittests/b.cc",
                           "fuzz/http1-corpus/217d64ed",
                           "a/fuzzing/corpus/x.txt",
                           "a/fuzzy/x.txt",
                           "Test.java",
                           "a/spectest.py",
                           "tests.json",
                           "a/url_tests.json",
                           "a/urltestdata.json",
                           "a/tests.yml",
                           "a/x_tests.yaml",
                           "a/contests.json",
                           "a/testcases.json",
                           "a/tests.txt",
                           "a/latest.json",
                           "a/my-tests.json",
                           "a/b.test.mjs",
                           "a/b.spec.cjs",
                           "a/b.test.mts",
                           "a/b.spec.cts",
                           "a/b.mjs",
                           "a/FooTests.swift",
                           "a/Foo.swift",
                           "app/tests.py",
                           "vendor/parser/test.c",
                           "src/tests.rs",
                           "a/test.go",
                           "a/test.mjs",
                           "a/tests.tsx",
                           "a/latest.py"}) {
    CAPTURE(path);
    CHECK(is_default_test_path(path) == globs.matches(path));
  }
}

TEST_CASE("a source file named a test is a test file: Django's tests.py, a C library's test.c") {
  // fresh104: http-parser's test.c, vendored in a Ruby gem, holds "double @" as a case that must
  // fail to parse; a safe fix to %40 made it pass.
  for (const char* path : {"app/tests.py", "test.py", "vendor/http-parser/test.c", "src/tests.rs",
                           "lib/test.js", "web/tests.tsx", "spec/support/test.rb"})
    CHECK(is_default_test_path(path));
  for (const char* path : {"cmd/test.go", "src/Test.py", "src/contest.py", "src/testing.c",
                           "docs/test.md", "latest.py"})
    CHECK_FALSE(is_default_test_path(path));
  // A fuzzer's targets and corpora (fresh107: h2o's fuzz/http1-corpus/, mangled on purpose).
  CHECK(is_default_test_path("fuzz/http1-corpus/217d64ed"));
  CHECK(is_default_test_path("lib/fuzzing/url_fuzzer.cc"));
  CHECK_FALSE(is_default_test_path("src/fuzzy/match.c"));
  // A benchmark's inputs (fresh199: swift-url's Benchmarks/, URLs that need encoding on purpose).
  CHECK(is_default_test_path("Benchmarks/Sources/WebURLBenchmark/Constructor+HTTP.swift"));
  CHECK(is_default_test_path("benches/parse.rs"));
  CHECK_FALSE(is_default_test_path("src/benchmarking.c"));
  // Node's and tape's test-*.js (fresh114: InfluxData's test-link-check-comment.js).
  CHECK(is_default_test_path(".github/scripts/test-link-check-comment.js"));
  CHECK(is_default_test_path("lib/test-url.mjs"));
  CHECK_FALSE(is_default_test_path("lib/test-url.py"));
  // Test directories named with '-' or '_' (fresh153: Traffic Server's hpack-tests/, recorded
  // headers whose HPACK encodings its test compares).
  CHECK(is_default_test_path("src/proxy/http2/hpack-tests/story_23.json"));
  CHECK(is_default_test_path("src/unit_tests/a.cc"));
  CHECK(is_default_test_path("src/integration-tests/A.java"));
  CHECK_FALSE(is_default_test_path("home/speed-test/a.py"));
  CHECK_FALSE(is_default_test_path("src/latest/a.json"));
  CHECK_FALSE(is_default_test_path("src/speedtest/a.json"));
  // C's unit tests beside the code (fresh151: dovecot's src/lib-http/test-http-url.c, whose
  // tables of malformed URLs a safe fix rewrote).
  CHECK(is_default_test_path("src/lib-http/test-http-url.c"));
  CHECK(is_default_test_path("src/test_uri.cpp"));
  CHECK_FALSE(is_default_test_path("src/testurl.c"));
  CHECK_FALSE(is_default_test_path("src/test-url.h"));
  CHECK_FALSE(is_default_test_path("lib/latest-url.js"));
}

TEST_CASE("a fix in an assertion or a doctest session is unsafe, in any file") {
  const auto applicability = [](std::string_view source, Language lang) {
    const LintResult r = lint(source, lang, Config{});
    REQUIRE(r.diagnostics.size() == 1);
    REQUIRE(r.diagnostics[0].fix);
    return r.diagnostics[0].fix->applicability;
  };
  // fresh109: Crawlee's CI asserts an open-redirect probe is refused; yarl's README shows a REPL.
  CHECK(applicability("assert_no_redirect \"http://localhost:8080///%5cevil.com/\"\n",
                      Language::Shell) == Applicability::Unsafe);
  CHECK(applicability("curl \"http://localhost:8080///%5cevil.com/\"\n", Language::Shell) ==
        Applicability::Safe);
  CHECK(applicability("    self.assertEqual(u, \"https://x.example/caf%c3%a9\")\n",
                      Language::Python) == Applicability::Unsafe);
  CHECK(applicability("u = \"https://x.example/caf%c3%a9\"\n", Language::Python) ==
        Applicability::Safe);
  const std::string session = "Encoded on the way in:\n\n```pycon\n"
                              ">>> url = URL('https://x.example/\xD1\x88')\n"
                              ">>> url.human_repr()\n"
                              "'https://x.example/\xD1\x88'\n```\n";
  const LintResult r = lint(session, Language::Markdown, Config{});
  REQUIRE(r.diagnostics.size() == 2);
  for (const Diagnostic& d : r.diagnostics)
    CHECK(d.fix->applicability == Applicability::Unsafe);
  // Not past the blank line that ends the session's output.
  CHECK(applicability("```python\n>>> x = 1\n\nu = 'https://x.example/caf%c3%a9'\n```\n",
                      Language::Markdown) == Applicability::Safe);
}

TEST_CASE("a fix is safe where the bytes it edits are certainly the URL's: a GFM autolink's") {
  auto applicability = [](std::string_view markdown) {
    const LintResult r = lint(markdown, Language::Markdown, Config{});
    REQUIRE(r.diagnostics.size() == 1);
    REQUIRE(r.diagnostics[0].fix);
    return r.diagnostics[0].fix->applicability;
  };
  // A bare URL in running text: GFM's autolink rules give its extent up to the first blank.
  CHECK(applicability("See https://example.com/caf%c3%a9 for more.\n") == Applicability::Safe);
  CHECK(applicability("See <https://example.com/caf%c3%a9>.\n") == Applicability::Safe);
  // Not in a code block's comment (no autolink there), nor for a scheme GFM does not autolink.
  CHECK(applicability("```python\n# see https://example.com/caf%c3%a9\n```\n") ==
        Applicability::Unsafe);
  CHECK(applicability("See ftp://example.com/caf%c3%a9 for more.\n") == Applicability::Unsafe);
  // In a comment of code the end is a guess: unsafe.
  const LintResult c = lint("// see https://example.com/caf%c3%a9\n", Language::Cpp, Config{});
  REQUIRE(c.diagnostics.size() == 1);
  CHECK(c.diagnostics[0].fix->applicability == Applicability::Unsafe);
}
