#include "rules/engine.h"

#include <cstring>

namespace pctlint {

namespace {

// Moves a line's findings from line-relative to document offsets.
void shift_into(LintResult& out, const LintResult& line, std::size_t by, bool urls) {
  if (urls) {
    for (FoundUrl u : line.urls) {
      u.source_begin += by;
      u.source_end += by;
      for (std::size_t& o : u.source_offsets)
        o += by;
      out.urls.push_back(std::move(u));
    }
  }
  for (Diagnostic d : line.diagnostics) {
    d.begin += by, d.end += by, d.url_begin += by, d.url_end += by;
    if (d.fix)
      for (Edit& e : d.fix->edits)
        e.begin += by, e.end += by;
    out.diagnostics.push_back(std::move(d));
  }
}

} // namespace

LintResult LintCache::lint(std::string_view source, Language lang, const Config& config,
                           bool urls) {
  if (lang != language_) {
    lines_.clear();
    language_ = lang;
  }
  LintResult result;
  decltype(lines_) used;
  // Lines end at '\n' or '\r', as the finder's do; only lines holding a ':' can hold a URL.
  std::size_t start = 0;
  while (start < source.size()) {
    std::size_t end = start;
    while (end < source.size() && source[end] != '\n' && source[end] != '\r')
      ++end;
    const std::string_view line = source.substr(start, end - start);
    if (std::memchr(line.data(), ':', line.size())) {
      auto it = used.find(line);
      if (it == used.end()) {
        if (auto cached = lines_.find(line); cached != lines_.end())
          it = used.emplace(cached->first, std::move(cached->second)).first;
        else
          it = used.emplace(std::string(line), lint_unsuppressed(line, lang, config)).first;
      }
      shift_into(result, it->second, start, urls);
    }
    start = end + 1;
  }
  lines_ = std::move(used); // keep only what this text still holds
  drop_suppressed(source, lang, result);
  return result;
}

} // namespace pctlint
