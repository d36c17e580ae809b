// The command line of `pctlint --check`: arguments split at NUL bytes. Parsing answers with
// options, help or a one-line error (never an exception, never a crash).
#include "fuzz_util.h"
#include "server/check/options.h"

using namespace pctlint;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  Args args;
  std::size_t i = 0;
  while (i <= text.size() && args.size() < 64) {
    const std::size_t z = text.find('\0', i);
    args.emplace_back(text.substr(i, z == std::string_view::npos ? std::string_view::npos : z - i));
    if (z == std::string_view::npos) break;
    i = z + 1;
  }
  const check::ParseResult r = check::parse_options(args);
  if (r.error) {
    FUZZ_CHECK(!r.error->empty(), "an error says something");
    FUZZ_CHECK(r.error->find('\n') == std::string::npos, "an error is one line");
  } else if (!r.help) {
    FUZZ_CHECK(!r.options.paths.empty() || r.options.stdin_filename, "something to check");
    FUZZ_CHECK(r.options.shard_count >= 1 && r.options.shard_index < r.options.shard_count,
               "a shard within its count");
  }
  return 0;
}
