#include "core/codec/url.h"

#include "core/codec/charset.h"

namespace pctlint {

std::string_view name_of(UrlComponent c) {
  switch (c) {
  case UrlComponent::Scheme:
    return "scheme";
  case UrlComponent::Userinfo:
    return "userinfo";
  case UrlComponent::Host:
    return "host";
  case UrlComponent::Port:
    return "port";
  case UrlComponent::Path:
    return "path";
  case UrlComponent::Query:
    return "query";
  case UrlComponent::Fragment:
    return "fragment";
  }
  return "?";
}

std::optional<Span> UrlParts::get(UrlComponent c) const {
  switch (c) {
  case UrlComponent::Scheme:
    return scheme;
  case UrlComponent::Userinfo:
    return userinfo;
  case UrlComponent::Host:
    return host;
  case UrlComponent::Port:
    return port;
  case UrlComponent::Path:
    return path;
  case UrlComponent::Query:
    return query;
  case UrlComponent::Fragment:
    return fragment;
  }
  return std::nullopt;
}

std::optional<UrlComponent> UrlParts::component_at(std::size_t offset) const {
  constexpr UrlComponent order[] = {
      UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host,    UrlComponent::Port,
      UrlComponent::Path,   UrlComponent::Query,    UrlComponent::Fragment};
  for (UrlComponent c : order) {
    const auto span = get(c);
    if (span && offset >= span->begin && offset < span->end) return c;
  }
  return std::nullopt;
}

namespace {

// std::string_view::find_first_of calls memchr once per byte of the URL; a table does not.
std::size_t find_any(std::string_view s, std::size_t from, const CharSet& set) {
  for (std::size_t i = from; i < s.size(); ++i)
    if (set.contains(s[i])) return i;
  return std::string_view::npos;
}

constexpr CharSet kSchemeEnd(":/?#");
constexpr CharSet kAuthorityEnd("/?#");
constexpr CharSet kPathEnd("?#");

} // namespace

// RFC 3986 Appendix B: ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
// with the scheme held to its ABNF (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), so that a
// relative reference like "a b:c" or "./x:y" is not taken for a scheme.
namespace {

// The scheme and authority into `parts`; returns where the path begins.
std::size_t split_head(std::string_view url, UrlParts& parts) {
  const std::size_t n = url.size();
  std::size_t i = 0;

  const std::size_t colon = find_any(url, 0, kSchemeEnd);
  if (colon != std::string_view::npos && colon > 0 && url[colon] == ':' &&
      charsets::alpha.contains(url[0])) {
    bool ok = true;
    for (std::size_t k = 1; k < colon && ok; ++k)
      ok = charsets::scheme.contains(url[k]);
    if (ok) {
      parts.scheme = Span{0, colon};
      i = colon + 1;
    }
  }

  if (i + 1 < n && url[i] == '/' && url[i + 1] == '/') {
    parts.has_authority = true;
    const std::size_t a_begin = i + 2;
    std::size_t a_end = find_any(url, a_begin, kAuthorityEnd);
    if (a_end == std::string_view::npos) a_end = n;
    std::size_t host_begin = a_begin;
    // The LAST '@' ends the userinfo: "user@name@host" has userinfo "user@name".
    const std::size_t at = url.substr(a_begin, a_end - a_begin).rfind('@');
    if (at != std::string_view::npos) {
      parts.userinfo = Span{a_begin, a_begin + at};
      host_begin = a_begin + at + 1;
    }
    std::size_t host_end = a_end;
    if (host_begin < a_end && url[host_begin] == '[') {
      const std::size_t close = url.find(']', host_begin);
      if (close != std::string_view::npos && close < a_end) host_end = close + 1;
    } else {
      const std::size_t c = url.substr(host_begin, a_end - host_begin).rfind(':');
      if (c != std::string_view::npos) host_end = host_begin + c;
    }
    if (host_end < a_end && url[host_end] == ':')
      parts.port = Span{host_end + 1, a_end};
    else
      host_end = a_end; // e.g. "[::1]junk": keep every byte in some component
    parts.host = Span{host_begin, host_end};
    i = a_end;
  }
  return i;
}

} // namespace

UrlParts split_url_authority(std::string_view url) {
  UrlParts parts;
  const std::size_t path_begin = split_head(url, parts);
  parts.path = Span{path_begin, path_begin};
  return parts;
}

UrlParts split_url(std::string_view url) {
  UrlParts parts;
  const std::size_t n = url.size();
  std::size_t i = split_head(url, parts);
  std::size_t path_end = find_any(url, i, kPathEnd);
  if (path_end == std::string_view::npos) path_end = n;
  parts.path = Span{i, path_end};
  i = path_end;
  if (i < n && url[i] == '?') {
    std::size_t q_end = url.find('#', i + 1);
    if (q_end == std::string_view::npos) q_end = n;
    parts.query = Span{i + 1, q_end};
    i = q_end;
  }
  if (i < n && url[i] == '#') parts.fragment = Span{i + 1, n};
  return parts;
}

} // namespace pctlint
