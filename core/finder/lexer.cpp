// The lexers' entry point: make_lexer() picks the family that reads a language (one file each:
// code_lexer.cpp, block_lexers.cpp, markup_lexer.cpp, yaml_lexer.cpp, key_value_lexer.cpp), and
// the searches the finder shares with them (a literal's close, a quote outside templates). Each
// lexer keeps its state from the file's start and reads on only as far as it is asked.
#include "core/finder/lexer.h"

#include "core/finder/lexer_common.h"

#include <algorithm>
#include <string>

namespace pctlint {

using lexing::npos;
using lexing::starts_at;

std::unique_ptr<Lexer> make_lexer(std::string_view source, Language lang, std::size_t begin,
                                  std::size_t end) {
  end = std::min(end, source.size());
  begin = std::min(begin, end);
  switch (spec_of(lang).syntax) {
  case Syntax::Prose:
  case Syntax::Markdown:
  case Syntax::Rst:
  case Syntax::AsciiDoc:
    return lexing::make_block_lexer(source, lang, begin, end);
  case Syntax::Markup:
    return lexing::make_markup_lexer(source, lang, begin, end);
  case Syntax::Code:
    return lexing::make_code_lexer(source, lang, begin, end);
  case Syntax::Yaml:
    return lexing::make_yaml_lexer(source, lang, begin, end);
  case Syntax::KeyValue:
    return lexing::make_key_value_lexer(source, lang, begin, end);
  case Syntax::BibTeX:
    return lexing::make_bibtex_lexer(source, lang, begin, end);
  }
  return lexing::make_block_lexer(source, lang, begin, end);
}

bool is_url_attribute(std::string_view name) {
  for (std::string_view url_name :
       {"href", "src", "action", "formaction", "cite", "poster", "background", "codebase",
        "longdesc", "manifest", "icon", "usemap", "xlink:href", "itemtype", "itemid",
        // An attribute named for what it holds: RSS's <enclosure url=…>, an SMF manifest's
        // <doc_link uri=…>, an XML catalog's <uri uri=…>.
        "url", "uri"})
    if (ascii::iequals(name, url_name)) return true;
  // A namespace's name is a URI reference (Namespaces in XML 1.0, section 2.2), blanks and all;
  // so is xsi:noNamespaceSchemaLocation's value, one anyURI (XML Schema Part 1, section 2.6.3),
  // where xsi:schemaLocation's is a list of pairs.
  return name == "xmlns" || name.starts_with("xmlns:") ||
         name.ends_with(":noNamespaceSchemaLocation");
}

bool names_by_string(std::string_view name) {
  // Namespace names (xmlns, a schema's targetNamespace, xs:import's namespace) and RDF's IRIs
  // (rdf:about, rdf:resource) are compared character by character, not resolved.
  return name == "xmlns" || name.starts_with("xmlns:") || name == "targetNamespace" ||
         name == "namespace" || name == "rdf:about" || name == "rdf:resource";
}

bool is_url_list_attribute(std::string_view name, std::string_view element) {
  if (ascii::iequals(name, "content")) return element != "meta";
  // SVG 1.1's requiredFeatures and requiredExtensions: lists of feature strings and IRIs.
  return name.ends_with("schemaLocation") || name == "srcset" || name == "imagesrcset" ||
         name == "ping" || name == "archive" || name == "requiredFeatures" ||
         name == "requiredExtensions";
}

std::optional<RefreshTarget> refresh_target(std::string_view c) {
  const auto blank = [&](std::size_t i) {
    return i < c.size() &&
           (c[i] == ' ' || c[i] == '\t' || c[i] == '\n' || c[i] == '\r' || c[i] == '\f');
  };
  const auto skip_blanks = [&](std::size_t i) {
    while (blank(i))
      ++i;
    return i;
  };
  // The delay: digits, then digits and dots; then a ';', a ',' or a blank.
  std::size_t i = skip_blanks(0);
  const std::size_t digits = i;
  while (i < c.size() && ascii::is_digit(c[i]))
    ++i;
  if (i == digits && (i >= c.size() || c[i] != '.')) return std::nullopt;
  while (i < c.size() && (ascii::is_digit(c[i]) || c[i] == '.'))
    ++i;
  if (i >= c.size() || !(blank(i) || c[i] == ';' || c[i] == ',')) return std::nullopt;
  i = skip_blanks(i);
  if (i < c.size() && (c[i] == ';' || c[i] == ',')) i = skip_blanks(i + 1);
  if (i >= c.size()) return std::nullopt;
  // "url=", in any case, blanks around the '='; without it the rest is the URL.
  RefreshTarget t{i, 0};
  if (i + 3 <= c.size() && ascii::iequals(c.substr(i, 3), "url")) {
    const std::size_t eq = skip_blanks(i + 3);
    if (eq < c.size() && c[eq] == '=') {
      t.begin = skip_blanks(eq + 1);
      if (t.begin < c.size() && (c[t.begin] == '\'' || c[t.begin] == '"')) t.quote = c[t.begin++];
    }
  }
  return t;
}

std::size_t quote_outside_templates(std::string_view source, char quote, std::size_t from,
                                    std::size_t end) {
  end = std::min(end, source.size());
  for (std::size_t i = from; i < end;) {
    const std::size_t q = find_any_of3(source, i, end, quote, '{', '[');
    if (q >= end || source[q] == quote) return q;
    // A "{{", "{%" or Template Toolkit's "[%": skip to its close, if it closes on the same line
    // within 512 bytes (as placeholders do; a search to the end from each opener would cost the
    // square of a line).
    const bool tt = source[q] == '[';
    if (q + 1 < end && (source[q + 1] == '%' || (!tt && source[q + 1] == '{'))) {
      const std::string_view close = tt ? "%]" : source[q + 1] == '{' ? "}}" : "%}";
      const std::size_t window = std::min(end, q + 2 + 512);
      const std::size_t c = source.substr(0, window).find(close, q + 2);
      if (c != npos && source.substr(q, c - q).find('\n') == npos) {
        i = c + 2;
        continue;
      }
    }
    i = q + 1;
  }
  return end;
}

std::size_t literal_close(std::string_view s, const Literal& lit, std::size_t from,
                          std::size_t limit) {
  limit = std::min({limit, s.size(), lit.value_end});
  if (lit.attribute && lit.close.size() == 1)
    return quote_outside_templates(s, lit.close[0], from, limit);
  if (lit.close.empty()) {
    for (std::size_t i = from; i < limit; ++i)
      if (lit.stops.find(s[i]) != npos) return i;
    return limit;
  }
  const std::string_view close = lit.close;
  const bool backslash = lit.escapes == EscapeStyle::Backslash ||
                         lit.escapes == EscapeStyle::SingleQuoted || lit.escaped_quotes;
  for (std::size_t i = from; i < limit;) {
    i = find_any_of3(s, i, limit, '\\', close[0], lit.hole_sigil ? lit.hole_sigil : close[0]);
    if (i >= limit) break;
    const char c = s[i];
    if (c == '\\') {
      i += backslash ? 2 : 1;
      continue;
    }
    if (c == lit.hole_sigil && c != 0) {
      const char open = i + 1 < limit ? s[i + 1] : '\0';
      if (open == '{' || (open == '(' && lit.paren_holes)) { // a hole: its brackets balance
        const char close_hole = open == '{' ? '}' : ')';
        int depth = 0;
        std::size_t k = i + 1;
        for (; k < limit; ++k) {
          if (s[k] == open) ++depth;
          if (s[k] == close_hole && --depth == 0) break;
        }
        i = k + 1;
        continue;
      }
      ++i;
      continue;
    }
    if (lit.escapes == EscapeStyle::Doubling && c == lit.quote && i + 1 < limit &&
        s[i + 1] == lit.quote) {
      i += 2;
      continue;
    }
    if (starts_at(s, i, close)) return i;
    ++i;
  }
  return limit;
}

} // namespace pctlint
