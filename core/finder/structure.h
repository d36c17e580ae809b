// A file's lexical structure as its lexer reads it (core/finder/lexer.h): the runs of code,
// comment, prose and literal, and each literal's value by its language's escape rules. What a fix
// must leave unchanged: rules/fix_check.h compares the structure before and after one.
#pragma once

#include "core/finder/language.h"
#include "core/finder/lexer.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct LexicalRun {
  std::size_t begin = 0; // [begin, end) in the source
  std::size_t end = 0;
  Region region = Region::Prose;
  Language language = Language::PlainText;
  Literal literal; // with Region::Literal: the literal as the lexer opened it
};

// The file's runs, in order, covering it whole; a new run begins where the region, the embedded
// language or the literal changes.
std::vector<LexicalRun> lexical_runs(std::string_view source, Language lang);

// A literal's value: its content decoded by its language's escape rules (\345 and \u00e5 are
// U+00E5 where the language says so; "" is " where quotes double), with each format hole
// ({expr} in an f-string) kept as its source text between two U+0001 bytes, and {{ }} decoded to
// braces. offsets[i] is the source offset of what produced text[i].
struct LiteralValue {
  std::string text;
  std::vector<std::size_t> offsets;
  std::vector<std::size_t> lossy; // source offsets of escapes with no UTF-8 form ("\ud800")
  bool valid = true;              // false: a lone '}' in a format string
};
LiteralValue literal_value(std::string_view source, const LexicalRun& run);

} // namespace pctlint
