// Line-based configuration formats, internal to core/finder: the base of the YAML and key = value
// lexers. A line is cut into segments (code, comment, literal, prose, shell); multi-line
// constructs (YAML block scalars and quoted scalars, .env quoted values) carry over.
#pragma once

#include "core/finder/lexer_common.h"

#include <string>
#include <vector>

namespace pctlint::lexing {

enum class Piece { Code, Comment, Literal, Prose, Shell };

struct Segment {
  std::size_t begin, end;
  Piece piece;
  Literal literal;
};

class LineLexer : public Lexer {
public:
  LineLexer(std::string_view src, Language lang, std::size_t begin, std::size_t end)
      : src_(src), lang_(lang), end_(end), next_line_(begin), line_begin_(begin), line_end_(begin) {
  }

  Where at(std::size_t target) override {
    target = std::min(target, end_);
    for (;;) {
      // A multi-line construct that began on an earlier line (or earlier on this one).
      if (target >= carry_.begin && target < carry_end_) return where_in(carry_, target);
      if (target < line_begin_) return {Region::Code, lang_};
      if (target < line_end_ || (target == line_end_ && target == end_)) {
        for (Segment& s : segments_)
          if (target >= s.begin && target < s.end) return where_in(s, target);
        return {Region::Code, lang_};
      }
      // The next line, or the rest of the line where a carried construct ended.
      std::size_t line = next_line_;
      if (carry_end_ > line) line = carry_end_;
      if (line >= end_) return {Region::Code, lang_};
      line_begin_ = line;
      line_end_ = line_end_at(src_, line, end_);
      next_line_ = line_end_ + 1;
      segments_.clear();
      if (line > 0 && src_[line - 1] != '\n') continue; // after a carried construct: code
      // A line before the target's is read only for what it carries over to the next ones.
      want_segments_ = target <= line_end_;
      read_line(line, line_end_);
    }
  }

protected:
  // Cuts [line, eol) into segments_ (only when want_segments_); may set a carry (carry_,
  // carry_end_) that begins on it.
  virtual void read_line(std::size_t line, std::size_t eol) = 0;

  Where where_in(Segment& s, std::size_t target) {
    switch (s.piece) {
    case Piece::Code:
      return {Region::Code, lang_};
    case Piece::Comment:
      return {Region::Comment, lang_};
    case Piece::Prose:
      return {Region::Prose, lang_};
    case Piece::Literal:
      return {Region::Literal, lang_, &s.literal};
    case Piece::Shell:
      if (!shell_ || shell_begin_ != s.begin) {
        shell_ = make_lexer(src_, Language::Shell, s.begin, s.end);
        shell_begin_ = s.begin;
      }
      return shell_->at(target);
    }
    return {Region::Code, lang_};
  }

  // A quoted value opening at `q`: its end (past the close), across lines when allowed.
  std::size_t quoted_end(std::size_t q, EscapeStyle escapes, bool spans_lines) const {
    const char quote = src_[q];
    for (std::size_t i = q + 1; i < end_; ++i) {
      const char c = src_[i];
      if (c == '\n' && !spans_lines) return npos;
      if (c == '\\' && escapes == EscapeStyle::Backslash) {
        ++i;
        continue;
      }
      if (c == quote) {
        if (escapes == EscapeStyle::Doubling && i + 1 < end_ && src_[i + 1] == quote) {
          ++i;
          continue;
        }
        return i + 1;
      }
    }
    return spans_lines ? end_ : npos;
  }

  Literal quoted_literal(std::size_t q, EscapeStyle escapes, std::string_view key) const {
    Literal lit;
    lit.open = q;
    lit.content_begin = q + 1;
    lit.quote = src_[q];
    lit.close = std::string(1, src_[q]);
    lit.escapes = escapes;
    lit.spans_lines = true;
    lit.config = true;
    lit.regex = regex_key(key);
    return lit;
  }

  Literal plain_literal(std::size_t v, std::string_view key, EscapeStyle escapes) const {
    Literal lit;
    lit.open = lit.content_begin = v;
    lit.escapes = escapes;
    lit.plain = true;
    lit.config = true;
    lit.regex = regex_key(key);
    return lit;
  }

  // Keys whose values are regular expressions: "pattern", "regex", "url_regexp", "exclude_re"...
  static bool regex_key(std::string_view key) {
    std::string k;
    for (char c : key)
      if (c != '"' && c != '\'') k.push_back(ascii_lower(c));
    return k == "pattern" || k == "patterns" || k.find("regex") != npos || k.ends_with("_re") ||
           k.ends_with("pattern") || k == "match" || k == "re";
  }

  std::size_t skip_blanks(std::size_t i, std::size_t e) const {
    while (i < e && is_blank(src_[i]))
      ++i;
    return i;
  }

  std::string_view src_;
  Language lang_;
  std::size_t end_;
  std::size_t next_line_;
  std::size_t line_begin_, line_end_;
  std::vector<Segment> segments_;
  bool want_segments_ = true;
  Segment carry_{0, 0, Piece::Code, {}};
  std::size_t carry_end_ = 0;
  std::unique_ptr<Lexer> shell_;
  std::size_t shell_begin_ = npos;
};

} // namespace pctlint::lexing
