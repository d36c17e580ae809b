// Finding URLs. Candidates come from a fast search for "://" and "mailto:"; at each one the file's
// lexer (core/finder/lexer.h), which reads the file from its start but only as far as the
// candidates, says whether it stands in a literal, code, a comment or prose, and the URL's extent
// follows:
// - in a literal or value: the whole literal when it holds one URL (raw spaces and all), joined
//   with the literals concatenated to it; a URL in a sentence ends as in prose; a regular
//   expression holds no URL;
// - in a shell command: the shell word, its backslashes decoded;
// - in prose and comments: where markup around it says (a Markdown link destination, an
//   autolink, an attribute, a reference definition), else where running text ends it.
// Each step costs time linear in what it reads: a literal's close and its decoding are found once
// per literal and line, however many URLs the line holds.
#include "core/ascii.h"
#include "core/codec/charset.h"
#include "core/finder/finder_text.h"
#include "core/finder/lexer.h"
#include "core/scan.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <memory>

namespace pctlint {

namespace {

constexpr std::size_t npos = std::string_view::npos;

using ascii::iends_with;
using ascii::iequals;
using ascii::is_blank;
using ascii::is_ident;
constexpr auto ascii_lower = ascii::lower;

// In running text a URL ends at white space, quotes, and the characters that markup, templates
// and other languages put around URLs far more often than inside them.
bool is_prose_stop(unsigned char c) {
  return c <= ' ' || c == 0x7F || std::strchr("\"'`<>[]{}|^\\", c) != nullptr;
}

// The prose stops together with the bytes that can start a placeholder of the active styles.
const ByteClass& prose_stops(unsigned active) {
  static LazyByteClasses<kPlaceholderStartSets> classes;
  return classes.get(placeholder_start_bits(active), [active](std::size_t) {
    std::array<bool, 256> members{};
    const ByteClass& starts = placeholder_starts(active);
    for (unsigned c = 0; c < 256; ++c)
      members[c] = is_prose_stop(static_cast<unsigned char>(c)) ||
                   starts.contains(static_cast<unsigned char>(c));
    return members;
  });
}

// The first numeric character reference in t[from, end) ("&#34;", "&#x3E;", or escaped once more,
// "&amp;#34;"), or `end`: the character it stands for (a quote, a '>') is markup after the URL,
// written escaped, as in HTML quoted in Markdown; no URL holds one raw.
std::size_t numeric_reference_start(std::string_view t, std::size_t from, std::size_t end) {
  const std::string_view scope = t.substr(0, end); // never past the URL: one line may hold 30,000
  for (std::size_t i = scope.find('&', from); i < end; i = scope.find('&', i + 1)) {
    std::size_t j = i + 1;
    if (t.compare(j, 4, "amp;") == 0) j += 4;
    if (j >= t.size() || t[j] != '#') continue;
    ++j;
    const bool hex = j < t.size() && (t[j] == 'x' || t[j] == 'X');
    if (hex) ++j;
    const std::size_t digits = j;
    while (j < t.size() && (hex ? std::isxdigit(static_cast<unsigned char>(t[j]))
                                : std::isdigit(static_cast<unsigned char>(t[j]))))
      ++j;
    if (j > digits && j < t.size() && t[j] == ';') return i;
  }
  return end;
}

// Where a URL in running text ends: at a stop outside placeholders (which it runs through), less
// trailing punctuation and unbalanced closers (GitHub's autolink rules). `k` is the URL's start,
// `from` where its scheme ends.
std::size_t prose_end(std::string_view t, std::size_t k, std::size_t from, std::size_t limit,
                      unsigned active, bool& holes) {
  const ByteClass& stops = prose_stops(active);
  const ByteClass& starts = placeholder_starts(active);
  std::size_t e = std::min(from, limit), after_hole = k;
  // An IP-literal host right after "//": its brackets are the URL's ("http://[::1]:8080/").
  if (t.substr(e, 3) == "//[") {
    std::size_t close = e + 3;
    while (close < limit &&
           (charsets::hexdig.contains(t[close]) || t[close] == ':' || t[close] == '.' ||
            t[close] == '%' || charsets::alnum.contains(t[close])))
      ++close;
    if (close < limit && t[close] == ']') e = after_hole = close + 1;
  }
  const std::string_view bounded = t.substr(0, limit);
  for (;;) {
    const std::size_t i = stops.find(bounded, e);
    if (i >= limit) {
      e = limit;
      break;
    }
    const auto c = static_cast<unsigned char>(t[i]);
    if (starts.contains(c)) {
      const std::size_t hole_end = placeholder_end(bounded, i, active);
      if (hole_end != npos) {
        holes = true;
        e = after_hole = hole_end;
        continue;
      }
    }
    if (is_prose_stop(c)) {
      e = i;
      break;
    }
    e = i + 1;
  }
  e = numeric_reference_start(t, from, e);
  after_hole = std::min(after_hole, e);
  while (e > after_hole) {
    const char last = t[e - 1];
    if (std::string_view(".,;:!?*_~").find(last) != npos) {
      --e;
      continue;
    }
    if (last == ')') {
      const std::string_view url = t.substr(k, e - k);
      // Escaped parentheses count too, so encoding one does not move the end.
      auto occurrences = [&](char c, char escaped_low) {
        std::size_t n = static_cast<std::size_t>(std::count(url.begin(), url.end(), c));
        for (std::size_t at = 0; (at = url.find("%2", at)) != npos; ++at)
          if (at + 2 < url.size() && ascii_lower(url[at + 2]) == escaped_low) ++n;
        return n;
      };
      if (occurrences('(', '8') < occurrences(')', '9')) {
        --e;
        continue;
      }
    }
    break;
  }
  return e;
}

// Words that make the text after a URL a sentence rather than the rest of the URL.
bool sentence_word(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "a",       "an",   "the",  "is",       "are",     "was",    "were",  "be",    "been",
      "not",     "no",   "to",   "for",      "of",      "and",    "or",    "in",    "on",
      "at",      "with", "from", "by",       "as",      "if",     "then",  "than",  "see",
      "use",     "via",  "into", "returned", "returns", "failed", "fails", "error", "should",
      "must",    "will", "can",  "could",    "would",   "does",   "did",   "has",   "have",
      "had",     "this", "that", "it",       "its",     "which",  "when",  "where", "instead",
      "because", "but",  "so",   "we",       "you",     "they",   "i",     "may",   "might"};
  for (std::string_view word : kWords)
    if (iequals(w, word)) return true;
  return false;
}

// Whether `before` ends with an attribute's name that stands after a blank or a '<' (the
// `href` of ' href="', the `rel` of '; rel="'): what makes ="..." an attribute, not a query value.
bool attribute_name_before(std::string_view before) {
  std::size_t b = before.size();
  while (b > 0 && (is_ident(before[b - 1]) || before[b - 1] == '-' || before[b - 1] == ':'))
    --b;
  return b < before.size() && (b == 0 || is_blank(before[b - 1]) || before[b - 1] == '<');
}

// "</" and a letter: an HTML end tag, which no URL holds raw.
bool is_end_tag_at(std::string_view t, std::size_t i) {
  return i + 2 < t.size() && t[i] == '<' && t[i + 1] == '/' &&
         std::isalpha(static_cast<unsigned char>(t[i + 2]));
}

// The name attribute_name_before() found.
std::string_view attribute_name_at_end(std::string_view before) {
  std::size_t b = before.size();
  while (b > 0 && (is_ident(before[b - 1]) || before[b - 1] == '-' || before[b - 1] == ':'))
    --b;
  return before.substr(b);
}

// What can only be the same URL going on after a blank in a literal that starts with it: a query
// value after a blank before its '=' ("?sponsor =1"), or path segments after words of a segment
// ("/search/King of turtles/videos"): the blanks are raw in the URL, whatever the words are.
bool continues_url(std::string_view url, const std::vector<std::string_view>& words) {
  for (std::string_view w : words)
    if (w.find("://") != npos || w.find_first_of("\"'<>{}|\\`") != npos) return false;
  const std::size_t authority = url.find("//");
  if (authority == npos) return false;
  const std::size_t path = url.find_first_of("/?#", authority + 2);
  if (path == npos) return false;
  const auto name_char = [](char c) { return is_ident(c) || c == '-' || c == '.'; };
  // "?name =value": the query's name, a blank, then '=' and a value.
  const std::string_view first = words.front();
  if (words.size() == 1 && first.size() > 1 && first[0] == '=' && name_char(url.back()) &&
      url.find_first_of("?&", path) != npos && url.find_last_of("?&") > url.find_last_of('/'))
    return true;
  // "/King of turtles/videos": a path that does not end at the blank, plain words, and a last
  // word that goes on as path segments.
  if (url[path] != '/' || url.back() == '/' || url.find_first_of("?#", path) != npos) return false;
  for (std::size_t k = 0; k + 1 < words.size(); ++k)
    for (char c : words[k])
      if (!name_char(c) || c == '.') return false;
  const std::string_view last = words.back();
  const std::size_t slash = last.find('/');
  return slash != npos && slash > 0 && last.back() != '.' &&
         std::all_of(last.begin(), last.begin() + static_cast<std::ptrdiff_t>(slash), name_char);
}

// Whether a literal or value that starts with a URL holds just that URL, raw blanks and all
// pctlint-disable-next-line PCT003 -- the examples are what the rule reports
// ("https://x/my file.pdf", "https://x/?q=a b"), rather than a URL and then other text: words of a
// sentence ("https://x is down"), a command's options ("https://x -o out"), markup or another URL.
// `strict`: only what clearly continues the URL counts (for a quoted piece of running text).
bool reads_as_one_url(std::string_view value, const std::vector<Span>& holes, bool strict = false) {
  std::string masked; // placeholders read as word characters, whatever they hold
  if (!holes.empty()) {
    masked.assign(value);
    for (const Span& h : holes)
      if (h.end <= masked.size()) std::fill(masked.begin() + h.begin, masked.begin() + h.end, 'x');
    value = masked;
  }
  // A closing tag right after the URL ("https://x/a</comment>", Symfony Console's markup) or an
  // attribute after a blank (' rel="preconnect"') is markup around URLs, never part of one: read
  // as such, whatever a fix inside the attribute does to its blanks.
  if (value.find("</") != npos) return false;
  // The end of an attribute whose start is in another literal ('https://x/" />'): markup.
  for (std::size_t q = value.find_first_of("\"'"); q != npos;
       q = value.find_first_of("\"'", q + 1)) {
    std::size_t k = q + 1;
    while (k < value.size() && is_blank(value[k]))
      ++k;
    if (k < value.size() && (value[k] == '>' || value.compare(k, 2, "/>") == 0)) return false;
  }
  for (std::size_t q = value.find('='); q != npos; q = value.find('=', q + 1))
    if (q + 1 < value.size() && (value[q + 1] == '"' || value[q + 1] == '\'') &&
        attribute_name_before(value.substr(0, q)))
      return false;
  const std::size_t blank = find_any_of3(value, 0, value.size(), ' ', '\t', ' ');
  if (blank == value.size()) return true;
  const std::string_view url = value.substr(0, blank);
  std::vector<std::string_view> words;
  for (std::size_t i = blank; i < value.size();) {
    while (i < value.size() && is_blank(value[i]))
      ++i;
    std::size_t j = i;
    while (j < value.size() && !is_blank(value[j]))
      ++j;
    if (j > i) words.push_back(value.substr(i, j - i));
    i = j;
  }
  if (words.empty() || words.size() > 3) return false;
  if (continues_url(url, words)) return true;
  for (std::string_view w : words)
    if (w.find("://") != npos || sentence_word(w) || std::strchr("-[{}|<>;&=\\", w[0]))
      return false;                    // another URL, a sentence, an option, markup or code
  if (url.back() == ':') return false; // "key: value", a header
  // What clearly continues the URL: parentheses that close after the blank ("#wait(long, int)"),
  // a last word that goes on like a path or query ("Report.pdf", "pass@host/path").
  const auto balance = [](std::string_view s) {
    return std::count(s.begin(), s.end(), '(') - std::count(s.begin(), s.end(), ')');
  };
  if (balance(url) > 0 && balance(value) == 0) return true;
  const std::string_view last = words.back();
  constexpr std::string_view kMarks = "/.?=&%#@";
  if (last.find_first_of(kMarks) != npos && last.find_first_of(kMarks) + 1 < last.size() &&
      kMarks.find(last.back()) == npos && !std::strchr(".,:;!?", last.back()))
    return true;
  if (strict) return false;
  bool at_sign = false;
  for (std::string_view w : words) {
    if (w[0] == '(' || std::strchr(".,:;!?)", w.back())) return false; // an aside, punctuation
    if (w.size() > 1 && w[0] >= 'A' && w[0] <= 'Z' && w[1] >= 'a' && w[1] <= 'z') return false;
    at_sign = at_sign || w.find('@') != npos;
  }
  // After a bare authority ("https://host rest") or a path that ended with '/', the blank ended
  // the URL, unless what follows completes a userinfo ("user:pass pass@host").
  const std::size_t authority = url.find("//");
  const bool has_path = authority != npos && url.find_first_of("/?#", authority + 2) != npos;
  if (!at_sign && (!has_path || url.back() == '/')) return false;
  // A word after a fragment is not more of it ("path+file:///x#2.46.4 bin-target-0").
  return url.find('#') == npos;
}

std::size_t trim_end(std::string_view t, std::size_t begin, std::size_t end) {
  while (end > begin &&
         (t[end - 1] == ' ' || t[end - 1] == '\t' || t[end - 1] == '\r' || t[end - 1] == '\n'))
    --end;
  return end;
}

bool has_escapes(std::string_view content, EscapeStyle style, char quote) {
  switch (style) {
  case EscapeStyle::None:
    return false;
  case EscapeStyle::Backslash:
  case EscapeStyle::SingleQuoted:
    return content.find('\\') != npos;
  case EscapeStyle::Doubling:
    return content.find(quote) != npos;
  case EscapeStyle::Entities:
    return content.find('&') != npos;
  case EscapeStyle::MarkdownBackslash:
    return content.find('\\') != npos;
  }
  return true;
}

bool scheme_allowed(std::string_view scheme, const FinderOptions& options) {
  if (iequals(scheme, "data")) return false;
  if (options.schemes.empty()) return true;
  return std::any_of(options.schemes.begin(), options.schemes.end(),
                     [&](const std::string& allowed) { return iequals(scheme, allowed); });
}

// The next ':' at or after `from` that may start "://", ":\/\/" or end "mailto": one followed by
// '/' or '\\', or preceded by "to". Code is full of other colons ("a ? b : c", "key: value",
// "std::", "TODO:"); the scan rules them out many bytes at a time.
constexpr ByteContext kUrlColon{':', {'/', '\\'}, {'o', 'O'}, {'t', 'T'}};

// --- regular expressions ----------------------------------------------------------------------

// Regex-only syntax in a literal's (decoded) text: a backslash escape (a URL holds none),
// character classes, groups, quantifiers, a leading anchor, a sed substitution. (A '$' at the end
// is no sign: what a safe fix writes before it would change the verdict.)
bool regex_syntax(std::string_view t) {
  if (t.empty()) return false;
  if (t[0] == '^') return true;
  if (t.size() > 3 && t[0] == 's' && std::strchr("/|#,:@!", t[1]) &&
      std::count(t.begin(), t.end(), t[1]) >= 3)
    return true;
  // Every construct below holds one of these; most URLs hold none.
  static const ByteClass kMarks = [] {
    std::array<bool, 256> m{};
    for (unsigned char c : std::string_view("\\[({*+"))
      m[c] = true;
    return ByteClass(m);
  }();
  const std::size_t first = kMarks.find(t, 0);
  if (first >= t.size()) return false;
  for (std::size_t i = first > 0 ? first - 1 : 0; i + 1 < t.size(); ++i) {
    const char c = t[i], n = t[i + 1];
    if (c == '\\' && std::strchr(".dDwWsSbB/?*+()[]{}|^$0123456789", n)) return true;
    if (c == '[' && n == '^') return true;
    if (c == '(' && n == '?') return true;
    if (c == '.' && (n == '*' || n == '+')) return true;
    if (c == ']' && (n == '*' || n == '+')) return true; // [a-z-]+ [a-z0-9-.]*
    if (c == '{' && n >= '0' && n <= '9') {              // {2} {1,5}
      std::size_t k = i + 1;
      while (k < t.size() && ((t[k] >= '0' && t[k] <= '9') || t[k] == ','))
        ++k;
      if (k < t.size() && t[k] == '}') return true;
    }
  }
  return false;
}

// Whether a callee takes a regular expression: Python's re.compile(), JavaScript's RegExp(), Go's
// regexp.MustCompile(), Java's Pattern.compile() and String.matches(), Rust's Regex::new(), PHP's
// preg_match(), C++'s std::regex...
bool regex_callee(std::string_view callee) {
  static constexpr std::string_view kExact[] = {"RegExp",
                                                "Regex",
                                                "regex",
                                                "Regexp.new",
                                                "Regexp.compile",
                                                "Regex.new",
                                                "Regex::new",
                                                "RegexBuilder::new",
                                                "RegexSet::new",
                                                "regex!",
                                                "QRegularExpression",
                                                "QRegExp",
                                                "RE2",
                                                "NSRegularExpression",
                                                "toRegex",
                                                "re_path",
                                                "std::regex",
                                                "std::wregex",
                                                "boost::regex",
                                                "preg_match",
                                                "preg_match_all",
                                                "preg_replace",
                                                "preg_replace_callback",
                                                "preg_split",
                                                "preg_grep",
                                                "Pattern.compile",
                                                "Pattern.matches"};
  for (std::string_view name : kExact)
    if (callee.ends_with(name) &&
        (callee.size() == name.size() || callee[callee.size() - name.size() - 1] == '.' ||
         callee[callee.size() - name.size() - 1] == ' '))
      return true;
  // re.compile, re.sub, regex.match, regexp.MustCompile, *.matches / replaceAll (Java)
  const std::size_t dot = callee.rfind('.');
  if (dot == npos) return false;
  const std::string_view object = callee.substr(0, dot), method = callee.substr(dot + 1);
  const bool re_module =
      object == "re" || object.ends_with(".re") || object == "regex" || object == "regexp";
  if (re_module) return true;
  return method == "matches" || method == "replaceAll" || method == "replaceFirst" ||
         method == "MustCompile" || method == "MustCompilePOSIX";
}

// Whether the literal opening at `open` is an argument of a call that takes a regular expression,
// or follows a match operator, or is given to a command that takes one (sed, grep...). One pass
// backwards over the line before it, through the calls that enclose it.
bool regex_call_before(std::string_view src, std::size_t line_start, std::size_t open,
                       Language lang) {
  const std::size_t from = open > line_start + 240 ? open - 240 : line_start;
  const std::string_view w = src.substr(from, open - from);
  int depth = 0;
  for (std::size_t i = w.size(); i > 0; --i) {
    const char c = w[i - 1];
    // An earlier string on the way is passed over whole: "re.compile(" inside it is text, not a
    // call (log("calling re.compile(", "https://y/")).
    if (c == '"' || c == '\'' || c == '`') {
      std::size_t q = i - 1;
      while (q > 0 && !(w[q - 1] == c && (q < 2 || w[q - 2] != '\\')))
        --q;
      if (q == 0) return false; // the line starts inside a string: nothing certain before it
      i = q;                    // at the opening quote; the loop steps past it
      continue;
    }
    if (c == ')') ++depth;
    if (c == '~' && i >= 2 && (w[i - 2] == '=' || w[i - 2] == '!') && depth == 0) return true;
    if (c != '(') continue;
    if (depth > 0) {
      --depth;
      continue;
    }
    // An enclosing call: its callee's name, with the object path before it.
    std::size_t e = i - 1;
    while (e > 0 && is_blank(w[e - 1]))
      --e;
    std::size_t b = e;
    while (b > 0 && (is_ident(w[b - 1]) || w[b - 1] == '.' || w[b - 1] == ':' || w[b - 1] == '!'))
      --b;
    if (b >= 4 && w.substr(b - 4, 4) == "new ") b -= 4;
    if (b < e && regex_callee(w.substr(b, e - b))) return true;
  }
  if (lang == Language::Shell || lang == Language::Perl) {
    // The command the literal is an argument of: after the last | ; & ( or the line's start.
    std::size_t s = w.find_last_of("|;&(`");
    s = s == npos ? 0 : s + 1;
    while (s < w.size() && (is_blank(w[s]) || w[s] == '$'))
      ++s;
    std::size_t e = s;
    while (e < w.size() && (is_ident(w[e]) || w[e] == '-'))
      ++e;
    const std::string_view command = w.substr(s, e - s);
    static constexpr std::string_view kRegexCommands[] = {"sed", "grep", "egrep", "fgrep",
                                                          "awk", "gawk", "perl",  "rg"};
    for (std::string_view c : kRegexCommands)
      if (command == c) return true;
  }
  return false;
}

// Whether a call's name is a printf-family function's: printf, sprintf, fmt.Sprintf, String.format,
// log.Printf, t.Errorf and the like take a format string as their first argument.
bool format_callee(std::string_view callee) {
  using namespace std::string_view_literals;
  static constexpr std::string_view kNames[] = {
      "printf"sv,    "sprintf"sv,  "snprintf"sv, "fprintf"sv, "vsprintf"sv,
      "vsnprintf"sv, "asprintf"sv, "sprint"sv,   "errorf"sv,  "fatalf"sv,
      "panicf"sv,    "logf"sv,     "infof"sv,    "warnf"sv,   "warningf"sv,
      "debugf"sv,    "tracef"sv,   "skipf"sv,    "format"sv};
  // JavaScript's console methods format their first argument as util.format does (%s %d %o).
  static constexpr std::string_view kConsole[] = {"console.log"sv,   "console.info"sv,
                                                  "console.warn"sv,  "console.error"sv,
                                                  "console.debug"sv, "console.trace"sv};
  for (std::string_view c : kConsole)
    if (callee == c) return true;
  const std::size_t dot = callee.find_last_of(".:");
  const std::string_view name = callee.substr(dot == npos ? 0 : dot + 1);
  // Most callees are not "...f" or "...t": one look at the last letter rules them out.
  if (name.empty() || (ascii_lower(name.back()) != 'f' && ascii_lower(name.back()) != 't'))
    return false;
  for (std::string_view f : kNames)
    if (iequals(name, f)) return true;
  return false;
}

// Whether the literal opening at `open` is a format string: the first argument of a printf-family
// call, a Go template's or shell's `printf "..."`, or (after it) Python's or Ruby's % operator, or
// Java's and Kotlin's "...".formatted( / .format(. There printf conversions win over escapes:
// "%02d" is a number, not the escape %02.
bool formatted_literal(std::string_view src, std::size_t line_start, std::size_t open,
                       std::size_t after_close, std::size_t line_end, Language lang) {
  std::size_t e = open;
  while (e > line_start && is_blank(src[e - 1]))
    --e;
  const bool call = e > line_start && src[e - 1] == '(';
  if (call) --e;
  while (e > line_start && is_blank(src[e - 1]))
    --e;
  std::size_t b = e;
  while (b > line_start && (is_ident(src[b - 1]) || src[b - 1] == '.' || src[b - 1] == ':'))
    --b;
  const std::string_view callee = src.substr(b, e - b);
  if (call && format_callee(callee)) return true;
  if (!call && (callee == "printf" || callee.ends_with(".printf"))) return true; // printf "..."
  // After the literal.
  std::size_t k = after_close;
  while (k < line_end && is_blank(src[k]))
    ++k;
  const std::string_view rest = src.substr(k, std::min<std::size_t>(line_end - k, 16));
  if ((lang == Language::Python || lang == Language::Ruby) && rest.starts_with("%") &&
      !rest.starts_with("%="))
    return true;
  if ((lang == Language::Java || lang == Language::Kotlin) &&
      (rest.starts_with(".formatted(") || rest.starts_with(".format(")))
    return true;
  return false;
}

// The key a JSON or TOML string value belongs to ("pattern" in "pattern": "..."), or empty.
std::string_view key_before(std::string_view src, std::size_t line_start, std::size_t open) {
  std::size_t i = open;
  while (i > line_start && is_blank(src[i - 1]))
    --i;
  if (i == line_start || (src[i - 1] != ':' && src[i - 1] != '=')) return {};
  --i;
  while (i > line_start && is_blank(src[i - 1]))
    --i;
  if (i > line_start && (src[i - 1] == '"' || src[i - 1] == '\'')) {
    const char q = src[i - 1];
    const std::size_t end = i - 1;
    std::size_t b = end;
    while (b > line_start && src[b - 1] != q)
      --b;
    return src.substr(b, end - b);
  }
  std::size_t b = i;
  while (b > line_start && (is_ident(src[b - 1]) || src[b - 1] == '-' || src[b - 1] == '.'))
    --b;
  return src.substr(b, i - b);
}

bool regex_key(std::string_view key) {
  return iequals(key, "pattern") || iequals(key, "patterns") || iends_with(key, "pattern") ||
         iends_with(key, "regex") || iends_with(key, "regexp") || iends_with(key, "_re") ||
         iequals(key, "match");
}

// --- one file -----------------------------------------------------------------------------------

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

class Finder {
public:
  Finder(std::string_view src, Language lang, const FinderOptions& options,
         const std::function<void(const FoundUrl&)>& each)
      : src_(src), lang_(lang), options_(options), each_(each) {}

  void run() {
    std::size_t& resume = resume_;
    for (std::size_t colon = 0;; ++colon) {
      colon = find_byte_in_context(src_, std::max(colon, resume), kUrlColon);
      if (colon >= src_.size()) break;
      if (!candidate(colon, resume)) continue;
      if (!lexer_) lexer_ = make_lexer(src_, lang_, 0, src_.size());
      const Where where = lexer_->at(start_);
      line_start_ = line_start(start_);
      line_end_ = line_end(start_);
      url_.source_offsets.clear();
      url_.placeholders.clear();
      url_.joins.clear();
      url_.join_source_ends.clear();
      url_.open_end = false;
      url_.exact = false;
      bool found = false;
      switch (where.region) {
      case Region::Literal:
        found = in_literal(*where.literal, where.language);
        break;
      case Region::Code:
        found =
            spec_of(where.language).shell_words ? in_shell_word(where.language) : in_prose(false);
        break;
      case Region::Comment:
      case Region::Prose:
        found = in_prose(true);
        break;
      }
      if (!found) continue;
      resume = url_.source_end;
      each_(url_);
    }
  }

private:
  // Whether the ':' at `colon` ends a URL's scheme (or "mailto"); sets start_, slashes_ and
  // scheme_end_ (the length of "scheme:").
  bool candidate(std::size_t colon, std::size_t resume) {
    // "://", or ":\/\/" as JSON and JavaScript may escape it
    slashes_ = (colon + 2 < src_.size() && src_[colon + 1] == '/' && src_[colon + 2] == '/') ||
               (colon + 1 < src_.size() && src_[colon + 1] == '\\' &&
                src_.compare(colon + 1, 4, "\\/\\/") == 0);
    if (slashes_) {
      std::size_t start = colon;
      while (start > 0 && charsets::scheme.contains(src_[start - 1]))
        --start;
      while (start < colon && !charsets::alpha.contains(src_[start]))
        ++start;
      if (start == colon || start < resume ||
          !scheme_allowed(src_.substr(start, colon - start), options_))
        return false;
      start_ = start;
    } else if (options_.mailto && colon >= 6 && iequals(src_.substr(colon - 6, 6), "mailto") &&
               (colon == 6 || !charsets::scheme.contains(src_[colon - 7]))) {
      start_ = colon - 6;
    } else {
      return false;
    }
    scheme_end_ = colon - start_ + 1;
    return true;
  }

  // Line bounds ('\n' and '\r' end lines), for candidates in increasing order: each byte is
  // searched once however many candidates a line holds.
  std::size_t line_start(std::size_t i) {
    const std::size_t from = i >= scanned_ ? scanned_ : 0;
    if (from == 0) known_start_ = 0;
    for (const char terminator : {'\n', '\r'})
      if (const char* t = find_last_byte(src_.data() + from, terminator, i - from))
        known_start_ = std::max(known_start_, static_cast<std::size_t>(t - src_.data()) + 1);
    scanned_ = i;
    return known_start_;
  }
  std::size_t line_end(std::size_t i) {
    if (i < end_from_ || i > end_) {
      end_from_ = i;
      end_ = find_any_of3(src_, i, src_.size(), '\n', '\r', '\n');
    }
    return end_;
  }

  // Found once per line, however many URLs it holds.
  unsigned line_styles() {
    if (commands_line_ != line_start_) {
      commands_ = line_commands(src_.substr(line_start_, line_end_ - line_start_));
      commands_line_ = line_start_;
    }
    return commands_.styles_before(start_ - line_start_);
  }

  // Fills url_ from text[k, e) of `piece`.
  void emit(const Piece& piece, std::size_t k, std::size_t e, UrlContext context, bool exact,
            bool holes, unsigned active) {
    url_.text.assign(piece.text.substr(k, e - k));
    url_.source_begin = piece.source(k);
    url_.source_end = piece.source(e);
    if (piece.offsets && (url_.source_end - url_.source_begin != url_.text.size() ||
                          src_.compare(url_.source_begin, url_.text.size(), url_.text) != 0))
      url_.source_offsets.assign(piece.offsets->begin() + static_cast<std::ptrdiff_t>(k),
                                 piece.offsets->begin() + static_cast<std::ptrdiff_t>(e) + 1);
    url_.context = context;
    url_.exact = exact;
    if (holes) url_.placeholders = find_placeholders(url_.text, active, scheme_end_);
  }

  bool long_enough(std::size_t length) const {
    return length >= (slashes_ ? scheme_end_ + 3 : 8); // "x://y", "mailto:y"
  }

  // --- prose ------------------------------------------------------------------------------------

  // A URL in running text, or (`text` false) in code outside any literal, where only CSS's url()
  // gives an extent: markup around a URL is a thing of prose and comments.
  bool in_prose(bool text) {
    Piece piece{src_.substr(line_start_, line_end_ - line_start_), nullptr, line_start_};
    std::size_t k = start_ - line_start_;
    // A URL written bare in code ends where a string literal begins: what is in the literal is
    // read as the literal's (a placeholder's braces around a quote would otherwise join them, and
    // a fix inside the literal would change what the code around it reads as).
    if (!text)
      piece.text =
          piece.text.substr(0, std::min(piece.text.find_first_of("\"'`", k), piece.text.size()));
    bool holes = false;
    UrlContext context = UrlContext::Prose;
    const std::size_t not_before = resume_ > line_start_ ? resume_ - line_start_ : 0;
    std::size_t e =
        text ? structural_end(piece.text, k, context, not_before) : css_url_end(piece.text, k);
    const bool exact = e != npos;
    // printf templates are common in docs; in an attribute they are not.
    unsigned active = active_placeholder_styles(options_.placeholders, context == UrlContext::Prose,
                                                line_styles());
    const char quote = k > 0 ? piece.text[k - 1] : '\0';
    bool quoted_whole = false;
    if (!exact && text && (quote == '"' || quote == '\'')) {
      // A quoted literal in a code block or code span: one URL, blanks and all, when it reads so.
      const std::size_t close = piece.text.find(quote, k);
      // printf "http://host:%s/" in a Go template (Helm values) is a format string.
      if (close != npos && formatted_literal(src_, line_start_, start_ - 1, line_start_ + close + 1,
                                             line_end_, lang_))
        active = active_placeholder_styles(options_.placeholders, true, line_styles(), true);
      if (close != npos) {
        const std::string_view quoted = piece.text.substr(k, close - k);
        const auto found = find_placeholders(quoted, active, scheme_end_);
        if (quoted.find_first_of(" \t") != npos && !is_blank(quoted.back()) &&
            reads_as_one_url(quoted, found, true)) {
          e = close;
          holes = !found.empty();
          quoted_whole = true; // the quotes give the extent
        }
      }
    }
    if (exact) {
      holes = true;
      // An attribute's value (HTML in Markdown) is read with its entities decoded.
      if (context == UrlContext::Attribute && piece.text.substr(k, e - k).find('&') != npos) {
        word_ = decode_literal(src_, start_, line_start_ + e, EscapeStyle::Entities, '"', true);
        piece = {word_.text, &word_.offsets, 0};
        k = 0;
        e = word_.text.size();
      }
    } else if (e == npos) {
      e = prose_end(piece.text, k, k + scheme_end_, piece.text.size(), active, holes);
    }
    // Markdown's backslash escapes ("?style=flat\&labelColor=...") hold in a link destination and
    // in running text (not in an <autolink>): the URL is what they stand for.
    if (spec_of(lang_).syntax == Syntax::Markdown && context == UrlContext::Prose && e != npos &&
        e > k && piece.text.substr(k, e - k).find('\\') != npos &&
        !(k > 0 && piece.text[k - 1] == '<')) {
      word_ =
          decode_literal(src_, start_, line_start_ + e, EscapeStyle::MarkdownBackslash, '\0', true);
      piece = {word_.text, &word_.offsets, 0};
      k = 0;
      e = word_.text.size();
    }
    if (e < k || !long_enough(e - k)) return false;
    // ":\/\/" is "://" only where a literal's escapes are decoded.
    if (slashes_ && piece.text.compare(k + scheme_end_ - 1, 3, "://") != 0) return false;
    // A pattern written in running text (a sed script, a filter list) is not a URL.
    const std::string_view url = piece.text.substr(k, e - k);
    if (!exact && (url.find(".*") != npos || url.find(".+") != npos)) return false;
    // Markup is given its extent only where the file is markup (HTML text, raw HTML in Markdown);
    // an attribute in plain text, a comment or another prose format is embedded markup, written
    // about rather than parsed (an xsi:schemaLocation in an AsciiDoc listing, HTML in a PHP file
    // read as text), and its extent is a guess.
    const Syntax syntax = spec_of(lang_).syntax;
    const bool given =
        quoted_whole || (exact && (context != UrlContext::Attribute || syntax == Syntax::Markdown ||
                                   syntax == Syntax::Markup));
    emit(piece, k, e, context, given, holes, active);
    return true;
  }

  static std::size_t css_url_end(std::string_view t, std::size_t k) {
    if (!iends_with(t.substr(0, k), "url(")) return npos;
    for (std::size_t i = k; i < t.size(); ++i) {
      if (t[i] == ')') return i;
      if (std::strchr(" \t\"'(", t[i]) || static_cast<unsigned char>(t[i]) < 0x20) return npos;
    }
    return npos;
  }

  // The URL's end where markup around it gives its extent exactly, or npos.
  // Markup that opens before `not_before` (inside the URL found last: its closing quote) opens
  // nothing: a fix inside that URL must not change what follows it.
  static std::size_t structural_end(std::string_view t, std::size_t k, UrlContext& context,
                                    std::size_t not_before) {
    const std::string_view before = t.substr(0, k);
    auto until = [&](char close, std::string_view forbidden) -> std::size_t {
      for (std::size_t i = k; i < t.size(); ++i) {
        if (t[i] == close) return i;
        if (forbidden.find(t[i]) != npos || static_cast<unsigned char>(t[i]) < 0x20) return npos;
      }
      return npos;
    };
    if (before.ends_with("](")) { // [text](destination "title")
      int depth = 0;
      for (std::size_t i = k; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '(') ++depth;
        if (c == ')' && depth-- == 0) return i;
        if (is_blank(c)) {
          std::size_t j = i;
          while (j < t.size() && is_blank(t[j]))
            ++j;
          return j < t.size() && (t[j] == '"' || t[j] == '\'' || t[j] == '(') ? i : npos;
        }
        if (static_cast<unsigned char>(c) < 0x20 || c == '<' || c == '>') return npos;
      }
      return npos;
    }
    if (before.ends_with("<")) return until('>', " \t<\\"); // autolink, reST `text <url>`_
    if ((before.ends_with("=\"") || before.ends_with("='")) && k >= 2 + not_before &&
        attribute_name_before(before.substr(0, before.size() - 2))) {
      // A list of URLs and other words (srcset="a.png 1x, b.png 2x"): running text ends each.
      if (is_url_list_attribute(attribute_name_at_end(before.substr(0, before.size() - 2))))
        return npos;
      context = UrlContext::Attribute;
      const std::size_t q = quote_outside_templates(t, before.back(), k, t.size());
      if (q >= t.size()) return npos;
      for (std::size_t i = k; i < q; ++i)
        if (t[i] == '<' || t[i] == '>' || static_cast<unsigned char>(t[i]) < 0x20) return npos;
      return q;
    }
    if (iends_with(before, "url(")) return until(')', " \t\"'()");
    // A reference definition "[id]: url" or a reST target ".. _name: url", to the next blank.
    std::size_t i = 0;
    while (i < before.size() && is_blank(before[i]))
      ++i;
    std::string_view lead = before.substr(i);
    while (!lead.empty() && is_blank(lead.back()))
      lead.remove_suffix(1);
    const bool reference = lead.size() > 3 && lead[0] == '[' && lead.ends_with("]:") &&
                           lead.find(']') == lead.size() - 2;
    const bool rst_target = lead.starts_with(".. _") && lead.back() == ':';
    if (reference || rst_target) {
      std::size_t e = k;
      while (e < t.size() && !is_blank(t[e]) && static_cast<unsigned char>(t[e]) >= 0x20 &&
             !is_end_tag_at(t, e)) // a definition-like line in an HTML block: "url</h2>"
        ++e;
      // A backslash that ends the line continues it (a docstring's line continuation, reST's
      // escaped line end): the URL goes on in the next line, where this extent cannot follow it.
      if (e > k && t[e - 1] == '\\' && (e == t.size() || t[e] == '\n' || t[e] == '\r')) return npos;
      return e;
    }
    return npos;
  }

  // --- shell words ------------------------------------------------------------------------------

  bool in_shell_word(Language lang) {
    // The word from the URL on: it ends at an unescaped blank, operator or quote; backslashes
    // escape the byte after them.
    DecodedText& d = word_;
    d.text.clear();
    d.offsets.clear();
    // Inside a parameter expansion ("${var#https://x/}") the URL ends with it.
    int depth = 0;
    for (std::size_t b = start_;
         b > line_start_ && !is_blank(src_[b - 1]) && src_[b - 1] != '"' && src_[b - 1] != '\'';
         --b)
      depth += src_[b - 1] == '{' ? 1 : src_[b - 1] == '}' ? -1 : 0;
    std::size_t i = start_;
    while (i < line_end_) {
      const char c = src_[i];
      if (c == '}' && depth > 0) break;
      if (c == '$' && i + 1 < line_end_ && (src_[i + 1] == '{' || src_[i + 1] == '(')) {
        // ${...} and $(...) belong to the word, blanks and all.
        const char open = src_[i + 1], close = open == '{' ? '}' : ')';
        int nested = 0;
        std::size_t k = i + 1;
        for (; k < line_end_; ++k) {
          if (src_[k] == open) ++nested;
          if (src_[k] == close && --nested == 0) break;
        }
        if (k < line_end_) {
          for (; i <= k; ++i) {
            d.text.push_back(src_[i]);
            d.offsets.push_back(i);
          }
          continue;
        }
      }
      if (is_blank(c) || std::strchr(";|&()<>`\"'", c)) break;
      if (c == '\\') {
        if (i + 1 >= line_end_) break; // a line continuation
        d.text.push_back(src_[i + 1]);
        d.offsets.push_back(i);
        i += 2;
        continue;
      }
      d.text.push_back(c);
      d.offsets.push_back(i);
      ++i;
    }
    d.offsets.push_back(i);
    const Piece piece{d.text, &d.offsets, 0};
    if (!long_enough(d.text.size())) return false;
    if (slashes_ && d.text.compare(scheme_end_ - 1, 3, "://") != 0) return false;
    const unsigned active =
        active_placeholder_styles(options_.placeholders, spec_of(lang).printf, line_styles());
    emit(piece, 0, d.text.size(), UrlContext::StringLiteral, false, true, active);
    return true;
  }

  // --- literals ---------------------------------------------------------------------------------

  // The literal's content on the current line, decoded once however many URLs it holds.
  struct LiteralLine {
    std::size_t open = npos, line = npos;
    std::size_t from = 0, close = 0; // [from, close) in the source
    bool closes = false;             // the literal ends on this line, at `close`
    bool decoded = false;
    DecodedText text;
  };

  const LiteralLine& literal_line(const Literal& lit, Language lang) {
    LiteralLine& ll = line_;
    if (ll.open == lit.open && ll.line == line_start_ && start_ < ll.close) return ll;
    ll.open = lit.open;
    ll.line = line_start_;
    ll.from = std::max(lit.content_begin, line_start_);
    ll.close = literal_close(src_, lit, start_, line_end_);
    ll.closes = ll.close < line_end_ || (lit.value_end != npos && ll.close == lit.value_end) ||
                (lit.close.empty() && !lit.spans_lines);
    const std::string_view content = src_.substr(ll.from, ll.close - ll.from);
    ll.decoded = has_escapes(content, lit.escapes, lit.quote);
    if (ll.decoded)
      ll.text = decode_literal(src_, ll.from, ll.close, lit.escapes, lit.quote,
                               spec_of(lang).code_point_hex, spec_of(lang).code_point_octal);
    return ll;
  }

  Piece piece_of(const LiteralLine& ll) const {
    if (ll.decoded) return {ll.text.text, &ll.text.offsets, 0};
    return {src_.substr(ll.from, ll.close - ll.from), nullptr, ll.from};
  }

  bool is_regex(const Literal& lit, const Piece& piece, Language lang) {
    if (lit.regex) return true;
    if (regex_open_ == lit.open) return regex_value_;
    regex_open_ = lit.open;
    const std::size_t open_line = lit.open >= line_start_ ? line_start_ : line_start(lit.open);
    regex_value_ = regex_call_before(src_, open_line, lit.open, lang) || regex_syntax(piece.text) ||
                   (spec_of(lang).config && regex_key(key_before(src_, open_line, lit.open)));
    return regex_value_;
  }

  bool in_literal(const Literal& lit, Language lang) {
    // In the literal's opening delimiter (R"s://(...)"), not its content.
    if (start_ < std::max(lit.content_begin, line_start_)) return false;
    const LiteralLine& ll = literal_line(lit, lang);
    Piece piece = piece_of(ll);
    if (is_regex(lit, piece, lang)) return false;
    const std::size_t k = piece.index_of(start_);
    const std::size_t value_end = trim_end(piece.text, k, piece.text.size());
    const LanguageSpec& spec = spec_of(lang);
    bool formatted = !lit.attribute && ll.closes && lit.content_begin >= line_start_ &&
                     formatted_literal(src_, line_start_, lit.open, ll.close + lit.close.size(),
                                       line_end_, lang);
    // A string quoted inside a value (printf "http://host:%s/" in a Helm template in YAML).
    // Also a Go template's printf `...` inside an attribute (href="{{ printf `https://x/v%s` .
    // }}").
    if (!formatted && start_ > line_start_ &&
        (((src_[start_ - 1] == '"' || src_[start_ - 1] == '\'') && !lit.attribute) ||
         src_[start_ - 1] == '`')) {
      const std::size_t inner_close = src_.substr(0, line_end_).find(src_[start_ - 1], start_);
      formatted = inner_close < line_end_ && formatted_literal(src_, line_start_, start_ - 1,
                                                               inner_close + 1, line_end_, lang);
    }
    const unsigned active = active_placeholder_styles(options_.placeholders,
                                                      spec.printf && !lit.attribute && !lit.config,
                                                      line_styles(), formatted);
    // Only a literal that starts with the URL on this line, and ends on it, can be the URL whole.
    bool at_value_start = lit.content_begin >= line_start_;
    for (std::size_t i = 0; i < k && at_value_start; ++i)
      at_value_start = is_blank(piece.text[i]);
    at_value_start = at_value_start && ll.closes && !lit.list && !lit.partial;
    const UrlContext context = lit.attribute ? UrlContext::Attribute
                               : lit.config  ? UrlContext::ConfigValue
                                             : UrlContext::StringLiteral;
    std::string_view value = piece.text.substr(k, value_end - k);
    std::size_t e = value_end;
    bool exact = false, holes = false;
    // Literals joined to this one by concatenation continue the URL.
    if (ll.closes && !lit.close.empty() && !lit.spans_lines && value_end == piece.text.size() &&
        join(lit, ll, piece, k)) {
      piece = {joined_.text, &joined_.offsets, 0};
      value = joined_.text;
      e = trim_end(joined_.text, 0, joined_.text.size());
      value = value.substr(0, e);
      if (at_value_start) {
        const auto found = find_placeholders(value, active, scheme_end_);
        holes = !found.empty();
        exact = reads_as_one_url(value, found);
      }
      if (!exact) e = prose_end(piece.text, 0, scheme_end_, e, active, holes);
      if (e < 1 || !long_enough(e)) return false;
      emit(piece, 0, e, context, exact, holes, active);
      return true;
    }
    if (at_value_start) {
      const auto found = find_placeholders(value, active, scheme_end_);
      holes = !found.empty();
      // An href's value is a URL by definition, blanks and all.
      exact = lit.url_attribute || reads_as_one_url(value, found);
    }
    UrlContext in_context = context;
    if (!exact) { // markup inside the literal ("<a href=\"...\">") may give the extent
      UrlContext markup = UrlContext::Prose;
      const std::size_t previous_end =
          resume_ > piece.source(0) ? piece.index_of(std::min(resume_, piece.source(value_end)))
                                    : 0;
      const std::size_t s =
          structural_end(piece.text.substr(0, value_end), k, markup, previous_end);
      if (s != npos) {
        e = s;
        exact = holes = true;
        // An attribute in HTML text goes over the wire as written; a reST or Markdown link in a
        // docstring is documentation, read as prose (PCT004's policy).
        in_context = markup == UrlContext::Attribute ? markup : UrlContext::Prose;
      }
    }
    if (!exact) e = prose_end(piece.text, k, k + scheme_end_, value_end, active, holes);
    if (e < k || !long_enough(e - k)) return false;
    if (slashes_ && piece.text.compare(k + scheme_end_ - 1, 3, "://") != 0) return false;
    if (e == value_end && ll.closes && !lit.close.empty())
      url_.open_end = operator_follows(lit, ll);
    // In a raw string a backslash keeps the quote after it from closing the literal: a fix that
    // encoded it would close the literal early. Such a URL's fixes are not certain.
    if (lit.escaped_quotes && piece.text.substr(k, e - k).find('\\') != npos) exact = false;
    emit(piece, k, e, in_context, exact, holes, active);
    return true;
  }

  // After the literal's close: white space, then the language's concatenation operator (or none,
  // where literals join side by side) and another literal of the same quote: joined_ gets the URL
  // from `k` on, through every literal joined so. False when nothing joins.
  bool join(const Literal& lit, const LiteralLine& ll, const Piece& piece, std::size_t k) {
    const LanguageSpec& spec = spec_of(lang_);
    if (spec.concatenation.empty() && !spec.adjacent_literals) return false;
    if (lit.quote != '"' && lit.quote != '\'') return false;
    joined_.text.assign(piece.text.substr(k));
    joined_.offsets.clear();
    for (std::size_t i = k; i <= piece.text.size(); ++i)
      joined_.offsets.push_back(piece.source(i));
    joined_.offsets.pop_back();
    std::size_t after = ll.close + lit.close.size();
    std::size_t previous_close = ll.close;
    url_.join_source_ends.clear();
    bool any = false;
    for (int pieces = 0; pieces < 16; ++pieces) {
      const std::size_t next = next_joined_literal(after, lit.quote, spec);
      if (next == npos) break;
      Literal more = lit;
      more.open = next;
      more.content_begin = next + 1;
      const std::size_t eol = find_any_of3(src_, next, src_.size(), '\n', '\r', '\n');
      const std::size_t close = literal_close(src_, more, next + 1, eol);
      if (close >= eol) break;
      url_.joins.push_back(joined_.text.size());
      url_.join_source_ends.push_back(previous_close);
      previous_close = close;
      if (has_escapes(src_.substr(next + 1, close - next - 1), lit.escapes, lit.quote)) {
        const DecodedText d = decode_literal(src_, next + 1, close, lit.escapes, lit.quote,
                                             spec.code_point_hex, spec.code_point_octal);
        joined_.text += d.text;
        joined_.offsets.insert(joined_.offsets.end(), d.offsets.begin(), d.offsets.end() - 1);
      } else {
        joined_.text.append(src_.substr(next + 1, close - next - 1));
        for (std::size_t i = next + 1; i < close; ++i)
          joined_.offsets.push_back(i);
      }
      any = true;
      after = close + 1;
    }
    joined_.offsets.push_back(after - 1 + (any ? 0 : 1));
    if (!any) {
      url_.joins.clear();
      url_.join_source_ends.clear();
      return false;
    }
    // The end offset of the last piece is its close.
    joined_.offsets.back() = after - 1;
    return true;
  }

  // The opening quote of a literal joined to the one ending before `after`, or npos.
  std::size_t next_joined_literal(std::size_t after, char quote, const LanguageSpec& spec) const {
    std::size_t i = after;
    const std::size_t limit = std::min(src_.size(), after + 400);
    auto skip_space = [&] {
      while (i < limit &&
             (is_blank(src_[i]) || src_[i] == '\n' || src_[i] == '\r' ||
              (src_[i] == '\\' && i + 1 < limit && (src_[i + 1] == '\n' || src_[i + 1] == '\r'))))
        ++i;
    };
    skip_space();
    bool op = false;
    if (!spec.concatenation.empty() &&
        src_.compare(i, spec.concatenation.size(), spec.concatenation) == 0) {
      i += spec.concatenation.size();
      if (i < limit && (src_[i] == '=' || src_[i] == spec.concatenation[0])) return npos;
      op = true;
      skip_space();
    }
    if (!op && !spec.adjacent_literals) return npos;
    if (i >= limit || src_[i] != quote) return npos;
    if (i + 2 < src_.size() && src_[i + 1] == quote && src_[i + 2] == quote) return npos;
    // A literal that starts a URL of its own is not the rest of this one.
    std::size_t k = i + 1;
    while (k < limit && charsets::scheme.contains(src_[k]))
      ++k;
    if (k > i + 1 && src_.compare(k, 3, "://") == 0) return npos;
    return i;
  }

  // Whether code continues the literal after its close ("..." + rest): its URL may go on there.
  bool operator_follows(const Literal& lit, const LiteralLine& ll) const {
    const LanguageSpec& spec = spec_of(lang_);
    if (spec.concatenation.empty()) return false;
    std::size_t i = ll.close + lit.close.size();
    while (i < src_.size() && (is_blank(src_[i]) || src_[i] == '\n' || src_[i] == '\r'))
      ++i;
    return src_.compare(i, spec.concatenation.size(), spec.concatenation) == 0;
  }

  std::string_view src_;
  Language lang_;
  std::size_t resume_ = 0; // the end of the last URL found: candidates before it lie inside it
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
};

} // namespace

void for_each_url(std::string_view src, Language lang, const FinderOptions& options,
                  const std::function<void(const FoundUrl&)>& each) {
  Finder(src, lang, options, each).run();
}

std::vector<FoundUrl> find_urls(std::string_view src, Language lang, const FinderOptions& options) {
  std::vector<FoundUrl> urls;
  for_each_url(src, lang, options, [&](const FoundUrl& url) { urls.push_back(url); });
  return urls;
}

} // namespace pctlint
