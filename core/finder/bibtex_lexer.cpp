// BibTeX (.bib): text outside entries is a comment, as BibTeX reads it; in an entry,
// `field = {value}` or `field = "value"`. A `url` field's value is the URL, verbatim (biblatex
// reads it so, and BibTeX styles hand it to \url{}): a literal whose extent its braces give, with
// no escapes. Other fields (title, note, howpublished) are text, read as prose.
#include "core/finder/lexer_common.h"

#include <algorithm>

namespace pctlint::lexing {

namespace {

class BibTeXLexer final : public Lexer {
public:
  BibTeXLexer(std::string_view src, Language lang, std::size_t begin, std::size_t end)
      : src_(src), lang_(lang), end_(end), pos_(begin), span_end_(begin) {}

  Where at(std::size_t target) override {
    target = std::min(target, end_);
    while (target >= span_end_ && pos_ < end_)
      next_span();
    if (target >= span_end_) return {Region::Comment, lang_};
    if (region_ == Region::Literal) return {Region::Literal, lang_, &lit_};
    return {region_, lang_};
  }

  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<BibTeXLexer>(*this);
    c->src_ = to.source;
    c->end_ = to.offset(end_);
    c->pos_ = to.offset(pos_);
    c->span_end_ = to.offset(span_end_);
    c->lit_ = rebased(lit_, to);
    return c;
  }
  std::size_t horizon() const override { return std::max(pos_, span_end_); }
  void state_key(StateKey& k) const override {
    k.value(static_cast<std::uint64_t>(mode_)).offset(pos_).offset(span_end_);
    k.value(static_cast<std::uint64_t>(region_)).value(static_cast<unsigned char>(entry_close_));
    k.value(url_field_);
    if (region_ == Region::Literal) k.literal(lit_);
  }

private:
  enum class Mode { Outside, Key, Fields };

  void span(std::size_t end, Region region) {
    span_end_ = std::min(end, end_);
    pos_ = span_end_;
    region_ = region;
  }

  std::size_t skip_space(std::size_t i) const {
    while (i < end_ && (is_blank(src_[i]) || src_[i] == '\n' || src_[i] == '\r'))
      ++i;
    return i;
  }
  std::size_t skip_name(std::size_t i) const {
    while (i < end_ && (is_ident(src_[i]) || std::string_view("-:.+/'").find(src_[i]) != npos))
      ++i;
    return i;
  }

  // The '}' that closes the '{' at `open`, braces counted as BibTeX counts them; end_ if none.
  std::size_t matching_brace(std::size_t open) const {
    int depth = 0;
    for (std::size_t i = open; i < end_; ++i) {
      if (src_[i] == '{') ++depth;
      if (src_[i] == '}' && --depth == 0) return i;
    }
    return end_;
  }
  // The '"' that ends the value opened at `open`: one outside braces.
  std::size_t closing_quote(std::size_t open) const {
    int depth = 0;
    for (std::size_t i = open + 1; i < end_; ++i) {
      if (src_[i] == '{') ++depth;
      if (src_[i] == '}') depth = std::max(0, depth - 1);
      if (src_[i] == '"' && depth == 0) return i;
    }
    return end_;
  }

  void next_span() {
    switch (mode_) {
    case Mode::Outside:
      return outside();
    case Mode::Key:
      return key();
    case Mode::Fields:
      return field();
    }
  }

  // Up to an entry: "@type{" or "@type(".
  void outside() {
    const void* at = std::memchr(src_.data() + pos_, '@', end_ - pos_);
    const std::size_t a =
        at ? static_cast<std::size_t>(static_cast<const char*>(at) - src_.data()) : end_;
    if (a > pos_) return span(a, Region::Comment);
    const std::size_t type_end = skip_name(a + 1);
    const std::size_t open = skip_space(type_end);
    if (type_end == a + 1 || open >= end_ || (src_[open] != '{' && src_[open] != '('))
      return span(a + 1, Region::Comment);
    const std::string_view type = src_.substr(a + 1, type_end - a - 1);
    entry_close_ = src_[open] == '{' ? '}' : ')';
    if (iequals_ascii(type, "comment")) // @comment{...}: a comment, to its brace
      return span(src_[open] == '{' ? matching_brace(open) + 1 : open + 1, Region::Comment);
    if (iequals_ascii(type, "preamble")) { // TeX code
      mode_ = Mode::Outside;
      return span(src_[open] == '{' ? matching_brace(open) + 1 : open + 1, Region::Code);
    }
    mode_ = iequals_ascii(type, "string") ? Mode::Fields : Mode::Key;
    span(open + 1, Region::Code);
  }

  // The citation key, to its ','.
  void key() {
    std::size_t i = pos_;
    while (i < end_ && src_[i] != ',' && src_[i] != entry_close_ && src_[i] != '\n')
      ++i;
    mode_ = Mode::Fields;
    span(i < end_ && src_[i] == ',' ? i + 1 : i, Region::Code);
  }

  // Between fields (code), a field's name and '=' (code), or its value.
  void field() {
    const std::size_t i = skip_space(pos_);
    if (i >= end_) return span(end_, Region::Code);
    const char c = src_[i];
    if (c == entry_close_) {
      mode_ = Mode::Outside;
      return span(i + 1, Region::Code);
    }
    if (c == ',' || c == '#') return span(i + 1, Region::Code);
    if (c == '{' || c == '"') return value(i);
    const std::size_t name_end = skip_name(i);
    if (name_end == i) return span(i + 1, Region::Code); // not BibTeX: pass over it
    const std::size_t eq = skip_space(name_end);
    if (eq < end_ && src_[eq] == '=') {
      url_field_ = iequals_ascii(src_.substr(i, name_end - i), "url");
      return span(eq + 1, Region::Code);
    }
    span(name_end, Region::Code); // a macro's name, a number
  }

  void value(std::size_t open) {
    const std::size_t close = src_[open] == '{' ? matching_brace(open) : closing_quote(open);
    if (!url_field_) return span(close + 1, Region::Prose);
    lit_.reset();
    lit_.open = open;
    lit_.content_begin = open + 1;
    lit_.quote = src_[open];
    lit_.close.assign(1, src_[open] == '{' ? '}' : '"');
    lit_.escapes = EscapeStyle::None;
    lit_.config = true;
    const std::string_view content = src_.substr(open + 1, std::min(close, end_) - open - 1);
    lit_.spans_lines = content.find('\n') != npos;
    // Braces inside protect text from case changes, and a backslash writes TeX (DBLP's "\_"): the
    // value is then no longer the URL itself, only text holding it.
    lit_.partial = content.find_first_of("{}\\") != npos;
    span(close + 1, Region::Literal);
  }

  std::string_view src_;
  Language lang_;
  std::size_t end_, pos_, span_end_;
  Mode mode_ = Mode::Outside;
  Region region_ = Region::Comment;
  char entry_close_ = '}';
  bool url_field_ = false; // the value that comes next is a url field's
  Literal lit_;
};

} // namespace

std::unique_ptr<Lexer> make_bibtex_lexer(std::string_view src, Language lang, std::size_t begin,
                                         std::size_t end) {
  return std::make_unique<BibTeXLexer>(src, lang, begin, end);
}

} // namespace pctlint::lexing
