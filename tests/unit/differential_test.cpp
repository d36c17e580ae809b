// PCT013: the two readings of a URL, WHATWG and RFC 3986, compared where they can differ.
#include "rules/engine.h"

#include <doctest/doctest.h>

using namespace pctlint;

namespace {

// "PCT013 <message>" for each PCT013 finding of `u` written as a Python string literal.
std::vector<std::string> differentials(const std::string& u) {
  std::vector<std::string> out;
  for (const Diagnostic& d : lint("u = \"" + u + "\"\n", Language::Python, Config{}).diagnostics)
    if (d.rule->id == "PCT013") out.push_back(d.message);
  return out;
}

} // namespace

TEST_CASE("PCT013: each class of differential, both readings in the message") {
  const auto one = [](const std::string& u) {
    const auto d = differentials(u);
    REQUIRE_MESSAGE(d.size() == 1, u);
    return d[0];
  };
  CHECK(one("http://0x7f.1/admin") == "browsers and Node.js read host 127.0.0.1 · RFC 3986 parsers "
                                      "(Python, Go) read host 0x7f.1");
  CHECK(one("http://2130706433/").find("host 127.0.0.1") != std::string::npos);
  CHECK(one("http://0177.0.0.1/").find("host 127.0.0.1") != std::string::npos);
  CHECK(one("https://evil.example\\\\@good.example/") ==
        "browsers and Node.js read host evil.example · RFC 3986 parsers (Python, Go) read host "
        "good.example");
  CHECK(one("http://ex%61mple.com/").find("read host ex%61mple.com") != std::string::npos);
  CHECK(one("http://a.example/static/%2e%2e/admin") ==
        "browsers and Node.js read path /admin · RFC 3986 parsers (Python, Go) read path "
        "/static/%2e%2e/admin");
  CHECK(one("http://1.2.3.4.5/").starts_with("browsers and Node.js reject this URL"));
  // A backslash in the path is PCT003's (a raw '\\'): one finding per span, the most useful one.
  CHECK(differentials("http://a.example/x\\\\y").empty());
}

TEST_CASE("PCT013: what both read alike is quiet") {
  for (const char* u :
       {"http://127.0.0.1/ok", "https://Example.COM/a/b?q=1", "http://[::1]/",
        "http://[::FFFF:127.0.0.1]/", "http://example.com:8080/x/../y", "http://example.com:80/",
        "ftp://files.example/pub/", "https://a.example/%41%2F", "mailto:0x7f.1@example.com",
        "urn:isbn:0451450523", "http://localhost:3000/", "https://10.0.0.1:8443/x",
        "http://a.example/caf%C3%A9", "http://127.0.0.1:$PORT/x"})
    CHECK_MESSAGE(differentials(u).empty(), u);
  // A template is never compared; nor a URL whose end is a guess.
  CHECK(differentials("http://{host}/%2e%2e/x").empty());
  CHECK(lint("# see http://0x7f.1/ here\n", Language::Python, Config{}).diagnostics.empty());
}

TEST_CASE("PCT013: the unsafe fix writes the form both read alike") {
  const std::string src = "u = \"http://0x7f.1/admin\"\n";
  CHECK(fix_all(src, Language::Python, Config{}, true).text == "u = \"http://127.0.0.1/admin\"\n");
  CHECK(fix_all(src, Language::Python, Config{}, false).text == src); // not a safe fix
  // Where no such form exists (the browser rejects it) there is no fix.
  const LintResult r = lint("u = \"http://1.2.3.4.5/\"\n", Language::Python, Config{});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK_FALSE(r.diagnostics[0].fix);
}
