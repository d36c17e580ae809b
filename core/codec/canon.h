// The canonical form of a URL, per component: uppercase hex digits; escapes of unreserved
// characters decoded (RFC 3986 §6.2.2.2); what the component does not allow literally
// percent-encoded as UTF-8 (a '%' that starts no escape becomes %25); reserved characters kept
// exactly as they are, encoded or literal, since that difference can change meaning (§2.2); the
// host left as it is. canonicalize(canonicalize(x)) == canonicalize(x), and the lenient decoding of
// every component is unchanged.
#pragma once

#include "core/codec/url.h"

#include <string>
#include <string_view>

namespace pctlint {

std::string canonicalize(std::string_view url);

// One component's text in canonical form (the building block of canonicalize()).
std::string canonicalize_component(std::string_view text, UrlComponent component);

} // namespace pctlint
