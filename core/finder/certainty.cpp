#include "core/finder/certainty.h"

#include "core/ascii.h"
#include "core/codec/charset.h"
#include "core/finder/templates.h"

#include <algorithm>
#include <array>

namespace pctlint {

namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_hex(char c) {
  return charsets::hexdig.contains(c);
}
bool is_alnum(char c) {
  return charsets::alnum.contains(c);
}
bool is_name_start(char c) {
  return charsets::alpha.contains(c) || c == '_';
}
bool is_name(char c) {
  return is_alnum(c) || c == '_';
}

// A printf conversion at t[i] == '%': flags, a width ("*" or digits), a precision, a length and
// one of the conversions templates write URLs with ("%s", "%02d", "%.3f", "%ld", Go's "%v",
// Objective-C's "%@", editors' "%l"), or a position ("%1$s"). Not "%o" nor "%zz": "50%off" is a
// '%' left bare.
bool printf_conversion_at(std::string_view t, std::size_t i) {
  std::size_t k = i + 1;
  auto any = [&](std::string_view set) {
    while (k < t.size() && set.find(t[k]) != npos)
      ++k;
  };
  const std::size_t digits = k;
  any("0123456789");
  if (k > digits && k < t.size() && t[k] == '$') ++k; // a position
  any("-+ #0'");
  any("0123456789*");
  if (k < t.size() && t[k] == '.') ++k, any("0123456789*");
  any("hlLqjzt");
  if (k < t.size() && std::string_view("diuxXeEfFgGcspvl@").find(t[k]) != npos) return true;
  // A length letter alone ("%l", a line number in editors' file-link formats).
  return k == i + 2 && std::string_view("hlLqjzt").find(t[i + 1]) != npos &&
         (k == t.size() || !is_alnum(t[k]));
}

// A '%' at t[i] that starts no escape but a template's conversion or name: "%s", "%02d", "%1$s",
// "%%", "%{name}", "%(name)s", "%NAME%". ("%1" alone is left to the backreference style: it is as
// often "%2F" cut short.) Not an escape ("%C3"), a %uXXXX ("%u00E4", PCT006's),
// nor an escape cut short ("%2F" without its "F": "%2" at the end, "%C/") or a bare '%' ("50% off",
// "50%off", "%&", "%zz"): those are what the rules judge.
bool percent_template_at(std::string_view t, std::size_t i) {
  if (i + 1 >= t.size()) return false;
  const char a = t[i + 1];
  const char b = i + 2 < t.size() ? t[i + 2] : '\0';
  if (is_hex(a) && is_hex(b)) return false;
  if ((a == 'u' || a == 'U') && i + 5 < t.size() &&
      std::all_of(t.begin() + static_cast<std::ptrdiff_t>(i + 2),
                  t.begin() + static_cast<std::ptrdiff_t>(i + 6), is_hex))
    return false;
  if (a == '%' || a == '{' || a == '(') return true;
  // "%1" after a delimiter, with no second digit or letter: a positional placeholder (Qt's
  // QString("file:///%1").arg(x), .NET's and batch files' %1), not an escape cut short ("100%2/").
  if (a >= '1' && a <= '9' && !is_hex(b) && !charsets::alpha.contains(b) && i > 0 &&
      !charsets::alnum.contains(t[i - 1]))
    return true;
  // "%NAME%": an upper-case name closed by a '%'.
  if (charsets::alpha.contains(a)) {
    std::size_t k = i + 1;
    while (k < t.size() && (is_name(t[k]) || t[k] == '.'))
      ++k;
    if (k < t.size() && t[k] == '%' && k > i + 2) return true;
  }
  return printf_conversion_at(t, i);
}

// A tag or directive at t[i] == '<': "<?php", "<%=", "<!--#echo", "<name>", "</a>", "<$x>".
bool tag_at(std::string_view t, std::size_t i) {
  if (i + 1 >= t.size()) return false;
  const char n = t[i + 1];
  return charsets::alpha.contains(n) || std::string_view("!?%/#$@{").find(n) != npos;
}

// An interpolation at t[i] == '$': "$x", "${x}", "$(x)".
bool interpolation_at(std::string_view t, std::size_t i) {
  return i + 1 < t.size() && (is_name_start(t[i + 1]) || t[i + 1] == '{' || t[i + 1] == '(');
}

// A token between two '@' at t[i] ("@prefix@", "@ANT_JAR@", "@-HOSTNAME-@"): a name, then '@' with
// no name character after it ("user@host@example.com" is a second '@', not a token) unless the
// name is fenced by hyphens, which no host or user name is.
bool at_token_at(std::string_view t, std::size_t i) {
  std::size_t k = i + 1;
  const bool fenced = k < t.size() && t[k] == '-';
  if (fenced) ++k;
  if (k >= t.size() || !is_name_start(t[k])) return false;
  while (k < t.size() && is_name(t[k]))
    ++k;
  if (fenced) return k + 1 < t.size() && t[k] == '-' && t[k + 1] == '@';
  return k < t.size() && t[k] == '@' && (k + 1 == t.size() || !is_alnum(t[k + 1]));
}

// Where the scheme ends (just past "scheme:"), or 0.
std::size_t after_scheme(std::string_view t) {
  const std::size_t colon = t.find(':');
  return colon == npos ? 0 : colon + 1;
}

} // namespace

std::size_t certain_end(std::string_view text, const std::vector<Span>& holes) {
  constexpr std::string_view kEnds = " \t\r\n\"'<>()[]{}|\\^`", kClosing = ".,;:!?*_~";
  const std::size_t slashes = text.find("//");
  const std::size_t start = slashes == npos ? 0 : slashes + 2;
  auto hole = holes.begin();
  for (std::size_t i = start; i < text.size(); ++i) {
    while (hole != holes.end() && hole->end <= i)
      ++hole;
    if (hole != holes.end() && hole->begin <= i && hole->end <= text.size()) {
      i = hole->end - 1; // the placeholder's bytes, then what follows it
      continue;
    }
    const char c = text[i];
    // An IP literal's brackets are the URL's own: http://[fe80::1%25eth0]/.
    if (c == '[' && (i == start || text[i - 1] == '@')) {
      const std::size_t close = text.find(']', i);
      if (close != npos) {
        i = close;
        continue;
      }
    }
    if (kEnds.find(c) != npos) return i;
    // A run of three or more '#' that ends the URL is the text's decoration, not a fragment: a
    // tool's report marking what it quotes ("=> ###http://a.org/b.html###"), a heading's closing
    // marks. (A doubled '#' inside or ending a URL is still judged: "bithacks.html##Value".)
    if (c == '#' && text.size() - i >= 3 && text.find_first_not_of('#', i) == npos) return i;
    if (kClosing.find(c) == npos) continue;
    // Punctuation may close the sentence only where nothing but more of it follows.
    std::size_t run = i;
    while (run < text.size() && kClosing.find(text[run]) != npos)
      ++run;
    if (run == text.size() || kEnds.find(text[run]) != npos) return i;
    i = run - 1;
  }
  return text.size();
}

std::size_t template_syntax_at(const FoundUrl& url, std::size_t limit) {
  const std::string_view t = std::string_view(url.text).substr(0, limit);
  const std::size_t known =
      url.placeholders.empty() ? npos : std::min(url.placeholders.front().begin, t.size());
  const std::string_view scope = t.substr(0, std::min(known, t.size()));
  std::size_t ip_literal_end = 0;
  for (std::size_t i = after_scheme(scope); i < scope.size(); ++i) {
    const char c = scope[i];
    // An IP literal's zone id is no conversion: "[fe80::1%eth0]" after "//" is PCT007's. The
    // rest of the brackets is read: "http://[$s->ip]" is PHP's interpolation of an address.
    if (c == '[' && i >= 2 && scope.compare(i - 2, 2, "//") == 0) {
      const std::size_t close = scope.find(']', i);
      if (close != npos) ip_literal_end = close;
      continue;
    }
    const bool zone_id = i < ip_literal_end;
    const bool found = c == '{' || c == '}' ||
                       (c == '%' && !zone_id && percent_template_at(scope, i)) ||
                       (c == '<' && tag_at(scope, i)) || (c == '$' && interpolation_at(scope, i)) ||
                       (c == '@' && at_token_at(scope, i)) ||
                       // A regular expression's escaped dot: a pattern that matches URLs
                       // ("https://(www\.)?netdata\.cloud/img/..."), which no URL holds.
                       (c == '\\' && i + 1 < scope.size() && scope[i + 1] == '.') ||
                       (c == '\xE2' && scope.substr(i, 3) == "\xE2\x80\xA6"); // U+2026 '…'
    if (found) return i;
  }
  return known < t.size() ? known : npos;
}

bool shown_shortened(const FoundUrl& url) {
  return std::any_of(url.placeholders.begin(), url.placeholders.end(), [&](const Span& p) {
    return p.end <= url.text.size() && is_elision(p.in(url.text));
  });
}

bool generic_scheme(std::string_view url) {
  static constexpr std::array<std::string_view, 7> kGeneric = {"http", "https", "ws",    "wss",
                                                               "ftp",  "file",  "mailto"};
  const std::size_t colon = url.find(':');
  if (colon == npos) return false;
  const std::string_view scheme = url.substr(0, colon);
  return std::any_of(kGeneric.begin(), kGeneric.end(),
                     [&](std::string_view s) { return ascii::iequals(scheme, s); });
}

Certainty certainty_of(const FoundUrl& url) {
  Certainty c;
  if (!url.exact) {
    c.certain_end = certain_end(url.text);
    c.literal_end =
        url.placeholders.empty() ? c.certain_end : certain_end(url.text, url.placeholders);
  }
  if (template_syntax_at(url, c.certain_end) != npos)
    c.doubt = Doubt::TemplateSyntax;
  else if (!generic_scheme(url.text))
    c.doubt = Doubt::SchemeGrammar;
  return c;
}

std::string_view name_of(Doubt doubt) {
  switch (doubt) {
  case Doubt::None:
    return "";
  case Doubt::GuessedEnd:
    return "guessed-end";
  case Doubt::TemplateSyntax:
    return "template-syntax";
  case Doubt::SchemeGrammar:
    return "scheme-grammar";
  }
  return "";
}

std::string_view describe(Doubt doubt) {
  switch (doubt) {
  case Doubt::None:
    return "";
  case Doubt::GuessedEnd:
    return "where the URL ends is a guess";
  case Doubt::TemplateSyntax:
    return "the URL holds template syntax";
  case Doubt::SchemeGrammar:
    return "its scheme has a grammar of its own";
  }
  return "";
}

} // namespace pctlint
