// Template syntax as one grammar: every placeholder style in one table (kPlaceholders), each with
// its name in the configuration, the bytes it can start with and where it ends. Beside the
// language table (language.cpp): that one says how a file writes strings, this one what holes a
// URL written in it may hold. Each style has a fixture in tests/fixtures/clean/template-*.
#include "core/finder/templates.h"

#include "core/ascii.h"
#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "core/scan.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>

namespace pctlint {

namespace {

constexpr std::size_t npos = std::string_view::npos;

using ascii::is_alpha;
using ascii::is_ident;
bool is_upper_word(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The end of a balanced {...} starting at `open`, or npos.
// A placeholder is short: its end is looked for this far at most, so that a text full of openers
// that never close ("{{{{", "${${", "<%<%") costs linear time, not quadratic.
constexpr std::size_t kMaxPlaceholder = 512;

// `t` up to kMaxPlaceholder bytes after `from`.
std::string_view window(std::string_view t, std::size_t from) {
  return t.substr(0, std::min(t.size(), from + kMaxPlaceholder));
}

std::size_t balanced_brace(std::string_view t, std::size_t open) {
  int depth = 0;
  t = window(t, open);
  for (std::size_t i = open; i < t.size(); ++i) {
    if (t[i] == '{')
      ++depth;
    else if (t[i] == '}' && --depth == 0)
      return i + 1;
    else if (t[i] == '\n')
      return npos;
  }
  return npos;
}

std::size_t rfc6570_end(std::string_view t, std::size_t i) {
  return t[i] == '{' ? balanced_brace(t, i) : npos;
}

// ${expr} and #{expr}: a hole of code in a template. One still open where the text ends (the
// line ends inside it, its code goes on below) runs to that end.
std::size_t hole_end(std::string_view t, std::size_t open) {
  const std::size_t end = balanced_brace(t, open);
  if (end != npos) return end;
  const std::string_view near = window(t, open);
  return near.size() == t.size() && near.find('\n', open) == npos ? t.size() : npos;
}

std::size_t dollar_brace_end(std::string_view t, std::size_t i) {
  if (t[i] != '$' || i + 1 >= t.size() || t[i + 1] != '{') return npos;
  return hole_end(t, i + 1);
}

std::size_t dollar_paren_end(std::string_view t, std::size_t i) {
  if (t[i] != '$' || i + 1 >= t.size() || t[i + 1] != '(') return npos;
  int depth = 0;
  t = window(t, i);
  for (std::size_t k = i + 1; k < t.size(); ++k) {
    if (t[k] == '(') ++depth;
    if (t[k] == ')' && --depth == 0) return k + 1;
    if (t[k] == '\n') break;
  }
  return npos;
}

std::size_t hash_brace_end(std::string_view t, std::size_t i) {
  if (t[i] != '#' || i + 1 >= t.size() || t[i + 1] != '{') return npos;
  return hole_end(t, i + 1);
}

std::size_t double_brace_end(std::string_view t, std::size_t i) {
  if (t.substr(i, 2) != "{{") return npos;
  const std::size_t close = window(t, i).find("}}", i + 2);
  return close == npos ? npos : close + 2;
}

std::size_t erb_end(std::string_view t, std::size_t i) {
  if (t.substr(i, 2) != "<%") return npos;
  const std::size_t close = window(t, i).find("%>", i + 2);
  return close == npos ? npos : close + 2;
}

// [% expr %]: Template Toolkit's directive (Perl; Bugzilla's templates), the same kind of
// server-side tag as ERB's. Its text may hold quotes and blanks; a URL whose extent ended inside it
// (an attribute closed at a quote of "[% Param("x") %]") holds the rest as the placeholder.
std::size_t tt_directive_end(std::string_view t, std::size_t i) {
  if (t.substr(i, 2) != "[%" || (i + 2 < t.size() && charsets::hexdig.contains(t[i + 2])))
    return npos;
  const std::size_t close = window(t, i).find("%]", i + 2);
  return close == npos ? t.size() : close + 2;
}

std::size_t colon_param_end(std::string_view t, std::size_t i) {
  if (t[i] != ':' || i == 0 || t[i - 1] != '/' || i + 1 >= t.size() ||
      !(is_alpha(t[i + 1]) || t[i + 1] == '_'))
    return npos;
  std::size_t end = i + 1;
  while (end < t.size() && is_ident(t[end]))
    ++end;
  return end;
}

// printf conversions: %s %d %v %1$s %(name)s %-5.2f %ld %%, and a bare length letter (%l, as
// editors' file-link formats write a line number). An escape-looking "%5d" is an escape, unless
// the literal is formatted (printf_formatted_end).
std::size_t printf_conversion_end(std::string_view t, std::size_t i);

std::size_t printf_end(std::string_view t, std::size_t i) {
  if (t[i] != '%') return npos;
  // "%04d" "%08x": a zero-padded conversion reads as an escape of a control character (%04, %08),
  // which no URL means; in a string of a printf language it is the conversion.
  if (is_escape_at(t, i)) {
    if (i + 3 >= t.size() || t[i + 1] != '0' || !(t[i + 2] >= '1' && t[i + 2] <= '9')) return npos;
    std::size_t k = i + 3;
    while (k < t.size() && t[k] >= '0' && t[k] <= '9')
      ++k;
    return k < t.size() && ascii::is_one_of(t[k], "dixXuf") ? k + 1 : npos;
  }
  return printf_conversion_end(t, i);
}

// In a literal known to be a format (printf's, strftime's: formatted_literal) a '%' is a
// directive: the conversions URL templates use, and any other "%" and a letter that does not read
// as an escape (strftime's %Y %m %d/, with its flags and E/O modifiers). "%E9" stays an escape:
// console.log's util.format has no such directive.
std::size_t printf_formatted_end(std::string_view t, std::size_t i) {
  if (t[i] != '%') return npos;
  if (const std::size_t end = printf_conversion_end(t, i); end != npos) return end;
  if (is_escape_at(t, i)) return npos;
  std::size_t k = i + 1;
  if (k < t.size() && std::string_view("-_0^#").find(t[k]) != npos) ++k;
  if (k + 1 < t.size() && (t[k] == 'E' || t[k] == 'O') && is_alpha(t[k + 1])) ++k;
  // "%u00E4" is a %uXXXX escape (PCT006) whatever formats the literal: no format of a URL means
  // a directive followed by four hex digits (console.warn's formatting has no %u at all).
  if (k == i + 1 && k + 4 < t.size() && t[k] == 'u' &&
      std::all_of(t.begin() + static_cast<std::ptrdiff_t>(k + 1),
                  t.begin() + static_cast<std::ptrdiff_t>(k + 5),
                  [](char c) { return hex_value(c) >= 0; }))
    return npos;
  return k < t.size() && is_alpha(t[k]) ? k + 1 : npos;
}

std::size_t printf_conversion_end(std::string_view t, std::size_t i) {
  std::size_t k = i + 1;
  if (k < t.size() && t[k] == '%') return k + 1;
  if (k < t.size() && (t[k] == '(' || t[k] == '<')) { // %(name)s (Python), %<name>s (Ruby)
    const std::size_t close = window(t, k).find(t[k] == '(' ? ')' : '>', k);
    if (close == npos) return npos;
    k = close + 1;
  }
  auto digits = [&] {
    while (k < t.size() && t[k] >= '0' && t[k] <= '9')
      ++k;
  };
  const std::size_t arg = k;
  digits();
  if (k < t.size() && t[k] == '$' && k > arg)
    ++k;
  else
    k = arg;
  while (k < t.size() && std::string_view("-+ #0'").find(t[k]) != npos)
    ++k;
  if (k < t.size() && t[k] == '[') { // Go's argument index: %[1]s
    const std::size_t close = window(t, k).find(']', k);
    if (close == npos || close == k + 1) return npos;
    for (std::size_t d = k + 1; d < close; ++d)
      if (t[d] < '0' || t[d] > '9') return npos;
    k = close + 1;
  }
  digits();
  if (k < t.size() && t[k] == '.') ++k, digits();
  const std::size_t length_from = k;
  while (k < t.size() && std::string_view("hlLqjzt").find(t[k]) != npos)
    ++k;
  if (k == length_from + 1 && k == i + 2 && (k == t.size() || !is_ident(t[k])))
    return k; // a bare "%l"
  // Only the conversions URL templates use: "50%off" and "%u00E4" are mistakes to report, not
  // placeholders (%u counts only when no four hex digits follow, which would make it %uXXXX).
  if (k >= t.size()) return npos;
  if (std::string_view("sdifvxX").find(t[k]) != npos) return k + 1;
  if (t[k] == 'u') {
    std::size_t hex = 0;
    while (hex < 4 && k + 1 + hex < t.size() && hex_value(t[k + 1 + hex]) >= 0)
      ++hex;
    if (hex < 4) return k + 1;
  }
  return npos;
}

// %name% closed by a '%', in any case, with dots, hyphens and a call (Symfony's
// %kernel.project_dir%, %env(DATABASE_URL)%, %package%), or doubled as YAML escapes it (%%name%%).
// When the first two characters make an escape ("%db%", "%c3%a9"), a name only where no word
// follows the closing '%'
// ("/%db%/" is tcllib's placeholder; "%c3%a9" two escapes).
std::size_t lower_percent_name_end(std::string_view t, std::size_t i) {
  const bool doubled = t.substr(i, 2) == "%%";
  std::size_t k = i + (doubled ? 2 : 1);
  if (k >= t.size() || !(is_alpha(t[k]) || t[k] == '_')) return npos;
  const bool escape = !doubled && is_escape_at(t, i);
  const std::size_t name = k;
  // Words joined by '.' or '-' (%kernel.project_dir%, a userscript's %artist-name%).
  while (k < t.size() &&
         (is_ident(t[k]) || t[k] == '.' || (t[k] == '-' && k + 1 < t.size() && is_alpha(t[k + 1]))))
    ++k;
  // "%u00E4%u00F6" is two %uXXXX escapes (PCT006), not a name between '%'s.
  if ((t[name] == 'u' || t[name] == 'U') && k - name >= 5 &&
      std::all_of(t.begin() + static_cast<std::ptrdiff_t>(name + 1),
                  t.begin() + static_cast<std::ptrdiff_t>(name + 5),
                  [](char c) { return hex_value(c) >= 0; }))
    return npos;
  if (k < t.size() && t[k] == '(') {
    const std::size_t close = window(t, k).find(')', k);
    if (close == npos) return npos;
    k = close + 1;
  }
  if (t.substr(k, doubled ? 2 : 1) != (doubled ? "%%" : "%")) return npos;
  // Where it starts like an escape, only a '%' that nothing of a URL's word follows closes a name
  // ("%db%/", "%db%" at the end; "%C4rzte%u00E4" is an escape, text and a %u escape).
  if (escape && k + 1 < t.size() && (is_ident(t[k + 1]) || t[k + 1] == '%')) return npos;
  return k + (doubled ? 2 : 1);
}

// <?php echo $version; ?> and <?= $x ?>: PHP's template tags.
std::size_t php_tag_end(std::string_view t, std::size_t i) {
  if (t.substr(i, 2) != "<?") return npos;
  const std::size_t close = window(t, i).find("?>", i + 2);
  return close == npos ? npos : close + 2;
}

// %NAME% and %NAME: an upper-case name of three or more characters. One that begins with two hex
// digits ("%C3A") is an escape unless a closing '%' makes it a name ("%DATE%").
std::size_t percent_name_end(std::string_view t, std::size_t i) {
  if (t.substr(i, 2) == "%{") { // a zsh prompt sequence %{ ... %}
    const std::size_t close = window(t, i).find("%}", i + 2);
    if (close != npos) return close + 2;
  }
  if (const std::size_t end = lower_percent_name_end(t, i); end != npos) return end;
  if (t[i] != '%' || i + 1 >= t.size() ||
      !((t[i + 1] >= 'A' && t[i + 1] <= 'Z') || t[i + 1] == '_'))
    return npos;
  std::size_t k = i + 1;
  while (k < t.size() && is_upper_word(t[k]))
    ++k;
  const std::size_t length = k - i - 1;
  if (length < 3) return npos;
  // In a run of escapes ("%A1%BF___%A5", EUC-JP), a name that starts with two hex digits right
  // after an escape is the run's next escape.
  if (is_escape_at(t, i) && i >= 3 && is_escape_at(t, i - 3)) return npos;
  const bool closed = k < t.size() && t[k] == '%';
  if (closed && length >= 3) return k + 1;
  if (is_escape_at(t, i)) return npos;
  return k;
}

// %~dp0 %~nx1 %~f0 %~dpnxI: cmd.exe's reference to a batch file's argument (0 the file itself) or
// a for loop's variable, with the modifiers that take its drive, path, name, extension... ("%~dp0"
// is the script's folder). cmd replaces it before any program sees the URL; no escape begins
// "%~".
std::size_t cmd_argument_end(std::string_view t, std::size_t i) {
  if (t.compare(i, 2, "%~") != 0) return npos;
  std::size_t k = i + 2;
  while (k < t.size() && k < i + 12 && std::string_view("fdpnxsatzFDPNXSATZ").find(t[k]) != npos)
    ++k;
  if (k < t.size() && (ascii::is_digit(t[k]) || is_alpha(t[k]))) return k + 1;
  return k > i + 2 ? k : npos; // the modifiers' last letter was the variable ("%~nxf")
}

// The end of an angle placeholder's name starting at `k` (words, blanks and parentheses), read
// no further than `limit`.
std::size_t angle_name_run(std::string_view t, std::size_t k, std::size_t limit) {
  while (k < t.size() && k < limit && (is_ident(t[k]) || ascii::is_one_of(t[k], "-. ()")))
    ++k;
  return k;
}

// <name> <proxied host> <Directory (tenant) ID>: a documentation placeholder, not markup (a tag
// holds '=', '/' or quotes; a placeholder only words, blanks and parentheses).
std::size_t angle_name_end(std::string_view t, std::size_t i) {
  if (t[i] != '<' || i + 1 >= t.size() || !(is_alpha(t[i + 1]) || t[i + 1] == '_')) return npos;
  const std::size_t k = angle_name_run(t, i + 1, i + 64);
  return k < t.size() && t[k] == '>' && t[k - 1] != ' ' ? k + 1 : npos;
}

// http://%3CServername%3E/ http://%3Cserver name%3E/: such a placeholder for the host,
// percent-encoded by a tool that wrote the URL out (a wiki's HTML export of
// "http://<Servername>/"); the reader still replaces it. Only the host's: elsewhere
// "%3Cscript%3E" is what it says, and no host is named so.
std::size_t encoded_angle_name_end(std::string_view t, std::size_t i) {
  const auto escape_of = [&](std::size_t k, char hex) {
    return k + 2 < t.size() && t[k] == '%' && t[k + 1] == '3' && ascii::lower(t[k + 2]) == hex;
  };
  if (i < 3 || t.compare(i - 3, 3, "://") != 0 || !escape_of(i, 'c') || i + 3 >= t.size() ||
      !(is_alpha(t[i + 3]) || t[i + 3] == '_'))
    return npos;
  const std::size_t k = angle_name_run(t, i + 3, i + 64);
  return escape_of(k, 'e') && t[k - 1] != ' ' ? k + 3 : npos;
}

// 【URL】 ＜IgniterRoot＞ 〈user〉: a placeholder in the brackets that Japanese and Chinese
// documentation writes for what the reader fills in ("?text=【ツイート文】&url=【URL】"): the
// brackets are no characters of a URL, and a name inside them is no path. Full-width brackets
// only; the name holds no blank and nothing that delimits a URL's parts. Not 《》: Chinese text
// marks a book's title so, and "?q=《红楼梦》" is a query for one.
std::size_t fullwidth_angle_name_end(std::string_view t, std::size_t i) {
  static constexpr std::pair<std::string_view, std::string_view> kBrackets[] = {
      {"\u3010", "\u3011"}, {"\uFF1C", "\uFF1E"}, {"\u3008", "\u3009"}};
  for (const auto& [open, close] : kBrackets) {
    if (t.compare(i, open.size(), open) != 0) continue;
    const std::size_t name = i + open.size();
    const std::size_t end = t.substr(0, std::min(t.size(), name + 64)).find(close, name);
    if (end == npos || end == name) return npos;
    const std::string_view inside = t.substr(name, end - name);
    if (inside.find(open) != npos || inside.find_first_of(" \t/?#&=\"'<>%") != npos) return npos;
    return end + close.size();
  }
  return npos;
}

// %{name} %{?dist} %{HTTP_HOST}: RPM macros and Apache httpd's server variables.
std::size_t percent_brace_end(std::string_view t, std::size_t i) {
  if (t[i] != '%' || i + 2 >= t.size() || t[i + 1] != '{') return npos;
  std::size_t k = i + 2;
  while (k < t.size() && k < i + 64 && (is_ident(t[k]) || ascii::is_one_of(t[k], "?!:-.")))
    ++k;
  return k > i + 2 && k < t.size() && t[k] == '}' ? k + 1 : npos;
}

// [NAME] [SESSION_ID] [version]: a name in brackets, a placeholder a program substitutes (Grav's
// tmp://forms/[SESSIONID], Flarum's @[version], Next.js's [id]); an IP literal is never one.
// Upper-case names may be words ([ICON SLUG], simple-icons' README).
// [monitor.tag], [user-name], [MONITOR.TAG]: a name of identifier parts joined by '.' or '-', as a
// template writes a field of an object, filling a whole path segment
// ("/badge/[monitor.tag]/status", kener's docs), or a mail address (Sympa's list templates,
// "<mailto:[ow->email]>": parts joined by "->" as well). Only there: brackets elsewhere may be the
// URL's own ("/files/[v6.1]%20a.pdf", "4.9.0-[Hotwire-Turbo-integration]",
// "short_desc=[rust-url]").
std::size_t bracket_dotted_name_end(std::string_view t, std::size_t i) {
  const bool mail_address = i == 7 && ascii::istarts_with(t, "mailto:");
  if (i == 0 || (t[i - 1] != '/' && !mail_address)) return npos;
  std::size_t k = i + 1;
  for (;;) { // a part: a letter, then word characters
    if (k >= t.size() || !is_alpha(t[k])) return npos;
    while (k < t.size() && is_ident(t[k]))
      ++k;
    if (k + 2 < t.size() && t[k] == '-' && t[k + 1] == '>') {
      k += 2;
      continue;
    }
    if (k + 1 < t.size() && (t[k] == '.' || t[k] == '-')) {
      ++k;
      continue;
    }
    break;
  }
  if (k >= t.size() || t[k] != ']') return npos;
  if (k + 1 < t.size() && t[k + 1] != '/' && t[k + 1] != '?' && t[k + 1] != '#') return npos;
  return k + 1;
}

// "…/v1.34.0.zip[model]": a name in brackets that ends the URL right after a file's extension, in
// its path, is a tool's choice of a member of the file the URL names (OpenTelemetry Weaver's
// registry_path), not the URL's: the URL is the archive's.
bool archive_member(std::string_view t, std::size_t open, std::size_t close) {
  if (close + 1 != t.size() || t.substr(0, open).find_first_of("?#") != npos) return false;
  std::size_t dot = open;
  while (dot > 0 && dot + 6 > open && is_ident(t[dot - 1]) && t[dot - 1] != '_')
    --dot;
  return dot < open && dot > 0 && t[dot - 1] == '.' && is_alpha(t[dot]);
}

// The key of the query parameter whose value starts at `value` ('=' before it), or empty.
std::string_view query_key_before(std::string_view t, std::size_t value) {
  if (value == 0 || t[value - 1] != '=') return {};
  const std::size_t from = t.find_last_of("?&;", value - 1);
  return from == npos ? std::string_view{} : t.substr(from + 1, value - 2 - from);
}

// Whether a letter in brackets at t[i] fills a whole query value ("?u=[u]&t=[t]", e107's share
// links, whose code puts the page's URL and title there, as a browser's "?q=%s" does): it is
// the value's whole, and a share link's parameter names it (url, u, href, title, t, text...) or
// another value of the query is so filled. One bracketed letter under another name is more often
// the text sent ("label=[m]", a badge's).
bool share_fill(std::string_view t, std::size_t i) {
  const auto fills_value = [&](std::size_t at) {
    return at > 0 && at + 2 < t.size() && t[at - 1] == '=' && t[at] == '[' && is_alpha(t[at + 1]) &&
           t[at + 2] == ']' && (at + 3 == t.size() || ascii::is_one_of(t[at + 3], "&;#"));
  };
  if (!fills_value(i) || t.find('?') > i) return false;
  static constexpr std::string_view kShareKeys[] = {
      "u",    "url",     "href",        "link",  "t",       "title",  "text",
      "body", "subject", "description", "media", "summary", "source", "via"};
  const std::string_view key = query_key_before(t, i);
  for (std::string_view share : kShareKeys)
    if (ascii::iequals(key, share)) return true;
  for (std::size_t at = t.find("=[", t.find('?')); at != npos; at = t.find("=[", at + 1))
    if (at + 1 != i && fills_value(at + 1)) return true;
  return false;
}

std::size_t bracket_name_end(std::string_view t, std::size_t i) {
  if (t[i] != '[' || i + 1 >= t.size() || !is_alpha(t[i + 1])) return npos;
  if (const std::size_t end = bracket_dotted_name_end(t, i); end != npos) return end;
  std::size_t k = i + 1;
  bool upper = true;
  // Upper-case names may hold hyphens ([YOUR-DOMAIN], rclone's docs) and single blanks between
  // upper-case words.
  const auto word_gap = [&](std::size_t at) {
    return upper && t[at] == ' ' && k > i + 1 && t[at - 1] != ' ' && at + 1 < t.size() &&
           t[at + 1] >= 'A' && t[at + 1] <= 'Z';
  };
  for (; k < t.size() && (is_ident(t[k]) || (upper && t[k] == '-' && k > i + 1) || word_gap(k));
       ++k)
    upper = upper && (is_upper_word(t[k]) || t[k] == '-' || t[k] == ' ');
  if (k >= t.size() || t[k] != ']') return npos;
  if (k - i - 1 < 2) return share_fill(t, i) ? k + 1 : npos;
  // A lower-case name is a placeholder only where it stands for a segment or part of one
  // ("/[id]/", "@[version]/"); after a name it is PHP's and Rails's query array ("p[title]=").
  if (!upper && !archive_member(t, i, k) &&
      ((i > 0 && is_ident(t[i - 1])) || (k + 1 < t.size() && ascii::is_one_of(t[k + 1], "=["))))
    return npos;
  return k + 1;
}

// |package_name|: a name between pipes, a template's placeholder where the template language's
// delimiters are pipes (R's glue with .open = "|", .close = "|"), filling a path segment or a
// value: after a '/' or '=', before the URL's end, a '/', '?', '#' or '&'. A pipe between words
// elsewhere is the URL's own raw '|' (family=Lato|Roboto|Open+Sans, prop=info|revisions).
std::size_t pipe_name_end(std::string_view t, std::size_t i) {
  if (i == 0 || (t[i - 1] != '/' && t[i - 1] != '=')) return npos;
  std::size_t k = i + 1;
  if (k >= t.size() || !(is_alpha(t[k]) || t[k] == '_')) return npos;
  while (k < t.size() && (is_ident(t[k]) || t[k] == '.'))
    ++k;
  if (k >= t.size() || t[k] != '|') return npos;
  if (k + 1 < t.size() && !ascii::is_one_of(t[k + 1], "/?#&")) return npos;
  return k + 1;
}

// =%s& #%U imgurl:%T: a '%' and one letter that fill a query value, a fragment or what follows a
// ':' or a blank in one (after '=', '#', ':' or a blank; before '&', '#', a blank or the URL's
// end): the placeholder of a search engine's or share button's URL template. An escape's '%'
// takes two hex digits, and a truncated one ends a path ("caf%E"), not a value.
// And git's %H or %h as a commit link's last segment ("/commit/%H" in a git log --format string
// kept apart from the command that runs it), and a '%' and a letter that no escape starts with
// (G to Z) as a whole path segment, where the URL has two such: a repository viewer's template
// ("/g/%R/+/%H", MediaWiki's $wgGitRepositoryViewers: %R the repository, %H the commit). One alone
// may be a mistake (systemd's "%I" where no specifier is expanded).
bool segment_end_at(std::string_view t, std::size_t k) {
  return k == t.size() || (k < t.size() && ascii::is_one_of(t[k], "/?#)"));
}

bool percent_letter_segment(std::string_view t, std::size_t i) {
  return t[i] == '%' && i > 0 && t[i - 1] == '/' && i + 1 < t.size() && is_alpha(t[i + 1]) &&
         !charsets::hexdig.contains(t[i + 1]) && segment_end_at(t, i + 2);
}

std::size_t percent_letter_end(std::string_view t, std::size_t i) {
  if (t.compare(i, 2, "%H") == 0 || t.compare(i, 2, "%h") == 0)
    if ((t.substr(0, i).ends_with("/commit/") || t.substr(0, i).ends_with("/commits/")) &&
        segment_end_at(t, i + 2))
      return i + 2;
  if (percent_letter_segment(t, i)) {
    for (std::size_t k = t.find("/%"); k != npos; k = t.find("/%", k + 1))
      if (k + 1 != i && percent_letter_segment(t, k + 1)) return i + 2;
  }
  if (t[i] != '%' || i == 0 || !ascii::is_one_of(t[i - 1], "=#: ") || i + 1 >= t.size() ||
      !is_alpha(t[i + 1]))
    return npos;
  if (i + 2 < t.size() && !ascii::is_one_of(t[i + 2], "&# ")) return npos;
  return i + 2;
}

// #t# #URL#: a name between two '#' (words of letters, digits, '_', joined by '-') filling a query
// value, a path segment or a fragment, after '=', '/' or the fragment's own '#' ("?u=#t#",
// "/search/#t#", "/qrcode/##t#", as userscripts' search templates write the image's URL;
// "file:///#gson-remote-temp#/git-repo", a release guide's directory); no name character or '#'
// follows it. A second '#' elsewhere is the URL's own ("#id3#id3", "Dataset.md##prov"), but for
// hash_value_name_end's names below.
// And three or more '#' standing for a number in a path or a query value, with no name after
// them: "issues/### where ### is the bug number", "?id=####" (a run just after the authority's
// "//", is the URL's own: a test of a parser), or two ending the URL or before a query
// ("milestone/##?closed=1", "milestone/##)" in a release checklist: no fragment holds a query,
// and an empty one has no second '#').
std::size_t hash_name_end(std::string_view t, std::size_t i) {
  if (t[i] != '#' || i == 0 || !ascii::is_one_of(t[i - 1], "=/#")) return npos;
  if (t[i - 1] != '#' && t.compare(i, 2, "##") == 0 &&
      !(i >= 2 && t.compare(i - 2, 2, "//") == 0)) {
    std::size_t run = i;
    while (run < t.size() && t[run] == '#')
      ++run;
    if (run - i == 2 && (run == t.size() || t[run] == '?')) return run;
    if (run - i >= 3) // ("/##t#": the name's, below)
      return run == t.size() || !is_ident(t[run]) ? run : npos;
  }
  std::size_t k = i + 1;
  while (k < t.size() && k < i + 33 &&
         (is_ident(t[k]) || (t[k] == '-' && k > i + 1 && k + 1 < t.size() && is_ident(t[k + 1]))))
    ++k;
  if (k == i + 1 || k >= t.size() || t[k] != '#') return npos;
  if (k + 1 < t.size() && (is_ident(t[k + 1]) || t[k + 1] == '#')) return npos;
  return k + 1;
}

// =#Name& /#name?: a name after '#' filling a query value or a path segment, the query going on
// after it ("?name=#DisplayName&os=Windows%2011&lang=#ShortLanguage",
// "/windows/#architecture?ring=#ring": an installer manifest's download links, which its
// PowerShell fills with -replace). A fragment that began there would hold the rest of the query;
// a client's route begins "#/" or "#!" instead. The query goes on with a parameter's name (not
// "/#install? It..." ending a sentence), and a colour is no name ("?color=#ff69b4&", a '#' to
// encode).
std::size_t hash_value_name_end(std::string_view t, std::size_t i) {
  if (t[i] != '#' || i == 0 || !ascii::is_one_of(t[i - 1], "=/") || i + 1 >= t.size() ||
      !is_alpha(t[i + 1]))
    return npos;
  std::size_t k = i + 2;
  while (k < t.size() && k < i + 33 && is_ident(t[k]))
    ++k;
  if (k + 1 >= t.size() || !(t[k] == '&' || (t[k] == '?' && t[i - 1] == '/')) ||
      !(is_ident(t[k + 1])))
    return npos;
  const std::string_view name = t.substr(i + 1, k - i - 1);
  const bool colour =
      (name.size() == 3 || name.size() == 4 || name.size() == 6 || name.size() == 8) &&
      std::all_of(name.begin(), name.end(), [](char c) { return hex_value(c) >= 0; });
  return colour ? npos : k;
}

// #1#2: TeX's macro parameters, two or more in a run ("\def\ftp#1#2{\href{ftp://#1#2}{…}}": the
// host and path the macro is given), standing for a host, a segment or a value ('/' or '=' before
// them). After a name they are the URL's own ("lua.lua#1#9", a line and column).
std::size_t tex_parameters_end(std::string_view t, std::size_t i) {
  if (i == 0 || !ascii::is_one_of(t[i - 1], "/=")) return npos;
  std::size_t k = i, parameters = 0;
  while (k + 1 < t.size() && t[k] == '#' && t[k + 1] >= '1' && t[k + 1] <= '9') {
    k += 2;
    ++parameters;
  }
  if (parameters < 2 || (k < t.size() && (is_ident(t[k]) || t[k] == '#'))) return npos;
  return k;
}

// #NAME#: a name in capitals (letters, digits, '_', two or more, a capital first) between two '#'
// that no name character or '#' follows, wherever it stands: a packaging script's token that a
// build replaces ("releases/download/v#VERSION#/App-Setup-#VERSION#.exe", Chocolatey install
// scripts), as @NAME@ is autoconf's. A fragment in lower case followed by a '#' is the URL's own.
std::size_t upper_hash_name_end(std::string_view t, std::size_t i) {
  if (t[i] != '#' || (i > 0 && t[i - 1] == '#')) return npos;
  std::size_t k = i + 1;
  if (k >= t.size() || !(t[k] >= 'A' && t[k] <= 'Z')) return npos;
  while (k < t.size() && is_upper_word(t[k]))
    ++k;
  if (k - i - 1 < 2 || k >= t.size() || t[k] != '#') return npos;
  if (k + 1 < t.size() && (is_ident(t[k + 1]) || t[k + 1] == '#')) return npos;
  return k + 1;
}

// #.#.#: a version number to fill in, each part a '#' (three parts or more, "#.#.#.#"), as a
// release announcement's template writes "…/Version+Notes+#.#.#" and "…/dist/dev/struts/#.#.#/";
// no name character touches it. A fragment is never "#.#".
std::size_t hash_version_end(std::string_view t, std::size_t i) {
  if (t[i] != '#' || (i > 0 && (is_ident(t[i - 1]) || t[i - 1] == '.' || t[i - 1] == '#')))
    return npos;
  std::size_t k = i + 1, parts = 1;
  while (k + 1 < t.size() && t[k] == '.' && t[k + 1] == '#') {
    k += 2;
    ++parts;
  }
  if (parts < 3 || (k < t.size() && (is_ident(t[k]) || t[k] == '#'))) return npos;
  return k;
}

// Words between `open` and `close`, with a blank, the first capitalised (every one with
// `every_word_capitalised`, single blanks between them): a placeholder to fill in, never a URL's
// own text (an IP literal holds no blank). The end after `close`, or npos.
std::size_t enclosed_words_end(std::string_view t, std::size_t i, char open, char close,
                               bool every_word_capitalised) {
  const auto capital_at = [&](std::size_t k) { return k < t.size() && t[k] >= 'A' && t[k] <= 'Z'; };
  if (t[i] != open || !capital_at(i + 1)) return npos;
  bool blank = false;
  for (std::size_t k = i + 1; k < t.size() && k < i + 64; ++k) {
    const char c = t[k];
    if (c == close) return blank && t[k - 1] != ' ' ? k + 1 : npos;
    if (c == ' ') {
      if (every_word_capitalised && (t[k - 1] == ' ' || !capital_at(k + 1))) return npos;
      blank = true;
    } else if (!is_ident(c) && c != '-') {
      return npos;
    }
  }
  return npos;
}

// (Bucket Name) (Data store ID): words in parentheses, with a blank, the first capitalised: a
// placeholder of documentation (AWS CLI examples).
std::size_t paren_words_end(std::string_view t, std::size_t i) {
  return enclosed_words_end(t, i, '(', ')', false);
}

// [Support Email] [Your Name]: capitalised words in brackets, single blanks between them, as
// (Bucket Name) in parentheses: a template's blank (an e-mail template's "mailto:[Support
// Email]"). Not a phrase ("[Icon slug]").
std::size_t bracket_words_end(std::string_view t, std::size_t i) {
  return enclosed_words_end(t, i, '[', ']', true);
}

// [user:pass@] [:port]: an optional part, as usage texts write it (an IP literal holds neither).
// Documentation of optional parts: [user:pass@] [:port], a userinfo in brackets before its '@'
// ([USER:PASSWORD]@host), and an optional query parameter (?[secure=[on]]). Brackets nest; there
// are no blanks inside.
std::size_t optional_part_end(std::string_view t, std::size_t i) {
  if (t[i] != '[') return npos;
  const std::string_view near = window(t, i);
  int depth = 0;
  std::size_t close = npos;
  for (std::size_t k = i; k < near.size(); ++k) {
    if (near[k] == ' ' || near[k] == '\t') return npos;
    if (near[k] == '[') ++depth;
    if (near[k] == ']' && --depth == 0) {
      close = k;
      break;
    }
  }
  if (close == npos || close == i + 1) return npos;
  const std::string_view inside = t.substr(i + 1, close - i - 1);
  if (inside.back() == '@' || (inside[0] == ':' && inside.size() > 1 && is_alpha(inside[1])))
    return close + 1;
  if (close + 1 < t.size() && t[close + 1] == '@') return close + 1; // [USER:PASSWORD]@host
  if (i > 0 && (t[i - 1] == '?' || t[i - 1] == '&') && inside.find('=') != npos &&
      is_alpha(inside[0]))
    return close + 1; // ?[name=value]
  return npos;
}

// curl's globs: [1-100] [001-999:10] [a-z], on a line that runs curl ({a,b} is an RFC 6570
// expression already).
std::size_t curl_glob_end(std::string_view t, std::size_t i) {
  if (t[i] != '[') return npos;
  const std::size_t close = window(t, i).find_first_of("[]", i + 1); // no '[' inside
  if (close == npos || t[close] != ']') return npos;
  const std::string_view inside = t.substr(i + 1, close - i - 1);
  const std::size_t dash = inside.find('-');
  if (dash == npos || dash == 0 || dash + 1 == inside.size()) return npos;
  for (char c : inside)
    if (!is_ident(c) && c != '-' && c != ':') return npos;
  return close + 1;
}

// git log --format: %H %h %n %b %s, and two letters after a and c (%an %cd).
std::size_t git_format_end(std::string_view t, std::size_t i) {
  if (t[i] != '%' || i + 1 >= t.size() || is_escape_at(t, i) || !is_alpha(t[i + 1])) return npos;
  if ((t[i + 1] == 'a' || t[i + 1] == 'c') && i + 2 < t.size() && is_alpha(t[i + 2])) return i + 3;
  return i + 2;
}

// xargs' replace string '%': the byte itself (only on a line whose xargs declares it).
std::size_t xargs_replace_end(std::string_view t, std::size_t i) {
  return t[i] == '%' ? i + 1 : npos;
}

// systemd's specifiers (systemd.unit(5), "Specifiers"): '%' and one of its letters, or "%%" for
// a '%'; and the field codes of a desktop entry's Exec= (%u %F %c %k). On such a line every '%'
// is the reader's, so "%C3" there is the cache directory and a '3'.
std::size_t systemd_specifier_end(std::string_view t, std::size_t i) {
  constexpr std::string_view kLetters = "aAbBcCdDEfFgGhHiIjJklLmMnNopPqsStTuUvVwWyY%";
  return t[i] == '%' && i + 1 < t.size() && kLetters.find(t[i + 1]) != npos ? i + 2 : npos;
}

// Whether a lowercase name of four or more characters starts at t[i] ('%' before it): rpmbuild
// reads "%ccver" as the macro ccver, as it reads every '%' and name, and a spec's macros are
// named so, where an escape followed by a word is one that ends in another '%' ("%c3%a9") or is
// written in capitals ("%E4rzte").
bool lowercase_macro_name_at(std::string_view t, std::size_t i) {
  std::size_t k = i;
  while (k < t.size() && (ascii::is_lower(t[k]) || ascii::is_digit(t[k]) || t[k] == '_'))
    ++k;
  return k - i >= 4 && !(k < t.size() && (is_ident(t[k])));
}

// %realversion %?dist %{!?x}: an RPM macro without braces, a name of two or more characters after
// '%' (and RPM's '?' or '!?'), where no escape starts ("%c3" stays one) or where a lowercase
// macro's name starts with two hex digits ("%ccver", "%fcver").
std::size_t rpm_macro_end(std::string_view t, std::size_t i) {
  if (t[i] != '%' || (is_escape_at(t, i) && !lowercase_macro_name_at(t, i + 1))) return npos;
  std::size_t k = i + 1;
  if (t.compare(k, 2, "!?") == 0)
    k += 2;
  else if (k < t.size() && t[k] == '?')
    ++k;
  const std::size_t name = k;
  if (k >= t.size() || !(is_alpha(t[k]) || t[k] == '_')) return npos;
  while (k < t.size() && is_ident(t[k]))
    ++k;
  return k - name >= 2 ? k : npos;
}

// `expr`: backquotes around something, on one line.
std::size_t backtick_expr_end(std::string_view t, std::size_t i) {
  if (t[i] != '`') return npos;
  for (std::size_t k = i + 1; k < t.size() && t[k] != '\n' && t[k] != '\r'; ++k)
    if (t[k] == '`') return k > i + 1 ? k + 1 : npos;
  return npos;
}

// \1 .. \9: a group named in a regular expression's replacement.
std::size_t backslash_reference_end(std::string_view t, std::size_t i) {
  return t[i] == '\\' && i + 1 < t.size() && t[i + 1] >= '1' && t[i + 1] <= '9' ? i + 2 : npos;
}

// @NAME@ @jboss.bind.address@: a name of letters, digits and '_' (parts joined by '.' or '-', as
// Maven's and Ant's filter tokens name properties) between two '@' that no name character touches
// outside ("user@host@" and "/@alice@mastodon.social" are no tokens).
std::size_t at_name_end(std::string_view t, std::size_t i) {
  if (t[i] != '@' || (i > 0 && is_ident(t[i - 1]))) return npos;
  std::size_t k = i + 1;
  if (k >= t.size() || !(is_alpha(t[k]) || t[k] == '_')) return npos;
  while (k < t.size() && (is_ident(t[k]) ||
                          ((t[k] == '.' || t[k] == '-') && k + 1 < t.size() && is_ident(t[k + 1]))))
    ++k;
  if (k >= t.size() || t[k] != '@' || (k + 1 < t.size() && is_ident(t[k + 1]))) return npos;
  return k + 1;
}

// U+2026 HORIZONTAL ELLIPSIS: a URL shown shortened, not one to be fetched. (Three ASCII dots are
// no elision: "compare/v1...v2" is a real URL.)
std::size_t elision_end(std::string_view t, std::size_t i) {
  return t.substr(i, 3) == "\xE2\x80\xA6" ? i + 3 : npos;
}

// Dots around a word that says bytes were cut ("mailto:me.. snipped..om", "/a/..snip../b"):
// an elision written in words, as documentation shortens an encoder's output. Two dots or more on
// each side, a blank allowed inside them; only words that say so, so "v1..v2" and "../" stay URL.
std::size_t dotted_elision_end(std::string_view t, std::size_t i) {
  const auto dots_end = [&](std::size_t k) {
    std::size_t n = k;
    while (n < t.size() && t[n] == '.')
      ++n;
    return n - k >= 2 ? n : npos;
  };
  if (i > 0 && t[i - 1] == '.') return npos;
  std::size_t k = dots_end(i);
  if (k == npos) return npos;
  if (k < t.size() && t[k] == ' ') ++k;
  const std::size_t word = k;
  while (k < t.size() && t[k] >= 'a' && t[k] <= 'z')
    ++k;
  constexpr std::string_view kCutWords[] = {"snip",   "snipped", "cut",      "omitted",
                                            "elided", "skipped", "truncated"};
  if (std::find(std::begin(kCutWords), std::end(kCutWords), t.substr(word, k - word)) ==
      std::end(kCutWords))
    return npos;
  if (k < t.size() && t[k] == ' ') ++k;
  return dots_end(k);
}

// An ellipsis in brackets, braces or angle brackets ("https://cloud.example/[...]", "/{…}"): what
// was left out, written as a note; bare ASCII dots stay part of the URL ("compare/v1...v2").
std::size_t bracketed_elision_end(std::string_view t, std::size_t i) {
  const char close = t[i] == '[' ? ']' : t[i] == '{' ? '}' : t[i] == '<' ? '>' : '\0';
  if (close == '\0') return npos;
  for (const std::string_view dots : {"...", "\xE2\x80\xA6"})
    if (t.compare(i + 1, dots.size(), dots) == 0 && i + 1 + dots.size() < t.size() &&
        t[i + 1 + dots.size()] == close)
      return i + 2 + dots.size();
  return npos;
}

// %1..%9 in a rewrite target that also holds $1..$9 ("http://%1/$1", lighttpd's url.redirect and
// Apache's RewriteRule): the condition's capture, not an escape. A lone "%2" stays an escape cut
// short.
std::size_t backreference_end(std::string_view t, std::size_t i) {
  if (t[i] != '%' || i + 1 >= t.size() || t[i + 1] < '1' || t[i + 1] > '9' || is_escape_at(t, i))
    return npos;
  for (std::size_t d = t.find('$'); d != npos; d = t.find('$', d + 1))
    if (d + 1 < t.size() && t[d + 1] >= '0' && t[d + 1] <= '9') return i + 2;
  return npos;
}

// %1 .. %99 where Qt's QString::arg() fills them in (on a line that calls .arg()): Qt reads one
// or two digits, whatever follows ("%1a" is the first argument, then "a").
std::size_t qt_arg_end(std::string_view t, std::size_t i) {
  if (t[i] != '%' || i + 1 >= t.size() || t[i + 1] < '1' || t[i + 1] > '9') return npos;
  return i + 2 < t.size() && t[i + 2] >= '0' && t[i + 2] <= '9' ? i + 3 : i + 2;
}

struct PlaceholderKind {
  PlaceholderStyle style;
  std::string_view name; // in the configuration
  char start;            // the byte it starts with
  std::size_t (*end)(std::string_view, std::size_t);
};

// In the order they are tried at one byte: "{{" before "{", "<%" before "<name>".
constexpr PlaceholderKind kPlaceholders[] = {
    {PlaceholderStyle::DollarBrace, "dollar-brace", '$', dollar_brace_end},
    {PlaceholderStyle::DollarParen, "dollar-paren", '$', dollar_paren_end},
    {PlaceholderStyle::HashBrace, "hash-brace", '#', hash_brace_end},
    {PlaceholderStyle::DoubleBrace, "double-brace", '{', double_brace_end},
    {PlaceholderStyle::Rfc6570, "rfc6570", '{', rfc6570_end},
    {PlaceholderStyle::Erb, "erb", '<', erb_end},
    {PlaceholderStyle::Erb, "erb", '[', tt_directive_end},
    {PlaceholderStyle::PhpTag, "php-tag", '<', php_tag_end},
    {PlaceholderStyle::AngleName, "angle-name", '<', angle_name_end},
    {PlaceholderStyle::AngleName, "angle-name", '%', encoded_angle_name_end},
    {PlaceholderStyle::AngleName, "angle-name", '\xE3', fullwidth_angle_name_end},
    {PlaceholderStyle::AngleName, "angle-name", '\xEF', fullwidth_angle_name_end},
    {PlaceholderStyle::ColonParam, "colon-param", ':', colon_param_end},
    {PlaceholderStyle::QtArg, "qt-arg", '%', qt_arg_end},
    {PlaceholderStyle::PrintfFormatted, "printf-formatted", '%', printf_formatted_end},
    {PlaceholderStyle::PercentBrace, "percent-brace", '%', percent_brace_end},
    {PlaceholderStyle::PercentName, "percent-name", '%', percent_name_end},
    {PlaceholderStyle::PercentName, "percent-name", '%', cmd_argument_end},
    {PlaceholderStyle::Printf, "printf", '%', printf_end},
    {PlaceholderStyle::BracketName, "bracket-name", '[', bracket_name_end},
    {PlaceholderStyle::BracketName, "bracket-name", '[', bracket_words_end},
    {PlaceholderStyle::ParenWords, "paren-words", '(', paren_words_end},
    {PlaceholderStyle::OptionalPart, "optional-part", '[', optional_part_end},
    {PlaceholderStyle::CurlGlob, "curl-glob", '[', curl_glob_end},
    {PlaceholderStyle::GitFormat, "git-format", '%', git_format_end},
    {PlaceholderStyle::AtName, "at-name", '@', at_name_end},
    {PlaceholderStyle::Elision, "elision", '\xE2', elision_end},
    {PlaceholderStyle::Elision, "elision", '[', bracketed_elision_end},
    {PlaceholderStyle::Elision, "elision", '{', bracketed_elision_end},
    {PlaceholderStyle::Elision, "elision", '<', bracketed_elision_end},
    {PlaceholderStyle::Elision, "elision", '.', dotted_elision_end},
    {PlaceholderStyle::Backreference, "backreference", '%', backreference_end},
    {PlaceholderStyle::XargsReplace, "xargs-replace", '%', xargs_replace_end},
    {PlaceholderStyle::BackslashReference, "backslash-reference", '\\', backslash_reference_end},
    {PlaceholderStyle::PipeName, "pipe-name", '|', pipe_name_end},
    {PlaceholderStyle::PercentLetter, "percent-letter", '%', percent_letter_end},
    {PlaceholderStyle::HashName, "hash-name", '#', hash_name_end},
    {PlaceholderStyle::HashName, "hash-name", '#', hash_value_name_end},
    {PlaceholderStyle::HashName, "hash-name", '#', upper_hash_name_end},
    {PlaceholderStyle::HashName, "hash-name", '#', hash_version_end},
    {PlaceholderStyle::HashName, "hash-name", '#', tex_parameters_end},
    {PlaceholderStyle::SystemdSpecifier, "systemd-specifier", '%', systemd_specifier_end},
    {PlaceholderStyle::BacktickExpr, "backtick-expr", '`', backtick_expr_end},
    {PlaceholderStyle::RpmMacro, "rpm-macro", '%', rpm_macro_end},
};

bool has(unsigned styles, PlaceholderStyle s) {
  return (styles & static_cast<unsigned>(s)) != 0;
}

} // namespace

std::optional<PlaceholderStyle> placeholder_style_named(std::string_view name) {
  for (const PlaceholderKind& k : kPlaceholders)
    if (k.name == name) return k.style;
  return std::nullopt;
}

std::string_view name_of(PlaceholderStyle style) {
  for (const PlaceholderKind& k : kPlaceholders)
    if (k.style == style) return k.name;
  return "";
}

unsigned active_placeholder_styles(unsigned configured, bool printf_here, unsigned line_styles,
                                   bool formatted) {
  unsigned active = configured;
  if (!printf_here) active &= ~static_cast<unsigned>(PlaceholderStyle::Printf);
  if (!formatted) active &= ~static_cast<unsigned>(PlaceholderStyle::PrintfFormatted);
  // Qt's %1 only where the literal itself is given to .arg() (finder_literal.cpp adds it back).
  active &= ~static_cast<unsigned>(PlaceholderStyle::QtArg);
  constexpr unsigned kByCommand = static_cast<unsigned>(PlaceholderStyle::CurlGlob) |
                                  static_cast<unsigned>(PlaceholderStyle::GitFormat) |
                                  static_cast<unsigned>(PlaceholderStyle::XargsReplace) |
                                  static_cast<unsigned>(PlaceholderStyle::SystemdSpecifier) |
                                  static_cast<unsigned>(PlaceholderStyle::RpmMacro);
  return active & (~kByCommand | line_styles);
}

namespace {

// The '=' of a systemd unit's command setting that begins the line (ExecStart=, ExecStop=,
// ExecStartPre=..., blanks before it allowed), or of a desktop entry's Exec=, or npos.
std::size_t systemd_exec_at(std::string_view line) {
  std::size_t k = 0;
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t'))
    ++k;
  if (line.compare(k, 4, "Exec") != 0) return npos;
  k += 4;
  while (k < line.size() && is_alpha(line[k]))
    ++k;
  return k < line.size() && line[k] == '=' ? k : npos;
}

// The ':' of an RPM spec's tag that names a URL at the line's start (Source, Source0, Patch12,
// URL, Url, BugURL), or npos.
std::size_t rpm_tag_at(std::string_view line) {
  std::size_t k = 0;
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t'))
    ++k;
  for (const std::string_view tag : {"Source", "Patch", "URL", "Url", "BugURL"}) {
    if (line.compare(k, tag.size(), tag) != 0) continue;
    std::size_t e = k + tag.size();
    while (e < line.size() && ascii::is_digit(line[e]))
      ++e;
    return e < line.size() && line[e] == ':' ? e : npos;
  }
  return npos;
}

// Where an xargs whose replace string is '%' stands on a line (-I%, -I %, -i%, --replace=%,
// among its options before the command it runs), or npos.
std::size_t xargs_percent_at(std::string_view line) {
  const auto word_at = [&](std::size_t k) {
    std::size_t e = k;
    while (e < line.size() && !ascii::is_blank(line[e]))
      ++e;
    return line.substr(k, e - k);
  };
  const auto skip_blanks = [&](std::size_t k) {
    while (k < line.size() && ascii::is_blank(line[k]))
      ++k;
    return k;
  };
  for (std::size_t at = line.find("xargs"); at != npos; at = line.find("xargs", at + 1)) {
    if ((at > 0 && (is_ident(line[at - 1]) || line[at - 1] == '-')) ||
        (at + 5 < line.size() && !ascii::is_blank(line[at + 5])))
      continue;
    for (std::size_t k = skip_blanks(at + 5); k < line.size() && line[k] == '-';) {
      const std::string_view option = word_at(k);
      // The replace string quoted or not: -I%, -I '%', -I"%", --replace=%.
      const auto percent = [](std::string_view w) {
        return w == "%" || w == "'%'" || w == "\"%\"";
      };
      if ((option.starts_with("-I") && percent(option.substr(2))) || option == "-i%" ||
          option == "--replace=%")
        return at;
      k = skip_blanks(k + option.size());
      if (option == "-I" && percent(word_at(k))) return at;
    }
  }
  return npos;
}

} // namespace

LineCommands line_commands(std::string_view line, bool may_be_rpm_spec) {
  LineCommands c;
  // curl's globs, and aria2c's ("-Z -P http://host/image[000-100].png").
  for (std::string_view command : {std::string_view("curl"), std::string_view("aria2c")})
    for (std::size_t at = line.find(command); at != npos; at = line.find(command, at + 1))
      if (at + command.size() < line.size() &&
          (line[at + command.size()] == ' ' || line[at + command.size()] == '\t')) {
        c.curl = std::min(c.curl, at);
        break;
      }
  for (std::string_view marker : {"--format", "--pretty", "git log", "git show"})
    c.git_format = std::min(c.git_format, line.find(marker));
  c.xargs_percent = xargs_percent_at(line);
  c.systemd_exec = systemd_exec_at(line);
  if (may_be_rpm_spec) c.rpm_tag = rpm_tag_at(line);
  return c;
}

unsigned LineCommands::styles_before(std::size_t at) const {
  unsigned styles = 0;
  if (curl < at) styles |= static_cast<unsigned>(PlaceholderStyle::CurlGlob);
  if (git_format < at) styles |= static_cast<unsigned>(PlaceholderStyle::GitFormat);
  if (xargs_percent < at) styles |= static_cast<unsigned>(PlaceholderStyle::XargsReplace);
  if (systemd_exec < at) styles |= static_cast<unsigned>(PlaceholderStyle::SystemdSpecifier);
  if (rpm_tag < at) styles |= static_cast<unsigned>(PlaceholderStyle::RpmMacro);
  return styles;
}

namespace {
// Every byte a placeholder can start with, once; a set of them is a bit mask over this string.
constexpr std::string_view kStartBytes = "$#{<:%[(@\xE2\\|`.\xE3\xEF";
constexpr bool every_start_listed() {
  for (const PlaceholderKind& k : kPlaceholders)
    if (kStartBytes.find(k.start) == npos) return false;
  return (1u << kStartBytes.size()) <= kPlaceholderStartSets;
}
static_assert(every_start_listed(), "a placeholder's first byte is missing from kStartBytes");
} // namespace

namespace {
// Each style's start bytes as bits over kStartBytes, by the style's bit: asked for every URL in
// running text, so computed once.
constexpr std::array<unsigned, 32> start_bits_by_style() {
  std::array<unsigned, 32> bits{};
  for (const PlaceholderKind& k : kPlaceholders) {
    const unsigned style = static_cast<unsigned>(k.style);
    unsigned bit = 0;
    while ((style >> bit) != 1u)
      ++bit;
    bits[bit] |= 1u << kStartBytes.find(k.start);
  }
  return bits;
}
constexpr std::array<unsigned, 32> kStartBitsByStyle = start_bits_by_style();
} // namespace

unsigned placeholder_start_bits(unsigned active) {
  unsigned bits = 0;
  for (unsigned styles = active; styles; styles &= styles - 1)
    bits |= kStartBitsByStyle[static_cast<unsigned>(std::countr_zero(styles))];
  return bits;
}

const ByteClass& placeholder_starts(unsigned active) {
  static LazyByteClasses<kPlaceholderStartSets> classes;
  return classes.get(placeholder_start_bits(active), [](std::size_t bits) {
    std::array<bool, 256> members{};
    for (std::size_t b = 0; b < kStartBytes.size(); ++b)
      if (bits & (std::size_t{1} << b)) members[static_cast<unsigned char>(kStartBytes[b])] = true;
    return members;
  });
}

std::size_t placeholder_end(std::string_view t, std::size_t i, unsigned active) {
  for (const PlaceholderKind& k : kPlaceholders)
    if (k.start == t[i] && has(active, k.style))
      if (const std::size_t end = k.end(t, i); end != npos) return end;
  return npos;
}

bool is_elision(std::string_view placeholder) {
  return !placeholder.empty() &&
         std::any_of(std::begin(kPlaceholders), std::end(kPlaceholders), [&](const auto& k) {
           return k.style == PlaceholderStyle::Elision && k.start == placeholder[0] &&
                  k.end(placeholder, 0) == placeholder.size();
         });
}

std::vector<Span> find_placeholders(std::string_view t, unsigned active, std::size_t from) {
  std::vector<Span> out;
  const ByteClass& starts = placeholder_starts(active);
  for (std::size_t i = starts.find(t, std::min(from, t.size())); i < t.size();
       i = starts.find(t, i + 1)) {
    const std::size_t end = placeholder_end(t, i, active);
    if (end != npos) {
      out.push_back({i, end});
      i = end - 1;
    }
  }
  return out;
}

} // namespace pctlint
