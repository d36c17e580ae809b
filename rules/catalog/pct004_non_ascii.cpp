// PCT004 non-ascii
#include "core/ascii.h"
#include "core/codec/utf8.h"
#include "rules/catalog/catalog.h"

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT004",
    .name = "non-ascii",
    .default_severity = Severity::Warning,
    .summary = "Raw non-ASCII character outside the host (an IRI, not a URI)",
    .docs =
        R"(Finds raw non-ASCII characters outside the host, which make the string an IRI (RFC 3987)
rather than a URI.

A URI is ASCII (RFC 3986 §2). Browsers encode such characters as UTF-8 on the fly, but HTTP
clients, proxies, log parsers and signature schemes often do not, or use another charset. The
host is left alone: internationalized domain names are IDNA's business, not percent-encoding's.
Turn this rule off with `"allowNonAscii": true` where IRIs are intended. In prose (comments,
Markdown, text, and a string literal that is a sentence with a URL in it) a readable IRI such as
`https://ru.wikipedia.org/wiki/КОИ-8` is not reported unless `"nonAsciiInProse": true`: it is read
by people, not sent over the wire as written, and where it ends is a guess. Nor is the fragment
checked: it is never sent, and it names an anchor whose id is written raw in the document
(`#ref-for-x①`), which the raw and the encoded form both reach. Nor is a value its JSON Schema
declares an IRI (`default`, `example` or `const` under `format: iri` or `iri-reference`, as
OpenAPI documents write examples of IRIs), nor a string literal of a JavaScript or TypeScript
file that gives its URLs to `encodeURI()` (readable IRIs, encoded where they are used), nor a
value of a key or attribute named a placeholder (`placeholder="https://exemplo.com.br/pós"`, a
UI translation's `"link-placeholder"`: text a form shows before the reader types). Nor is a
query value written as words that stand for the reader's own (`key=votre_clé_ici`,
`?vos-paramètres-url`: a second-person possessive, then words joined by `_` or `-`): a translated
placeholder, not a value anyone sends. Nor is a URL whose port is a word
(`postgres://usuario:contraseña@host:puerto/nombrebd`, a translation of
`user:password@host:port/dbname`): RFC 3986's port is digits, and a word there says the URL is
written in words that stand for the reader's own.

## Bad
    https://de.wikipedia.org/wiki/Ärzteblatt

## Good
    https://de.wikipedia.org/wiki/%C3%84rzteblatt

## Fix
Percent-encodes the character's UTF-8 bytes (safe: it decodes to the same bytes).
)",
    .fix = FixAvailability::Always,
};

// Second-person possessives that open a placeholder written as words ("your_key_here" and its
// translations): English, French, Spanish, Portuguese, Italian, German, Dutch, Scandinavian,
// Polish and Russian.
constexpr std::string_view kPossessives[] = {
    "your", "votre", "vos",  "ton",  "ta",   "tes",  "tu",   "tus",  "su",    "sus", "seu",
    "sua",  "seus",  "suas", "tuo",  "tua",  "tuoi", "tue",  "dein", "deine", "ihr", "ihre",
    "uw",   "jouw",  "din",  "ditt", "dina", "twój", "twoj", "ваш",  "ваша",  "твой"};

// Whether the query value (or whole query) around t[i] is a placeholder written as words: a
// possessive, then at least one more word, joined by '_' or '-' ("key=votre_clé_ici").
bool placeholder_words(std::string_view t, const std::optional<Span>& query, std::size_t i) {
  const std::string_view value = query_value_at(t, query, i);
  const std::size_t first = value.find_first_of("_-");
  if (first == std::string_view::npos || first + 1 >= value.size()) return false;
  for (char c : value)
    if (static_cast<unsigned char>(c) < 0x80 && !charsets::alnum.contains(c) && c != '_' &&
        c != '-')
      return false;
  const std::string_view word = value.substr(0, first);
  for (std::string_view p : kPossessives)
    if (ascii::iequals(word, p)) return true;
  return false;
}

// Whether a port is written as a word ("puerto", "port", "порт"): no digit, a letter or more.
bool word_port(std::string_view port) {
  bool letter = false;
  for (char c : port) {
    if (static_cast<unsigned char>(c) < 0x80 && !ascii::is_alpha(c) && c != '_' && c != '-')
      return false;
    letter = letter || static_cast<unsigned char>(c) >= 0x80 || ascii::is_alpha(c);
  }
  return letter;
}

class NonAscii final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_range(0x80, 0xFF); }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    // An IRI on purpose: a value its JSON Schema declares with format "iri" (OpenAPI examples).
    if (url.config.allow_non_ascii || url.url.declared_iri) return;
    // Prose, or a literal holding more than the URL (its end is a guess): people read it.
    if ((url.url.context == UrlContext::Prose || !url.url.exact) && !url.config.non_ascii_in_prose)
      return;
    const std::string_view t = url.text;
    if (url.parts.port && word_port(url.parts.port->in(t))) return; // a placeholder in words
    const std::optional<Span> host = url.parts.host;
    // The fragment is not sent: it names an anchor, whose id is written raw in the document.
    const std::size_t end_of_checked = url.parts.fragment ? url.parts.fragment->begin : t.size();
    for (std::size_t i = 0; i < end_of_checked;) {
      if (static_cast<unsigned char>(t[i]) < 0x80 || url.url.in_placeholder(i) ||
          (host && i >= host->begin && i < host->end) || placeholder_words(t, url.parts.query, i)) {
        ++i;
        continue;
      }
      // One finding per run of non-ASCII characters ("Ärzte" -> one finding for "Ä").
      std::size_t end = i;
      while (end < t.size() && static_cast<unsigned char>(t[end]) >= 0x80) {
        const Utf8Char c = decode_utf8_char(t, end);
        end += c.length;
      }
      const Span s{i, end};
      const std::string encoded = percent_encode(s.in(t), charsets::unreserved);
      out.push_back(
          {s, "non-ASCII " + quoted(s.in(t)) + " must be percent-encoded as UTF-8",
           UrlFix{"Percent-encode as UTF-8: " + encoded, Applicability::Safe, {{s, encoded}}}});
      i = end;
    }
  }
};

} // namespace

const Rule& non_ascii_rule() {
  static const NonAscii rule;
  return rule;
}

} // namespace pctlint
