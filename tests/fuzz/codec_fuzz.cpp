// Strict and lenient decode, encode, UTF-8 validation and %uXXXX, with their invariants.
#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "core/codec/percent_u.h"
#include "core/codec/utf8.h"
#include "fuzz_util.h"

using namespace pctlint;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  const std::string_view in = as_text(data, size);

  // decode(encode(x)) == x, for every component set, and in form mode.
  for (auto c : {EncodeComponent::Component, EncodeComponent::Form, EncodeComponent::Segment,
                 EncodeComponent::Path, EncodeComponent::Query, EncodeComponent::Fragment}) {
    const bool form = c == EncodeComponent::Form;
    const std::string encoded = percent_encode(in, allowed_set(c), {.space_as_plus = form});
    const auto back = decode_strict(encoded, {.plus_as_space = form, .require_utf8 = false});
    FUZZ_CHECK(back.ok() && back.bytes == in, "decode(encode(x)) == x");
    for (char ch : encoded)
      FUZZ_CHECK(static_cast<unsigned char>(ch) < 0x80, "encoded output is ASCII");
  }

  // Strict decode succeeds exactly when there is no malformed escape and lenient decoding makes no
  // replacement that the input did not already hold.
  const auto strict = decode_strict(in);
  const bool malformed = !find_decode_errors(in, {.require_utf8 = false}).empty();
  const std::string raw = decode_lenient(in, {.require_utf8 = false});
  FUZZ_CHECK(strict.ok() == (!malformed && is_valid_utf8(raw)),
             "strict == (well-formed escapes && UTF-8)");
  FUZZ_CHECK(strict.ok() == find_decode_errors(in).empty(), "strict ok == no errors found");
  if (strict.ok()) {
    FUZZ_CHECK(strict.bytes == decode_lenient(in), "strict and lenient agree on good input");
  } else {
    FUZZ_CHECK(strict.error->offset < in.size(), "error offset inside the input");
    FUZZ_CHECK(strict.error->offset + strict.error->length <= in.size(),
               "error span inside the input");
  }
  FUZZ_CHECK(is_valid_utf8(decode_lenient(in)), "lenient output is always UTF-8");

  // UTF-8: the validator agrees with step-by-step decoding; replacement is well-formed.
  const Utf8Status st = validate_utf8(in);
  std::size_t i = 0;
  while (i < in.size()) {
    const Utf8Char c = decode_utf8_char(in, i);
    FUZZ_CHECK(c.length >= 1 && i + c.length <= in.size(), "decode step inside the input");
    if (!c.ok()) {
      FUZZ_CHECK(!st.ok() && st.offset == i && st.error == c.error,
                 "validator finds the first error");
      break;
    }
    i += c.length;
  }
  if (i == in.size()) FUZZ_CHECK(st.ok(), "validator accepts well-formed input");
  FUZZ_CHECK(is_valid_utf8(replace_invalid_utf8(in)), "replacement output is UTF-8");

  // %uXXXX conversion leaves no %u escape that it could convert.
  if (const auto converted = convert_percent_u(in))
    for (const PercentU& u : find_percent_u(*converted))
      FUZZ_CHECK(u.lone_surrogate, "no convertible %u left");
  return 0;
}
