// The language server's drafts: LSP edits applied, and where the text changed since its lint
// cache last read it, accumulated over many edits (what incremental finding starts from).
#include "rules/engine.h"
#include "server/lsp/draft_store.h"

#include <doctest/doctest.h>
#include <random>

using namespace pctlint;
using namespace pctlint::lsp;

namespace {

// The LSP position (UTF-16) of byte `offset` of an ASCII text.
Position position_in(std::string_view text, std::size_t offset) {
  Position p;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') {
      ++p.line;
      p.character = 0;
    } else {
      ++p.character;
    }
  return p;
}

} // namespace

TEST_CASE("drafts: the change since the last take covers every edit, and the lint follows it") {
  std::mt19937 rng(3);
  const char* pieces[] = {"x", "\n", "/*", "*/", "'https://e.example/%c3%a9'", "\"", "// c\n", ""};
  std::string text;
  for (int i = 0; i < 400; ++i)
    text += "f('https://x.example/caf%c3%a9-" + std::to_string(i) + "');\n";
  DraftStore drafts;
  const std::string uri = "file:///a.js";
  drafts.open(uri, {text, 1, Language::JavaScript, std::nullopt});
  LintCache cache;
  const Config config;
  CHECK_FALSE(drafts.take_change(uri)); // opened: read it all
  cache.lint(drafts.get(uri)->text, Language::JavaScript, config);
  std::string read = drafts.get(uri)->text; // what the cache last read
  for (int step = 0; step < 300; ++step) {
    CAPTURE(step);
    // One to six edits before each lint (the store applies a didChange's edits one by one).
    for (int n = 1 + static_cast<int>(rng() % 6); n > 0; --n) {
      const std::string& now = drafts.get(uri)->text;
      std::uniform_int_distribution<std::size_t> at(0, now.size());
      const std::size_t b = at(rng), e = std::min(now.size(), b + rng() % 30);
      ContentChange c;
      c.range = Range{position_in(now, b), position_in(now, e)};
      c.text = pieces[rng() % std::size(pieces)];
      REQUIRE(drafts.change(uri, step + 2, {c}, OffsetEncoding::Utf16));
    }
    const std::string& now = drafts.get(uri)->text;
    const std::optional<TextChange> change = drafts.take_change(uri);
    REQUIRE(change);
    // Outside the change the two texts agree.
    REQUIRE(change->begin <= change->old_end);
    REQUIRE(change->begin <= change->new_end);
    REQUIRE(read.compare(0, change->begin, now, 0, change->begin) == 0);
    REQUIRE(read.size() - change->old_end == now.size() - change->new_end);
    REQUIRE(read.compare(change->old_end, std::string::npos, now, change->new_end) == 0);
    const LintResult r = cache.lint(now, Language::JavaScript, config, true, change);
    const LintResult full = lint(now, Language::JavaScript, config);
    REQUIRE(r.diagnostics.size() == full.diagnostics.size());
    for (std::size_t i = 0; i < r.diagnostics.size(); ++i)
      REQUIRE(r.diagnostics[i].begin == full.diagnostics[i].begin);
    read = now;
  }
  // Nothing changed since: an empty change at the end.
  const TextChange none = *drafts.take_change(uri);
  CHECK(none.begin == read.size());
  CHECK(none.old_end == read.size());
  // One edit alone is exactly that edit (not the stretch from it to an empty change at the end).
  ContentChange c;
  c.range = Range{position_in(read, 10), position_in(read, 14)};
  c.text = "abcdef";
  REQUIRE(drafts.change(uri, 1000, {c}, OffsetEncoding::Utf16));
  const TextChange one = *drafts.take_change(uri);
  CHECK(one.begin == 10);
  CHECK(one.old_end == 14);
  CHECK(one.new_end == 16);
}
