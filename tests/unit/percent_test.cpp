#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "core/codec/percent_u.h"

#include <doctest/doctest.h>
#include <random>

using namespace pctlint;

TEST_CASE("java.net.URLEncoder with UTF-8") {
  CHECK(percent_encode("The string \xC3\xBC@foo-bar", charsets::java_urlencoder,
                       {.space_as_plus = true}) == "The+string+%C3%BC%40foo-bar");
}

TEST_CASE("Ä is %C3%84, never %C4") {
  CHECK(percent_encode("\xC3\x84", charsets::unreserved) == "%C3%84");
  const auto r = decode_strict("%C4rzteblatt");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == DecodeErrorKind::IllFormedUtf8);
  CHECK(r.error->offset == 0);
  CHECK(r.error->length == 3);
  CHECK(r.error->utf8 == Utf8Error::BadContinuation);
  CHECK(describe(*r.error, "%C4rzteblatt") ==
        "ill-formed UTF-8 at byte 0: lead byte not followed by a continuation byte (%C4)");
}

TEST_CASE("%E8%B5%B7%E5%8F%B8%E5%A0%A1 decodes to 起司堡") {
  const auto r = decode_strict("%E8%B5%B7%E5%8F%B8%E5%A0%A1");
  REQUIRE(r.ok());
  CHECK(r.bytes == "\xE8\xB5\xB7\xE5\x8F\xB8\xE5\xA0\xA1");
  CHECK(r.bytes == "起司堡");
}

TEST_CASE("form decoding turns + into space before percent-decoding") {
  CHECK(decode_strict("a+b%2B", {.plus_as_space = true}).bytes == "a b+");
  CHECK(decode_strict("a+b%2B").bytes == "a+b+");
}

TEST_CASE("euro and pound escapes; hex in either case") {
  CHECK(percent_encode("\xE2\x82\xAC\xC2\xA3", charsets::unreserved) == "%E2%82%AC%C2%A3");
  CHECK(decode_strict("%e2%82%ac").bytes == "\xE2\x82\xAC");
}

TEST_CASE("strict decode names the malformed escape") {
  auto r = decode_strict("abc%zz");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->kind == DecodeErrorKind::MalformedEscape);
  CHECK(r.error->offset == 3);
  CHECK(r.bytes.empty());
  r = decode_strict("abc%4");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->offset == 3);
  CHECK(r.error->length == 2);
}

TEST_CASE("strict decode: overlong, surrogate and above-max escapes") {
  auto r = decode_strict("x%C0%AFy");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->utf8 == Utf8Error::Overlong);
  CHECK(r.error->offset == 1);
  CHECK(r.error->length == 3);
  r = decode_strict("%ED%A0%80");
  CHECK(r.error->utf8 == Utf8Error::Surrogate);
  r = decode_strict("%F4%90%80%80");
  CHECK(r.error->utf8 == Utf8Error::AboveMax);
  r = decode_strict("ab%E2%82");
  CHECK(r.error->utf8 == Utf8Error::Truncated);
  CHECK(r.error->offset == 2);
  CHECK(r.error->length == 6);
}

TEST_CASE("find_decode_errors reports every error once, in order") {
  const auto errors = find_decode_errors("%C4x%zz%80%E2%82%AC%ED%A0%80");
  REQUIRE(errors.size() == 6);
  CHECK(errors[0].offset == 0);
  CHECK(errors[1].kind == DecodeErrorKind::MalformedEscape);
  CHECK(errors[1].offset == 4);
  CHECK(errors[2].utf8 == Utf8Error::UnexpectedContinuation);
  CHECK(errors[2].offset == 7);
  // %ED%A0%80: three maximal subparts (ED, A0, 80)
  CHECK(errors[3].utf8 == Utf8Error::Surrogate);
  CHECK(errors[3].offset == 19);
  CHECK(errors[4].utf8 == Utf8Error::UnexpectedContinuation);
  CHECK(errors[5].offset == 25);
}

TEST_CASE("lenient decode keeps malformed escapes and replaces ill-formed bytes") {
  CHECK(decode_lenient("100%") == "100%");
  CHECK(decode_lenient("%zz%41") == "%zzA");
  CHECK(decode_lenient("%C4rzteblatt") == "\xEF\xBF\xBDrzteblatt");
  CHECK(decode_lenient("%C4", {.require_utf8 = false}) == "\xC4");
}

TEST_CASE("%uXXXX to UTF-8 escapes") {
  CHECK(convert_percent_u("%u00E4") == "%C3%A4");
  CHECK(convert_percent_u("a%uD83D%uDE00b") == "a%F0%9F%98%80b");
  CHECK(convert_percent_u("%u20ac") == "%E2%82%AC");
  PercentU bad;
  CHECK_FALSE(convert_percent_u("x%uD83Dy", &bad).has_value());
  CHECK(bad.offset == 1);
  CHECK(bad.lone_surrogate);
  CHECK(find_percent_u("%u12").empty());
}

namespace {

// Random text over all of Unicode (astral included), as UTF-8.
std::string random_text(std::mt19937& rng, std::size_t max_chars) {
  std::uniform_int_distribution<std::size_t> len(0, max_chars);
  std::uniform_int_distribution<int> plane(0, 9);
  std::string s;
  const std::size_t n = len(rng);
  for (std::size_t i = 0; i < n; ++i) {
    char32_t cp;
    const int p = plane(rng);
    if (p < 4)
      cp = std::uniform_int_distribution<char32_t>(0, 0x7F)(rng);
    else if (p < 7)
      cp = std::uniform_int_distribution<char32_t>(0x80, 0xFFFF)(rng);
    else
      cp = std::uniform_int_distribution<char32_t>(0x10000, 0x10FFFF)(rng);
    if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xE000;
    append_utf8(s, cp);
  }
  return s;
}

} // namespace

TEST_CASE("property: decode(encode(s)) == s for every component set") {
  std::mt19937 rng(12345);
  const CharSet* sets[] = {&charsets::unreserved,
                           &charsets::segment,
                           &charsets::path,
                           &charsets::query_param,
                           &charsets::fragment,
                           &charsets::userinfo,
                           &charsets::whatwg::c0_control,
                           &charsets::whatwg::path,
                           &charsets::whatwg::component,
                           &charsets::whatwg::form_urlencoded};
  for (int iter = 0; iter < 2000; ++iter) {
    const std::string s = random_text(rng, 24);
    for (const CharSet* set : sets) {
      // A set that leaves '%' literal cannot round-trip text holding "%XX"; the WHATWG C0 set does.
      if (set->contains('%') && s.find('%') != std::string::npos) continue;
      const auto r = decode_strict(percent_encode(s, *set));
      REQUIRE(r.ok());
      REQUIRE(r.bytes == s);
    }
    const auto form =
        decode_strict(percent_encode(s, charsets::java_urlencoder, {.space_as_plus = true}),
                      {.plus_as_space = true});
    REQUIRE(form.bytes == s);
  }
}

TEST_CASE("property: strict accepts exactly what lenient decodes without U+FFFD") {
  std::mt19937 rng(777);
  const char alphabet[] = {'%', 'a', 'C', '4', '8', '0', 'F', 'E', '2', 'A', 'B', '9', 'z'};
  std::uniform_int_distribution<std::size_t> pick(0, sizeof alphabet - 1);
  for (int iter = 0; iter < 20000; ++iter) {
    std::string s;
    const std::size_t n = iter % 12;
    for (std::size_t i = 0; i < n; ++i)
      s.push_back(alphabet[pick(rng)]);
    const bool strict_ok = decode_strict(s).ok();
    const bool malformed = !find_decode_errors(s, {.require_utf8 = false}).empty();
    const bool replaced = decode_lenient(s).find("\xEF\xBF\xBD") != std::string::npos;
    CAPTURE(s);
    REQUIRE(strict_ok == (!malformed && !replaced));
    REQUIRE(strict_ok == find_decode_errors(s).empty());
  }
}
