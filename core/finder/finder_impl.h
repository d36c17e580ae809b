// The finder's inside, internal to core/finder: the Finder class that walks a file's URL
// candidates, and the searches it shares between its contexts. Each context is a file:
// finder.cpp (candidates, the walk, what is handed out), finder_prose.cpp (prose and comments:
// markup that gives an extent, else running text), finder_literal.cpp (string literals, config
// values, attribute values: the whole literal when it holds one URL, joined literals),
// finder_shell.cpp (a shell word), literal_roles.cpp (what code does with a literal: a regular
// expression, a format string, a key's value).
#pragma once

#include "core/ascii.h"
#include "core/codec/charset.h"
#include "core/finder/escapes.h"
#include "core/finder/finder.h"
#include "core/finder/lexer.h"
#include "core/finder/templates.h"
#include "core/scan.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint::finding {

constexpr std::size_t npos = std::string_view::npos;

// How far past a URL's line the finder reads for it: the literals joined to it ("a" + "b"), the
// operator that continues it. Bounded, so that an edit this far after a URL cannot change it.
inline constexpr std::size_t kLookAhead = 400;

using ascii::iends_with;
using ascii::iequals;
using ascii::is_blank;
using ascii::is_ident;
constexpr auto ascii_lower = ascii::lower;

// The text a URL is read from: a view of the source, or a literal's decoded text.
struct Piece {
  std::string_view text;
  const std::vector<std::size_t>* offsets = nullptr; // decoded: the source offset of text[i]
  std::size_t base = 0;                              // a view: text[i] == source[base + i]

  std::size_t source(std::size_t i) const { return offsets ? (*offsets)[i] : base + i; }
  std::size_t index_of(std::size_t source_offset) const {
    if (!offsets) return source_offset - base;
    return static_cast<std::size_t>(
        std::lower_bound(offsets->begin(), offsets->end() - 1, source_offset) - offsets->begin());
  }
};

// The markup around a URL that gives its end (structural_end).
enum class Markup {
  None,
  Link,       // a Markdown link destination: [text](url)
  Autolink,   // <url>, and reST's `text <url>`_
  Attribute,  // name="url" in HTML
  CssUrl,     // CSS's url(...)
  Definition, // a Markdown reference definition "[id]: url", a reST target ".. _name: url"
};

// Whether markup of this kind gives a URL's extent in prose of this syntax: a link, an autolink
// and url() close themselves anywhere; an attribute only in markup (HTML, or HTML in Markdown); a
// definition, which runs to the next blank, only in the formats that define it (Markdown, reST).
bool markup_gives_extent(Markup markup, Syntax syntax);

// Whether an attribute's value is built by code that holds the markup in a string: its quotes
// enclose a concatenation ('<a href="https://x/' ~ id ~ '">' in a Twig expression), not a URL
// with raw blanks (finder_prose.cpp).
bool concatenated_in_code(std::string_view value);

// --- prose (finder_prose.cpp) ----------------------------------------------------------------

// In running text a URL ends at white space, quotes, and the characters that markup, templates
// and other languages put around URLs far more often than inside them.
bool is_prose_stop(unsigned char c);

// Where a URL in running text ends: at a stop outside placeholders (which it runs through), less
// trailing punctuation and unbalanced closers (GitHub's autolink rules). `k` is the URL's start,
// `from` where its scheme ends.
std::size_t prose_end(std::string_view t, std::size_t k, std::size_t from, std::size_t limit,
                      unsigned active, bool& holes);

// Whether `before` ends with an attribute's name that stands after a blank or a '<' (the
// `href` of ' href="', the `rel` of '; rel="'): what makes ="..." an attribute, not a query value.
bool attribute_name_before(std::string_view before);

// The name attribute_name_before() found.
std::string_view attribute_name_at_end(std::string_view before);

// "</" and a letter: an HTML end tag, which no URL holds raw.
bool is_end_tag_at(std::string_view t, std::size_t i);

// --- literals (finder_literal.cpp) ------------------------------------------------------------

// Words that make the text after a URL a sentence rather than the rest of the URL.
bool sentence_word(std::string_view w);
// Whether `t` starts with a scheme (a letter, then scheme characters) and "://".
bool starts_with_scheme(std::string_view t);

// What can only be the same URL going on after a blank in a literal that starts with it: a query
// value after a blank before its '=' ("?sponsor =1"), or path segments after words of a segment
// ("/search/King of turtles/videos"): the blanks are raw in the URL, whatever the words are. With
// `plain_last_segment`, also a last path segment of plain words and no verb ("/wiki/Hudson Job").
bool continues_url(std::string_view url, const std::vector<std::string_view>& words,
                   bool plain_last_segment);

// Whether a literal or value that starts with a URL holds just that URL, raw blanks and all
// pctlint-disable-next-line PCT003 -- the examples are what the rule reports
// ("https://x/my file.pdf", "https://x/?q=a b"), rather than a URL and then other text: words of a
// sentence ("https://x is down"), a command's options ("https://x -o out"), markup or another URL.
// How the text around the URL is read: a literal or a value (which a URL may fill, a page title's
// words and all), an attribute that holds text (a title: words after a URL there are text), or a
// quoted piece of running text (only what clearly continues the URL counts).
enum class OneUrlReading { Value, TextAttribute, QuotedInProse };
bool reads_as_one_url(std::string_view value, const std::vector<Span>& holes,
                      OneUrlReading reading = OneUrlReading::Value);

std::size_t trim_end(std::string_view t, std::size_t begin, std::size_t end);

bool has_escapes(std::string_view content, EscapeStyle style, char quote);

// --- what code does with a literal (literal_roles.cpp) ----------------------------------------

// Regex-only syntax in a literal's (decoded) text: a backslash escape (a URL holds none),
// character classes, groups, quantifiers, a leading anchor, a sed substitution. (A '$' at the end
// is no sign: what a safe fix writes before it would change the verdict.)
bool regex_syntax(std::string_view t);

// Whether a callee takes a regular expression: Python's re.compile(), JavaScript's RegExp(), Go's
// regexp.MustCompile(), Java's Pattern.compile() and String.matches(), Rust's Regex::new(), PHP's
// preg_match(), C++'s std::regex...
bool regex_callee(std::string_view callee);

// Whether the literal opening at `open` is an argument of a call that takes a regular expression,
// or follows a match operator, or is given to a command that takes one (sed, grep...). One pass
// backwards over the line before it, through the calls that enclose it.
bool regex_call_before(std::string_view src, std::size_t line_start, std::size_t open,
                       Language lang);

// Whether a call's name is a printf-family function's: printf, sprintf, fmt.Sprintf, String.format,
// log.Printf, t.Errorf and the like take a format string as their first argument.
bool format_callee(std::string_view callee);

// Whether the literal opening at `open` is a format string: the first argument of a printf-family
// call, a Go template's or shell's `printf "..."`, or (after it) Python's or Ruby's % operator, or
// Java's and Kotlin's "...".formatted( / .format(. There printf conversions win over escapes:
// "%02d" is a number, not the escape %02.
bool formatted_literal(std::string_view src, std::size_t line_start, std::size_t open,
                       std::size_t after_close, std::size_t line_end, Language lang);

// Whether the shell literal opening at `open` is read for backslash escapes by the command it is
// given to, not by the shell: printf's format (printf [-v name] [--] '...') or a word of echo -e
// (-e, -ne, -en). There "\t" and "\n" are a tab and a line end, never a URL's bytes.
bool shell_command_escapes(std::string_view src, std::size_t line_start, std::size_t open);
// Whether the literal opening at `open` may be a printf format though formatted_literal does not
// know it for one (C and C++, where the printf family is open-ended): anywhere but an initializer
// or assignment, a return value, or an argument of a call known to take a plain string (strcpy,
// curl_easy_setopt, std::string, QUrl...). Looks back at most 256 bytes.
bool maybe_formatted_literal(std::string_view src, std::size_t open, Language lang);

// Whether the literal opening at `open` continues the one before it by adjacency, as every
// language whose table row says `adjacent_literals` (C, C++, Python, Ruby, Erlang, Dart, gettext)
// joins "a " "b" into one string: a string that began earlier and holds text,
// so a URL at this literal's start is not at its value's start ("foo https://a/x " "https://b/y
// bar" is a sentence with two URLs). Not after an empty literal or one that ends with a "\n" (the
// URL starts a line of the text), nor after a quote that closes no literal opened on its line.
bool continues_adjacent_literal(std::string_view src, std::size_t open, Language lang);

// Whether `.arg(` follows a literal that ends at `after_close` (a ')' and blanks between:
// QString("...").arg(x), tr("...").arg(x)).
bool qt_arg_after(std::string_view src, std::size_t after_close, std::size_t line_end);

// The key a JSON or TOML string value belongs to ("pattern" in "pattern": "..."), or empty.
std::string_view key_before(std::string_view src, std::size_t line_start, std::size_t open);

// Whether the configuration value at `open` is a JSON Schema keyword's instance (default, example,
// const) in a schema whose "format" is "iri" or "iri-reference", written before it in the same
// mapping (YAML, or JSON as it is pretty-printed: a line at the value's indentation, no further
// back than kLookBehind). OpenAPI documents declare so what is an IRI on purpose.
bool declared_iri(std::string_view src, std::size_t line_start, std::size_t open);

// The first backslash in text[from, end) before a character special to a shell or to curl's
// globs (& ; | < > ( ) $ ` ' " blank * ? # ~ ! { } [ ]), or `end`: in a shell's double-quoted word
// it is left for the program that reads the text next (adb shell, ssh, sh -c, curl).
std::size_t escape_for_next_reader(std::string_view text, std::size_t from, std::size_t end);

bool regex_key(std::string_view key);
// Whether a configuration key names its value as decoded text ("decoded_url", "unescapedPath"):
// an example of what decoding gives, written so on purpose, not a URL to be fetched.
bool decoded_key(std::string_view key);
// Whether a configuration key names its value a connection string (connection_string's value in
// Kusto's and ADO.NET's form: a URL or host, then ';'-separated settings such as "Table Name=y"),
// not a URL.
bool connection_string_key(std::string_view key);

// Whether a key names its value a placeholder: a word of it (split at '-', '_', '.' and lower to
// upper case) is "placeholder" ("link-placeholder" of a UI's translations, "urlPlaceholder"). Its
// value is text a form shows people before they type, an IRI on purpose where it is written in
// their script (a real URL is not: an "exampleUrl" is a page a tool opens).
bool placeholder_key(std::string_view key);

// --- one file ---------------------------------------------------------------------------------

// Where a run of the finder may go on from (incremental finding, incremental.cpp): just after a
// URL, with the lexer as it stood there.
struct FinderCheckpoint {
  std::size_t at = 0;     // the URL's start (its candidate)
  std::size_t resume = 0; // where the search for candidates went on: the URL's end
  std::size_t urls = 0;   // how many URLs were found up to and with it
  // How far the text was read for what was found up to here: the lexer's horizon, and the URL's
  // line and look-ahead (kLookAhead).
  std::size_t reach = 0;
  // The lexer there, in the coordinates of the text it was taken in: offsets from `rebase_from` on
  // have moved by `shift` since, and an end at `taken_size` is the text's end.
  std::shared_ptr<const Lexer> lexer;
  std::size_t taken_size = 0, rebase_from = 0;
  std::ptrdiff_t shift = 0;
  // Whether the literal open there (at regex_open, in the same coordinates) is a regular
  // expression, as the run decided at its first URL candidate.
  std::size_t regex_open = npos;
  bool regex_value = false;
  mutable std::string key; // its state_key at `at`, once asked (see key_of in incremental.cpp)
  mutable std::size_t key_earliest = npos;
};

// How one run of the finder goes: from the start or from a checkpoint, taking checkpoints as it
// goes, and asked after each URL whether to stop.
struct FinderRun {
  const FinderCheckpoint* from = nullptr;
  std::size_t checkpoint_every = 0; // bytes of text between checkpoints; 0: none
  std::function<void(FinderCheckpoint&&)> on_checkpoint;
  // After each URL (the lexer as it stands there, the URLs found in the run so far, this one
  // included): true ends the run.
  std::function<bool(const FoundUrl&, const Lexer&, std::size_t found)> stop;
};

class Finder {
public:
  Finder(std::string_view src, Language lang, const FinderOptions& options,
         const std::function<void(const FoundUrl&)>& each)
      : src_(src), lang_(lang), options_(options), each_(each) {}

  void run() { run(FinderRun{}); }
  void run(const FinderRun& how);

private:
  // A checkpoint just after the URL found last (url_), the run's `found_urls`-th.
  FinderCheckpoint checkpoint(std::size_t found_urls) const;
  // Whether the ':' at `colon` ends a URL's scheme (or "mailto"); sets start_, slashes_ and
  // scheme_end_ (the length of "scheme:").
  bool candidate(std::size_t colon, std::size_t resume);
  // Line bounds ('\n' and '\r' end lines), for candidates in increasing order: each byte is
  // searched once however many candidates a line holds.
  std::size_t line_start(std::size_t i);
  std::size_t line_end(std::size_t i);
  // Found once per line, however many URLs it holds.
  unsigned line_styles();
  // Fills url_ from text[k, e) of `piece`.
  void emit(const Piece& piece, std::size_t k, std::size_t e, UrlContext context, bool exact,
            bool holes, unsigned active);
  bool long_enough(std::size_t length) const;

  // Whether the literal is the value of a key that holds a blank-separated list (srcset, scope).
  bool blank_list_key(const Literal& lit) const;
  // Whether the file gives whole URLs to encodeURI(), asked once.
  bool encodes_whole_urls();

  // --- prose (finder_prose.cpp) -------------------------------------------------------------

  // A URL in running text, or (`text` false) in code outside any literal, where only CSS's url()
  // gives an extent: markup around a URL is a thing of prose and comments.
  bool in_prose(bool text);
  static std::size_t css_url_end(std::string_view t, std::size_t k);
  // Reads [start_, line_start_ + e) again with `style`'s escapes decoded (into word_, mapped back
  // to the source): `piece`, `k` and `e` then describe the decoded text.
  void decode_piece(Piece& piece, std::size_t& k, std::size_t& e, EscapeStyle style, char quote);
  // The URL's end where markup around it gives its extent exactly, or npos.
  // Markup that opens before `not_before` (inside the URL found last: its closing quote) opens
  // nothing: a fix inside that URL must not change what follows it.
  static std::size_t structural_end(std::string_view t, std::size_t k, Markup& markup,
                                    std::size_t not_before);

  // --- a shell word (finder_shell.cpp) -------------------------------------------------------

  bool in_shell_word(Language lang);

  // --- literals (finder_literal.cpp) --------------------------------------------------------

  // The literal's content on the current line, decoded once however many URLs it holds.
  struct LiteralLine {
    std::size_t open = npos, line = npos;
    std::size_t from = 0, close = 0; // [from, close) in the source
    bool closes = false;             // the literal ends on this line, at `close`
    bool decoded = false;
    DecodedText text;
    // Decoded: the indices in text of the control characters an escape wrote ("\n", "\t",
    // "\0") and of the '(' that opens a Swift interpolation "\(", ascending. Found once per
    // line, so that a long literal with many URLs (a JSON string holding a whole page) is not
    // scanned again for each.
    std::vector<std::size_t> escaped_controls, interpolations;
  };
  const LiteralLine& literal_line(const Literal& lit, Language lang);
  Piece piece_of(const LiteralLine& ll) const;
  bool is_regex(const Literal& lit, const Piece& piece, Language lang);
  bool in_literal(const Literal& lit, Language lang);
  static bool escaped_control_before(const LiteralLine& ll, std::size_t k, std::size_t& end);
  static bool interpolation_before(const LiteralLine& ll, std::size_t k, std::size_t& end);
  // After the literal's close: white space, then the language's concatenation operator (or none,
  // where literals join side by side) and another literal of the same quote: joined_ gets the URL
  // from `k` on, through every literal joined so. False when nothing joins.
  bool join(const Literal& lit, const LiteralLine& ll, const Piece& piece, std::size_t k);
  // The opening quote of a literal joined to the one ending before `after`, or npos.
  std::size_t next_joined_literal(std::size_t after, char quote, const LanguageSpec& spec) const;
  // Whether code continues the literal after its close ("..." + rest): its URL may go on there.
  bool operator_follows(const Literal& lit, const LiteralLine& ll) const;

  std::string_view src_;
  Language lang_;
  std::size_t resume_ = 0; // the end of the last URL found: candidates before it lie inside it
  signed char encodes_whole_urls_ = -1; // encodes_whole_urls(), once asked (-1: not yet)
  const FinderOptions& options_;
  const std::function<void(const FoundUrl&)>& each_;
  std::unique_ptr<Lexer> lexer_;
  // The candidate.
  std::size_t start_ = 0, scheme_end_ = 0;
  bool slashes_ = false;
  // Its line.
  std::size_t line_start_ = 0, line_end_ = 0;
  std::size_t scanned_ = 0, known_start_ = 0, end_from_ = 1, end_ = 0;
  // Reused buffers: one FoundUrl for all, so a plain URL costs no allocation.
  FoundUrl url_;
  LiteralLine line_;
  DecodedText word_, joined_;
  std::size_t regex_open_ = npos;
  bool regex_value_ = false;
  LineCommands commands_;
  std::size_t commands_line_ = npos;
  std::size_t commands_from_ = 0; // where the command of commands_line_ begins (its first line)
};

} // namespace pctlint::finding
