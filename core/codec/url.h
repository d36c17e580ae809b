// A lenient split of a URL reference (RFC 3986 §3, §4.1) into components as byte spans into the
// original text. Lenient: it never rejects, because a linter must report what is wrong (spaces,
// bad escapes, raw non-ASCII) rather than give up. Delimiters are found the way RFC 3986's
// Appendix B regex finds them; userinfo ends at the LAST '@' of the authority (as WHATWG parsers
// do).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace pctlint {

struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
  bool empty() const { return begin == end; }
  std::string_view in(std::string_view text) const { return text.substr(begin, end - begin); }
  friend bool operator==(const Span&, const Span&) = default;
};

enum class UrlComponent { Scheme, Userinfo, Host, Port, Path, Query, Fragment };
std::string_view name_of(UrlComponent c); // "scheme", "userinfo", ...

struct UrlParts {
  std::optional<Span> scheme;   // without ':'
  bool has_authority = false;   // "//" followed
  std::optional<Span> userinfo; // without '@'
  std::optional<Span> host;     // including '[' ']' of an IP literal
  std::optional<Span> port;     // without ':'
  Span path;                    // always present, may be empty
  std::optional<Span> query;    // without '?'
  std::optional<Span> fragment; // without '#'

  std::optional<Span> get(UrlComponent c) const;
  // The component whose span holds byte `offset` (a delimiter belongs to none).
  std::optional<UrlComponent> component_at(std::size_t offset) const;
};

UrlParts split_url(std::string_view url);
// Only the scheme and the authority (userinfo, host, port) of split_url(url); the path, query and
// fragment are left empty. For a quick look at the host before a URL is split.
UrlParts split_url_authority(std::string_view url);

} // namespace pctlint
