// Certainty: what a URL's finder knows for sure, and so what a rule may judge. The model, in one
// place (README.md, "Certainty"):
//
// 1. The extent. The finder gives it (FoundUrl::exact) where syntax draws it: a string literal,
//    config value or markup attribute that holds just the URL, a Markdown link destination or
//    autolink, a reST target, CSS's url(). Elsewhere (running text, a URL among other words, markup
//    written about in prose or a comment) the end is a guess, and only the stretch before the
//    first byte at which running text could end it is certain (certain_end): no rule reports past
//    it.
// 2. The reading. A rule whose verdict depends on where the URL ends or on what each byte means in
//    it (a raw character, a misplaced reserved character, a malformed '%', a control escape:
//    RuleInfo::depends_on_extent) judges a URL only when nothing is in doubt:
//    - its extent is given (or the finding lies before where a guessed one could end);
//    - it holds no template syntax: a placeholder of a known style (templates.h), or any of the
//      shapes every template language shares, whatever its name: a '%' that starts no escape
//      ("%s", "%1", "%%", "%{x}", "%NAME%"), a brace, a tag or directive ("<?php", "<!--#echo",
//      "<name>", "</a>"), an interpolation ("$x", "${x}", "$(x)"), a token between two '@'
//      ("@prefix@"), an elision ('…', "..snip.."), a regular expression's escaped dot
//      ("netdata\.cloud"). Its holes may stand for anything;
//    - its scheme reads it with RFC 3986's generic syntax as web clients do (http, https, ws,
//      wss, ftp, file, and mailto per RFC 6068). Other schemes have grammars of their own (an
//      LDAP host list or DN, jar:…!/, JDBC's ';' parameters, a database's host list) that a
//      generic check misreads.
//    The rules that judge only bytes in place (lowercase hex, invalid UTF-8, %uXXXX, raw
//    non-ASCII) report in the certain part whatever the doubt.
// With "extent": "guessed" in the configuration, the doubtful findings are reported, marked.
#pragma once

#include "core/finder/finder.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace pctlint {

// Why the extent-dependent rules may not judge a URL (None: they may).
enum class Doubt : unsigned char {
  None,
  GuessedEnd,     // its end is a guess, and the finding reaches it
  TemplateSyntax, // it holds template syntax
  SchemeGrammar,  // its scheme has a grammar of its own
};

struct Certainty {
  // Text offset: every byte before it is certainly in the URL; npos where the syntax gives the
  // extent. For the extent-dependent rules it is the first byte running text could end the URL at;
  // for the others, the known placeholders are read as the URL's ("%{version}R-ro%2f": the '{'
  // of a macro ends no URL), in `literal_end`.
  std::size_t certain_end = std::string_view::npos;
  std::size_t literal_end = std::string_view::npos;
  // What puts the whole URL beyond the extent-dependent rules: None, TemplateSyntax or
  // SchemeGrammar.
  Doubt doubt = Doubt::None;

  // The doubt about a finding that ends at text offset `end`, of a rule that depends on the
  // extent or not: None where it may be reported.
  Doubt about(std::size_t end, bool depends_on_extent) const {
    const bool guessed = certain_end != std::string_view::npos;
    if (!depends_on_extent) return guessed && end > literal_end ? Doubt::GuessedEnd : Doubt::None;
    if (guessed && end > certain_end) return Doubt::GuessedEnd;
    if (doubt != Doubt::None) return doubt;
    return guessed && end >= certain_end ? Doubt::GuessedEnd : Doubt::None;
  }
};

Certainty certainty_of(const FoundUrl& url);

// Where the certain part of a URL found in running text ends: at the first byte running text
// could end it at (a blank, a quote, a bracket, < > | \ ^ and the backtick, punctuation that may
// close a sentence with nothing after it, or a run of three or more '#' that ends it). A known
// placeholder (`holes`, ascending) is the URL's, whatever it holds: "%{version}" and "{id}" are a
// template's parts, not text that ended the URL.
std::size_t certain_end(std::string_view text, const std::vector<Span>& holes = {});

// The first template syntax in text[0, limit) outside the URL's known placeholders, or npos.
std::size_t template_syntax_at(const FoundUrl& url, std::size_t limit);

// Whether the URL is shown shortened: it holds an elision ('…', "[...]", "..snip.."). It is an
// illustration, not a URL to fetch, and the bytes left out may be what decides a fix (an
// encoder's output shown in part), so its fixes are unsafe.
bool shown_shortened(const FoundUrl& url);

// Whether a URL's scheme reads it with RFC 3986's generic syntax, as web clients do.
bool generic_scheme(std::string_view url);

// The doubt in words, for messages ("the URL holds template syntax"), and as a name for reports
// ("template-syntax", "scheme-grammar", "guessed-end"; "" for None).
std::string_view describe(Doubt doubt);
std::string_view name_of(Doubt doubt);

} // namespace pctlint
