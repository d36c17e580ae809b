// HTML and XML: text is prose, attribute values are literals (entities decoded), comments are
// comments, and <script> and <style> are read as JavaScript and CSS.
#include "core/finder/lexer_common.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lexing {

namespace {

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
        mode_ = mode_ == Mode::Value && !lit_.opaque ? Mode::Tag : Mode::Text;
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

  MarkupLexer(const MarkupLexer& o)
      : Lexer(), src_(o.src_), lang_(o.lang_), end_(o.end_), pos_(o.pos_), mode_(o.mode_),
        until_(o.until_), tag_(o.tag_), tag_begin_(o.tag_begin_), lit_(o.lit_) {}
  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<MarkupLexer>(*this);
    c->src_ = to.source;
    c->end_ = to.offset(end_);
    c->pos_ = to.offset(pos_);
    c->until_ = to.offset(until_);
    c->tag_begin_ = to.offset(tag_begin_);
    c->lit_ = rebased(lit_, to);
    c->inner_ = clone_of(inner_, to);
    return c;
  }
  std::size_t horizon() const override {
    std::size_t h = pos_;
    if (mode_ == Mode::Comment || mode_ == Mode::Value || mode_ == Mode::Embedded)
      h = std::max(h, until_);
    if (inner_) h = std::max(h, inner_->horizon());
    return h;
  }
  void state_key(StateKey& k) const override {
    k.value(static_cast<std::uint64_t>(lang_)).value(static_cast<std::uint64_t>(mode_));
    // In a comment, a value or an embedded block pos_ is where it began and is read again only as
    // until_ (so an edit inside a long one settles at the next URL).
    k.offset(mode_ == Mode::Text || mode_ == Mode::Tag ? pos_ : npos);
    if (mode_ == Mode::Text) return k.nested(nullptr), void();
    k.text(tag_);
    // What the tag has said so far decides how its element's text is read.
    if (mode_ == Mode::Tag)
      return k.value(tag_ == "guid" && not_permalink(tag_begin_, pos_)), void();
    k.offset(until_);
    if (mode_ == Mode::Value) k.literal(lit_);
    k.nested(inner_.get());
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
      tag_begin_ = i;
      for (char& ch : tag_)
        ch = ascii_lower(ch);
      mode_ = Mode::Tag;
      pos_ = k;
      return true;
    }
    pos_ = i + 1;
    return true;
  }

  // Whether the element whose content is [begin, close) holds CSS or a script: in HTML always; in
  // other XML (SVG's <style> and <script> do) only when no element is nested in it, as CSL's
  // root <style> holds its whole document.
  bool embedded_code(std::size_t close, std::size_t begin) const {
    if (lang_ == Language::Html) return true;
    const std::string_view content = src_.substr(begin, close - begin);
    for (std::size_t lt = content.find('<'); lt != npos; lt = content.find('<', lt + 1))
      if (lt + 1 < content.size() && (ascii::is_alpha(content[lt + 1]) || content[lt + 1] == '/'))
        return false;
    return true;
  }

  // Inside a tag up to `target`; false when it gets there still inside.
  bool tag(std::size_t target) {
    for (std::size_t i = pos_; i < target; ++i) {
      const char c = src_[i];
      if (c == '>') {
        pos_ = i + 1;
        mode_ = Mode::Text;
        const bool code_tag = (tag_ == "script" || tag_ == "style") && src_[i - 1] != '/';
        if (const std::size_t close = code_tag ? find_closing(tag_, i + 1) : npos;
            code_tag && embedded_code(close, i + 1)) {
          mode_ = Mode::Embedded;
          until_ = close;
          const Language inner = tag_ == "style" ? Language::Css : Language::JavaScript;
          inner_ = make_lexer(src_, inner, i + 1, close);
        } else if (tag_ == "guid" && src_[i - 1] != '/' && not_permalink(tag_begin_, i)) {
          opaque_text(i + 1);
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
        lit_.escapes = spec_of(lang_).single_quote_escapes; // entities, and MSBuild's escapes
        const std::string_view name = src_.substr(a, n - a);
        lit_.regex = name == "pattern";
        lit_.list = is_url_list_attribute(name, tag_);
        lit_.url_attribute =
            is_url_attribute(name) ||
            (tag_ == "meta" && ascii::iequals(name, "content") && url_meta_property(tag_begin_, k));
        lit_.namespace_name = names_by_string(name);
        if (src_[k] == '"' || src_[k] == '\'') {
          lit_.open = k;
          lit_.content_begin = k + 1;
          lit_.quote = src_[k];
          lit_.close = std::string(1, src_[k]);
          lit_.spans_lines = true;
          const std::size_t q = quote_outside_templates(src_, src_[k], k + 1, end_);
          until_ = q < end_ ? q + 1 : end_;
          if (tag_ == "meta" && ascii::iequals(name, "content") && q < end_) refresh(k + 1, q);
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

  // Whether the <meta> tag that starts at `begin` (its content's value at `value`) names a URL
  // property of the Open Graph protocol or of Twitter's cards (property="og:image",
  // name="twitter:image"): its content is then one URL by definition, as an href is.
  bool url_meta_property(std::size_t begin, std::size_t value) const {
    const bool quoted = src_[value] == '"' || src_[value] == '\'';
    const std::size_t value_end = quoted ? src_.find(src_[value], value + 1) : value;
    const std::size_t end = value_end == npos ? npos : src_.find('>', value_end);
    if (end == npos || end - begin > 2048) return false;
    const std::string_view t = src_.substr(begin, end - begin);
    for (const std::string_view key : {"property=", "name="})
      for (std::size_t at = t.find(key); at != npos; at = t.find(key, at + 1)) {
        if (at == 0 || !is_blank(t[at - 1])) continue;
        std::size_t k = at + key.size();
        if (k < t.size() && (t[k] == '"' || t[k] == '\'')) ++k;
        const std::size_t close = t.find_first_of("\"' >", k);
        const std::string_view prop = t.substr(k, close == npos ? npos : close - k);
        for (const std::string_view url_prop :
             {"og:url", "og:image", "og:image:url", "og:logo", "og:image:secure_url", "og:video",
              "og:video:url", "og:video:secure_url", "og:audio", "og:audio:url",
              "og:audio:secure_url", "twitter:image", "twitter:image:src", "twitter:url",
              "twitter:player"})
          if (ascii::iequals(prop, url_prop)) return true;
      }
    return false;
  }

  // Whether the start tag [begin, end) says isPermaLink="false": RSS 2.0's <guid> is then an
  // identifier the feed compares, not a URL anyone follows.
  bool not_permalink(std::size_t begin, std::size_t end) const {
    const std::string_view t = src_.substr(begin, end - begin);
    const std::size_t at = t.find("isPermaLink");
    if (at == npos) return false;
    std::size_t k = at + 11;
    while (k < t.size() && (is_blank(t[k]) || t[k] == '='))
      ++k;
    if (k < t.size() && (t[k] == '"' || t[k] == '\'')) ++k;
    return ascii::istarts_with(t.substr(k), "false");
  }

  // The element's text, from `begin` to its end tag, as an opaque literal.
  void opaque_text(std::size_t begin) {
    lit_ = Literal{};
    lit_.open = lit_.content_begin = begin;
    lit_.opaque = true;
    lit_.close = "<";
    mode_ = Mode::Value;
    until_ = find("<", begin);
    pos_ = begin;
  }

  // A <meta> content="5; url='https://…'" (a refresh): the URL is the value, from its start to
  // its quote or the attribute's, as a browser reads it.
  void refresh(std::size_t value_begin, std::size_t value_close) {
    const auto target = refresh_target(src_.substr(value_begin, value_close - value_begin));
    if (!target) return;
    lit_.content_begin = value_begin + target->begin;
    if (target->quote == 0) return;
    lit_.close.assign(1, target->quote);
    lit_.value_end = value_close;
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
  std::size_t tag_begin_ = 0; // the '<' of the tag being read
  Literal lit_;
  std::unique_ptr<Lexer> inner_;
};

} // namespace

std::unique_ptr<Lexer> make_markup_lexer(std::string_view src, Language lang, std::size_t begin,
                                         std::size_t end) {
  return std::make_unique<MarkupLexer>(src, lang, begin, end);
}

} // namespace pctlint::lexing
