#include "process.h"

#include <doctest/doctest.h>

using pctlint::test::run_pctlint;

TEST_CASE("encode: java.net.URLEncoder's example with --component form") {
  const auto r = run_pctlint({"encode", "--component", "form", "The string \xC3\xBC@foo-bar"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "The+string+%C3%BC%40foo-bar\n");
}

TEST_CASE("encode: each component keeps its own set") {
  CHECK(run_pctlint({"encode", "a/b c&d=e"}).out == "a%2Fb%20c%26d%3De\n");
  CHECK(run_pctlint({"encode", "--component", "path", "a/b c&d=e"}).out == "a/b%20c&d=e\n");
  CHECK(run_pctlint({"encode", "--component=query", "a/b?c&d=e+f#g"}).out ==
        "a/b?c%26d%3De%2Bf%23g\n");
  CHECK(run_pctlint({"encode", "--component", "segment", "a/b:c@d"}).out == "a%2Fb:c@d\n");
  CHECK(run_pctlint({"encode", "--component", "fragment", "a#b /?"}).out == "a%23b%20/?\n");
  CHECK(run_pctlint({"encode", "\xC3\x84"}).out == "%C3%84\n");
}

TEST_CASE("decode: strict by default, naming the byte offset and the reason") {
  auto r = run_pctlint({"decode", "%C4rzteblatt"});
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.find("byte 0") != std::string::npos);
  CHECK(r.err.find("lead byte not followed by a continuation byte") != std::string::npos);
  r = run_pctlint({"decode", "%E8%B5%B7%E5%8F%B8%E5%A0%A1"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "起司堡\n");
  r = run_pctlint({"decode", "ab%2"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("malformed escape at byte 2") != std::string::npos);
}

TEST_CASE("decode: --lenient and --form") {
  auto r = run_pctlint({"decode", "--lenient", "%C4rzteblatt%zz"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "\xEF\xBF\xBDrzteblatt%zz\n");
  CHECK(run_pctlint({"decode", "--form", "a+b%2B"}).out == "a b+\n");
}

TEST_CASE("stdin mode answers one line per input line; errors name the line") {
  const auto r = run_pctlint({"decode", "-"}, "a%20b\r\n%C0%AF\nok\n");
  CHECK(r.exit_code == 1);
  CHECK(r.out == "a b\n\nok\n");
  CHECK(r.err.find("line 2:") != std::string::npos);
  CHECK(r.err.find("overlong") != std::string::npos);
  CHECK(run_pctlint({"encode", "-"}, "a b\n\xC3\xA4\n").out == "a%20b\n%C3%A4\n");
  CHECK(run_pctlint({"canon", "-"}, "http://h/%7e\nhttp://h/a b\n").out ==
        "http://h/~\nhttp://h/a%20b\n");
}

TEST_CASE("canon: a back_uri query parameter keeps its %3D") {
  const std::string u =
      "http://example.com/doc@1:5/?back_uri=http://user:password@example.com/?foo%3Dbar";
  CHECK(run_pctlint({"canon", u}).out == u + "\n");
  CHECK(run_pctlint({"canon", "https://example.com/%c3%a4?q=%7e"}).out ==
        "https://example.com/%C3%A4?q=~\n");
}

TEST_CASE("usage errors exit 2 with a short help") {
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"encode"},
                                             {"encode", "--component", "nope", "x"},
                                             {"decode", "--bogus", "x"},
                                             {"canon"},
                                             {"canon", "a", "b"},
                                             {"encode", "a", "b"}}) {
    const auto r = run_pctlint(args);
    CAPTURE(args[0]);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("usage:") != std::string::npos);
  }
}

TEST_CASE("explain: both readings side by side, and the findings") {
  const auto r = run_pctlint({"explain", "http://0x7f.1/admin"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("  host    0x7f.1\n") != std::string::npos);
  CHECK(r.out.find("Browsers (WHATWG URL) http://127.0.0.1/admin\n  host    127.0.0.1 (IPv4)\n") !=
        std::string::npos);
  CHECK(r.out.find("PCT013 parser-differential: browsers and Node.js read host 127.0.0.1") !=
        std::string::npos);
  // Refused by browsers; decoded components; standard input, one URL a line.
  CHECK(run_pctlint({"explain", "http://1.2.3.4.5/"})
            .out.find("Browsers (WHATWG URL) refused: IPv4 address with more than four parts") !=
        std::string::npos);
  CHECK(run_pctlint({"explain", "https://x.example/caf%C3%A9"}).out.find("/caf%C3%A9  ->  /café") !=
        std::string::npos);
  const auto bad = run_pctlint({"explain", "-"}, "https://ok.example/\nnot a url\n");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("line 2: 'not a url' is not a URL") != std::string::npos);
  CHECK(run_pctlint({"explain"}).exit_code == 2);
}
