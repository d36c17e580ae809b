#include "core/codec/canon.h"

#include "core/codec/charset.h"
#include "core/codec/percent.h"

namespace pctlint {

namespace {

const CharSet* allowed_in(UrlComponent c) {
  switch (c) {
  case UrlComponent::Userinfo:
    return &charsets::userinfo;
  case UrlComponent::Path:
    return &charsets::path;
  case UrlComponent::Query:
    return &charsets::query;
  case UrlComponent::Fragment:
    return &charsets::fragment;
  case UrlComponent::Scheme:
  case UrlComponent::Host:
  case UrlComponent::Port:
    return nullptr; // left as they are
  }
  return nullptr;
}

void append_canonical(std::string& out, std::string_view text, const CharSet& allowed,
                      bool decode_unreserved) {
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '%') {
      if (is_escape_at(text, i)) {
        const auto b =
            static_cast<unsigned char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
        // RFC 3986 §6.2.2.2: an escaped unreserved character is the character itself. Any other
        // escape stays an escape: decoding a reserved one could change how the URL splits.
        if (decode_unreserved && charsets::unreserved.contains(b))
          out.push_back(static_cast<char>(b));
        else
          append_escape(out, b);
        i += 3;
      } else {
        append_escape(out, '%'); // a lone '%' means a literal percent sign
        ++i;
      }
      continue;
    }
    if (allowed.contains(c))
      out.push_back(static_cast<char>(c));
    else
      append_escape(out, c);
    ++i;
  }
}

} // namespace

std::string canonicalize_component(std::string_view text, UrlComponent component) {
  const CharSet* allowed = allowed_in(component);
  if (!allowed) return std::string(text);
  std::string out;
  out.reserve(text.size() + 8);
  append_canonical(out, text, *allowed, true);
  return out;
}

std::string canonicalize(std::string_view url) {
  const UrlParts parts = split_url(url);
  std::string out;
  out.reserve(url.size() + 16);
  std::size_t copied = 0;
  constexpr UrlComponent order[] = {UrlComponent::Userinfo, UrlComponent::Path, UrlComponent::Query,
                                    UrlComponent::Fragment};
  for (UrlComponent c : order) {
    const auto span = parts.get(c);
    if (!span) continue;
    out.append(url.substr(copied, span->begin - copied));
    std::string_view text = span->in(url);
    if (c == UrlComponent::Path && !parts.scheme && !parts.has_authority) {
      // RFC 3986 §4.2: in a relative reference a ':' in the first segment would turn it into a
      // scheme if escapes before it were decoded ("%41:b" -> "A:b"); keep them escaped there.
      const std::string_view first = text.substr(0, text.find('/'));
      if (first.find(':') != std::string_view::npos) {
        append_canonical(out, first, charsets::path, false);
        text.remove_prefix(first.size());
      }
    }
    append_canonical(out, text, *allowed_in(c), true);
    copied = span->end;
  }
  out.append(url.substr(copied));
  return out;
}

} // namespace pctlint
