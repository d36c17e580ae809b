// Prose formats with code blocks: Markdown (fenced blocks, YAML front matter), reST (code-block
// directives), AsciiDoc ([source] blocks), and plain text. Outside a block everything is prose; a
// block is read by the lexer of the language its info string names.
#include "core/finder/lexer_common.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lexing {

namespace {

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
  // Everything but the inner lexer, which clone() copies over its Rebase.
  BlockLexer(const BlockLexer& o)
      : Lexer(), src_(o.src_), lang_(o.lang_), begin_(o.begin_), end_(o.end_), pos_(o.pos_),
        block_(o.block_), next_(o.next_), in_block_(o.in_block_), next_known_(o.next_known_) {}

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

  std::size_t horizon() const override {
    if (!in_block_) return pos_;
    return std::max(block_.after == npos ? pos_ : block_.after, inner_ ? inner_->horizon() : 0);
  }
  void state_key(StateKey& k) const override {
    k.value(static_cast<std::uint64_t>(lang_)).value(in_block_);
    // In prose nothing before the origin matters: every block before it has been read.
    if (!in_block_) return;
    k.offset(block_.begin).offset(block_.content).offset(block_.end).offset(block_.after);
    k.value(block_.language ? static_cast<std::uint64_t>(*block_.language) + 1 : 0);
    k.nested(inner_.get());
  }

protected:
  // A copy of this lexer's state into `c` (a copy of the derived lexer) over `to`.
  void rebase_into(BlockLexer& c, const Rebase& to) const {
    c.src_ = to.source;
    c.begin_ = to.offset(begin_);
    c.end_ = to.offset(end_);
    c.pos_ = to.offset(pos_);
    c.block_ = rebased(block_, to);
    c.next_known_ = false; // a look ahead, looked for again
    c.inner_ = clone_of(inner_, to);
  }
  static CodeBlock rebased(CodeBlock b, const Rebase& to) {
    b.begin = to.offset(b.begin);
    b.content = to.offset(b.content);
    b.end = to.offset(b.end);
    b.after = to.offset(b.after);
    return b;
  }

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
  MarkdownLexer(const MarkdownLexer& other) : BlockLexer(other) {}
  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<MarkdownLexer>(*this);
    rebase_into(*c, to);
    return c;
  }

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
  RstLexer(const RstLexer& other) : BlockLexer(other) {}
  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<RstLexer>(*this);
    rebase_into(*c, to);
    return c;
  }

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
  AsciiDocLexer(const AsciiDocLexer& other) : BlockLexer(other) {}
  std::unique_ptr<Lexer> clone(const Rebase& to) const override {
    auto c = std::make_unique<AsciiDocLexer>(*this);
    rebase_into(*c, to);
    return c;
  }

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
  std::unique_ptr<Lexer> clone(const Rebase&) const override {
    return std::make_unique<ProseLexer>(lang_);
  }
  std::size_t horizon() const override { return 0; }
  void state_key(StateKey& k) const override { k.value(static_cast<std::uint64_t>(lang_)); }

private:
  Language lang_;
};

} // namespace

std::unique_ptr<Lexer> make_block_lexer(std::string_view src, Language lang, std::size_t begin,
                                        std::size_t end) {
  switch (spec_of(lang).syntax) {
  case Syntax::Markdown:
    return std::make_unique<MarkdownLexer>(src, lang, begin, end);
  case Syntax::Rst:
    return std::make_unique<RstLexer>(src, lang, begin, end);
  case Syntax::AsciiDoc:
    return std::make_unique<AsciiDocLexer>(src, lang, begin, end);
  default:
    return std::make_unique<ProseLexer>(lang);
  }
}

} // namespace pctlint::lexing
