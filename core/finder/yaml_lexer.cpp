// YAML: keys and values, plain and quoted scalars (across lines), block scalars, flow collections
// read value by value, comments, and the values of CI keys (run:, script:) read as shell.
#include "core/finder/lexer_common.h"
#include "core/finder/line_lexer.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lexing {

namespace {

class YamlLexer final : public LineLexer {
public:
  using LineLexer::LineLexer;
  YamlLexer(const YamlLexer& o)
      : LineLexer(o), shell_indent_(o.shell_indent_), plain_column_(o.plain_column_),
        plain_shell_(o.plain_shell_), looked_ahead_(o.looked_ahead_),
        bare_key_column_(o.bare_key_column_) {}
  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<YamlLexer>(*this);
    rebase_into(*c, to);
    c->looked_ahead_ = to.offset(looked_ahead_);
    return c;
  }
  std::size_t horizon() const override { return std::max(LineLexer::horizon(), looked_ahead_); }

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
    if (p >= e) return; // a blank line: a plain scalar may go on after it
    if (src_[p] == '#') {
      plain_column_ = npos; // no comment inside a plain scalar: it ended
      if (want_segments_) segments_.push_back({p, eol, Piece::Comment, {}});
      return;
    }
    if (plain_column_ != npos && indent > plain_column_) return plain_continuation(p, e, eol);
    plain_column_ = npos;
    // A document marker ("---", "..." at the line's start) is structure, not a plain scalar whose
    // text would go on over every indented line below it (an Ansible play's "  - name: ...").
    if (indent == 0 && (src_.substr(p, 3) == "---" || src_.substr(p, 3) == "...") &&
        (p + 3 == e || is_blank(src_[p + 3]))) {
      bare_key_column_ = shell_indent_ = npos;
      if (skip_blanks(p + 3, e) == e) return;
    }
    // A key with its value on the lines below ("key:" then an indented scalar): the scalar goes
    // on over the lines indented more than the key.
    const std::size_t bare_key_column = indent > bare_key_column_ ? bare_key_column_ : npos;
    bare_key_column_ = npos;
    if (shell_indent_ != npos && indent <= shell_indent_ && src_[p] != '-') shell_indent_ = npos;
    bool item = false;
    std::size_t dash_column = npos; // the last item's dash
    while (p + 1 < e && src_[p] == '-' && is_blank(src_[p + 1])) {
      item = true;
      dash_column = p - line;
      p = skip_blanks(p + 1, e);
    }
    // An item with nothing after it ("- " and blanks to the line's end).
    if (p >= e || (p + 1 == e && src_[p] == '-')) return;
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
      if (!key.empty()) bare_key_column_ = key_column;
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
    if (c == '[' || c == '{') {
      if (want_segments_) flow_collection(v, e, eol, key);
      return;
    }
    // A plain scalar goes on over the lines below that are indented more than its key (or its
    // item's dash, or itself): "k: see the docs at\n  https://x/a b" is one value, a sentence.
    const std::size_t column = !key.empty()              ? key_column
                               : item                    ? dash_column
                               : bare_key_column != npos ? bare_key_column
                                                         : indent;
    if (shell) {
      open_plain(column, true, eol);
      if (want_segments_) segments_.push_back({v, eol, Piece::Shell, {}});
      return;
    }
    // A plain value, up to a " #" comment (which ends the scalar).
    const std::size_t comment = comment_at(v, e);
    const bool continues = comment == e && open_plain(column, false, eol);
    if (want_segments_) push_plain(v, comment, e, eol, key, continues);
  }

  // Where a " #" comment begins in (from, e), or e.
  std::size_t comment_at(std::size_t from, std::size_t e) const {
    for (std::size_t h = from + 1; h < e; ++h)
      if (src_[h] == '#' && is_blank(src_[h - 1])) return h;
    return e;
  }

  // A plain value's segments: its literal up to `comment` (`partial`: one line of a value that
  // goes on over lines), then the comment.
  void push_plain(std::size_t v, std::size_t comment, std::size_t e, std::size_t eol,
                  std::string_view key, bool partial) {
    Literal lit = plain_literal(v, key, EscapeStyle::None);
    lit.partial = partial;
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
      // The ':' right after a quoted key needs no blank ({"key":"https://..."}, JSON written as
      // YAML): it separates the key from its value, which starts no plain scalar.
      if (ch == ':' && (src_[i - 1] == '"' || src_[i - 1] == '\'')) {
        ++i;
        continue;
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

  // Whether the plain scalar that starts on this line goes on below (the next line that is not
  // blank is indented more than `column` and is no comment); if so, it is open.
  bool open_plain(std::size_t column, bool shell, std::size_t eol) {
    looked_ahead_ = end_;
    for (std::size_t k = eol + 1; k < end_;) {
      const std::size_t next_eol = line_end_at(src_, k, end_);
      const std::size_t p = skip_blanks(k, next_eol);
      if (p < next_eol && src_[p] != '\r') {
        looked_ahead_ = next_eol;
        if (src_[p] == '#' || p - k <= column) return false;
        plain_column_ = column;
        plain_shell_ = shell;
        return true;
      }
      k = next_eol + 1;
    }
    return false;
  }

  // A line that continues a plain scalar: the middle of a value (or of a command), never a
  // value whole; a " #" comment ends it.
  void plain_continuation(std::size_t p, std::size_t e, std::size_t eol) {
    const std::size_t comment = comment_at(p, e);
    const bool shell = plain_shell_;
    if (comment < e) plain_column_ = npos;
    if (!want_segments_) return;
    if (!shell) return push_plain(p, comment, e, eol, {}, true);
    segments_.push_back({p, comment, Piece::Shell, {}});
    if (comment < e) segments_.push_back({comment, eol, Piece::Comment, {}});
  }

  void subclass_key(StateKey& k) const override {
    k.value(shell_indent_ == npos ? ~std::uint64_t{0} : shell_indent_);
    k.value(plain_column_ == npos ? ~std::uint64_t{0} : plain_column_).value(plain_shell_);
    k.value(bare_key_column_ == npos ? ~std::uint64_t{0} : bare_key_column_);
  }

  std::size_t shell_indent_ = npos;    // a shell key's indentation, while its items follow
  std::size_t plain_column_ = npos;    // while a plain scalar goes on: the column lines must pass
  bool plain_shell_ = false;           // that scalar is a shell command
  std::size_t looked_ahead_ = 0;       // the end of the line open_plain() looked at last
  std::size_t bare_key_column_ = npos; // the column of a key whose value is on the lines below
};

} // namespace

std::unique_ptr<Lexer> make_yaml_lexer(std::string_view src, Language lang, std::size_t begin,
                                       std::size_t end) {
  return std::make_unique<YamlLexer>(src, lang, begin, end);
}

} // namespace pctlint::lexing
