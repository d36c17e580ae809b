#include "core/codec/canon.h"
#include "core/codec/percent.h"
#include "core/codec/url.h"

#include <doctest/doctest.h>
#include <random>

using namespace pctlint;

namespace {
std::string part(std::string_view url, const std::optional<Span>& s) {
  return s ? std::string(s->in(url)) : std::string("<none>");
}
} // namespace

TEST_CASE("split: a full URL") {
  const std::string_view u = "https://user:pw@example.com:8080/a/b?q=1&r#frag";
  const UrlParts p = split_url(u);
  CHECK(part(u, p.scheme) == "https");
  CHECK(p.has_authority);
  CHECK(part(u, p.userinfo) == "user:pw");
  CHECK(part(u, p.host) == "example.com");
  CHECK(part(u, p.port) == "8080");
  CHECK(part(u, p.path) == "/a/b");
  CHECK(part(u, p.query) == "q=1&r");
  CHECK(part(u, p.fragment) == "frag");
  CHECK(p.component_at(u.find("8080")) == UrlComponent::Port);
  CHECK_FALSE(p.component_at(u.find('?')).has_value());
}

TEST_CASE("split: IPv6 literal, mailto, urn, relative references") {
  std::string_view u = "http://[::1]:80/x";
  UrlParts p = split_url(u);
  CHECK(part(u, p.host) == "[::1]");
  CHECK(part(u, p.port) == "80");
  u = "mailto:someone@example.com?subject=hi";
  p = split_url(u);
  CHECK_FALSE(p.has_authority);
  CHECK(part(u, p.path) == "someone@example.com");
  CHECK(part(u, p.query) == "subject=hi");
  u = "urn:isbn:0451450523";
  CHECK(part(u, split_url(u).path) == "isbn:0451450523");
  u = "../a b/c?x#y";
  p = split_url(u);
  CHECK_FALSE(p.scheme.has_value());
  CHECK(part(u, p.path) == "../a b/c");
  u = "//cdn.example.com/lib.js";
  p = split_url(u);
  CHECK(part(u, p.host) == "cdn.example.com");
}

TEST_CASE("split: lenient on what a linter must report") {
  std::string_view u = "https://a@b@example.com/my file.pdf#x#y";
  UrlParts p = split_url(u);
  CHECK(part(u, p.userinfo) == "a@b");
  CHECK(part(u, p.host) == "example.com");
  CHECK(part(u, p.path) == "/my file.pdf");
  CHECK(part(u, p.fragment) == "x#y");
}

TEST_CASE("the back_uri query keeps its %3D") {
  const std::string u =
      "http://example.com/doc@1:5/?back_uri=http://user:password@example.com/?foo%3Dbar";
  const UrlParts p = split_url(u);
  CHECK(part(u, p.host) == "example.com");
  CHECK(part(u, p.path) == "/doc@1:5/");
  CHECK(canonicalize(u) == u);
}

TEST_CASE("canon: hex case, unreserved escapes, forbidden characters, lone %") {
  CHECK(canonicalize("https://example.com/%c3%a4?q=%7euser") ==
        "https://example.com/%C3%A4?q=~user");
  CHECK(canonicalize("https://example.com/my file.pdf") == "https://example.com/my%20file.pdf");
  CHECK(canonicalize("https://example.com/100%") == "https://example.com/100%25");
  CHECK(canonicalize("https://example.com/\xC3\xA4") == "https://example.com/%C3%A4");
  CHECK(canonicalize("https://example.com/a%2Fb?x=%26") == "https://example.com/a%2Fb?x=%26");
  CHECK(canonicalize("https://example.com/#a#b") == "https://example.com/#a%23b");
  CHECK(canonicalize("https://a@b@h/") == "https://a%40b@h/");
  CHECK(canonicalize("https://EXAMPLE.com/%41") == "https://EXAMPLE.com/A");
}

TEST_CASE("the ncbi URLs") {
  const std::string bad = "http://www.ncbi.nlm.nih.gov/pubmed?term=%C4rzteblatt";
  CHECK(canonicalize(bad) == bad); // canon cannot know the intended charset
  const std::string good = "http://www.ncbi.nlm.nih.gov/pubmed/?term=%E8%B5%B7%E5%8F%B8%E5%A0%A1";
  CHECK(canonicalize(good) == good);
  CHECK(decode_strict(split_url(good).query->in(good)).bytes == "term=起司堡");
}

TEST_CASE("property: canon is idempotent and keeps each component's decoding") {
  std::mt19937 rng(4242);
  const std::string pieces[] = {
      "a",    "/",   "?", "#", "%",       "%4", "%41",      "%c3%a4",
      "%2F",  " ",   "@", ":", "[",       "]",  "\xC3\xA4", "\xF0\x9F\x98\x80",
      "+",    "&",   "=", "~", "http://", "//", "%ZZ",      "|",
      "\x7F", "\xC4"};
  std::uniform_int_distribution<std::size_t> pick(0, std::size(pieces) - 1);
  for (int iter = 0; iter < 20000; ++iter) {
    std::string u = iter % 2 ? "https://h" : "";
    for (int i = 0; i < iter % 9; ++i)
      u += pieces[pick(rng)];
    const std::string c = canonicalize(u);
    CAPTURE(u);
    REQUIRE(canonicalize(c) == c);
    const UrlParts a = split_url(u), b = split_url(c);
    for (auto comp : {UrlComponent::Userinfo, UrlComponent::Path, UrlComponent::Query,
                      UrlComponent::Fragment}) {
      const auto sa = a.get(comp), sb = b.get(comp);
      REQUIRE(sa.has_value() == sb.has_value());
      if (sa)
        REQUIRE(decode_lenient(sa->in(u), {.require_utf8 = false}) ==
                decode_lenient(sb->in(c), {.require_utf8 = false}));
    }
  }
}
