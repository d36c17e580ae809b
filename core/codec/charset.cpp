// The tables are constexpr; these checks pin them to the standards' text at compile time.
#include "core/codec/charset.h"

namespace pctlint::charsets {

static_assert(unreserved.contains('~') && !unreserved.contains('%') && !unreserved.contains('*'));
static_assert(reserved == CharSet(":/?#[]@!$&'()*+,;="));
static_assert(pchar.contains(':') && pchar.contains('@') && !pchar.contains('/'));
static_assert(query.contains('/') && query.contains('?') && !query.contains('#'));
static_assert(!excluded_ascii.contains('%') && excluded_ascii.contains('|') &&
              excluded_ascii.contains(' ') && excluded_ascii.contains('\x7f'));
static_assert(java_urlencoder == CharSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                         "0123456789.-*_"));
// WHATWG: the application/x-www-form-urlencoded set leaves exactly alphanumerics and *-._
static_assert(whatwg::form_urlencoded == java_urlencoder);
static_assert(whatwg::path.contains('[') && !whatwg::path.contains('{') &&
              !whatwg::path.contains('?'));
static_assert(!whatwg::special_query.contains('\'') && whatwg::query.contains('\''));
static_assert(!whatwg::c0_control.contains('\x80') && whatwg::c0_control.contains(' '));
static_assert(query_param.contains('/') && !query_param.contains('&') &&
              !query_param.contains('=') && !query_param.contains('+'));

} // namespace pctlint::charsets
