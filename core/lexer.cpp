// The lexers: one for programming languages (driven by the language table's string and comment
// syntax), one for markup, one for YAML, one for key = value files, and one for prose formats
// with code blocks (Markdown, reST, AsciiDoc). Each keeps its state from the file's start and
// reads on only as far as it is asked; strings and comments are skipped whole (their end found
// with a memchr-like search), and code 16 bytes at a time up to the next byte that can start one.
#include "core/lexer.h"

#include "core/ascii.h"
#include "core/scan.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <vector>

namespace pctlint {

namespace {

constexpr std::size_t npos = std::string_view::npos;

using ascii::is_blank;
using ascii::is_ident;
constexpr auto ascii_lower = ascii::lower;
constexpr auto iequals_ascii = ascii::iequals;

// The offset of the '\n' ending the line that holds `i` (or `end`).
std::size_t line_end_at(std::string_view s, std::size_t i, std::size_t end) {
  if (i >= end) return end;
  const void* nl = std::memchr(s.data() + i, '\n', end - i);
  return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - s.data()) : end;
}

// The first offset of the line holding `i`, not before `begin`.
std::size_t line_start_at(std::string_view s, std::size_t i, std::size_t begin) {
  if (i <= begin) return begin;
  const char* nl = find_last_byte(s.data() + begin, '\n', i - begin);
  return nl ? static_cast<std::size_t>(nl - s.data()) + 1 : begin;
}

bool starts_at(std::string_view s, std::size_t i, std::string_view token) {
  return !token.empty() && i < s.size() && s[i] == token[0] &&
         s.compare(i, token.size(), token) == 0;
}

bool iat(std::string_view s, std::size_t i, std::string_view lowercase_token) {
  if (i + lowercase_token.size() > s.size()) return false;
  for (std::size_t k = 0; k < lowercase_token.size(); ++k)
    if (ascii_lower(s[i + k]) != lowercase_token[k]) return false;
  return true;
}

// Whether only blanks stand between the line's start and `i`.
bool at_line_start(std::string_view s, std::size_t i, std::size_t begin) {
  while (i > begin && is_blank(s[i - 1]))
    --i;
  return i == begin || s[i - 1] == '\n';
}

// ---------------------------------------------------------------------------------------------
// Programming languages.

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
          if (hole) m['{'] = m['}'] = m['`'] = true;
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
      holes_.push_back({lit_, 0});
    }
  }

  std::size_t line_start(std::size_t i) const { return line_start_at(src_, i, begin_); }

  // A block comment's end (just past its close) from `from`, nesting where the language nests.
  // The next close and the next open are each looked for again only once passed, so a comment
  // nesting thousands deep with its closes far away costs one pass, not one per level.
  std::size_t block_comment_end(std::size_t from) const {
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

  std::size_t find_ruby_block(std::size_t from) const {
    for (std::size_t i = from; i < end_;) {
      const std::size_t b = src_.substr(0, end_).find("=begin", i);
      if (b == npos) return npos;
      if (b == begin_ || src_[b - 1] == '\n') return b;
      i = b + 6;
    }
    return npos;
  }

  // Where a string literal ends: just past its close, or where it ends unclosed (the line's end
  // for a one-line literal, the end of the text otherwise). For a template literal also just past
  // a "${", where the code of a hole begins (hole_pending_).
  std::size_t string_end(const Literal& lit, std::size_t from) {
    const std::string_view close = lit.close;
    const bool backslash = lit.escapes == EscapeStyle::Backslash ||
                           lit.escapes == EscapeStyle::SingleQuoted || lit.escaped_quotes;
    // A one-line literal left open ends at its line's end.
    const std::size_t stop = lit.spans_lines ? end_ : line_end_at(src_, from, end_);
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
        if (i + 1 < end_ && src_[i + 1] == '{') {
          hole_pending_ = true;
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

  // Builds the literal in place (lit_ keeps its buffer from one string to the next: most files
  // open a string every few lines, and a URL is looked for in few of them).
  void open_string(std::size_t open, std::size_t content, std::string_view close,
                   EscapeStyle escapes, char quote, bool spans_lines, bool escaped_quote = false,
                   char holes = 0) {
    lit_.reset();
    lit_.open = open;
    lit_.content_begin = content;
    lit_.close.assign(close);
    lit_.escapes = escapes;
    lit_.quote = quote;
    lit_.spans_lines = spans_lines;
    lit_.hole_sigil = holes;
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
  char previous_significant(std::size_t i, std::size_t* where = nullptr) const {
    while (i > begin_ && (is_blank(src_[i - 1]) || src_[i - 1] == '\n' || src_[i - 1] == '\r'))
      --i;
    if (where) *where = i;
    return i > begin_ ? src_[i - 1] : '\0';
  }

  bool regex_may_start(std::size_t i) const {
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

  // Code at `i` holds a byte of the stop class: act on it.
  void step(std::size_t i) {
    const char c = src_[i];
    if (!holes_.empty()) {
      if (c == '{') {
        ++holes_.back().depth;
        pos_ = i + 1;
        return;
      }
      if (c == '}') {
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
    if (starts_at(src_, i, spec_.block_open) && spec_.block_open != "=begin") {
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
      enter_comment(Mode::LineComment, i, line_end_at(src_, i, end_));
      return;
    }
    switch (c) {
    case '"':
    case '\'':
      return open_quoted(i, c);
    case '`':
      if (spec_.backtick_template) {
        open_string(i, i + 1, "`", EscapeStyle::Backslash, '`', true, false, '$');
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
      while (k > begin_ && (is_ident(src_[k - 1]) || src_[k - 1] == '.' || src_[k - 1] == '&' ||
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
    if (q == '"' && !spec_.single_quotes && i > begin_ && src_[i - 1] == '\'' && i + 1 < end_ &&
        src_[i + 1] == '\'') {
      pos_ = i + 1; // Rust's '"', a character
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
    if (spec_.csharp_verbatim && q == '"' && i > begin_ &&
        (src_[i - 1] == '@' || (i > begin_ + 1 && src_[i - 2] == '@' && src_[i - 1] == '$')))
      return open_string(i, i + 1, "\"", EscapeStyle::Doubling, '"', true);
    const bool triple = spec_.triple_quotes && i + 2 < end_ && src_[i + 1] == q && src_[i + 2] == q;
    if (spec_.python_prefixes) {
      const bool raw = has('R');
      const EscapeStyle esc = raw ? EscapeStyle::None : EscapeStyle::Backslash;
      if (triple) return open_string(i, i + 3, triple_quote(q), esc, q, true, raw);
      return open_string(i, i + 1, triple_quote(q).substr(0, 1), esc, q, false, raw);
    }
    if (triple) {
      const EscapeStyle esc = q == '\'' ? spec_.single_quote_escapes : EscapeStyle::Backslash;
      return open_string(i, i + 3, triple_quote(q), esc, q, true, false,
                         q == '"' ? spec_.string_holes : 0);
    }
    if (q == '"') {
      if (!spec_.double_quotes) {
        pos_ = i + 1;
        return;
      }
      return open_string(i, i + 1, "\"", EscapeStyle::Backslash, '"', spec_.quotes_span_lines,
                         false, spec_.string_holes);
    }
    if (!spec_.single_quotes) {
      pos_ = i + 1;
      return;
    }
    if (spec_.shell_words && i > begin_ && src_[i - 1] == '$') // $'...': C escapes
      return open_string(i, i + 1, "'", EscapeStyle::Backslash, '\'', true);
    return open_string(i, i + 1, "'", spec_.single_quote_escapes, '\'', spec_.quotes_span_lines);
  }

  struct Hole {
    Literal literal; // the template literal the hole is in
    int depth;       // '{' opened inside the hole and not yet closed
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
  std::vector<Hole> holes_;
  std::vector<Heredoc> heredocs_;
  std::size_t heredoc_line_end_ = npos;
  std::size_t ruby_block_ = npos;
  bool ruby_searched_ = false;
};

// ---------------------------------------------------------------------------------------------
// Prose formats with code blocks: Markdown, reST, AsciiDoc. Outside a block everything is prose.

struct CodeBlock {
  std::size_t begin = npos;   // the block's first line (the fence or directive)
  std::size_t content = npos; // its content's first byte
  std::size_t end = npos;     // its content's end
  std::size_t after = npos;   // where prose resumes
  std::optional<Language> language;
};

class BlockLexer : public Lexer {
public:
  BlockLexer(std::string_view src, Language lang, std::size_t begin, std::size_t end)
      : src_(src), lang_(lang), begin_(begin), end_(end), pos_(begin) {}

  Where at(std::size_t target) override {
    for (;;) {
      if (in_block_) {
        if (target < block_.after) {
          if (target < block_.content || target >= block_.end) return {Region::Prose, lang_};
          if (!block_.language) return {Region::Prose, lang_};
          if (!inner_) inner_ = make_lexer(src_, *block_.language, block_.content, block_.end);
          return inner_->at(target);
        }
        in_block_ = false;
        inner_.reset();
        pos_ = block_.after;
      }
      if (!next_known_ || next_.begin < pos_) {
        next_ = next_block(pos_);
        next_known_ = true;
      }
      if (next_.begin == npos || target < next_.begin) return {Region::Prose, lang_};
      block_ = next_;
      next_known_ = false;
      in_block_ = true;
    }
  }

protected:
  // The next code block starting at or after `from` (begin == npos when none).
  virtual CodeBlock next_block(std::size_t from) const = 0;

  // A block's language from the first word of an info string ("python", "{.bash}", "js title=x").
  static std::optional<Language> language_of_info(std::string_view info) {
    while (!info.empty() && (is_blank(info.front()) || info.front() == '{' || info.front() == '.'))
      info.remove_prefix(1);
    std::size_t n = 0;
    while (n < info.size() && !is_blank(info[n]) && info[n] != '}' && info[n] != ',' &&
           info[n] != '{' && info[n] != '\r')
      ++n;
    return language_named(info.substr(0, n));
  }

  std::size_t indent_of(std::size_t line) const {
    std::size_t i = line;
    while (i < end_ && is_blank(src_[i]))
      ++i;
    return i - line;
  }
  bool blank_line(std::size_t line) const {
    const std::size_t e = line_end_at(src_, line, end_);
    for (std::size_t i = line; i < e; ++i)
      if (!is_blank(src_[i]) && src_[i] != '\r') return false;
    return true;
  }

  std::string_view src_;
  Language lang_;
  std::size_t begin_, end_, pos_;

private:
  CodeBlock block_, next_;
  bool in_block_ = false, next_known_ = false;
  std::unique_ptr<Lexer> inner_;
};

class MarkdownLexer final : public BlockLexer {
public:
  using BlockLexer::BlockLexer;

private:
  CodeBlock next_block(std::size_t from) const override {
    if (from == begin_ && (starts_at(src_, begin_, "---\n") || starts_at(src_, begin_, "---\r\n")))
      if (CodeBlock b = front_matter(); b.begin != npos) return b;
    for (std::size_t i = from; i < end_;) {
      i = find_any_of3(src_, i, end_, '`', '~', '`');
      if (i + 2 >= end_) return {};
      const char c = src_[i];
      std::size_t run = i;
      while (run < end_ && src_[run] == c)
        ++run;
      const std::size_t line = line_start_at(src_, i, begin_);
      if (run - i < 3 || !fence_prefix(line, i)) {
        i = run;
        continue;
      }
      const std::size_t eol = line_end_at(src_, run, end_);
      const std::string_view info = src_.substr(run, eol - run);
      if (c == '`' && info.find('`') != npos) {
        i = eol;
        continue;
      }
      CodeBlock b;
      b.begin = line;
      b.content = std::min(eol + 1, end_);
      b.language = language_of_info(info);
      b.end = b.after = end_; // unclosed: to the end of the document
      for (std::size_t k = b.content; k < end_;) {
        const std::size_t e = line_end_at(src_, k, end_);
        std::size_t a = k;
        while (a < e && (is_blank(src_[a]) || src_[a] == '>'))
          ++a;
        std::size_t r = a;
        while (r < e && src_[r] == c)
          ++r;
        std::size_t t = r;
        while (t < e && (is_blank(src_[t]) || src_[t] == '\r'))
          ++t;
        if (r - a >= run - i && t == e) {
          b.end = k;
          b.after = e;
          break;
        }
        k = e + 1;
      }
      return b;
    }
    return {};
  }

  // Only blanks and blockquote marks before a fence, as in a list item or a quote.
  bool fence_prefix(std::size_t line, std::size_t i) const {
    for (std::size_t k = line; k < i; ++k)
      if (!is_blank(src_[k]) && src_[k] != '>') return false;
    return true;
  }

  // "---" on the first line: YAML front matter up to the next "---" or "..." line.
  CodeBlock front_matter() const {
    const std::size_t content = src_.find('\n', begin_) + 1;
    for (std::size_t k = content; k < end_;) {
      const std::size_t e = line_end_at(src_, k, end_);
      std::string_view line = src_.substr(k, e - k);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (line == "---" || line == "...") return {begin_, content, k, e, Language::Yaml};
      k = e + 1;
    }
    return {};
  }
};

class RstLexer final : public BlockLexer {
public:
  using BlockLexer::BlockLexer;

private:
  CodeBlock next_block(std::size_t from) const override {
    for (std::size_t i = from; i < end_;) {
      const std::size_t d = src_.substr(0, end_).find(".. ", i);
      if (d == npos) return {};
      i = d + 3;
      const std::size_t line = line_start_at(src_, d, begin_);
      if (!at_line_start(src_, d, begin_)) continue;
      std::size_t k = d + 3;
      std::string_view directive;
      for (std::string_view name : {"code-block::", "sourcecode::", "code::"})
        if (starts_at(src_, k, name)) directive = name;
      if (directive.empty()) continue;
      const std::size_t eol = line_end_at(src_, k, end_);
      CodeBlock b;
      b.begin = line;
      b.language = language_of_info(src_.substr(k + directive.size(), eol - k - directive.size()));
      const std::size_t indent = d - line;
      // Options (":linenos:") and blank lines, then the lines indented past the directive.
      std::size_t content = std::min(eol + 1, end_);
      while (content < end_) {
        const std::size_t e = line_end_at(src_, content, end_);
        const std::size_t in = indent_of(content);
        if (!blank_line(content) && !(in > indent && src_[content + in] == ':')) break;
        content = e + 1;
      }
      b.content = std::min(content, end_);
      std::size_t k2 = b.content;
      while (k2 < end_ && (blank_line(k2) || indent_of(k2) > indent))
        k2 = line_end_at(src_, k2, end_) + 1;
      b.end = b.after = std::min(k2, end_);
      return b;
    }
    return {};
  }
};

class AsciiDocLexer final : public BlockLexer {
public:
  using BlockLexer::BlockLexer;

private:
  CodeBlock next_block(std::size_t from) const override {
    for (std::size_t i = from; i < end_;) {
      const std::size_t s = src_.substr(0, end_).find("[source", i);
      if (s == npos) return {};
      i = s + 7;
      if (!at_line_start(src_, s, begin_)) continue;
      const std::size_t eol = line_end_at(src_, s, end_);
      std::string_view attrs = src_.substr(s + 7, eol - s - 7);
      while (!attrs.empty() && (attrs.front() == ',' || is_blank(attrs.front())))
        attrs.remove_prefix(1);
      const std::size_t delim_line = std::min(eol + 1, end_);
      const std::size_t delim_end = line_end_at(src_, delim_line, end_);
      std::string_view delim = src_.substr(delim_line, delim_end - delim_line);
      if (!delim.empty() && delim.back() == '\r') delim.remove_suffix(1);
      if (delim.size() < 4 || delim.find_first_not_of(delim[0]) != npos ||
          (delim[0] != '-' && delim[0] != '.'))
        continue;
      CodeBlock b;
      b.begin = s;
      b.language = language_of_info(attrs);
      b.content = std::min(delim_end + 1, end_);
      b.end = b.after = end_;
      for (std::size_t k = b.content; k < end_;) {
        const std::size_t e = line_end_at(src_, k, end_);
        std::string_view line = src_.substr(k, e - k);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line == delim) {
          b.end = k;
          b.after = e;
          break;
        }
        k = e + 1;
      }
      return b;
    }
    return {};
  }
};

class ProseLexer final : public Lexer {
public:
  explicit ProseLexer(Language lang) : lang_(lang) {}
  Where at(std::size_t) override { return {Region::Prose, lang_}; }

private:
  Language lang_;
};

// ---------------------------------------------------------------------------------------------
// HTML and XML: text is prose, attribute values are literals, <script> and <style> are code.

class MarkupLexer final : public Lexer {
public:
  MarkupLexer(std::string_view src, Language lang, std::size_t begin, std::size_t end)
      : src_(src), lang_(lang), end_(end), pos_(begin) {}

  Where at(std::size_t target) override {
    target = std::min(target, end_);
    for (;;) {
      switch (mode_) {
      case Mode::Comment:
      case Mode::Value:
      case Mode::Embedded:
        if (target < until_) {
          if (mode_ == Mode::Comment) return {Region::Comment, lang_};
          if (mode_ == Mode::Value) return {Region::Literal, lang_, &lit_};
          if (!inner_) return {Region::Prose, lang_};
          return inner_->at(target);
        }
        pos_ = until_;
        mode_ = mode_ == Mode::Value ? Mode::Tag : Mode::Text;
        inner_.reset();
        continue;
      case Mode::Text:
        if (!text(target)) return {Region::Prose, lang_};
        continue;
      case Mode::Tag:
        if (!tag(target)) return {Region::Code, lang_};
        continue;
      }
    }
  }

private:
  enum class Mode { Text, Tag, Value, Comment, Embedded };

  std::size_t find(std::string_view token, std::size_t from) const {
    const std::size_t f = src_.substr(0, end_).find(token, from);
    return f == npos ? end_ : f;
  }

  // Text up to `target`; false when it gets there still in text.
  bool text(std::size_t target) {
    if (pos_ >= target) return false;
    const void* lt = std::memchr(src_.data() + pos_, '<', target - pos_);
    if (!lt) {
      pos_ = target;
      return false;
    }
    const std::size_t i = static_cast<std::size_t>(static_cast<const char*>(lt) - src_.data());
    if (starts_at(src_, i, "<!--")) {
      mode_ = Mode::Comment;
      until_ = std::min(find("-->", i + 4) + 3, end_);
      pos_ = i;
      return true;
    }
    if (starts_at(src_, i, "<![CDATA[")) { // character data: text
      pos_ = i + 9;
      return true;
    }
    const char next = i + 1 < end_ ? src_[i + 1] : '\0';
    if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z')) {
      std::size_t k = i + 1;
      while (k < end_ && (is_ident(src_[k]) || src_[k] == '-' || src_[k] == ':'))
        ++k;
      tag_.assign(src_.substr(i + 1, k - i - 1));
      for (char& ch : tag_)
        ch = ascii_lower(ch);
      mode_ = Mode::Tag;
      pos_ = k;
      return true;
    }
    pos_ = i + 1;
    return true;
  }

  // Inside a tag up to `target`; false when it gets there still inside.
  bool tag(std::size_t target) {
    for (std::size_t i = pos_; i < target; ++i) {
      const char c = src_[i];
      if (c == '>') {
        pos_ = i + 1;
        mode_ = Mode::Text;
        if ((tag_ == "script" || tag_ == "style") && src_[i - 1] != '/') {
          const std::size_t close = find_closing(tag_, i + 1);
          mode_ = Mode::Embedded;
          until_ = close;
          const Language inner = tag_ == "style" ? Language::Css : Language::JavaScript;
          inner_ = make_lexer(src_, inner, i + 1, close);
        }
        return true;
      }
      if (c == '=') {
        std::size_t k = i + 1;
        while (k < end_ && (is_blank(src_[k]) || src_[k] == '\n' || src_[k] == '\r'))
          ++k;
        if (k >= end_) break;
        // The attribute's name, for pattern="..." (a regular expression).
        std::size_t n = i;
        while (n > pos_ && is_blank(src_[n - 1]))
          --n;
        std::size_t a = n;
        while (a > pos_ && (is_ident(src_[a - 1]) || src_[a - 1] == '-' || src_[a - 1] == ':'))
          --a;
        lit_ = Literal{};
        lit_.attribute = true;
        lit_.escapes = EscapeStyle::Entities;
        const std::string_view name = src_.substr(a, n - a);
        lit_.regex = name == "pattern";
        lit_.list = is_url_list_attribute(name);
        for (std::string_view url_name :
             {"href", "src", "action", "formaction", "cite", "poster", "background", "codebase",
              "longdesc", "manifest", "icon", "usemap", "xlink:href", "itemtype", "itemid"})
          lit_.url_attribute = lit_.url_attribute || iequals_ascii(name, url_name);
        if (src_[k] == '"' || src_[k] == '\'') {
          lit_.open = k;
          lit_.content_begin = k + 1;
          lit_.quote = src_[k];
          lit_.close = std::string(1, src_[k]);
          lit_.spans_lines = true;
          const std::size_t q = quote_outside_templates(src_, src_[k], k + 1, end_);
          until_ = q < end_ ? q + 1 : end_;
        } else {
          lit_.open = lit_.content_begin = k;
          lit_.plain = true;
          lit_.stops = " \t\r\n>";
          std::size_t e = k;
          while (e < end_ && lit_.stops.find(src_[e]) == npos)
            ++e;
          until_ = e;
        }
        mode_ = Mode::Value;
        pos_ = k;
        return true;
      }
    }
    pos_ = std::max(pos_, target);
    return false;
  }

  std::size_t find_closing(std::string_view name, std::size_t from) const {
    for (std::size_t i = from; i < end_;) {
      const std::size_t lt = find("</", i);
      if (lt >= end_) return end_;
      if (iat(src_, lt + 2, name)) return lt;
      i = lt + 2;
    }
    return end_;
  }

  std::string_view src_;
  Language lang_;
  std::size_t end_, pos_;
  Mode mode_ = Mode::Text;
  std::size_t until_ = 0;
  std::string tag_;
  Literal lit_;
  std::unique_ptr<Lexer> inner_;
};

// ---------------------------------------------------------------------------------------------
// Line-based configuration formats: YAML and key = value files. A line is cut into segments
// (code, comment, literal, prose, shell); multi-line constructs (YAML block scalars and quoted
// scalars, .env quoted values) carry over.

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

class YamlLexer final : public LineLexer {
public:
  using LineLexer::LineLexer;

private:
  // Keys whose values are shell commands (CI systems, compose files, task runners).
  static bool shell_key(std::string_view key) {
    static constexpr std::string_view kShellKeys[] = {
        "run",      "script",        "before_script", "after_script",  "before_install",
        "install",  "after_success", "after_failure", "before_deploy", "command",
        "commands", "cmd",           "entrypoint"};
    for (std::string_view k : kShellKeys)
      if (key == k) return true;
    return false;
  }

  void read_line(std::size_t line, std::size_t eol) override {
    const std::size_t indent = skip_blanks(line, eol) - line;
    std::size_t p = line + indent;
    std::size_t e = eol;
    if (e > p && src_[e - 1] == '\r') --e;
    if (p >= e) return;
    if (src_[p] == '#') {
      if (want_segments_) segments_.push_back({p, eol, Piece::Comment, {}});
      return;
    }
    if (shell_indent_ != npos && indent <= shell_indent_ && src_[p] != '-') shell_indent_ = npos;
    bool item = false;
    while (p + 1 < e && src_[p] == '-' && is_blank(src_[p + 1])) {
      item = true;
      p = skip_blanks(p + 1, e);
    }
    if (p + 1 == e && src_[p] == '-') return;
    // A flow collection as a whole value ("- { name: x, git: \"https://...\" }"): no key before it.
    if ((src_[p] == '{' || src_[p] == '[') && want_segments_) return flow_collection(p, e, eol, {});
    // A key: a plain or quoted scalar followed by ':' and a blank or the line's end.
    std::size_t key_begin = p, key_end = p, v = p;
    std::size_t k = p;
    if (src_[p] == '"' || src_[p] == '\'') {
      const std::size_t q =
          quoted_end(p, src_[p] == '"' ? EscapeStyle::Backslash : EscapeStyle::Doubling, false);
      k = q == npos ? e : q;
    }
    for (; (k = find_any_of3(src_, k, e, ':', '#', '#')) < e; ++k) {
      if (src_[k] == ':' && (k + 1 == e || is_blank(src_[k + 1]))) {
        key_end = k;
        v = skip_blanks(k + 1, e);
        break;
      }
      if (src_[k] == '#' && k > p && is_blank(src_[k - 1])) break;
    }
    const std::string_view key = src_.substr(key_begin, key_end - key_begin);
    const std::size_t key_column = key_begin - line;
    if (v >= e || src_[v] == '#') { // "script:" with its items below
      if (v < e) segments_.push_back({v, eol, Piece::Comment, {}});
      if (!key.empty() && shell_key(key)) shell_indent_ = indent;
      return;
    }
    const bool shell = (!key.empty() && shell_key(key)) ||
                       (key.empty() && item && shell_indent_ != npos && indent >= shell_indent_);
    // Tags and anchors before the value.
    while (v < e && (src_[v] == '!' || src_[v] == '&')) {
      while (v < e && !is_blank(src_[v]))
        ++v;
      v = skip_blanks(v, e);
    }
    if (v >= e) return;
    const char c = src_[v];
    if (c == '|' || c == '>') {
      std::size_t t = v + 1;
      while (t < e && (src_[t] == '-' || src_[t] == '+' || (src_[t] >= '0' && src_[t] <= '9')))
        ++t;
      t = skip_blanks(t, e);
      if (t == e || src_[t] == '#')
        return block_scalar(eol, key.empty() ? indent : key_column, shell);
    }
    if (c == '"' || c == '\'') {
      const EscapeStyle esc = c == '"' ? EscapeStyle::Backslash : EscapeStyle::Doubling;
      const std::size_t q = quoted_end(v, esc, true);
      if (q <= eol && !want_segments_) return;
      Segment s{v, std::min(q, end_), Piece::Literal, quoted_literal(v, esc, key)};
      if (q > eol) {
        carry_ = s;
        carry_end_ = s.end;
        return;
      }
      segments_.push_back(std::move(s));
      const std::size_t rest = skip_blanks(q, e);
      if (rest < e && src_[rest] == '#') segments_.push_back({rest, eol, Piece::Comment, {}});
      return;
    }
    if (!want_segments_) return;
    if (c == '[' || c == '{') return flow_collection(v, e, eol, key);
    if (shell) return segments_.push_back({v, eol, Piece::Shell, {}});
    // A plain value, up to a " #" comment.
    std::size_t comment = e;
    for (std::size_t h = v + 1; h < e; ++h)
      if (src_[h] == '#' && is_blank(src_[h - 1])) {
        comment = h;
        break;
      }
    Literal lit = plain_literal(v, key, EscapeStyle::None);
    lit.value_end = comment;
    segments_.push_back({v, comment, Piece::Literal, std::move(lit)});
    if (comment < e) segments_.push_back({comment, eol, Piece::Comment, {}});
  }

  // A flow collection on one line ({"x": "https://...", y: z} or ['a', b]): each scalar in it is a
  // value of its own, a quoted one with its quotes and escapes, a plain one ending at , ] } or
  // ": ". The part of a collection that goes on to later lines is left to the plain-value rules.
  void flow_collection(std::size_t v, std::size_t e, std::size_t eol, std::string_view key) {
    for (std::size_t i = v + 1; i < e;) {
      const char ch = src_[i];
      if (is_blank(ch) || ch == ',' || ch == '[' || ch == '{' || ch == ']' || ch == '}' ||
          ch == '\r') {
        ++i;
        continue;
      }
      if (ch == '#' && is_blank(src_[i - 1])) {
        segments_.push_back({i, eol, Piece::Comment, {}});
        return;
      }
      if (ch == '"' || ch == '\'') {
        const EscapeStyle esc = ch == '"' ? EscapeStyle::Backslash : EscapeStyle::Doubling;
        std::size_t q = quoted_end(i, esc, false);
        if (q == npos || q > e) q = e;
        segments_.push_back({i, q, Piece::Literal, quoted_literal(i, esc, key)});
        i = std::max(q, i + 1);
        continue;
      }
      std::size_t j = i;
      while (j < e && src_[j] != ',' && src_[j] != ']' && src_[j] != '}' &&
             !(src_[j] == ':' && (j + 1 == e || is_blank(src_[j + 1]))) &&
             !(src_[j] == '#' && is_blank(src_[j - 1])))
        ++j;
      Literal lit = plain_literal(i, key, EscapeStyle::None);
      lit.stops = ",]}";
      lit.value_end = j;
      segments_.push_back({i, j, Piece::Literal, std::move(lit)});
      i = j < e && src_[j] == ':' ? j + 1 : std::max(j, i + 1);
    }
  }

  // A block scalar announced on the line ending at `eol`: its lines are those after it that are
  // blank or indented past `parent`.
  void block_scalar(std::size_t eol, std::size_t parent, bool shell) {
    const std::size_t first = std::min(eol + 1, end_);
    std::size_t k = first, last_content = first;
    while (k < end_) {
      const std::size_t e = line_end_at(src_, k, end_);
      const std::size_t in = skip_blanks(k, e) - k;
      const bool blank = k + in >= e || (k + in + 1 == e && src_[k + in] == '\r');
      if (!blank && in <= parent) break;
      k = e + 1;
      if (!blank) last_content = std::min(k, end_);
    }
    if (last_content <= first) return;
    carry_ = {first, last_content, shell ? Piece::Shell : Piece::Prose, {}};
    carry_end_ = last_content;
  }

  std::size_t shell_indent_ = npos; // a shell key's indentation, while its items follow
};

class KeyValueLexer final : public LineLexer {
public:
  using LineLexer::LineLexer;

private:
  // An unquoted value; a backslash that continues it on the next line (.properties) is no part
  // of it.
  Literal value(std::size_t v, std::string_view key, EscapeStyle esc, std::size_t e,
                bool continued) const {
    Literal lit = plain_literal(v, key, esc);
    if (continues_) lit.value_end = e - 1;
    lit.partial = continues_ || continued;
    return lit;
  }

  void read_line(std::size_t line, std::size_t eol) override {
    const LanguageSpec& spec = spec_of(lang_);
    const std::size_t p = skip_blanks(line, eol);
    std::size_t e = eol;
    if (e > p && src_[e - 1] == '\r') --e;
    const bool continued = continues_;
    continues_ = lang_ == Language::Properties && ends_with_backslash(p, e);
    if (p >= e) return;
    const char c = src_[p];
    const EscapeStyle esc = lang_ == Language::DotEnv ? EscapeStyle::None : EscapeStyle::Backslash;
    if (!continued &&
        (starts_at(src_, p, spec.line_comment) || starts_at(src_, p, spec.line_comment2)))
      return segments_.push_back({p, eol, Piece::Comment, {}});
    if (c == '[' && lang_ == Language::Ini) return; // a section
    if (continued || p > line) {                    // a continuation line: a value as a whole
      segments_.push_back({p, eol, Piece::Literal, value(p, {}, esc, e, continued)});
      return;
    }
    // key = value, key: value, key value (properties), export KEY=value (.env)
    std::size_t k = p;
    if (lang_ == Language::DotEnv && starts_at(src_, k, "export ")) k = skip_blanks(k + 7, e);
    const std::size_t key_begin = k;
    while (k < e && src_[k] != '=' && src_[k] != ':' &&
           !(lang_ == Language::Properties && is_blank(src_[k])))
      k += (src_[k] == '\\' && lang_ == Language::Properties) ? 2 : 1;
    std::size_t key_end = std::min(k, e);
    while (key_end > key_begin && is_blank(src_[key_end - 1]))
      --key_end;
    if (k >= e) {
      segments_.push_back({p, eol, Piece::Literal, value(p, {}, esc, e, continued)});
      return;
    }
    std::size_t v = skip_blanks(k + 1, e);
    if (lang_ == Language::Properties && k < e && is_blank(src_[k])) {
      v = skip_blanks(k, e);
      if (v < e && (src_[v] == '=' || src_[v] == ':')) v = skip_blanks(v + 1, e);
    }
    if (v >= e) return;
    const std::string_view key = src_.substr(key_begin, key_end - key_begin);
    if ((src_[v] == '"' || src_[v] == '\'') && lang_ != Language::Properties) {
      const EscapeStyle qesc = src_[v] == '"' ? EscapeStyle::Backslash : EscapeStyle::None;
      const bool spans = lang_ == Language::DotEnv;
      const std::size_t q = quoted_end(v, qesc, spans);
      if (q != npos) {
        Segment s{v, std::min(q, end_), Piece::Literal, quoted_literal(v, qesc, key)};
        if (q > eol) {
          carry_ = s;
          carry_end_ = s.end;
          return;
        }
        segments_.push_back(std::move(s));
        return;
      }
    }
    segments_.push_back({v, eol, Piece::Literal, value(v, key, esc, e, continued)});
  }

  bool ends_with_backslash(std::size_t p, std::size_t e) const {
    std::size_t n = 0;
    while (e > p && src_[e - 1] == '\\')
      --e, ++n;
    return n % 2 == 1;
  }

  bool continues_ = false;
};

} // namespace

std::unique_ptr<Lexer> make_lexer(std::string_view source, Language lang, std::size_t begin,
                                  std::size_t end) {
  end = std::min(end, source.size());
  begin = std::min(begin, end);
  switch (spec_of(lang).syntax) {
  case Syntax::Prose:
    return std::make_unique<ProseLexer>(lang);
  case Syntax::Markdown:
    return std::make_unique<MarkdownLexer>(source, lang, begin, end);
  case Syntax::Rst:
    return std::make_unique<RstLexer>(source, lang, begin, end);
  case Syntax::AsciiDoc:
    return std::make_unique<AsciiDocLexer>(source, lang, begin, end);
  case Syntax::Markup:
    return std::make_unique<MarkupLexer>(source, lang, begin, end);
  case Syntax::Code:
    return std::make_unique<CodeLexer>(source, lang, begin, end);
  case Syntax::Yaml:
    return std::make_unique<YamlLexer>(source, lang, begin, end);
  case Syntax::KeyValue:
    return std::make_unique<KeyValueLexer>(source, lang, begin, end);
  }
  return std::make_unique<ProseLexer>(lang);
}

bool is_url_list_attribute(std::string_view name) {
  return name.ends_with("schemaLocation") || name == "srcset" || name == "imagesrcset" ||
         name == "ping" || name == "archive" || name == "content";
}

std::size_t quote_outside_templates(std::string_view source, char quote, std::size_t from,
                                    std::size_t end) {
  end = std::min(end, source.size());
  for (std::size_t i = from; i < end;) {
    const std::size_t q = find_any_of3(source, i, end, quote, '{', quote);
    if (q >= end || source[q] == quote) return q;
    // A "{{" or "{%": skip to its close, if it closes on the same line within 512 bytes (as
    // placeholders do; a search to the end from each opener would cost the square of a line).
    if (q + 1 < end && (source[q + 1] == '{' || source[q + 1] == '%')) {
      const std::string_view close = source[q + 1] == '{' ? "}}" : "%}";
      const std::size_t window = std::min(end, q + 2 + 512);
      const std::size_t c = source.substr(0, window).find(close, q + 2);
      if (c != npos && source.substr(q, c - q).find('\n') == npos) {
        i = c + 2;
        continue;
      }
    }
    i = q + 1;
  }
  return end;
}

std::size_t literal_close(std::string_view s, const Literal& lit, std::size_t from,
                          std::size_t limit) {
  limit = std::min({limit, s.size(), lit.value_end});
  if (lit.attribute && lit.close.size() == 1)
    return quote_outside_templates(s, lit.close[0], from, limit);
  if (lit.close.empty()) {
    for (std::size_t i = from; i < limit; ++i)
      if (lit.stops.find(s[i]) != npos) return i;
    return limit;
  }
  const std::string_view close = lit.close;
  const bool backslash = lit.escapes == EscapeStyle::Backslash ||
                         lit.escapes == EscapeStyle::SingleQuoted || lit.escaped_quotes;
  for (std::size_t i = from; i < limit;) {
    i = find_any_of3(s, i, limit, '\\', close[0], lit.hole_sigil ? lit.hole_sigil : close[0]);
    if (i >= limit) break;
    const char c = s[i];
    if (c == '\\') {
      i += backslash ? 2 : 1;
      continue;
    }
    if (c == lit.hole_sigil && c != 0) {
      if (i + 1 < limit && s[i + 1] == '{') { // a hole: its braces balance
        int depth = 0;
        std::size_t k = i + 1;
        for (; k < limit; ++k) {
          if (s[k] == '{') ++depth;
          if (s[k] == '}' && --depth == 0) break;
        }
        i = k + 1;
        continue;
      }
      ++i;
      continue;
    }
    if (lit.escapes == EscapeStyle::Doubling && c == lit.quote && i + 1 < limit &&
        s[i + 1] == lit.quote) {
      i += 2;
      continue;
    }
    if (starts_at(s, i, close)) return i;
    ++i;
  }
  return limit;
}

} // namespace pctlint
