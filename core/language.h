// What the finder needs to know about a language's literals (internal to core/).
#pragma once

#include "core/finder.h"

namespace pctlint {

struct LanguageTraits {
  CommentSyntax comments;
  bool line_comment_needs_space = false; // shell/YAML '#': only at line start or after a blank
  bool double_quotes = true;             // "..." strings with backslash escapes
  bool single_quotes = false;            // '...' strings
  bool single_quotes_raw = false;      // ... with no escapes but \' and \\ (PHP, Ruby, shell: none)
  bool single_quote_doubling = false;  // '' inside '...' (SQL, YAML)
  bool backtick_strings = false;       // `...` (JS/TS template literal; raw in Go)
  bool backtick_raw = false;           // Go's raw strings
  bool python_strings = false;         // prefixes r/b/f/u and triple quotes
  bool rust_raw = false;               // r"..." r#"..."#
  bool cpp_raw = false;                // R"delim(...)delim"
  bool csharp_verbatim = false;        // @"..." with "" for a quote
  bool markup = false;                 // HTML/XML: attributes with entities, text is prose
  bool config_values = false;          // key: value / key=value plain values (YAML, INI, .env)
  bool prose_only = false;             // Markdown, plain text
  bool printf = false;                 // strings are commonly printf format strings
  bool braces_are_placeholders = true; // {var} in strings: RFC 6570 / format() / f-strings
};

const LanguageTraits& traits_of(Language lang);

} // namespace pctlint
