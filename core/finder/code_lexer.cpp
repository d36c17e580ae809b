// The lexer of programming languages, driven by the language table's string and comment syntax
// (core/finder/language.cpp): strings and comments are skipped whole (their end found with a
// memchr-like search), code 16 bytes at a time up to the next byte that can start one; block
// comments (nested where the language nests), raw and triple-quoted strings, template literals
// with nested ${ }, heredocs, regex literals.
#include "core/finder/lexer_common.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lexing {

namespace {

class CodeLexer final : public Lexer {
public:
  CodeLexer(std::string_view src, Language lang, std::size_t begin, std::size_t end)
      : src_(src), lang_(lang), spec_(spec_of(lang)), begin_(begin), end_(end), pos_(begin) {}

  Where at(std::size_t target) override {
    target = std::min(target, end_);
    for (;;) {
      if (mode_ != Mode::Code) {
        if (target < until_) return where();
        pos_ = until_;
        leave_mode();
        continue;
      }
      if (pos_ > target) return {Region::Code, lang_, nullptr};
      // A heredoc's body begins after the line that announced it; Ruby's =begin starts a line.
      std::size_t limit = std::min(target, heredoc_line_end_);
      if (spec_.block_open == "=begin") {
        if (!ruby_searched_ || (ruby_block_ != npos && ruby_block_ < pos_)) {
          ruby_block_ = find_ruby_block(pos_);
          ruby_searched_ = true;
        }
        limit = std::min(limit, ruby_block_);
      }
      const std::size_t i = stops().find(src_, pos_, limit);
      if (i >= limit) {
        if (heredoc_line_end_ <= target) {
          start_heredoc();
          continue;
        }
        if (ruby_block_ <= target && spec_.block_open == "=begin") {
          enter_comment(Mode::BlockComment, ruby_block_, block_comment_end(ruby_block_ + 6));
          continue;
        }
        pos_ = target;
        return {Region::Code, lang_, nullptr};
      }
      pos_ = i;
      step(i);
    }
  }

  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<CodeLexer>(*this);
    c->src_ = to.source;
    c->begin_ = to.offset(begin_);
    c->end_ = to.offset(end_);
    c->pos_ = to.offset(pos_);
    c->until_ = to.offset(until_);
    c->lit_ = rebased(lit_, to);
    for (Hole& h : c->holes_)
      h.literal = rebased(h.literal, to);
    c->heredoc_line_end_ = to.offset(heredoc_line_end_);
    c->ruby_block_ = npos; // a look ahead, looked for again
    c->ruby_searched_ = false;
    c->line_seen_from_ = npos; // so is the line's end
    c->quote_line_end_ = npos; // and how its backslashes read
    return c;
  }
  std::size_t horizon() const override {
    std::size_t h = pos_;
    if (mode_ != Mode::Code) h = std::max(h, until_);
    if (heredoc_line_end_ != npos) h = std::max(h, heredoc_line_end_);
    return h;
  }
  void state_key(StateKey& k) const override {
    k.value(static_cast<std::uint64_t>(lang_)).value(static_cast<std::uint64_t>(mode_));
    // (begin_ bounds look-behinds, which never reach back over the text before a key is taken;
    // in a comment or string, pos_ is where it opened and is read again only as until_: leaving
    // it out lets an edit inside a comment that runs on settle at the next URL, as the key of a
    // string keeps its opening in lit_)
    k.offset(mode_ == Mode::Code ? pos_ : npos).offset(mode_ == Mode::Code ? npos : until_);
    if (mode_ == Mode::String) k.literal(lit_);
    k.value(hole_pending_).value(hole_paren_).value(holes_.size());
    for (const Hole& h : holes_)
      k.literal(h.literal).value(static_cast<std::uint64_t>(h.depth)).value(h.paren);
    k.value(heredocs_.size());
    for (const Heredoc& h : heredocs_)
      k.text(h.word).value(h.indented);
    k.offset(heredoc_line_end_);
  }

private:
  enum class Mode { Code, LineComment, BlockComment, String };

  Where where() const {
    if (mode_ == Mode::String)
      return lit_.heredoc ? Where{Region::Prose, lang_, nullptr}
                          : Where{Region::Literal, lang_, &lit_};
    return {Region::Comment, lang_, nullptr};
  }

  // The bytes at which code can change state, per language; in a template literal's ${ } hole,
  // braces and the backtick too.
  const ByteClass& stops() const {
    static const auto classes = [] {
      std::vector<ByteClass> all;
      for (const LanguageSpec& spec : all_languages())
        for (const bool hole : {false, true}) {
          std::array<bool, 256> m{};
          auto add = [&](std::string_view token) {
            if (!token.empty()) m[static_cast<unsigned char>(token[0])] = true;
          };
          if (spec.double_quotes) m['"'] = true;
          if (spec.single_quotes) m['\''] = true;
          if (spec.backtick_template || spec.backtick_raw) m['`'] = true;
          add(spec.line_comment);
          add(spec.line_comment2);
          if (spec.block_open != "=begin") add(spec.block_open);
          if (spec.heredocs) m['<'] = true;
          if (spec.lua_long) m['['] = true;
          if (spec.regex_literals) m['/'] = true;
          if (spec.shell_words) m['\\'] = true;
          if (spec.rust_raw || spec.triple_quotes) m['"'] = true;
          if (hole) m['{'] = m['}'] = m['`'] = m['('] = m[')'] = true;
          all.emplace_back(m);
        }
      return all;
    }();
    return classes[static_cast<std::size_t>(lang_) * 2 + (holes_.empty() ? 0 : 1)];
  }

  void enter_comment(Mode mode, std::size_t at, std::size_t until) {
    mode_ = mode;
    pos_ = at;
    until_ = until;
  }

  void enter_string(Literal lit, std::size_t until) {
    lit_ = std::move(lit);
    mode_ = Mode::String;
    pos_ = lit_.open;
    until_ = until;
  }

  void leave_mode() {
    const bool hole_opened = mode_ == Mode::String && hole_pending_;
    mode_ = Mode::Code;
    if (hole_opened) { // "${" of a template literal: code until its '}'
      hole_pending_ = false;
      holes_.push_back({lit_, 0, hole_paren_});
    }
  }

  std::size_t line_start(std::size_t i) const { return line_start_at(src_, i, begin_); }

  // A block comment's end (just past its close) from `from`, nesting where the language nests.
  // The next close and the next open are each looked for again only once passed, so a comment
  // nesting thousands deep with its closes far away costs one pass, not one per level.
  std::size_t block_comment_end(std::size_t from) const {
    if (lang_ == Language::Ml) return ml_comment_end(from);
    const std::string_view open = spec_.block_open, close = spec_.block_close;
    const std::string_view text = src_.substr(0, end_);
    int depth = 1;
    std::size_t c = npos, o = npos; // the next close and open at or after i, once found
    bool c_known = false, o_known = false;
    for (std::size_t i = from; i < end_;) {
      if (!c_known || c < i) {
        c = text.find(close, i);
        c_known = true;
      }
      if (c == npos) return end_;
      if (spec_.nested_comments) {
        if (!o_known || (o != npos && o < i)) {
          o = text.find(open, i);
          o_known = true;
        }
        if (o != npos && o < c) {
          ++depth;
          i = o + open.size();
          continue;
        }
      }
      if (--depth == 0) return c + close.size();
      i = c + close.size();
    }
    return end_;
  }

  // OCaml lexes strings inside comments: (* the "(*" token *) is one comment, closed. A quote
  // between single quotes ('"') is a character.
  std::size_t ml_comment_end(std::size_t from) const {
    int depth = 1;
    for (std::size_t i = from; i < end_;) {
      i = find_any_of3(src_, i, end_, '(', '*', '"');
      if (i >= end_) break;
      if (src_[i] == '"' &&
          !(i > begin_ && src_[i - 1] == '\'' && i + 1 < end_ && src_[i + 1] == '\'')) {
        for (++i; i < end_ && src_[i] != '"'; ++i)
          if (src_[i] == '\\') ++i;
        ++i;
        continue;
      }
      if (starts_at(src_, i, "(*")) {
        ++depth;
        i += 2;
        continue;
      }
      if (starts_at(src_, i, "*)") && --depth == 0) return i + 2;
      ++i;
    }
    return end_;
  }

  std::size_t find_ruby_block(std::size_t from) const {
    for (std::size_t i = from; i < end_;) {
      const std::size_t b = src_.substr(0, end_).find("=begin", i);
      if (b == npos) return npos;
      if (b == begin_ || src_[b - 1] == '\n') return b;
      i = b + 6;
    }
    return npos;
  }

  // The end of the line holding `from`. Minified code opens a string every few bytes of a line
  // that runs for kilobytes: one look at the line serves all its strings.
  std::size_t line_end_of(std::size_t from) {
    if (from < line_seen_from_ || from > line_seen_end_) {
      line_seen_from_ = from;
      line_seen_end_ = line_end_at(src_, from, end_);
    }
    return line_seen_end_;
  }

  // Where a string literal ends: just past its close, or where it ends unclosed (the line's end
  // for a one-line literal, the end of the text otherwise). For a template literal also just past
  // a "${", where the code of a hole begins (hole_pending_).
  std::size_t string_end(const Literal& lit, std::size_t from) {
    const std::string_view close = lit.close;
    const bool backslash = lit.escapes == EscapeStyle::Backslash ||
                           lit.escapes == EscapeStyle::SingleQuoted || lit.escaped_quotes;
    // A one-line literal left open ends at its line's end.
    const std::size_t stop = lit.spans_lines ? end_ : line_end_of(from);
    const char third = lit.hole_sigil ? lit.hole_sigil : close[0];
    for (std::size_t i = from; i < stop;) {
      i = find_any_of3(src_, i, stop, backslash ? '\\' : close[0], close[0], third);
      if (i >= stop) break;
      const char c = src_[i];
      if (c == '\\' && backslash) {
        i += 2;
        continue;
      }
      if (c == lit.hole_sigil && c != 0) {
        // Julia's "$(expr)" as well as "${expr}".
        if (i + 1 < end_ && (src_[i + 1] == '{' || (src_[i + 1] == '(' && lit.paren_holes))) {
          hole_pending_ = true;
          hole_paren_ = src_[i + 1] == '(';
          return i + 2;
        }
        ++i;
        continue;
      }
      if (lit.escapes == EscapeStyle::Doubling && c == lit.quote && i + 1 < stop &&
          src_[i + 1] == lit.quote && close.size() == 1) {
        i += 2;
        continue;
      }
      if (starts_at(src_, i, close)) return i + close.size();
      ++i;
    }
    return stop;
  }

  // Whether a backslash keeps the SQL string opened at `open` open before a quote (MySQL's
  // 'd\'Ivoire', as mysqldump writes a quote) rather than being its last character (standard
  // SQL's ESCAPE '\', T-SQL's RIGHT(@dir, 1) = '\'): it does when, read so, the strings of the
  // rest of the line close on it. One reading a line, judged at its first string: a dump's line
  // of values may hold thousands.
  bool backslash_keeps_quote(std::size_t open) {
    const std::size_t eol = line_end_of(open); // one search a line, however many strings
    if (eol == quote_line_end_) return quote_kept_;
    bool in_string = true;
    for (std::size_t k = open + 1; k < eol; ++k) {
      const char c = src_[k];
      if (in_string) {
        if (c == '\\')
          ++k;
        else if (c == '\'' && k + 1 < eol && src_[k + 1] == '\'')
          ++k;
        else if (c == '\'')
          in_string = false;
      } else if (c == '\'') {
        in_string = true;
      } else if (starts_at(src_, k, "--") || starts_at(src_, k, "/*") || c == '#') {
        break; // a comment: its quotes are no strings'
      }
    }
    quote_line_end_ = eol;
    quote_kept_ = !in_string;
    return quote_kept_;
  }

  // Builds the literal in place (lit_ keeps its buffer from one string to the next: most files
  // open a string every few lines, and a URL is looked for in few of them).
  void open_string(std::size_t open, std::size_t content, std::string_view close,
                   EscapeStyle escapes, char quote, bool spans_lines, bool escaped_quote = false,
                   char holes = 0) {
    lit_.reset(close);
    lit_.open = open;
    lit_.content_begin = content;
    lit_.escapes = escapes;
    lit_.quote = quote;
    lit_.spans_lines = spans_lines;
    lit_.hole_sigil = holes;
    lit_.paren_holes = holes != 0 && (lang_ == Language::Julia || lang_ == Language::Shell);
    lit_.config = spec_.config;
    lit_.escaped_quotes = escaped_quote;
    until_ = string_end(lit_, content);
    mode_ = Mode::String;
    pos_ = open;
  }

  static std::string_view triple_quote(char q) { return q == '"' ? "\"\"\"" : "'''"; }

  // The identifier-like prefix letters just before `i` (string prefixes: r, b, f, u8, R, L...).
  std::string_view prefix_before(std::size_t i) const {
    std::size_t k = i;
    while (k > begin_ && i - k < 3 && is_ident(src_[k - 1]))
      --k;
    if (k > begin_ && is_ident(src_[k - 1])) return {}; // part of a longer identifier
    return src_.substr(k, i - k);
  }

  // The last byte before `i` that is not white space, or '\0'.
  // (No further back than kLookBehind: white space as long as that reads as the text's start.)
  char previous_significant(std::size_t i, std::size_t* where = nullptr) const {
    const std::size_t floor = i > begin_ + kLookBehind ? i - kLookBehind : begin_;
    while (i > floor && (is_blank(src_[i - 1]) || src_[i - 1] == '\n' || src_[i - 1] == '\r'))
      --i;
    if (where) *where = i;
    return i > floor ? src_[i - 1] : '\0';
  }

  bool regex_may_start(std::size_t i) const {
    // "</b>", "</>": JSX's closing tag, not a '<' then a regular expression.
    if (i > begin_ && src_[i - 1] == '<' && i + 1 < end_ &&
        (is_ident(src_[i + 1]) || src_[i + 1] == '>'))
      return false;
    std::size_t w = 0;
    const char p = previous_significant(i, &w);
    if (p == '\0' || std::string_view("(,=:[!&|?{};+-*%<>~^").find(p) != npos) return true;
    if (!is_ident(p)) return false;
    std::size_t k = w;
    while (k > begin_ && is_ident(src_[k - 1]))
      --k;
    const std::string_view word = src_.substr(k, w - k);
    static constexpr std::string_view kBeforeRegex[] = {
        "return", "typeof", "instanceof", "in",   "of",    "new",   "delete", "void",
        "throw",  "case",   "do",         "else", "yield", "await", "when",   "if",
        "unless", "and",    "or",         "not",  "split", "grep",  "map"};
    for (std::string_view kw : kBeforeRegex)
      if (word == kw) return true;
    return false;
  }

  // A regular expression literal /.../flags on one line, from `i` (its '/'); false if none.
  bool open_regex(std::size_t i) {
    bool in_class = false;
    for (std::size_t k = i + 1; k < end_; ++k) {
      const char c = src_[k];
      if (c == '\n') return false;
      if (c == '\\') {
        ++k;
        continue;
      }
      if (c == '[') in_class = true;
      if (c == ']') in_class = false;
      if (c == '/' && !in_class) {
        if (k == i + 1) return false; // "//" is a comment, not an empty regex
        Literal lit;
        lit.open = i;
        lit.content_begin = i + 1;
        lit.close = "/";
        lit.escapes = EscapeStyle::None;
        lit.quote = '/';
        lit.regex = true;
        std::size_t until = k + 1;
        while (until < end_ && is_ident(src_[until]))
          ++until;
        enter_string(std::move(lit), until);
        return true;
      }
    }
    return false;
  }

  // <<WORD (shell, Ruby, Perl) or <<<WORD (PHP) at `i`: remembers the heredoc, whose body
  // begins on the next line.
  bool note_heredoc(std::size_t i) {
    std::size_t k = i + 2;
    const bool php = lang_ == Language::Php;
    if (php) {
      if (k >= end_ || src_[k] != '<') return false;
      ++k;
    } else if (k < end_ && src_[k] == '<') {
      return false; // a here-string
    }
    bool strip = false;
    if (k < end_ && (src_[k] == '-' || src_[k] == '~')) strip = true, ++k;
    if (lang_ == Language::Shell || php)
      while (k < end_ && is_blank(src_[k]))
        ++k;
    char quote = 0;
    if (k < end_ && (src_[k] == '\'' || src_[k] == '"')) quote = src_[k++];
    const std::size_t w = k;
    while (k < end_ && is_ident(src_[k]))
      ++k;
    if (k == w || (quote && (k >= end_ || src_[k] != quote))) return false;
    // Ruby's and Perl's << is also a shift: a heredoc's word starts upper-case or is quoted.
    if (!quote && lang_ != Language::Shell && !php && !(src_[w] >= 'A' && src_[w] <= 'Z'))
      return false;
    heredocs_.push_back({std::string(src_.substr(w, k - w)), strip || php});
    if (heredoc_line_end_ == npos) heredoc_line_end_ = line_end_at(src_, k, end_);
    pos_ = quote ? k + 1 : k;
    return true;
  }

  void start_heredoc() {
    const Heredoc h = heredocs_.front();
    heredocs_.erase(heredocs_.begin());
    const std::size_t body = std::min(heredoc_line_end_ + 1, end_);
    // The body ends before the line that holds only the word (indented where allowed).
    std::size_t line = body, close_end = end_;
    while (line < end_) {
      const std::size_t e = line_end_at(src_, line, end_);
      std::size_t a = line;
      if (h.indented)
        while (a < e && is_blank(src_[a]))
          ++a;
      std::size_t b = e;
      if (b > a && src_[b - 1] == '\r') --b;
      if (src_.substr(a, b - a) == h.word ||
          (lang_ == Language::Php && src_.substr(a, h.word.size()) == h.word &&
           (a + h.word.size() == b || !is_ident(src_[a + h.word.size()])))) {
        close_end = e;
        break;
      }
      line = e + 1;
    }
    Literal lit;
    lit.open = body;
    lit.content_begin = body;
    lit.close = "\n";
    lit.escapes = EscapeStyle::None;
    lit.spans_lines = true;
    lit.heredoc = true;
    heredoc_line_end_ = heredocs_.empty() ? npos : close_end;
    enter_string(std::move(lit), close_end);
    pos_ = body;
  }

  // Whether the byte at `i` is the character of a character literal written with a prefix:
  // Erlang's $" $% $\" and Elixir's ?" ?# ?\" (a '?' that ends a name, "valid?", is no prefix).
  bool in_char_literal(std::size_t i) const {
    const char prefix = spec_.char_prefix;
    std::size_t p = i;
    if (p > begin_ + 1 && src_[p - 1] == '\\' && src_[p - 2] == prefix) --p;
    if (p <= begin_ || src_[p - 1] != prefix) return false;
    const std::size_t before = p - 1;
    if (before == begin_) return true;
    if (src_[before - 1] == prefix) return false; // "$$" is the character '$'; a quote follows
    if (prefix != '?') return true;
    if (p == i && ternary_string_at(before, i)) return false;
    return !is_ident(src_[before - 1]);
  }

  // Whether the quote at `i`, just after the '?' at `mark`, opens the first string of a ternary
  // written without a blank (Ruby's a ?"x":"y", a ?"":"/"): the '?' follows an operand (a name,
  // a closing bracket or quote; after "[", "(", ",", "=" or "==" it starts a character), and the
  // string closes on its line, a ':' after it; a character literal ends after its character.
  bool ternary_string_at(std::size_t mark, std::size_t i) const {
    std::size_t k = mark;
    while (k > begin_ && is_blank(src_[k - 1]))
      --k;
    if (k == begin_) return false;
    const char operand_end = src_[k - 1];
    if (!is_ident(operand_end) && !ascii::is_one_of(operand_end, ")]}\"'")) return false;
    if (i + 1 < end_ && is_ident(src_[i + 1])) return true; // ?"x... is no character
    // A ternary's first string is short: looked for within 256 bytes (a line of ?" characters
    // must not cost the square of its length).
    const std::size_t limit = std::min(end_, i + 256);
    const std::size_t stop = find_any_of3(src_, i, limit, '\n', '\r', '\n');
    k = i + 1;
    for (; k < stop && src_[k] != src_[i]; ++k)
      if (src_[k] == '\\') ++k;
    if (k >= stop) return false;
    ++k;
    while (k < stop && is_blank(src_[k]))
      ++k;
    return k < stop && src_[k] == ':' && (k + 1 >= stop || src_[k + 1] != ':');
  }

  // Whether src_[i, i + n) stands between single quotes in a language whose single quotes are no
  // strings: a character (Julia's '#', Haskell's '"', Elm's '\"'), not a comment or a string.
  bool quoted_character(std::size_t i, std::size_t n) const {
    return !spec_.single_quotes && i > begin_ && src_[i - 1] == '\'' && i + n < end_ &&
           src_[i + n] == '\'';
  }
  // The same for an escaped one ('\"').
  bool escaped_quoted_character(std::size_t i) const {
    return i > begin_ + 1 && src_[i - 1] == '\\' && quoted_character(i - 1, 2);
  }

  // Whether the dashes at `i` are part of a Haskell operator (-->, |--, --|): a comment's "--" has
  // no symbol character before it or after its dashes.
  bool in_operator(std::size_t i) const {
    static constexpr std::string_view kSymbols = "!#$%&*+./<=>?@\\^|~:";
    if (i > begin_ && kSymbols.find(src_[i - 1]) != npos) return true;
    std::size_t k = i;
    while (k < end_ && src_[k] == '-')
      ++k;
    return k < end_ && kSymbols.find(src_[k]) != npos;
  }

  // Code at `i` holds a byte of the stop class: act on it.
  void step(std::size_t i) {
    const char c = src_[i];
    if (spec_.char_prefix && in_char_literal(i)) {
      pos_ = i + 1;
      return;
    }
    if (!holes_.empty()) {
      const bool paren = holes_.back().paren;
      if (c == (paren ? '(' : '{')) {
        ++holes_.back().depth;
        pos_ = i + 1;
        return;
      }
      if (c == (paren ? ')' : '}')) {
        if (holes_.back().depth-- > 0) {
          pos_ = i + 1;
          return;
        }
        Literal lit = std::move(holes_.back().literal);
        holes_.pop_back();
        const std::size_t until = string_end(lit, i + 1);
        enter_string(std::move(lit), until);
        pos_ = i + 1;
        return;
      }
    }
    // Comments first: "/*" before "/", "--[[" before "--".
    // F#'s (*) is the multiplication operator (List.fold (*) 1), not a comment to the end; OCaml
    // writes it ( * ) and warns at (*).
    if (starts_at(src_, i, spec_.block_open) && spec_.block_open != "=begin" &&
        !(lang_ == Language::Ml && starts_at(src_, i, "(*)"))) {
      enter_comment(Mode::BlockComment, i, block_comment_end(i + spec_.block_open.size()));
      return;
    }
    for (const std::string_view line : {spec_.line_comment, spec_.line_comment2}) {
      if (!starts_at(src_, i, line)) continue;
      // Not after a word ("a#b" in a shell word): only at a line's start or after a blank.
      if (spec_.line_comment_needs_space && i > begin_ && !is_blank(src_[i - 1]) &&
          src_[i - 1] != '\n')
        continue;
      if (line == "#" && lang_ == Language::Php && i + 1 < end_ && src_[i + 1] == '[') continue;
      if (quoted_character(i, line.size()) || (lang_ == Language::Haskell && in_operator(i)))
        continue;
      enter_comment(Mode::LineComment, i, line_end_at(src_, i, end_));
      return;
    }
    switch (c) {
    case '"':
    case '\'':
      return open_quoted(i, c);
    case '`':
      if (quoted_character(i, 1)) break; // Go's rune '`'
      if (spec_.backtick_template) {
        // String.raw`...\u00e9...` keeps its backslashes: the six characters, not é.
        const bool raw = i >= begin_ + 10 && src_.compare(i - 10, 10, "String.raw") == 0;
        open_string(i, i + 1, "`", raw ? EscapeStyle::None : EscapeStyle::Backslash, '`', true,
                    false, '$');
        return;
      }
      if (spec_.backtick_raw) return open_string(i, i + 1, "`", EscapeStyle::None, '`', true);
      break;
    case '/':
      if (spec_.regex_literals && regex_may_start(i) && open_regex(i)) return;
      break;
    case '<':
      if (spec_.heredocs && i + 1 < end_ && src_[i + 1] == '<' && note_heredoc(i)) return;
      break;
    case '[':
      if (spec_.lua_long && i + 1 < end_ && (src_[i + 1] == '[' || src_[i + 1] == '=')) {
        std::size_t k = i + 1;
        while (k < end_ && src_[k] == '=')
          ++k;
        if (k < end_ && src_[k] == '[')
          return open_string(i, k + 1, "]" + std::string(k - i - 1, '=') + "]", EscapeStyle::None,
                             ']', true);
      }
      break;
    case '\\':
      pos_ = i + 2; // an escaped quote or blank in a shell word
      return;
    default:
      break;
    }
    pos_ = i + 1;
  }

  // A quote in code: opens a string literal, and says whether its braces are a format string's.
  void open_quoted(std::size_t i, char q) {
    quote(i, q);
    if (mode_ == Mode::String && lit_.open == i) lit_.format_braces = format_braces_at(i);
  }

  // Whether the literal opened at `i` is a format string whose {{ and }} stand for braces and
  // whose {...} are code or arguments: Python's f-strings, C#'s $"...", and the first string of
  // Rust's formatting macros (format!, println!, write!(f, ...) and the rest).
  bool format_braces_at(std::size_t i) const {
    if (spec_.python_prefixes) {
      const std::string_view prefix = prefix_before(i);
      return prefix.find('f') != npos || prefix.find('F') != npos;
    }
    if (spec_.csharp_verbatim)
      return i > begin_ &&
             (src_[i - 1] == '$' || (src_[i - 1] == '@' && i > begin_ + 1 && src_[i - 2] == '$'));
    if (spec_.rust_raw) return rust_format_macro_before(i);
    return false;
  }

  bool rust_format_macro_before(std::size_t i) const {
    std::size_t k = i;
    while (k > begin_ && (src_[k - 1] == '#' || src_[k - 1] == 'r')) // r"..." r#"..."#
      --k;
    char c = previous_significant(k, &k);
    if (c == ',') { // write!(f, "...") writeln!(out, "..."): one argument before the format
      --k;
      const std::size_t floor = i > begin_ + kLookBehind ? i - kLookBehind : begin_;
      while (k > floor && (is_ident(src_[k - 1]) || src_[k - 1] == '.' || src_[k - 1] == '&' ||
                           is_blank(src_[k - 1])))
        --k;
      c = previous_significant(k, &k);
    }
    if (c != '(') return false;
    c = previous_significant(k - 1, &k);
    if (c != '!') return false;
    std::size_t name_end = k - 1, name = name_end;
    while (name > begin_ && is_ident(src_[name - 1]))
      --name;
    static constexpr std::string_view kMacros[] = {
        "format",  "print", "println",     "eprint", "eprintln",      "write",
        "writeln", "panic", "format_args", "todo",   "unimplemented", "unreachable",
        "info",    "warn",  "error",       "debug",  "trace"};
    const std::string_view id = src_.substr(name, name_end - name);
    return std::find(std::begin(kMacros), std::end(kMacros), id) != std::end(kMacros);
  }

  void quote(std::size_t i, char q) {
    const std::string_view prefix = prefix_before(i);
    auto has = [&](char letter) {
      return prefix.find(letter) != npos || prefix.find(ascii_lower(letter)) != npos;
    };
    if (q == '"' && (quoted_character(i, 1) || escaped_quoted_character(i))) {
      pos_ = i + 1; // Rust's '"', Haskell's '\"': a character
      return;
    }
    if (spec_.cpp_raw && q == '"' && !prefix.empty() && prefix.back() == 'R') {
      std::size_t k = i + 1;
      while (k < end_ && k - i <= 17 && src_[k] != '(' && !is_blank(src_[k]) && src_[k] != '\n' &&
             src_[k] != '\\' && src_[k] != ')' && src_[k] != '"')
        ++k;
      if (k < end_ && src_[k] == '(')
        return open_string(i, k + 1, ")" + std::string(src_.substr(i + 1, k - i - 1)) + "\"",
                           EscapeStyle::None, '"', true);
    }
    if (spec_.rust_raw && q == '"') {
      std::size_t k = i;
      while (k > begin_ && src_[k - 1] == '#')
        --k;
      const std::size_t hashes = i - k;
      if (k > begin_ && src_[k - 1] == 'r' &&
          (k - 1 == begin_ || !is_ident(src_[k - 2]) || src_[k - 2] == 'b'))
        return open_string(i, i + 1, "\"" + std::string(hashes, '#'), EscapeStyle::None, '"', true);
    }
    if (spec_.swift_raw && q == '"' && i > begin_ && src_[i - 1] == '#') {
      std::size_t k = i;
      while (k > begin_ && src_[k - 1] == '#')
        --k;
      if (k == begin_ || !is_ident(src_[k - 1])) {
        const std::string hashes(i - k, '#');
        const bool triple_raw = i + 2 < end_ && src_[i + 1] == '"' && src_[i + 2] == '"';
        open_string(i, triple_raw ? i + 3 : i + 1, (triple_raw ? "\"\"\"" : "\"") + hashes,
                    EscapeStyle::None, '"', triple_raw);
        lit_.escape_hashes = hashes.size() < 256 ? static_cast<unsigned char>(hashes.size()) : 0;
        return;
      }
    }
    if (!spec_.raw_prefix.empty() &&
        prefix == spec_.raw_prefix) { // Dart's r'...', Scala's raw"..."
      const bool triple_raw =
          spec_.triple_quotes && i + 2 < end_ && src_[i + 1] == q && src_[i + 2] == q;
      const std::string_view close = triple_raw ? triple_quote(q) : triple_quote(q).substr(0, 1);
      return open_string(i, i + close.size(), close, EscapeStyle::None, q,
                         triple_raw || spec_.quotes_span_lines);
    }
    if (q == '\'' && !spec_.escape_prefix.empty() && ascii::iequals(prefix, spec_.escape_prefix))
      return open_string(i, i + 1, "'", EscapeStyle::Backslash, '\'', spec_.quotes_span_lines);
    if (spec_.csharp_verbatim && q == '"' && i > begin_ &&
        (src_[i - 1] == '@' || (i > begin_ + 1 && src_[i - 2] == '@' && src_[i - 1] == '$')))
      return open_string(i, i + 1, "\"", EscapeStyle::Doubling, '"', true);
    const bool triple = spec_.triple_quotes && i + 2 < end_ && src_[i + 1] == q && src_[i + 2] == q;
    if (spec_.python_prefixes) {
      const bool raw = has('R');
      const EscapeStyle esc = raw ? EscapeStyle::None : EscapeStyle::Backslash;
      if (triple)
        open_string(i, i + 3, triple_quote(q), esc, q, true, raw);
      else
        open_string(i, i + 1, triple_quote(q).substr(0, 1), esc, q, false, raw);
      lit_.bytes = has('B');
      return;
    }
    if (triple) {
      // Kotlin's """...""" is raw ("\u00e9" is six characters), with $ templates.
      const EscapeStyle esc = q == '\'' ? spec_.single_quote_escapes
                              : lang_ == Language::Kotlin || lang_ == Language::CSharp
                                  ? EscapeStyle::None
                                  : EscapeStyle::Backslash;
      return open_string(i, i + 3, triple_quote(q), esc, q, true, false,
                         q == '"' || spec_.single_quote_holes ? spec_.string_holes : 0);
    }
    if (q == '"') {
      if (!spec_.double_quotes) {
        pos_ = i + 1;
        return;
      }
      open_string(i, i + 1, "\"", EscapeStyle::Backslash, '"', spec_.quotes_span_lines, false,
                  spec_.string_holes);
      lit_.wide = spec_.wide_prefixes && (prefix == "L" || prefix == "u" || prefix == "U");
      return;
    }
    if (!spec_.single_quotes) {
      pos_ = i + 1;
      return;
    }
    if (spec_.shell_words && i > begin_ && src_[i - 1] == '$') // $'...': C escapes
      return open_string(i, i + 1, "'", EscapeStyle::Backslash, '\'', true);
    return open_string(i, i + 1, "'", spec_.single_quote_escapes, '\'', spec_.quotes_span_lines,
                       spec_.single_quote_backslash && backslash_keeps_quote(i),
                       spec_.single_quote_holes ? spec_.string_holes : 0);
  }

  struct Hole {
    Literal literal; // the template literal the hole is in
    int depth;       // '{' opened inside the hole and not yet closed ('(' in a paren hole)
    bool paren;      // Julia's $( ), closed by ')'
  };
  struct Heredoc {
    std::string word;
    bool indented;
  };

  std::string_view src_;
  Language lang_;
  const LanguageSpec& spec_;
  std::size_t begin_, end_, pos_;
  Mode mode_ = Mode::Code;
  std::size_t until_ = 0;
  Literal lit_;
  bool hole_pending_ = false;
  bool hole_paren_ = false; // the pending hole is Julia's $( )
  std::vector<Hole> holes_;
  std::vector<Heredoc> heredocs_;
  std::size_t heredoc_line_end_ = npos;
  std::size_t ruby_block_ = npos;
  bool ruby_searched_ = false;
  std::size_t line_seen_from_ = npos, line_seen_end_ = 0; // no '\n' in [from, end): line_end_of()
  std::size_t quote_line_end_ = npos; // the line backslash_keeps_quote() judged, by its end
  bool quote_kept_ = false;
};

} // namespace

std::unique_ptr<Lexer> make_code_lexer(std::string_view src, Language lang, std::size_t begin,
                                       std::size_t end) {
  return std::make_unique<CodeLexer>(src, lang, begin, end);
}

} // namespace pctlint::lexing
