// The WHATWG URL parser against the URL Standard's own test data (web-platform-tests'
// urltestdata.json and toascii.json, read from ../shared/wpt/ beside the checkout): every case
// gives the same components, or the same failure. Out of scope, counted apart and printed:
// - hosts that need IDNA where the build has none (the cross builds);
// - hosts libidn2 refuses by IDNA2008's rules where UTS #46 maps them (symbols such as U+2665 and
//   U+2603, hyphens beside a non-ASCII label's ends, ignorable U+180E and U+206B): the parser
//   marks those failures (idna_failure), and PCT013 takes them as "unknown", never as a
//   differential;
// - U+1E9E, which libidn2's Unicode tables map to "ss" where UTS #46 15.1 keeps it as "ß".
#include "core/codec/whatwg_url.h"

#include <doctest/doctest.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using pctlint::whatwg::parse;
using pctlint::whatwg::Url;

namespace {

std::string wpt_dir() {
  return std::string(PCTLINT_SOURCE_DIR) + "/../shared/wpt/";
}

// The test data is JSON whose strings may hold lone surrogates (\uD800), which a URL parser
// sees as U+FFFD (its input is a string of scalar values) and nlohmann::json refuses: they are
// replaced before parsing.
std::optional<nlohmann::json> load(const std::string& name) {
  std::ifstream in(wpt_dir() + name, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const auto surrogate = [&](std::size_t i, char lo, char hi) { // "\uDxxx" at i, in [lo, hi]
    return i + 6 <= text.size() && text[i] == '\\' && text[i + 1] == 'u' &&
           (text[i + 2] == 'd' || text[i + 2] == 'D') &&
           std::tolower(static_cast<unsigned char>(text[i + 3])) >= lo &&
           std::tolower(static_cast<unsigned char>(text[i + 3])) <= hi;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i++];
      continue;
    }
    if (surrogate(i, '8', 'b') && surrogate(i + 6, 'c', 'f')) { // a pair: kept
      out.append(text, i, 12);
      i += 12;
    } else if (surrogate(i, '8', 'f')) { // a lone half
      out += "\\uFFFD";
      i += 6;
    } else { // any other escape, "\\" included, as it is
      out.append(text, i, 2);
      i += 2;
    }
  }
  return nlohmann::json::parse(out);
}

// Whether the input's host needs IDNA: non-ASCII or an "xn--" label once percent-decoded.
bool needs_idna(const std::string& input) {
  for (unsigned char c : input)
    if (c >= 0x80) return true;
  std::string lower = input;
  for (char& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("xn--") != std::string::npos || lower.find("%c") != std::string::npos ||
         lower.find("%e") != std::string::npos || lower.find("%f") != std::string::npos;
}

std::string protocol(const Url& u) {
  return u.scheme + ":";
}

// What a test file's cases came to: each matched, out of scope (and why), or a mismatch.
struct Tally {
  int cases = 0, matched = 0, out_of_scope = 0;
  std::vector<std::string> mismatches;

  void add(bool same, bool in_scope, std::string mismatch) {
    ++cases;
    if (same)
      ++matched;
    else if (!in_scope)
      ++out_of_scope;
    else
      mismatches.push_back(std::move(mismatch));
  }
  void report(const std::string& name, const std::string& out_of_scope_why) const {
    MESSAGE(name << ": " << cases << " cases, " << matched << " matched, " << out_of_scope
                 << " out of scope (" << out_of_scope_why << "), " << mismatches.size()
                 << " mismatched");
    for (const auto& m : mismatches)
      MESSAGE("mismatch: " << m);
    CHECK(mismatches.empty());
    CHECK(matched + out_of_scope == cases);
  }
};

} // namespace

TEST_CASE("WPT urltestdata.json: the same components or the same failure") {
  const auto data = load("urltestdata.json");
  if (!data) {
    MESSAGE("../shared/wpt/urltestdata.json not found: skipped");
    return;
  }
  Tally tally;
  for (const auto& c : *data) {
    if (!c.is_object()) continue; // comments
    const std::string input = c["input"];
    std::optional<Url> base;
    if (c.contains("base") && c["base"].is_string()) {
      auto b = parse(c["base"].get<std::string>());
      REQUIRE_MESSAGE(b.url, "base does not parse: " << c["base"]);
      base = std::move(*b.url);
    }
    const auto r = parse(input, base ? &*base : nullptr);
    std::string got, want;
    if (c.value("failure", false)) {
      want = "failure";
      got = r.url ? "parsed as " + r.url->href() : "failure";
    } else if (!r.url) {
      want = c["href"];
      got = "failure: " + r.failure;
    } else {
      const Url& u = *r.url;
      const auto field = [&](const char* name, const std::string& value) {
        if (c[name] != value) {
          got += std::string(name) + "=" + value + " ";
          want += std::string(name) + "=" + c[name].get<std::string>() + " ";
        }
      };
      field("href", u.href());
      field("protocol", protocol(u));
      field("username", u.username);
      field("password", u.password);
      field("host", u.host_and_port());
      field("hostname", u.host);
      field("port", u.port ? std::to_string(*u.port) : "");
      field("pathname", u.pathname());
      field("search", u.search());
      field("hash", u.hash());
    }
    const bool in_scope =
        !r.idna_failure && (pctlint::whatwg::idna_available() || !needs_idna(input));
    tally.add(got == want, in_scope,
              input + "  (base " + (base ? base->href() : "none") + "): got " + got + " want " +
                  want);
  }
  tally.report("WPT urltestdata", "IDNA: refused by libidn2, or no libidn2");
}

TEST_CASE("WPT toascii.json: hosts to ASCII as the standard does, or the same failure") {
  const auto data = load("toascii.json");
  if (!data) {
    MESSAGE("../shared/wpt/toascii.json not found: skipped");
    return;
  }
  Tally tally;
  for (const auto& c : *data) {
    if (!c.is_object()) continue;
    const std::string input = c["input"];
    const auto r = parse("https://" + input + "/x");
    const bool want_failure = c["output"].is_null();
    const std::string got = r.url ? r.url->host : "failure";
    const std::string want = want_failure ? "failure" : c["output"].get<std::string>();
    const bool in_scope = !r.idna_failure &&
                          (pctlint::whatwg::idna_available() || !needs_idna(input)) &&
                          input.find("\xE1\xBA\x9E") == std::string::npos; // U+1E9E
    tally.add(got == want, in_scope, input + ": got " + got + " (" + r.failure + ") want " + want);
  }
  tally.report("WPT toascii", "IDNA2008 in libidn2 against UTS #46");
  if (pctlint::whatwg::idna_available()) CHECK(tally.matched >= 75);
}

TEST_CASE("the readings a differential rests on") {
  const auto host = [](const char* in) {
    const auto r = parse(in);
    return r.url ? r.url->host : "failure: " + r.failure;
  };
  CHECK(host("http://0x7f.1/") == "127.0.0.1");
  CHECK(host("http://2130706433/") == "127.0.0.1");
  CHECK(host("http://0177.0.0.1/") == "127.0.0.1");
  CHECK(host("http://ex%61mple.com/") == "example.com");
  CHECK(host("https://evil.example\\@good.example/") == "evil.example");
  CHECK(host("http://[::ffff:127.0.0.1]/") == "[::ffff:7f00:1]");
  CHECK(host("http://1.2.3.4.5/").starts_with("failure"));
  CHECK(parse("http://a/b/%2e%2e/admin").url->pathname() == "/admin");
  CHECK(parse("http://a/x\ty\n/z").url->pathname() == "/xy/z");
  CHECK(parse("mailto:a@b.c").url->pathname() == "a@b.c");
  CHECK(parse("HTTP://A.com:80/").url->href() == "http://a.com/");
  if (pctlint::whatwg::idna_available()) {
    CHECK(host("http://example\xE3\x80\x82"
               "com/") == "example.com"); // ideographic full stop
    CHECK(host("http://B\xC3\xBC"
               "cher.example/") == "xn--bcher-kva.example");
  }
}
