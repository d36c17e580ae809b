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
#include <memory>
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
  bool attribute = false;     // a markup attribute's value
  bool list = false;          // a blank-separated list (xsi:schemaLocation, srcset, ping)
  bool partial = false;       // one line of a value continued over lines: never the value whole
  bool url_attribute = false; // an attribute whose value is a URL by definition (href, src...)
  bool config = false;        // a configuration file's value
  bool plain = false;         // unquoted (a YAML/INI/.env value, a shell word)
  bool regex = false;         // known to be a regular expression (regex literal, pattern="")
  bool heredoc = false;       // a heredoc's body
  // {{ and }} stand for braces and {...} for code (Python f-strings, C# $"...", Rust's format!).
  bool format_braces = false;
  // A backslash keeps the literal open though escapes are not decoded (Python raw strings; PHP's,
  // Ruby's and Perl's single quotes).
  bool escaped_quotes = false;

  // Back to a default literal, keeping `close`'s buffer (the code lexer reuses one literal for
  // every string it meets).
  void reset() {
    std::string buffer = std::move(close);
    buffer.clear();
    *this = Literal{};
    close = std::move(buffer);
  }
};

struct Where {
  Region region = Region::Prose;
  Language language = Language::PlainText; // the code's own: a fenced block's, a <script>'s
  const Literal* literal = nullptr;        // with Region::Literal
};

class Lexer {
public:
  virtual ~Lexer() = default;
  // Where `target` stands. Targets must not decrease: the lexer reads on from where it stopped.
  virtual Where at(std::size_t target) = 0;
};

// A lexer for source[begin, end) in `lang`; offsets are the source's.
std::unique_ptr<Lexer> make_lexer(std::string_view source, Language lang, std::size_t begin,
                                  std::size_t end);

// The offset of `literal`'s closing delimiter at or after `from`, or `limit` when it does not
// close before it (the finder asks up to the line's end). Escapes are honoured; holes of code
// (${ ... }, #{ ... }) on the way are passed over.
std::size_t literal_close(std::string_view source, const Literal& literal, std::size_t from,
                          std::size_t limit);

// The first `quote` in source[from, end) that is not inside a template expression ({{ ... }} or
// {% ... %}, whose arguments may be quoted: href="{{ url_for("x") }}"), or `end`. A quote inside
// an expression that never closes does end the value.
// Whether an attribute of this name holds one URL by definition (href, src, action, cite...).
bool is_url_attribute(std::string_view name);

// Whether an attribute of this name holds a list of URLs with other words between them
// (srcset="a.png 1x, b.png 2x", xsi:schemaLocation="ns url ns url", ping="u1 u2"): each URL ends
// where running text would end it, not at the closing quote.
bool is_url_list_attribute(std::string_view name);

std::size_t quote_outside_templates(std::string_view source, char quote, std::size_t from,
                                    std::size_t end);

} // namespace pctlint
