// An independent check of the RFC 3986 reading (core/codec/url.h's split_url) against Debian's
// liburiparser, a strict RFC 3986 parser: on every input it accepts (the URL Standard's test inputs
// and the hard cases below), the two must give the same scheme, userinfo, host, port, path, query
// and fragment, present or absent alike. Test-only: built where liburiparser-dev is installed.
#include "core/codec/url.h"

#include <doctest/doctest.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#if PCTLINT_URIPARSER
#include <uriparser/Uri.h>

using namespace pctlint;

namespace {

std::optional<std::string> text_of(const UriTextRangeA& r) {
  if (!r.first) return std::nullopt;
  return std::string(r.first, r.afterLast);
}

struct Reading {
  std::optional<std::string> scheme, userinfo, host, port, query, fragment;
  std::string path;
  bool operator==(const Reading&) const = default;
};

std::string describe(const Reading& r) {
  const auto o = [](const std::optional<std::string>& s) { return s ? "'" + *s + "'" : "-"; };
  return "scheme " + o(r.scheme) + " userinfo " + o(r.userinfo) + " host " + o(r.host) + " port " +
         o(r.port) + " path '" + r.path + "' query " + o(r.query) + " fragment " + o(r.fragment);
}

std::optional<Reading> uriparser_reading(const std::string& s) {
  UriUriA uri;
  const char* error = nullptr;
  if (uriParseSingleUriExA(&uri, s.data(), s.data() + s.size(), &error) != URI_SUCCESS)
    return std::nullopt;
  Reading r;
  r.scheme = text_of(uri.scheme);
  r.userinfo = text_of(uri.userInfo);
  r.host = text_of(uri.hostText);
  if (r.host && uri.hostData.ip6) r.host = "[" + *r.host + "]";
  if (r.host && uri.hostData.ipFuture.first) r.host = "[" + *r.host + "]";
  r.port = text_of(uri.portText);
  r.query = text_of(uri.query);
  r.fragment = text_of(uri.fragment);
  if (uri.absolutePath || (r.host && uri.pathHead)) r.path = "/";
  for (const UriPathSegmentA* seg = uri.pathHead; seg; seg = seg->next) {
    r.path += std::string(seg->text.first, seg->text.afterLast);
    if (seg->next) r.path += "/";
  }
  uriFreeUriMembersA(&uri);
  return r;
}

Reading our_reading(const std::string& s) {
  const UrlParts p = split_url(s);
  const auto part = [&](const std::optional<Span>& span) -> std::optional<std::string> {
    if (!span) return std::nullopt;
    return std::string(span->in(s));
  };
  Reading r{part(p.scheme),   part(p.userinfo),         part(p.host), part(p.port), part(p.query),
            part(p.fragment), std::string(p.path.in(s))};
  // uriparser reports "host" for "//" with an empty authority as an empty host, as we do.
  if (p.has_authority && !r.host) r.host = "";
  return r;
}

std::vector<std::string> inputs() {
  std::vector<std::string> out = {
      "http://user:pass@example.com:8080/a/b?c=d#e",
      "https://[::1]:443/x",
      "ftp://a/",
      "mailto:someone@example.com",
      "urn:isbn:0451450523",
      "http://a/%2e%2e/b",
      "http://a?b#c?d",
      "http://a/b;c=d/e",
      "file:///etc/hosts",
      "http://0x7f.1/",
      "http://ex%61mple.com/",
      "s://u@h:0/p?q#f",
  };
  std::ifstream in(std::string(PCTLINT_SOURCE_DIR) + "/../shared/wpt/urltestdata.json");
  if (!in) return out;
  std::stringstream ss;
  ss << in.rdbuf();
  // Lone surrogates cannot be JSON-parsed; inputs holding one are left out (uriparser refuses
  // non-ASCII anyway).
  std::string text = ss.str();
  for (std::size_t i = 0; (i = text.find("\\ud", i)) != std::string::npos;)
    text.replace(i, 6, "?");
  for (std::size_t i = 0; (i = text.find("\\uD", i)) != std::string::npos;)
    text.replace(i, 6, "?");
  for (const auto& c : nlohmann::json::parse(text))
    if (c.is_object()) out.push_back(c["input"]);
  return out;
}

} // namespace

TEST_CASE("RFC 3986 reading: split_url agrees with liburiparser on every URI it accepts") {
  int accepted = 0, refused = 0;
  std::vector<std::string> differ;
  for (const std::string& s : inputs()) {
    const auto theirs = uriparser_reading(s);
    if (!theirs) {
      ++refused;
      continue;
    }
    ++accepted;
    const Reading ours = our_reading(s);
    if (!(ours == *theirs))
      differ.push_back(s + "\n    ours:      " + describe(ours) +
                       "\n    uriparser: " + describe(*theirs));
  }
  MESSAGE("liburiparser: " << accepted << " inputs accepted and compared, " << refused
                           << " refused (not RFC 3986), " << differ.size() << " differ");
  for (const auto& d : differ)
    MESSAGE("differs: " << d);
  CHECK(accepted >= 300);
  CHECK(differ.empty());
}

#else
TEST_CASE("RFC 3986 reading against liburiparser" * doctest::skip()) {}
#endif
