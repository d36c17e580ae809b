// Finding URL literals in source and config text, with the whole file's syntax around them
// (core/finder/lexer.h). Context decides where a URL ends: a string literal, config value or markup
// attribute that holds one URL is that URL whole (so a raw space is IN the URL); so is a Markdown
// link destination or autolink. In prose a URL ends where running text ends it: at white space,
// quotes and the characters markup puts around URLs ([ ] { } < > | ^ \ and the backtick), minus
// trailing punctuation and unbalanced closers. Escape sequences of the literal's language are
// decoded for checking and mapped back to exact source offsets. Regular expressions are not URLs.
#pragma once

#include "core/codec/url.h"
#include "core/finder/language.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

enum class UrlContext {
  StringLiteral, // a programming language's string literal
  ConfigValue,   // a JSON/YAML/TOML/INI/.env/.properties value, quoted or plain
  Attribute,     // an XML/HTML attribute value
  Prose,         // comments, Markdown, plain text, HTML text
};

// Template placeholder styles; their table (what each looks like, where it applies, its name in
// the configuration) is in core/finder/templates.cpp.
enum class PlaceholderStyle : unsigned {
  Rfc6570 = 1u << 0,     // {var} {?q,r} {/path*}
  DollarBrace = 1u << 1, // ${expr}
  DoubleBrace = 1u << 2, // {{ expr }}
  Erb = 1u << 3,         // <%= expr %>
  ColonParam = 1u << 4,  // /users/:id path parameters
  Printf = 1u << 5,      // %s %d %v %1$s %(name)s: printf languages' strings, and prose
  // %HOSTIP %TESTNUMBER% %APPDATA% %{...%} %~dp0: test harnesses, batch files, zsh
  PercentName = 1u << 6,
  AngleName = 1u << 7,    // <bucket> <hostname>: documentation
  OptionalPart = 1u << 8, // [user:pass@] [:port]: documentation of optional parts
  CurlGlob = 1u << 9,     // [1-100] [a-z]: curl's URL globbing, on a line that runs curl
  HashBrace = 1u << 10,   // #{expr}: Ruby, CoffeeScript, Crystal, Elixir interpolation
  DollarParen = 1u << 11, // $(command) $(VAR): shell command substitution, make variables
  GitFormat = 1u << 12,   // %H %n %an: git log's --format, on a line that runs git log or show
  PhpTag = 1u << 13,      // <?php echo $x; ?> <?= $x ?>: PHP's template tags
  // %02d %df in a literal that is formatted (given to printf, sprintf, Sprintf, String.format,
  // or followed by Python's or Ruby's % operator): there a conversion wins over an escape.
  PrintfFormatted = 1u << 14,
  BracketName = 1u << 15,  // [SESSIONID] [ICON SLUG] [Support Email] /[id]/: a name in brackets
  ParenWords = 1u << 16,   // (Bucket Name) (Data store ID): words in parentheses, AWS CLI docs
  PercentBrace = 1u << 17, // %{name} %{HTTP_HOST}: RPM macros, Apache httpd's variables
  AtName = 1u << 18,       // @ANT_JAR@ @prefix@: Ant filters, CMake configure_file, autoconf
  Elision = 1u << 19,      // https://example.com/… : an ellipsis stands for what was left out
  // %1 next to a $1 (lighttpd's and Apache's rewrite targets: %N is the condition's capture)
  Backreference = 1u << 20,
  // %1 .. %99 in a C++ literal given to Qt's QString::arg() (a QString("...%1...").arg(path)):
  // the argument's place, not an escape.
  QtArg = 1u << 21,
  // xargs -I% (or --replace=%): every '%' after it on the line is the replace string, where each
  // input line goes ("xargs -I% curl https://x/releases/%").
  XargsReplace = 1u << 22,
  // \1 .. \9: a regular expression's replacement naming a group (sed's and Vim's s/../\1/,
  // Python's re.sub): no URL holds a backslash raw, so these are no characters to encode.
  BackslashReference = 1u << 23,
  // |name|: a name between pipes that fills a path segment or a value (R's glue with
  // .open = "|", .close = "|": "https://cran.r-project.org/package=|package_name|").
  PipeName = 1u << 24,
  // =%s& =%T&: a '%' and one letter filling a query value, a search engine's or share button's
  // placeholder (browsers' %s, SearchJumper's %T %U %n); never an escape, which takes two hex
  // digits.
  PercentLetter = 1u << 25,
  // #t# #URL#: a name between two '#' that fills a query value, a path segment or a fragment at
  // the URL's end (userscripts' search templates: "?url=#t#", "/qrcode/##t#"); and "=#Name&",
  // "/#name?key": a name after one '#' filling a query value or a segment, the query going on.
  HashName = 1u << 26,
  // %i %I %n %H %%: systemd's specifiers, on a line that sets an Exec*= command of a unit
  // (ExecStop=/usr/bin/curl -X DELETE with a URL ending "/tunnels/%I"): systemd puts the instance
  // name there before the command runs.
  SystemdSpecifier = 1u << 27,
  // `expr`: an expression or command between backquotes in a literal or value, replaced before
  // the URL is used (the OpenTelemetry Collector's receiver_creator "http://`endpoint`/status", a
  // shell's "http://`hostname`/x"). In running text backquotes make a code span instead.
  BacktickExpr = 1u << 28,
  // %name %?name: an RPM spec's macros written without braces ("Source0: https://x/archive/
  // v%realversion.tar.gz"), on a line that sets a tag (Source, Patch, URL): rpmbuild expands them
  // before the URL is used.
  RpmMacro = 1u << 29,
};
inline constexpr unsigned all_placeholder_styles = 0x3FFFFFFF;

// A placeholder style's name in the configuration ("rfc6570", "percent-name"...); nullopt for an
// unknown name.
std::optional<PlaceholderStyle> placeholder_style_named(std::string_view name);
std::string_view name_of(PlaceholderStyle style);

struct FinderOptions {
  // Schemes accepted before "://" (lowercase); empty = any RFC 3986 scheme token.
  std::vector<std::string> schemes;
  bool mailto = true;                             // also "mailto:" (no "//")
  unsigned placeholders = all_placeholder_styles; // PlaceholderStyle bits
};

struct FoundUrl {
  // The URL as a URL parser sees it: the literal's escapes (\/, \u00e4, \", &amp;...) decoded.
  std::string text;
  // Byte range of the URL in the source file.
  std::size_t source_begin = 0;
  std::size_t source_end = 0;
  // source_offsets[i] is the source offset of the construct that produced text[i];
  // source_offsets[text.size()] == source_end. Empty when text is exactly the source slice.
  std::vector<std::size_t> source_offsets;
  UrlContext context = UrlContext::Prose;
  // The language whose syntax the URL stands in: the file's, or an embedded block's (a fenced code
  // block's, a <script>'s).
  Language language = Language::PlainText;
  // Template placeholders inside `text` (text coordinates), in order, not overlapping: not
  // findings, rules skip them.
  std::vector<Span> placeholders;
  // Whether the syntax gives the URL's extent (a literal or value holding just the URL, a markup
  // attribute, a Markdown link destination or autolink); false where the end is a guess made in
  // running text. Fixes are certain only where the extent is.
  bool exact = false;
  // Text offsets at which one literal ends and the next, joined to it by concatenation, begins
  // pctlint-disable-next-line PCT002 -- in a comment the two are not joined
  // ("https://x/caf%C3" "%A9"): the URL is checked whole, but no edit may cross a join.
  std::vector<std::size_t> joins;
  // For each join, the source offset where the literal before it ends (its closing quote): a span
  // that ends at a join ends there, not where the next literal begins.
  std::vector<std::size_t> join_source_ends;
  // pctlint-disable-next-line PCT002 -- in a comment nothing follows it
  // The literal goes on in code after the URL ("https://x/caf%C3" + rest): what looks cut short
  // at the end may be completed there.
  bool open_end = false;
  // The literal is a printf format (the first argument of a printf-family call, a string before
  // Python's or Ruby's % operator): there a '%' starts a conversion and a percent sign is written
  // "%%", so an edit that writes an escape must write it so (rules/engine.cpp).
  bool formatted = false;
  // Not known for a format, but maybe one (finder_impl.h, maybe_formatted_literal: in C and C++,
  // any literal not known to be a plain string): an edit that writes or removes a '%' is unsafe.
  bool maybe_formatted = false;
  // The URL names an XML namespace (xmlns="...", targetNamespace="...") or an RDF resource
  // (rdf:about): such names are compared as strings (Namespaces in XML 1.0, section 2.3), so any
  // rewrite, %7e to %7E included, names another; its fixes are never safe.
  bool namespace_name = false;
  // Its extent is given by quotes in running text only because it holds a raw blank (finder_prose:
  // a quoted URL without one ends as in a sentence): a fix that encodes its blanks would change
  // how it is read, so such a fix is never safe.
  bool whole_by_blanks = false;
  // The value of a JSON Schema keyword that holds an instance (default, example, const) in a
  // schema whose format is "iri" or "iri-reference": an IRI by its schema (RFC 3987), whose
  // non-ASCII characters are its own.
  bool declared_iri = false;

  // Source offset of text offset `i` (0 <= i <= text.size()), as where something begins.
  std::size_t source_offset(std::size_t i) const {
    return source_offsets.empty() ? source_begin + i : source_offsets[i];
  }
  // The same as where something ends: at a join, the end of the literal before it.
  std::size_t source_end_offset(std::size_t i) const {
    const auto join = std::lower_bound(joins.begin(), joins.end(), i);
    if (join != joins.end() && *join == i && i > 0)
      return join_source_ends[static_cast<std::size_t>(join - joins.begin())];
    return source_offset(i);
  }
  // A binary search: a URL may hold a placeholder every two bytes ("%%%%..."), and rules ask
  // about each byte.
  bool in_placeholder(std::size_t i) const {
    const auto after = std::upper_bound(placeholders.begin(), placeholders.end(), i,
                                        [](std::size_t at, const Span& p) { return at < p.begin; });
    return after != placeholders.begin() && i < std::prev(after)->end;
  }
};

std::vector<FoundUrl> find_urls(std::string_view source, Language lang, const FinderOptions& = {});

// find_urls() one URL at a time, in order, without collecting them: `each` sees one FoundUrl that
// is reused for the next URL (copy what you keep).
void for_each_url(std::string_view source, Language lang, const FinderOptions& options,
                  const std::function<void(const FoundUrl&)>& each);

} // namespace pctlint
