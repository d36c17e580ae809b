// Everything pctlint knows about a language, one row per language (as ripgrep's DEFAULT_TYPES):
// how files and editors name it, how it writes comments and strings, and how its values are
// read. The finder's lexers (core/finder/lexer.cpp) read their syntax from here; the CLI picks a
// row by a file's path, the language server by the file's path and then its languageId, Markdown
// and reST code blocks by their info string.
//
// Adding a language: a Language value, one row in kLanguages (language.cpp), and a fixture in
// tests/fixtures/ with URLs that must and must not be found.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace pctlint {

enum class Language {
  PlainText,
  Markdown,
  Rst,
  AsciiDoc,
  Html,
  Xml,
  MsBuild, // MSBuild's project files: XML whose values MSBuild unescapes ("%3B" for ';')
  C,
  Cpp,
  CSharp,
  Java,
  Kotlin,
  Swift,
  JavaScript,
  TypeScript,
  Go,
  Rust,
  Python,
  Ruby,
  Php,
  Perl,
  Shell,
  Sql,
  Lua,
  Json,
  Yaml,
  Toml,
  Ini,
  Properties,
  DotEnv,
  Css,
  Gettext,
  Haskell, // and Elm, PureScript, Agda, Idris
  Ml,      // F#, OCaml, Standard ML
  Elixir,
  Erlang,
  Julia,
  Dart,
  BibTeX,
};
inline constexpr std::size_t kLanguageCount = static_cast<std::size_t>(Language::BibTeX) + 1;

// Which lexer reads the language (core/finder/lexer.cpp).
enum class Syntax {
  Prose,    // plain text: every URL is in prose
  Markdown, // prose with link destinations, autolinks, fenced code blocks and front matter
  Rst,      // prose with `text <url>`_ links and code-block directives
  AsciiDoc, // prose with url[text] macros and [source,lang] blocks
  Markup,   // HTML/XML: attributes, text, comments, <script> and <style>
  Code,     // a programming language: strings and comments
  Yaml,     // YAML: indentation, block scalars, quoted and plain values
  KeyValue, // INI, .properties, .env: key = value lines
  BibTeX,   // BibTeX: entries of fields, text outside them a comment
};

// How a string literal's escapes are written.
enum class EscapeStyle {
  None,         // raw strings: bytes as they are
  Backslash,    // C-like escapes
  Doubling,     // '' for ' (SQL, YAML single-quoted)
  SingleQuoted, // only \\ and \' (PHP, Ruby and Perl single quotes)
  Entities,     // &amp; &#x41; (HTML/XML attributes)
  // CommonMark's: a backslash before ASCII punctuation stands for it ("\&" for '&'), and entity
  // and numeric character references for what they name ("&amp;", "&#x3D;").
  Markdown,
  // An MSBuild project's: XML's character references, and '%' with two hex digits for one of
  // MSBuild's special characters ($ % ' ( ) * ; ? @), which MSBuild reads as that character
  // ("support.php%3ftype=x", as Visual Studio writes a ClickOnce support URL).
  MsBuild,
  // reStructuredText's: a backslash escapes the character after it, which stands for itself
  // (docutils removes the backslash from a hyperlink target's URI: "Don't\_repeat\_yourself").
  Rst,
};

// How the language writes comments, for suppression comments and "disable for this line".
struct CommentSyntax {
  std::string_view line = {};        // "//", "#", "--", ";" or empty
  std::string_view block_open = {};  // "/*", "<!--" or empty
  std::string_view block_close = {}; // "*/", "-->" or empty
};

// How a backslash before digits (and x, o) reads in a string.
enum class NumericEscapes : unsigned char {
  Octal, // \345 octal, \xHH two hex digits (C and most languages)
  // Haskell: \229 decimal, \xE5 and \o345 with any number of digits, all code points; \& is
  // nothing, "\   \" a gap (nothing), \^A and \NUL control characters.
  Haskell,
  // PHP: \u is an escape only as \u{E4}; "\u00e4" is the six characters.
  Php,
  // Perl: \u \l \U \L \E \Q change case or quote what follows and write nothing; \x{E4}.
  Perl,
  // The shell's double quotes: only \\ \" \$ \` and a line end are escapes ("\n" is the two
  // characters), but HCL, CMake and Nix, read by the same row, have C's: the others are read as C's
  // and never rewritten. $'...' has C's escapes.
  ShellDouble,
  // Python's bytes literals: \x and octal are bytes; \u, \U and \N{...} are no escapes.
  PythonBytes,
  // C#: \xE4 with one to four hex digits ("\xe4b" is U+0E4B), a character.
  CSharp,
  // Lua: \229 one to three decimal digits, a byte; \z skips the blanks and line ends after it.
  Lua,
  // The ML family: \229 three decimal digits, \xE5, \o345 (OCaml): a byte in OCaml, a character
  // in F#, so past ASCII which one the file means is not certain.
  Ml,
  // Dart: no octal ("\345" is the three digits), no \a and no \U; \xE5 a code point.
  Dart,
  // C's and C++'s wide strings (L"...", u"...", U"..."): \x takes every hex digit after it and,
  // as octal, is a code point ("\xe9ab" is U+E9AB). Chosen by the literal, not by a row.
  CWide,
  // CSS: \E9 and \0000E9 (one to six hex digits, then one blank or line end that is part of the
  // escape) a code point; any other character after a backslash is itself ("\n" is "n").
  Css,
};

struct LanguageSpec {
  Language id = Language::PlainText;
  std::string_view name = {}; // LSP languageId, e.g. "cpp", "shellscript"
  // Space-separated, lowercase. Other names: LSP ids and the info strings of fenced code blocks.
  std::string_view extensions = {};
  std::string_view file_names = {};
  std::string_view aliases = {};
  Syntax syntax = Syntax::Code;

  // Comments.
  std::string_view line_comment = {};  // "//", "#", "--" or empty
  std::string_view line_comment2 = {}; // a second one ("#" in PHP, ";" in INI) or empty
  std::string_view block_open = {};    // "/*", "<!--", "--[[" or empty
  std::string_view block_close = {};   // "*/", "-->", "]]" or empty
  bool nested_comments = false;        // /* /* */ */ nests (Rust, Swift, Kotlin)
  bool line_comment_needs_space =
      false; // '#' starts a comment only at a line start or after a blank

  // Strings. Double quotes always have backslash escapes.
  bool double_quotes = true;
  bool single_quotes = false;
  EscapeStyle single_quote_escapes = EscapeStyle::Backslash;
  bool quotes_span_lines = false; // '...' and "..." may hold newlines (shell, Ruby, PHP, SQL, Rust)
  bool triple_quotes = false; // """...""" (and ''' with single quotes): Python, Java, Kotlin, TOML
  bool python_prefixes = false;   // r"", b"", f"", rb"" ... (r: raw)
  bool backtick_template = false; // `...${expr}...` (JavaScript, TypeScript)
  bool backtick_raw = false;      // `...` raw, multi-line (Go)
  bool rust_raw = false;          // r"..." r#"..."#
  bool swift_raw = false;         // #"..."# ##"..."## #"""..."""# (Swift's extended delimiters)
  // The identifier before a quote that makes the string raw: "r" (Dart's r'...'), "raw" (Scala's
  // raw"..." interpolator), or empty.
  std::string_view raw_prefix = {};
  // The letter before a single quote that gives the string C's escapes, in any case: "e" (SQL's
  // E'...', PostgreSQL's escape strings), or empty.
  std::string_view escape_prefix = {};
  // C and C++: L"...", u"..." and U"..." hold wide characters, whose \xE9 and \351 are code
  // points (U+00E9), not bytes (as in "..." and u8"...").
  bool wide_prefixes = false;
  bool cpp_raw = false;            // R"delim(...)delim"
  bool csharp_verbatim = false;    // @"..." with "" for a quote
  bool lua_long = false;           // [[...]] [==[...]==]
  bool heredocs = false;           // <<EOF ... EOF (shell, Ruby, Perl), <<<EOT (PHP)
  bool regex_literals = false;     // /.../ where an expression starts (JavaScript, Ruby, Perl)
  bool shell_words = false;        // outside quotes, words with backslash escapes (shell)
  char string_holes = 0;           // "...#{expr}..." (Ruby: '#'), "...${expr}..." (Kotlin: '$')
  bool single_quote_holes = false; // '...' has string_holes too (Dart)
  // A backslash may keep '...' open as a doubled quote does: MySQL's 'd\'Ivoire', as mysqldump
  // writes every quote in a value; where the strings of the rest of the line close only if it
  // does not (standard SQL's ESCAPE '\'), it is the string's last character.
  bool single_quote_backslash = false;
  char char_prefix = 0; // $" is a character (Erlang: '$'; Elixir: '?'), not a string

  // How literals are joined: an operator ("+", ".", "..") and/or by standing side by side.
  std::string_view concatenation = {};
  bool adjacent_literals = false; // "a" "b" is "ab" (C, C++, Python, Ruby, Erlang, Dart, gettext)
  bool adjacent_single_quoted = false; // and 'a' 'b' (Python, Ruby, Dart)

  // Values.
  bool printf = false;         // strings are commonly printf format strings
  bool code_point_hex = false; // \xHH is a code point (JS, Python, C#), not a byte (C, Go, PHP)
  // \345 is a code point (U+00E5: Python str, JavaScript, Java), not a byte (C, Go, Ruby, PHP).
  bool code_point_octal = false;
  NumericEscapes numeric_escapes = NumericEscapes::Octal;
  bool config = false;       // a configuration format: its strings and values are config values
  bool plain_values = false; // key: value / key=value lines hold unquoted values (YAML, INI, shell)
  // Its strings are text for people (a message catalog's translations): a URL in one ends as in
  // running text, unless markup in the string gives its extent.
  bool prose_strings = false;
};

std::span<const LanguageSpec> all_languages();
const LanguageSpec& spec_of(Language lang);
std::string_view name_of(Language lang);

// By extension and well-known file names ("Dockerfile", ".env", "Makefile", "CMakeLists.txt"...);
// nullopt when the path says nothing.
std::optional<Language> language_by_path(std::string_view path);
// language_by_path(), anything unknown read as PlainText (prose).
Language language_for_path(std::string_view path);
// By name, LSP languageId or code-block info string ("python", "py", "shellscript", "bash",
// "console", "js"...), case-insensitively; nullopt when unknown.
std::optional<Language> language_named(std::string_view name);

// The comment syntax for suppression comments and "disable for this line"; empty where the
// language has no comments (JSON) or no comment syntax a line can end with.
CommentSyntax comment_syntax(Language lang);

} // namespace pctlint
