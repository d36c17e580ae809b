// The URL Standard's parser (https://url.spec.whatwg.org/#concept-basic-url-parser), the reading
// of a URL by every browser, Node.js, Deno and Bun, beside url.h's RFC 3986 split (curl, Python's
// urllib.parse, java.net.URI, Go's net/url). What PCT013 compares, and what `pctlint explain`
// shows.
//
// The whole state machine for UTF-8 input: special and non-special schemes, relative references
// against a base, userinfo, the host parser (IPv4 in every number form, IPv6 with an embedded
// IPv4, opaque hosts, percent-decoded domains, domain to ASCII per UTS #46 through libidn2 where
// the build has it), ports, paths with their dot segments (%2e included) and Windows drive
// letters, opaque paths, query and fragment percent-encode sets, and the serializer. Encodings
// other than UTF-8 for the query (a form's legacy encoding) are out of scope: a literal in a
// source file has no document encoding.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint::whatwg {

enum class HostKind { None, Domain, Ipv4, Ipv6, Opaque, Empty };

struct Url {
  std::string scheme; // lower case, without ':'
  std::string username, password;
  HostKind host_kind = HostKind::None;
  std::string host;                  // serialized: "example.com", "127.0.0.1", "[::1]"; "" if none
  std::optional<std::uint16_t> port; // nullopt when absent or the scheme's default
  bool opaque_path = false;          // "mailto:x": the path is one string
  std::vector<std::string> path;     // segments; one item holding the opaque path
  std::optional<std::string> query, fragment;

  bool special() const;
  std::string href() const;          // the serialization
  std::string pathname() const;      // as URL.pathname
  std::string search() const;        // "?q" or ""
  std::string hash() const;          // "#f" or ""
  std::string host_and_port() const; // as URL.host
};

struct ParseResult {
  std::optional<Url> url;
  std::string failure; // why, when url is nullopt ("invalid IPv4 address", ...)
  // The failure is libidn2's (IDNA2008), which refuses some hosts UTS #46 maps (symbols such as
  // U+2665, hyphens beside non-ASCII, U+1E9E): a browser's reading is then unknown, not a failure.
  bool idna_failure = false;
};

extern const char* const kIdnaFailure; // how such a failure's text begins

// Parses `input` (UTF-8; invalid sequences read as U+FFFD) against `base`, if given.
ParseResult parse(std::string_view input, const Url* base = nullptr);

// "domain to ASCII" with beStrict false: nullopt and `why` on failure. ASCII domains without an
// "xn--" label are lower-cased here; others need IDNA, done with libidn2 (UTS #46, nontransitional)
// where the build has it (idna_available()), and fail with that reason where it does not.
std::optional<std::string> domain_to_ascii(std::string_view domain, std::string& why);
bool idna_available();

// The IPv4 number forms a browser accepts ("0x7f.1", "2130706433", "0177.0.0.1"): the address,
// or nullopt if `host` is not an IPv4 address to the URL Standard (or not a valid one).
std::optional<std::uint32_t> parse_ipv4(std::string_view host, std::string& why);

} // namespace pctlint::whatwg
