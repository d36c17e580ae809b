#include "core/finder/structure.h"

#include "core/finder/escapes.h"
#include "core/finder/templates.h"

#include <algorithm>
#include <memory>

namespace pctlint {

namespace {

bool same_run(const Where& a, const LexicalRun& run) {
  if (a.region != run.region || a.language != run.language) return false;
  return a.region != Region::Literal || (a.literal && a.literal->open == run.literal.open &&
                                         a.literal->content_begin == run.literal.content_begin);
}

// Where a literal's content ends: before its closing delimiter when the run ends with it.
std::size_t content_end(std::string_view source, const LexicalRun& run) {
  const std::string_view close = run.literal.close;
  const std::size_t begin = std::max(run.begin, run.literal.content_begin);
  if (!close.empty() && run.end >= begin + close.size() &&
      source.substr(run.end - close.size(), close.size()) == close)
    return run.end - close.size();
  return std::max(begin, run.end);
}

// Splits a format string's content into pieces: {{ and }} decode to one brace, {...} is a hole
// kept as written. `valid` turns false on a '}' that neither closes a hole nor doubles.
void format_pieces(std::string_view source, std::size_t begin, std::size_t end, LiteralValue& v,
                   const LexicalRun& run, const LanguageSpec& spec) {
  std::size_t plain = begin;
  auto flush = [&](std::size_t upto) {
    if (upto <= plain) return;
    const DecodedText d = decode_literal(source, plain, upto, run.literal, spec);
    v.text += d.text;
    v.offsets.insert(v.offsets.end(), d.offsets.begin(), d.offsets.end() - 1);
    v.lossy.insert(v.lossy.end(), d.lossy.begin(), d.lossy.end());
  };
  for (std::size_t i = begin; i < end;) {
    const char c = source[i];
    if (c == '\\' && run.literal.escapes != EscapeStyle::None) {
      i += 2;
      continue;
    }
    if (c != '{' && c != '}') {
      ++i;
      continue;
    }
    flush(i);
    if (i + 1 < end && source[i + 1] == c) { // {{ or }}
      v.text.push_back(c);
      v.offsets.push_back(i);
      plain = i += 2;
      continue;
    }
    if (c == '}') { // a lone '}': not a valid format string
      v.valid = false;
      v.text.push_back(c);
      v.offsets.push_back(i);
      plain = ++i;
      continue;
    }
    int depth = 0;
    std::size_t k = i;
    for (; k < end; ++k) {
      if (source[k] == '{') ++depth;
      if (source[k] == '}' && --depth == 0) break;
    }
    if (k >= end) { // an unclosed hole
      v.valid = false;
      k = end - 1;
    }
    v.text.push_back('\x01');
    v.offsets.push_back(i);
    for (std::size_t j = i; j <= k; ++j) {
      v.text.push_back(source[j]);
      v.offsets.push_back(j);
    }
    v.text.push_back('\x01');
    v.offsets.push_back(k);
    plain = i = k + 1;
  }
  flush(end);
}

} // namespace

std::vector<LexicalRun> lexical_runs(std::string_view source, Language lang) {
  std::vector<LexicalRun> runs;
  const std::unique_ptr<Lexer> lexer = make_lexer(source, lang, 0, source.size());
  for (std::size_t p = 0; p < source.size(); ++p) {
    const Where w = lexer->at(p);
    if (!runs.empty() && same_run(w, runs.back())) continue;
    if (!runs.empty()) runs.back().end = p;
    LexicalRun run;
    run.begin = p;
    run.region = w.region;
    run.language = w.language;
    if (w.region == Region::Literal && w.literal) run.literal = *w.literal;
    runs.push_back(std::move(run));
  }
  if (!runs.empty()) runs.back().end = source.size();
  return runs;
}

LiteralValue literal_value(std::string_view source, const LexicalRun& run) {
  LiteralValue v;
  const LanguageSpec& spec = spec_of(run.language);
  const std::size_t begin = std::max(run.begin, run.literal.content_begin);
  const std::size_t end = content_end(source, run);
  if (run.literal.format_braces) {
    format_pieces(source, begin, end, v, run, spec);
  } else {
    DecodedText d = decode_literal(source, begin, end, run.literal, spec);
    v.text = std::move(d.text);
    v.offsets = std::move(d.offsets);
    v.offsets.pop_back();
    v.lossy = std::move(d.lossy);
  }
  v.offsets.push_back(end);
  return v;
}

} // namespace pctlint
