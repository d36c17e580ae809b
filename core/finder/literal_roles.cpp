// What code does with a literal: gives it to a regular expression API or a command that takes one
// (then it holds no URL), formats it with printf conversions (then %02d is a number, not an
// escape), or sets a key whose value is a pattern.
#include "core/finder/finder_impl.h"

#include <algorithm>
#include <array>
#include <vector>

namespace pctlint::finding {

// A URL pattern rather than a URL (a crawler's start URLs and paths to match, a router's
// rules): a glob's "**" segment, or in the path a regex's character range ([0-9], [a-z0-9_]) or
// group of alternatives ((javascript|nodejs)). Looked for only in the URLs' own text (from a
// scheme's "://" to the blank after it) and before their queries: prose around a URL in the same
// literal ("Chapters [1-3]: https://...") and a query's own syntax (?filter[e-mail]=,
// ?q=(cats|dogs)) are no pattern.
bool url_pattern_syntax(std::string_view t) {
  // Each sign below holds one of these; most literals hold none (one vectorised pass says so).
  if (find_any_of3(t, 0, t.size(), '*', '[', '(') == t.size()) return false;
  for (std::size_t sep = t.find("://"); sep != std::string_view::npos;
       sep = t.find("://", sep + 3)) {
    std::size_t end = sep + 3;
    while (end < t.size() && !ascii::is_one_of(t[end], " \t\n\r\"'<>"))
      ++end;
    const std::string_view url = t.substr(sep + 3, end - sep - 3);
    if (const std::size_t g = url.find("/**");
        g != std::string_view::npos && (g + 3 == url.size() || ascii::is_one_of(url[g + 3], "/?.")))
      return true;
    const std::string_view path = url.substr(0, url.find_first_of("?#"));
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      if (path[i] == '[') { // only ranges and single characters, at least one range
        std::size_t k = i + 1;
        bool range = false, run = false;
        while (k < path.size() && path[k] != ']') {
          if (k + 2 < path.size() && ascii::is_ident(path[k]) && path[k + 1] == '-' &&
              ascii::is_ident(path[k + 2]) && path[k] < path[k + 2]) {
            range = true;
            run = false;
            k += 3;
          } else if (ascii::is_ident(path[k]) && !(run && ascii::is_ident(path[k]))) {
            run = true;
            ++k;
          } else {
            break;
          }
        }
        if (range && k < path.size() && path[k] == ']') return true;
      }
      if (path[i] == '(') { // (a|b): no URL's parentheses hold a '|'
        std::size_t k = i + 1;
        while (k < path.size() &&
               (ascii::is_ident(path[k]) || path[k] == '-' || path[k] == '.' || path[k] == '|'))
          ++k;
        if (k < path.size() && path[k] == ')' &&
            path.substr(i, k - i).find('|') != std::string_view::npos)
          return true;
      }
    }
  }
  return false;
}

// Regex-only syntax in a literal's (decoded) text: a backslash escape (a URL holds none),
// character classes, groups, quantifiers, a leading anchor, a sed substitution. (A '$' at the end
// is no sign: what a safe fix writes before it would change the verdict.)
bool regex_syntax(std::string_view t) {
  if (t.empty()) return false;
  if (url_pattern_syntax(t)) return true;
  if (t[0] == '^') return true;
  if (t.size() > 3 && t[0] == 's' && ascii::is_one_of(t[1], "/|#,:@!") &&
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
    if (c == '\\' && ascii::is_one_of(n, ".dDwWsSbB/?*+()[]{}|^$0123456789")) return true;
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
  static constexpr std::string_view kExact[] = {"regexp", // CSS's @-moz-document regexp("...")
                                                "RegExp",
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

// Lua's pattern functions, string.find (match, gmatch, gsub) and their method form s:match(...):
// '%' is the pattern's escape there ("%w+" a word, "%." a dot), never a URL's.
static bool lua_pattern_callee(std::string_view callee) {
  const std::size_t sep = callee.find_last_of(".:");
  if (sep == npos) return false;
  const std::string_view method = callee.substr(sep + 1);
  return method == "find" || method == "match" || method == "gmatch" || method == "gsub";
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
    if (lang == Language::Lua && b < e && lua_pattern_callee(w.substr(b, e - b))) return true;
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
      "debugf"sv,    "tracef"sv,   "skipf"sv,    "format"sv,  "strftime"sv};
  // JavaScript's console methods format their first argument as util.format does (%s %d %o).
  static constexpr std::string_view kConsole[] = {"console.log"sv,   "console.info"sv,
                                                  "console.warn"sv,  "console.error"sv,
                                                  "console.debug"sv, "console.trace"sv};
  for (std::string_view c : kConsole)
    if (callee == c) return true;
  const std::size_t dot = callee.find_last_of(".:");
  const std::string_view name = callee.substr(dot == npos ? 0 : dot + 1);
  // Most callees are not "...f" or "...t": one look at the last letter rules them out.
  if (name.empty() || (ascii_lower(name.back()) != 'f' && ascii_lower(name.back()) != 't' &&
                       ascii_lower(name.back()) != 'e'))
    return false;
  for (std::string_view f : kNames)
    if (iequals(name, f)) return true;
  return false;
}

// Whether the literal opening at `open` is a format string: the first argument of a printf-family
// call, a Go template's or shell's `printf "..."`, or (after it) Python's or Ruby's % operator, or
// Java's and Kotlin's "...".formatted( / .format(. There printf conversions win over escapes:
// "%02d" is a number, not the escape %02.
// Whether the literal before which `e` stands (blanks skipped) is the format argument of a
// printf-family call that takes it after other arguments: sprintf(buf, "..."), fprintf(stderr,
// "..."), fmt.Fprintf(w, "..."), snprintf(buf, n, "..."). The arguments before it are read back to
// the call's '(' on the same line, brackets balanced.
bool later_format_argument(std::string_view src, std::size_t line_start, std::size_t e) {
  if (e == line_start || src[e - 1] != ',') return false;
  std::size_t commas = 0, depth = 0;
  std::size_t i = e;
  for (; i > line_start; --i) {
    const char c = src[i - 1];
    if (c == '"' || c == '\'' || c == '`' || c == ';' || c == '{' || c == '}') return false;
    if (c == ')' || c == ']') ++depth;
    if ((c == '(' || c == '[') && depth > 0) {
      --depth;
      continue;
    }
    if (c == '(') break;
    if (c == ',' && depth == 0) ++commas;
  }
  if (i == line_start) return false;
  std::size_t b = i - 1;
  while (b > line_start && (is_ident(src[b - 1]) || src[b - 1] == '.' || src[b - 1] == ':'))
    --b;
  const std::string_view callee = src.substr(b, i - 1 - b);
  const std::size_t dot = callee.find_last_of(".:");
  const std::string_view name = callee.substr(dot == npos ? 0 : dot + 1);
  if (iequals(name, "snprintf") || iequals(name, "vsnprintf") || iequals(name, "swprintf") ||
      iequals(name, "strftime"))
    return commas == 2;
  return commas == 1 &&
         (iends_with(name, "fprintf") || iequals(name, "sprintf") || iequals(name, "vsprintf") ||
          iequals(name, "asprintf") || iequals(name, "vasprintf") || iequals(name, "dprintf"));
}

// Whether a "format" callee takes braces ({}, {0}), not printf's conversions: C#'s string.Format,
// Python's str.format and format(), C++'s std::format and fmt::format (named so: boost::format,
// wxString::Format, MFC's s.Format and a C format() are printf's), Java's MessageFormat.format.
// There '%' is a percent sign.
bool brace_format_callee(std::string_view callee, Language lang) {
  if (!iends_with(callee, "format")) return false;
  switch (lang) {
  case Language::CSharp:
  case Language::Python:
    return true;
  case Language::Cpp:
    for (std::string_view name : {"std::format", "fmt::format", "std::vformat", "fmt::vformat"})
      if (callee == name) return true;
    return false;
  case Language::Java:
    return iends_with(callee, "messageformat.format");
  default:
    return false;
  }
}

bool formatted_literal(std::string_view src, std::size_t line_start, std::size_t open,
                       std::size_t after_close, std::size_t line_end, Language lang) {
  std::size_t e = open;
  while (e > line_start && is_blank(src[e - 1]))
    --e;
  if (later_format_argument(src, line_start, e)) return true;
  const bool call = e > line_start && src[e - 1] == '(';
  if (call) --e;
  while (e > line_start && is_blank(src[e - 1]))
    --e;
  std::size_t b = e;
  while (b > line_start && (is_ident(src[b - 1]) || src[b - 1] == '.' || src[b - 1] == ':'))
    --b;
  const std::string_view callee = src.substr(b, e - b);
  if (call && format_callee(callee) && !brace_format_callee(callee, lang)) return true;
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

std::size_t escape_for_next_reader(std::string_view text, std::size_t from, std::size_t end) {
  for (std::size_t i = text.find('\\', from); i != npos && i + 1 < end; i = text.find('\\', i + 1))
    if (ascii::is_one_of(text[i + 1], "&;|<>()$`'\" \t*?#~!{}[]")) return i;
  return end;
}

bool shell_command_escapes(std::string_view src, std::size_t line_start, std::size_t open) {
  // The words before the literal on its line, nearest last, up to a command separator.
  std::vector<std::string_view> words;
  std::size_t i = open;
  while (words.size() < 4) {
    while (i > line_start && is_blank(src[i - 1]))
      --i;
    std::size_t b = i;
    while (b > line_start && !is_blank(src[b - 1]) && !ascii::is_one_of(src[b - 1], ";|&(`{\"'"))
      --b;
    if (b == i) break;
    words.push_back(src.substr(b, i - b));
    i = b;
  }
  std::size_t w = 0; // words[w] is the nearest word not yet read
  const auto next = [&](std::string_view word) {
    if (w < words.size() && words[w] == word) return ++w, true;
    return false;
  };
  // printf [-v name] [--] '...'
  const std::size_t start = w;
  next("--");
  if (w + 1 < words.size() && words[w + 1] == "-v") w += 2;
  if (next("printf")) return true;
  w = start;
  // echo -e '...': options of n, e and E letters; the last of e and E decides.
  int interprets = -1; // unknown until an option with e or E: the nearest one is the last given
  for (; w < words.size() && words[w].size() > 1 && words[w][0] == '-' &&
         words[w].find_first_not_of("neE", 1) == std::string_view::npos;
       ++w)
    if (interprets < 0 && words[w].find_first_of("eE") != std::string_view::npos)
      interprets = words[w].find_last_of("eE") == words[w].find_last_of('e') ? 1 : 0;
  return interprets == 1 && next("echo");
}

namespace {

// Calls known to take a string that is no format: the C string functions, curl's options, the
// string and URL types' constructors.
bool plain_string_callee(std::string_view callee) {
  static constexpr std::string_view kNames[] = {"curl_easy_setopt",
                                                "strcpy",
                                                "strncpy",
                                                "strcat",
                                                "strncat",
                                                "strcmp",
                                                "strncmp",
                                                "strcasecmp",
                                                "strncasecmp",
                                                "strdup",
                                                "strndup",
                                                "strlen",
                                                "strstr",
                                                "strchr",
                                                "memcpy",
                                                "memcmp",
                                                "fopen",
                                                "open",
                                                "getenv",
                                                "setenv",
                                                "std::string",
                                                "string",
                                                "std::string_view",
                                                "QUrl",
                                                "QStringLiteral",
                                                "QLatin1String",
                                                "QString",
                                                "NSURL",
                                                "URLWithString",
                                                "g_strdup"};
  return std::find(std::begin(kNames), std::end(kNames), callee) != std::end(kNames);
}

// The callee whose '(' stands at `paren` (blanks before it skipped), read back on its line.
std::string_view callee_before(std::string_view src, std::size_t line_start, std::size_t paren) {
  std::size_t end = paren;
  while (end > line_start && is_blank(src[end - 1]))
    --end;
  std::size_t b = end;
  while (b > line_start && end - b < 128 &&
         (is_ident(src[b - 1]) || src[b - 1] == ':' || src[b - 1] == '.'))
    --b;
  return src.substr(b, end - b);
}

} // namespace

bool maybe_formatted_literal(std::string_view src, std::size_t open, Language lang) {
  if (lang != Language::C && lang != Language::Cpp) return false;
  // The prefix of a wide or UTF-8 literal (L"...", u8"...", @"..." in Objective-C).
  std::size_t e = open;
  while (e > 0 && open - e < 2 && src[e - 1] != '\0' && ascii::is_one_of(src[e - 1], "LuU8@"))
    --e;
  if (e > 0 && is_ident(src[e - 1])) e = open; // a name's end, not a prefix
  // The token before it, white space and line ends skipped (a call's arguments go over lines).
  const std::size_t floor = e > 256 ? e - 256 : 0;
  while (e > floor && (is_blank(src[e - 1]) || src[e - 1] == '\n' || src[e - 1] == '\r'))
    --e;
  if (e == 0) return false;
  const char before = src[e - 1];
  // An initializer or assignment ("= ...", "{ ..."): a string kept, not a format given.
  if (before == '{') return false;
  if (before == '=' && !(e >= 2 && ascii::is_one_of(src[e - 2], "=!<>"))) return false;
  if (e >= 6 && src.substr(e - 6, 6) == "return" && (e == 6 || !is_ident(src[e - 7]))) return false;
  // The first argument of a call known to take no format (strcpy(d, "..."): its second).
  if (before == '(' || before == ',') {
    // Back to the call's '(' on this line, within the 256 bytes; a quote: give up.
    std::size_t k = e - 1, depth = 0;
    for (; k > floor && src[k - 1] != '\n'; --k) {
      const char c = src[k - 1];
      if (c == '"' || c == '\'' || c == ';' || c == '{' || c == '}') return true;
      if (c == ')' || c == ']') ++depth;
      if ((c == '(' || c == '[') && depth > 0) {
        --depth;
        continue;
      }
      if (c == '(' || c == '[') break;
    }
    if (before == '(') k = e;
    if (k <= floor || src[k - 1] != '(') return true;
    const std::string_view callee = callee_before(src, floor, k - 1);
    return !plain_string_callee(callee) && !(before == '(' && brace_format_callee(callee, lang));
  }
  // Anything else (a macro body, an adjacent literal, an Objective-C message's argument, an
  // operator): it may reach a format.
  return before != ';';
}

// Whether `rest` starts with one of the language's comment openers.
bool opens_comment(std::string_view rest, const LanguageSpec& spec) {
  for (std::string_view opener : {spec.line_comment, spec.line_comment2, spec.block_open})
    if (!opener.empty() && rest.starts_with(opener)) return true;
  return false;
}

bool continues_adjacent_literal(std::string_view src, std::size_t open, Language lang) {
  const LanguageSpec& spec = spec_of(lang);
  if (!spec.adjacent_literals) return false;
  // Single-quoted pieces join too where single quotes make strings (not C's characters or
  // Erlang's atoms).
  const bool single = spec.single_quotes && spec.adjacent_single_quoted;
  // The literal's prefix (L"", u8"", R"(", r'', f"", b''), then blanks and line ends.
  std::size_t e = open;
  while (e > 0 && open - e < 3 && ascii::is_alnum(src[e - 1]))
    --e;
  if (e > 0 && (is_ident(src[e - 1]) || src[e - 1] == '@')) e = open;
  const std::size_t floor = e > kLookBehind ? e - kLookBehind : 0;
  // (A backslash that continues the line, as Ruby needs between pieces outside parentheses.)
  while (e > floor && (is_blank(src[e - 1]) || src[e - 1] == '\n' || src[e - 1] == '\r' ||
                       (src[e - 1] == '\\' && (src[e] == '\n' || src[e] == '\r'))))
    --e;
  if (e < 2) return false;
  const char quote = src[e - 1];
  if (quote != '"' && !(single && quote == '\'')) return false;
  // An empty literal before ("" "https://..."; msgstr "" then its lines) holds nothing; one that
  // ends with a line break written as "\n" ends a line of the text: the URL starts the next.
  if (src[e - 2] == quote && (e < 3 || src[e - 3] != quote)) return false;
  if (e >= 3 && src[e - 2] == 'n' && src[e - 3] == '\\' && (e < 4 || src[e - 4] != '\\'))
    return false;
  // That quote must close a literal opened on its line, outside any comment: the line read up to
  // it, quotes and escapes followed, ends inside a literal ("// a \"b\"" does not).
  // (Within the look-behind bound: a longer line is given up on, not searched to its start.)
  const std::size_t lowest = e - 1 > kLookBehind ? e - 1 - kLookBehind : 0;
  std::size_t line_begin = e - 1;
  while (line_begin > lowest && src[line_begin - 1] != '\n')
    --line_begin;
  if (line_begin > 0 && src[line_begin - 1] != '\n') return false;
  const std::string_view line = src.substr(line_begin);
  const std::size_t length = e - 1 - line_begin;
  char open_quote = 0;
  for (std::size_t i = 0; i < length; ++i) {
    const char c = line[i];
    if (open_quote) {
      if (c == '\\')
        ++i;
      else if (c == open_quote)
        open_quote = 0;
    } else if (c == '"' || c == '\'') {
      open_quote = c;
    } else if (opens_comment(line.substr(i, length - i), spec)) {
      return false;
    }
  }
  return open_quote == quote;
}

bool qt_arg_after(std::string_view src, std::size_t after_close, std::size_t line_end) {
  std::size_t k = after_close;
  for (int parens = 0; k < line_end && (is_blank(src[k]) || (src[k] == ')' && parens++ < 2));)
    ++k;
  return src.substr(k, std::min<std::size_t>(line_end - k, 5)) == ".arg(";
}

// The key a JSON or TOML string value belongs to ("pattern" in "pattern": "..."), or empty.
std::string_view key_before(std::string_view src, std::size_t line_start, std::size_t open) {
  if (open < line_start || open > src.size()) return {};
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

namespace {

// `format: iri`, `"format": "iri-reference",`: the line (from its first non-blank) declares so.
bool iri_format_line(std::string_view line) {
  const auto skip = [&](std::size_t i, std::string_view chars) {
    while (i < line.size() && chars.find(line[i]) != npos)
      ++i;
    return i;
  };
  std::size_t i = skip(0, "\"'");
  if (line.substr(i, 6) != "format") return false;
  i = skip(skip(skip(i + 6, "\"'"), " \t"), ":");
  i = skip(i, " \t\"'");
  const std::string_view rest = line.substr(i);
  const std::size_t name_end = std::min(rest.find_first_of("\"', \t\r#"), rest.size());
  const std::string_view name = rest.substr(0, name_end);
  return (name == "iri" || name == "iri-reference") &&
         rest.substr(name_end).find_first_not_of("\"', \t\r") == npos;
}

} // namespace

bool declared_iri(std::string_view src, std::size_t line_start, std::size_t open) {
  if (open < line_start) return false; // a value begun on a line above: no key on this one
  const std::string_view key = key_before(src, line_start, open);
  if (key != "default" && key != "example" && key != "const") return false;
  const std::size_t indent = src.find_first_not_of(" \t", line_start) - line_start;
  const std::size_t limit = line_start > kLookBehind ? line_start - kLookBehind : 0;
  for (std::size_t end = line_start; end > limit;) {
    const std::size_t nl = end - 1; // the line before ends here
    std::size_t b = nl;
    while (b > 0 && src[b - 1] != '\n')
      --b;
    end = b;
    const std::string_view line = src.substr(b, nl - b);
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == npos) continue;
    if (first < indent) return false; // the mapping began on a line above
    if (first == indent && iri_format_line(line.substr(first))) return true;
  }
  return false;
}

bool placeholder_key(std::string_view key) {
  const auto is_placeholder_word = [](std::string_view w) {
    return iequals(w, "placeholder") || iequals(w, "placeholders");
  };
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= key.size(); ++i) {
    const bool end = i == key.size() || key[i] == '-' || key[i] == '_' || key[i] == '.';
    const bool hump = !end && i > begin && ascii::is_upper(key[i]) && ascii::is_lower(key[i - 1]);
    if (!end && !hump) continue;
    if (is_placeholder_word(key.substr(begin, i - begin))) return true;
    begin = end ? i + 1 : i;
  }
  return false;
}

bool decoded_key(std::string_view key) {
  return ascii::icontains(key, "decoded") || ascii::icontains(key, "unescaped");
}

bool connection_string_key(std::string_view key) {
  // "connection_string", "ConnectionString", "connection-string" alike: the key's letters from its
  // end, '_', '-' and '.' passed over, against the suffix's.
  const auto folded_ends_with = [&](std::string_view lowercase_suffix) {
    std::size_t k = key.size(), n = lowercase_suffix.size();
    while (n > 0) {
      while (k > 0 && (key[k - 1] == '_' || key[k - 1] == '-' || key[k - 1] == '.'))
        --k;
      if (k == 0 || ascii::lower(key[k - 1]) != lowercase_suffix[n - 1]) return false;
      --k, --n;
    }
    return true;
  };
  return folded_ends_with("connectionstring") || folded_ends_with("connstr");
}

bool regex_key(std::string_view key) {
  return iequals(key, "pattern") || iequals(key, "patterns") || iends_with(key, "pattern") ||
         iends_with(key, "regex") || iends_with(key, "regexp") || iends_with(key, "_re") ||
         iequals(key, "match");
}

} // namespace pctlint::finding
