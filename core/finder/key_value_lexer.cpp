// key = value files: INI, Java .properties (values continued with a backslash), .env (quoted
// values across lines, export KEY=value).
#include "core/finder/lexer_common.h"
#include "core/finder/line_lexer.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lexing {

namespace {

class KeyValueLexer final : public LineLexer {
public:
  using LineLexer::LineLexer;
  KeyValueLexer(const KeyValueLexer& o) : LineLexer(o), continues_(o.continues_) {}
  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<KeyValueLexer>(*this);
    rebase_into(*c, to);
    return c;
  }

private:
  // An unquoted value; a backslash that continues it on the next line (.properties, INI) is no
  // part of it.
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
    // (.properties, and the INI dialects that continue a line so: systemd's, Git's, the ".cfg"
    // of Apache Commons Configuration: "key = http://x/a,\" then the list's next item.)
    continues_ =
        (lang_ == Language::Properties || lang_ == Language::Ini) && ends_with_backslash(p, e);
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

  void subclass_key(StateKey& k) const override { k.value(continues_); }

  bool continues_ = false;
};

} // namespace

std::unique_ptr<Lexer> make_key_value_lexer(std::string_view src, Language lang, std::size_t begin,
                                            std::size_t end) {
  return std::make_unique<KeyValueLexer>(src, lang, begin, end);
}

} // namespace pctlint::lexing
