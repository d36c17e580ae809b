// URL splitting and the canonical form: spans inside the text, ordered; canon idempotent and
// meaning-preserving per component.
#include "core/codec/canon.h"
#include "core/codec/percent.h"
#include "core/codec/url.h"
#include "fuzz_util.h"

using namespace pctlint;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  const std::string_view url = as_text(data, size);
  const UrlParts parts = split_url(url);
  std::size_t last_end = 0;
  for (auto c :
       {UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Port,
        UrlComponent::Path, UrlComponent::Query, UrlComponent::Fragment}) {
    const auto span = parts.get(c);
    if (!span) continue;
    FUZZ_CHECK(span->begin <= span->end && span->end <= url.size(), "span inside the URL");
    FUZZ_CHECK(span->begin >= last_end, "components in order, not overlapping");
    last_end = span->end;
  }
  const std::string canon = canonicalize(url);
  FUZZ_CHECK(canonicalize(canon) == canon, "canon is idempotent");
  const UrlParts after = split_url(canon);
  for (auto c :
       {UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Port,
        UrlComponent::Path, UrlComponent::Query, UrlComponent::Fragment}) {
    const auto a = parts.get(c), b = after.get(c);
    FUZZ_CHECK(a.has_value() == b.has_value(), "canon keeps the components");
    if (a)
      FUZZ_CHECK(decode_lenient(a->in(url), {.require_utf8 = false}) ==
                     decode_lenient(b->in(canon), {.require_utf8 = false}),
                 "canon keeps each component's decoding");
  }
  return 0;
}
