#include "rules/engine.h"

#include <algorithm>
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

// Lines end at '\n' or '\r', as the finder's do.
std::size_t line_end(std::string_view text, std::size_t from) {
  std::size_t end = from;
  while (end < text.size() && text[end] != '\n' && text[end] != '\r')
    ++end;
  return end;
}

std::size_t common_prefix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
  // Big blocks by memcmp, then the differing block byte by byte.
  constexpr std::size_t kBlock = 4096;
  while (i + kBlock <= n && std::memcmp(a.data() + i, b.data() + i, kBlock) == 0)
    i += kBlock;
  while (i < n && a[i] == b[i])
    ++i;
  return i;
}

std::size_t common_suffix(std::string_view a, std::string_view b, std::size_t limit) {
  std::size_t i = 0;
  constexpr std::size_t kBlock = 4096;
  while (i + kBlock <= limit && std::memcmp(a.data() + a.size() - i - kBlock,
                                            b.data() + b.size() - i - kBlock, kBlock) == 0)
    i += kBlock;
  while (i < limit && a[a.size() - 1 - i] == b[b.size() - 1 - i])
    ++i;
  return i;
}

} // namespace

LintResult LintCache::lint(std::string_view source, Language lang, const Config& config,
                           bool urls) {
  if (lang != language_) {
    clear();
    language_ = lang;
  }
  // The edit, as the common prefix and suffix of the old and new text: old [prefix, old_tail)
  // became new [prefix, new_tail). Lines wholly before it (terminator included) and wholly after
  // it (with the terminator before them) keep their findings; the lines it touches are re-linted.
  const std::size_t prefix = common_prefix(text_, source);
  const std::size_t suffix =
      common_suffix(text_, source, std::min(text_.size(), source.size()) - prefix);
  const std::size_t old_tail = text_.size() - suffix;
  const std::size_t new_tail = source.size() - suffix;
  const std::ptrdiff_t delta =
      static_cast<std::ptrdiff_t>(source.size()) - static_cast<std::ptrdiff_t>(text_.size());
  std::size_t head = 0; // lines_[0, head) are kept as they are
  while (head < lines_.size() && lines_[head].end < prefix)
    ++head;
  std::size_t tail = lines_.size(); // lines_[tail, size) are kept, shifted by delta
  while (tail > head && lines_[tail - 1].start > old_tail)
    --tail;

  // Re-lint the new text's lines from the one holding `prefix` to the one holding `new_tail`.
  std::size_t from = 0;
  for (const char terminator : {'\n', '\r'})
    if (const void* t = memrchr(source.data() + from, terminator, prefix - from))
      from = static_cast<std::size_t>(static_cast<const char*>(t) - source.data()) + 1;
  const std::size_t to = line_end(source, new_tail);
  std::vector<Line> middle;
  for (std::size_t start = from;;) {
    const std::size_t end = line_end(source, start);
    const std::string_view text = source.substr(start, end - start);
    // Only lines holding a ':' can hold a URL; only they are remembered.
    if (std::memchr(text.data(), ':', text.size()))
      middle.push_back({start, end, lint_unsuppressed(text, lang, config)});
    if (end >= to) break;
    start = end + 1;
  }
  for (std::size_t k = tail; k < lines_.size(); ++k) {
    lines_[k].start =
        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(lines_[k].start) + delta);
    lines_[k].end = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(lines_[k].end) + delta);
  }
  lines_.erase(lines_.begin() + static_cast<std::ptrdiff_t>(head),
               lines_.begin() + static_cast<std::ptrdiff_t>(tail));
  lines_.insert(lines_.begin() + static_cast<std::ptrdiff_t>(head),
                std::make_move_iterator(middle.begin()), std::make_move_iterator(middle.end()));
  text_.assign(source);

  LintResult result;
  for (const Line& line : lines_)
    if (!line.result.diagnostics.empty() || (urls && !line.result.urls.empty()))
      shift_into(result, line.result, line.start, urls);
  drop_suppressed(source, lang, result);
  return result;
}

} // namespace pctlint
