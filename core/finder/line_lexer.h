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

  std::size_t horizon() const override {
    std::size_t h = line_end_;
    if (carry_end_ > line_begin_) h = std::max(h, carry_end_);
    if (shell_) h = std::max(h, shell_->horizon());
    return h;
  }
  void state_key(StateKey& k) const override {
    k.value(static_cast<std::uint64_t>(lang_)).offset(line_begin_).offset(line_end_);
    k.offset(next_line_).value(want_segments_).value(segments_.size());
    for (const Segment& s : segments_)
      key_of(k, s);
    // A carried construct matters while it reaches past the line read last.
    const bool carrying = carry_end_ > line_begin_;
    k.value(carrying);
    if (carrying) key_of(k, carry_), k.offset(carry_end_);
    k.nested(shell_.get()).offset(shell_ ? shell_begin_ : npos);
    subclass_key(k);
  }

protected:
  LineLexer(const LineLexer& o)
      : Lexer(), src_(o.src_), lang_(o.lang_), end_(o.end_), next_line_(o.next_line_),
        line_begin_(o.line_begin_), line_end_(o.line_end_), segments_(o.segments_),
        want_segments_(o.want_segments_), carry_(o.carry_), carry_end_(o.carry_end_),
        shell_begin_(o.shell_begin_) {}
  // The base's state over `to`, into `c` (a copy of the derived lexer).
  void rebase_into(LineLexer& c, const Rebase& to) const {
    c.src_ = to.source;
    c.end_ = to.offset(end_);
    c.next_line_ = to.offset(next_line_);
    c.line_begin_ = to.offset(line_begin_);
    c.line_end_ = to.offset(line_end_);
    for (Segment& s : c.segments_)
      s = rebased(s, to);
    c.carry_ = rebased(carry_, to);
    c.carry_end_ = to.offset(carry_end_);
    c.shell_ = clone_of(shell_, to);
    c.shell_begin_ = to.offset(shell_begin_);
  }
  virtual void subclass_key(StateKey& k) const = 0;

  static Segment rebased(Segment s, const Rebase& to) {
    s.begin = to.offset(s.begin);
    s.end = to.offset(s.end);
    s.literal = lexing::rebased(s.literal, to);
    return s;
  }
  static void key_of(StateKey& k, const Segment& s) {
    k.offset(s.begin).offset(s.end).value(static_cast<std::uint64_t>(s.piece));
    if (s.piece == Piece::Literal) k.literal(s.literal);
  }

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
