// Configuration text (.pctlint.json, comments allowed) and path patterns: whatever the input,
// parsing answers with a configuration or errors of ours (never an exception, never a crash), and
// the patterns it compiles match any path without crashing. The first line of the input is also
// read as a list of patterns (split at '|') and the rest as paths to match.
#include "fuzz_util.h"
#include "rules/config.h"
#include "rules/glob.h"
#include "rules/json_text.h"

#include <string>
#include <vector>

using namespace pctlint;

namespace {

std::vector<std::string> split(std::string_view s, char by) {
  std::vector<std::string> out;
  std::size_t i = 0;
  for (;;) {
    const std::size_t at = s.find(by, i);
    out.emplace_back(s.substr(i, at == std::string_view::npos ? std::string_view::npos : at - i));
    if (at == std::string_view::npos) break;
    i = at + 1;
  }
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  const std::string_view text = as_text(data, size);
  const ConfigResult r = parse_config_text(text);
  for (const ConfigError& e : r.errors)
    FUZZ_CHECK(!e.message.empty(), "every error says something");
  FUZZ_CHECK(r.ok() || !r.describe(".pctlint.json").empty(), "errors are described");
  json_lines(text); // must not crash on any text

  const std::size_t nl = text.find('\n');
  const std::vector<std::string> patterns =
      split(text.substr(0, nl == std::string_view::npos ? text.size() : nl), '|');
  std::vector<std::string> errors;
  const GlobList list = GlobList::compile(patterns, errors);
  if (nl != std::string_view::npos)
    for (const std::string& path : split(text.substr(nl + 1), '\n')) {
      list.matches(path);
      r.config.selects(path);
      std::optional<Config> storage;
      r.config.for_path(path, storage);
    }
  // A plain name matches itself at any depth.
  std::string error;
  if (const auto g = Glob::compile("plain-name", error))
    FUZZ_CHECK(g->matches("a/plain-name") && g->matches("plain-name/x"), "a name matches itself");
  return 0;
}
