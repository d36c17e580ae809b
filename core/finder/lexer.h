// Reading a file's syntax, internal to core/: where a position stands (code, a comment, prose, or
// inside a literal), with the state carried from the file's start across lines (block comments,
// triple-quoted and raw strings, template literals with nested ${ }, heredocs, YAML block
// scalars) and into code embedded in other files (Markdown and reST code blocks by their info
// string, <script> and <style>, YAML run:/script: blocks as shell).
//
// A lexer reads lazily: only as far as it is asked, from where it stopped. The finder asks only
// at URL candidates, so a file without one is never lexed, and each byte is lexed once.
#pragma once

#include "core/finder/language.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace pctlint {

enum class Region {
  Code,    // outside strings and comments
  Comment, // a comment: prose
  Prose,   // text: Markdown, plain text, HTML text, a YAML block of text
  Literal, // a string literal, a markup attribute value, a config value
};

struct Literal {
  std::size_t open = 0;          // the opening delimiter's first byte
  std::size_t content_begin = 0; // the content's first byte
  EscapeStyle escapes = EscapeStyle::Backslash;
  char quote = '"';
  // The closing delimiter. Empty for an unquoted value, which ends at the line's end (or, with
  // `stops`, at the first of those bytes).
  std::string close;
  std::string_view stops; // an unquoted value also ends at these bytes (",]}" in a YAML flow)
  std::size_t value_end = std::string_view::npos; // ... and here (a " # comment" after it)
  bool spans_lines = false;                       // it may hold newlines (a multi-line construct)
  // '$' when ${ ... } inside holds code (JavaScript template literals, Kotlin strings), '#' for
  // #{ ... } (Ruby); 0 when there are no such holes.
  char hole_sigil = 0;
  bool paren_holes = false; // $( ... ) holds code as well (Julia)
  bool bytes = false;       // Python's b"...": \x and octal are bytes, \u \U \N no escapes
  bool wide = false;        // C's L"...", u"...", U"...": \x and octal are code points
  // Swift's #"..."#: a backslash escapes only with as many '#' after it ("\#n", "\#(x)").
  unsigned char escape_hashes = 0;
  bool attribute = false;      // a markup attribute's value
  bool list = false;           // a blank-separated list (xsi:schemaLocation, srcset, ping)
  bool partial = false;        // one line of a value continued over lines: never the value whole
  bool url_attribute = false;  // an attribute whose value is a URL by definition (href, src...)
  bool namespace_name = false; // xmlns, xmlns:x: a URI compared as a string, not resolved
  // An identifier that is no URL, whatever it looks like (RSS's <guid isPermaLink="false">):
  // nothing in it is looked at.
  bool opaque = false;
  bool config = false;  // a configuration file's value
  bool plain = false;   // unquoted (a YAML/INI/.env value, a shell word)
  bool regex = false;   // known to be a regular expression (regex literal, pattern="")
  bool heredoc = false; // a heredoc's body
  // {{ and }} stand for braces and {...} for code (Python f-strings, C# $"...", Rust's format!).
  bool format_braces = false;
  // A backslash keeps the literal open though escapes are not decoded (Python raw strings; PHP's,
  // Ruby's and Perl's single quotes).
  bool escaped_quotes = false;

  // Back to a default literal closed by `delimiter`, keeping `close`'s buffer (the code lexer
  // reuses one literal for every string it meets, most of them closed as the one before).
  // `delimiter` views other bytes than `close`'s own.
  void reset(std::string_view delimiter = {}) {
    if (std::string_view(close) != delimiter) close.assign(delimiter);
    std::string buffer = std::move(close);
    *this = Literal{};
    close = std::move(buffer);
  }
};

struct Where {
  Region region = Region::Prose;
  Language language = Language::PlainText; // the code's own: a fenced block's, a <script>'s
  const Literal* literal = nullptr;        // with Region::Literal
};

// Where a copy of a lexer's state is to read (incremental lexing, core/finder/incremental.h): a
// text that holds what the lexer has read so far (up to its horizon()), `delta` bytes further on
// (an edit before it grew or shrank the text). An end that was the old text's (`old_size`) becomes
// the new text's.
struct Rebase {
  std::string_view source;
  std::size_t from = 0; // offsets at or after it (in the old text) move by delta
  std::ptrdiff_t delta = 0;
  std::size_t old_size = 0;
  std::size_t offset(std::size_t o) const {
    if (o == std::string_view::npos) return o;
    if (o == old_size) return source.size();
    if (o < from) return o;
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(o) + delta);
  }
};

// A lexer's state written down (Lexer::state_key): values as they are, offsets relative to an
// origin, npos as npos; the earliest offset written is kept (how far back the state refers).
class Lexer;

class StateKey {
public:
  explicit StateKey(std::size_t origin) : origin_(origin) {}
  const std::string& bytes() const { return out_; }
  std::size_t earliest() const { return earliest_; }
  StateKey& value(std::uint64_t v) {
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
    return *this;
  }
  StateKey& offset(std::size_t o) {
    if (o < earliest_) earliest_ = o;
    return value(o == std::string_view::npos
                     ? ~std::uint64_t{0}
                     : static_cast<std::uint64_t>(static_cast<std::int64_t>(o) -
                                                  static_cast<std::int64_t>(origin_)));
  }
  StateKey& text(std::string_view s) {
    value(s.size());
    out_.append(s);
    return *this;
  }
  StateKey& literal(const Literal& l) {
    offset(l.open).offset(l.content_begin).offset(l.value_end);
    value(static_cast<std::uint64_t>(l.escapes)).value(static_cast<unsigned char>(l.quote));
    value(l.escape_hashes);
    text(l.close).text(l.stops).value(static_cast<unsigned char>(l.hole_sigil));
    const bool flags[] = {l.spans_lines,   l.attribute,     l.list,           l.partial,
                          l.url_attribute, l.config,        l.plain,          l.regex,
                          l.heredoc,       l.format_braces, l.escaped_quotes, l.paren_holes,
                          l.bytes,         l.wide,          l.namespace_name, l.opaque};
    std::uint64_t bits = 0;
    for (bool f : flags)
      bits = bits << 1 | (f ? 1 : 0);
    return value(bits);
  }
  // A nested lexer's state, or a mark that there is none.
  StateKey& nested(const Lexer* lexer);

private:
  std::string out_;
  std::size_t origin_;
  std::size_t earliest_ = std::string_view::npos;
};

class Lexer {
public:
  virtual ~Lexer() = default;
  // Where `target` stands. Targets must not decrease: the lexer reads on from where it stopped.
  virtual Where at(std::size_t target) = 0;

  // Incremental lexing, for a document edited in an editor:
  // A copy of this lexer's state that reads on over `to`.
  virtual std::unique_ptr<Lexer> clone(const Rebase& to) const = 0;
  // The furthest offset its state was read from (where it stopped, and how far it looked ahead:
  // the end of a comment it is in, of a code block, of a YAML block scalar): the state holds for
  // any text that agrees with this one up to there.
  virtual std::size_t horizon() const = 0;
  // Its state, written into `key` with every offset relative to the key's origin: two lexers at
  // the same place in texts that agree from there on read on alike when their keys are equal.
  virtual void state_key(StateKey& key) const = 0;
};

inline StateKey& StateKey::nested(const Lexer* lexer) {
  if (!lexer) return value(0);
  value(1);
  lexer->state_key(*this);
  return *this;
}

// How far back a lexer or the finder looks from where it reads (the last significant byte before a
// regex's '/', the callee before a format string): never further, so that what an edit changes
// reaches no decision made this far after it (incremental lexing relies on it).
inline constexpr std::size_t kLookBehind = 1024;

// A lexer for source[begin, end) in `lang`; offsets are the source's.
std::unique_ptr<Lexer> make_lexer(std::string_view source, Language lang, std::size_t begin,
                                  std::size_t end);

// The offset of `literal`'s closing delimiter at or after `from`, or `limit` when it does not
// close before it (the finder asks up to the line's end). Escapes are honoured; holes of code
// (${ ... }, #{ ... }) on the way are passed over.
std::size_t literal_close(std::string_view source, const Literal& literal, std::size_t from,
                          std::size_t limit);

// Whether an attribute of this name holds one URL by definition (href, src, action, cite...).
bool is_url_attribute(std::string_view name);
// Whether an attribute's value names something by its characters, compared as a string and never
// resolved (xmlns, targetNamespace, rdf:about): any rewrite of it names something else.
bool names_by_string(std::string_view name);

// Whether an attribute of this name holds a list of URLs with other words between them
// (srcset="a.png 1x, b.png 2x", xsi:schemaLocation="ns url ns url", ping="u1 u2"): each URL ends
// where running text would end it, not at the closing quote. `element` is the tag's name in lower
// case where it is known: a <meta>'s content is one value, a URL (og:image, twitter:url) or prose,
// as the same attribute is on an element whose name is not known (a content= in Markdown).
bool is_url_list_attribute(std::string_view name, std::string_view element = {});

// The URL of a refresh declaration, <meta http-equiv="refresh" content="5; url='https://…'">: where
// it begins in the content's value and the quote that ends it (0: the value's end), read as the
// HTML Standard's shared declarative refresh steps read it. nullopt for a value with no URL.
struct RefreshTarget {
  std::size_t begin = 0;
  char quote = 0;
};
std::optional<RefreshTarget> refresh_target(std::string_view content);

// The first `quote` in source[from, end) that is not inside a template expression ({{ ... }} or
// {% ... %}, whose arguments may be quoted: href="{{ url_for("x") }}"), or `end`. A quote inside
// an expression that never closes does end the value.
std::size_t quote_outside_templates(std::string_view source, char quote, std::size_t from,
                                    std::size_t end);

} // namespace pctlint
