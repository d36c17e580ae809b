// Finding URL literals in source and config text. Context decides where a URL ends: inside a
// string literal / config value / markup attribute the literal's whole content is one URL (so a
// raw space is IN the URL); in prose a URL ends at whitespace, quotes and <>, minus trailing
// punctuation and unbalanced closers. Escape sequences of the literal's language are decoded for
// checking and mapped back to exact source offsets.
#pragma once

#include "core/url.h"

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

enum class Language {
  PlainText,
  Markdown,
  Html,
  Xml,
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
};
std::string_view name_of(Language lang);

// By extension and well-known names ("Dockerfile", ".env", "Makefile", "CMakeLists.txt"...);
// anything unknown is PlainText (read as prose).
Language language_for_path(std::string_view path);

// How the language writes comments, for suppression comments and "disable for this line".
struct CommentSyntax {
  std::string_view line;        // "//", "#", "--", ";" or empty
  std::string_view block_open;  // "/*", "<!--" or empty
  std::string_view block_close; // "*/", "-->" or empty
};
CommentSyntax comment_syntax(Language lang);

enum class UrlContext {
  StringLiteral, // a programming language's string literal
  ConfigValue,   // a JSON/YAML/TOML/INI/.env/.properties value, quoted or plain
  Attribute,     // an XML/HTML attribute value
  Prose,         // comments, Markdown, plain text, HTML text
};

enum class PlaceholderStyle : unsigned {
  Rfc6570 = 1u << 0,     // {var} {?q,r} {/path*}
  DollarBrace = 1u << 1, // ${expr}
  DoubleBrace = 1u << 2, // {{ expr }}
  Erb = 1u << 3,         // <%= expr %>
  ColonParam = 1u << 4,  // /users/:id path parameters
  Printf = 1u << 5,      // %s %d %v %1$s %(name)s, only in languages whose strings use them
};
inline constexpr unsigned all_placeholder_styles = 0x3F;

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
  // Template placeholders inside `text` (text coordinates): not findings, rules skip them.
  std::vector<Span> placeholders;

  // Source offset of text offset `i` (0 <= i <= text.size()).
  std::size_t source_offset(std::size_t i) const {
    return source_offsets.empty() ? source_begin + i : source_offsets[i];
  }
  bool in_placeholder(std::size_t i) const {
    for (const Span& p : placeholders)
      if (i >= p.begin && i < p.end) return true;
    return false;
  }
};

std::vector<FoundUrl> find_urls(std::string_view source, Language lang, const FinderOptions& = {});

// find_urls() one URL at a time, in order, without collecting them: `each` sees one FoundUrl that
// is reused for the next URL (copy what you keep).
void for_each_url(std::string_view source, Language lang, const FinderOptions& options,
                  const std::function<void(const FoundUrl&)>& each);

} // namespace pctlint
