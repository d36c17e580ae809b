// URLs in literals: string literals, configuration values and markup attribute values. A literal
// that holds one URL is that URL whole (raw blanks and all), joined with the literals
// concatenated to it; a URL among other words ends as in running text; markup quoted inside a
// literal may give the extent.
#include "core/codec/utf8.h"
#include "core/finder/finder_impl.h"

#include <algorithm>
#include <array>

namespace pctlint::finding {

// Words that make the text after a URL a sentence rather than the rest of the URL. The verbs
// make it one whatever comes before ("https://x/a is down"); the other words only where no path
// segment is being written (a page title's "of" and "an" are its own: "/King of turtles").
static bool predicate_word(std::string_view w) {
  static constexpr std::string_view kVerbs[] = {
      "is",     "are",   "was",   "were",   "be",   "been",  "not", "no",    "returned", "returns",
      "failed", "fails", "error", "should", "must", "will",  "can", "could", "would",    "does",
      "did",    "has",   "have",  "had",    "may",  "might", "see", "use",   "instead"};
  for (std::string_view word : kVerbs)
    if (iequals(w, word)) return true;
  return false;
}

bool sentence_word(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "a",       "an",   "the",  "to",   "for", "of",   "and",   "or",   "in",
      "on",      "at",   "with", "from", "by",  "as",   "if",    "then", "than",
      "via",     "into", "this", "that", "it",  "its",  "which", "when", "where",
      "because", "but",  "so",   "we",   "you", "they", "i"};
  if (predicate_word(w)) return true;
  for (std::string_view word : kWords)
    if (iequals(w, word)) return true;
  return false;
}

// Where the scheme before the "://" at `sep` begins (RFC 3986's scheme characters, back to the
// first that is none).
static std::size_t scheme_begin(std::string_view t, std::size_t sep) {
  while (sep > 0 && charsets::scheme.contains(t[sep - 1]))
    --sep;
  return sep;
}

// Whether `t` starts with a scheme and "://".
bool starts_with_scheme(std::string_view t) {
  const std::size_t sep = t.find("://");
  return sep != npos && sep > 0 && scheme_begin(t, sep) == 0 && charsets::alpha.contains(t[0]);
}

// Whether a word is a URN, RFC 8141's "urn:" NID ":" NSS with a NID of 2 to 32 letters, digits
// and hyphens: another URI of a blank-separated list ("http://auth0.com/oauth/grant-type/mfa-otp
// urn:okta:params:oauth:grant-type:oob", an OAuth server's grant_types_supported).
static bool starts_urn(std::string_view w) {
  if (w.size() < 8 || !ascii::istarts_with(w, "urn:")) return false;
  const std::size_t colon = w.find(':', 4);
  if (colon == npos || colon < 6 || colon > 36 || colon + 1 == w.size()) return false;
  return std::all_of(w.begin() + 4, w.begin() + static_cast<std::ptrdiff_t>(colon),
                     [](char c) { return charsets::alnum.contains(c) || c == '-'; });
}

// Whether a word after a blank holds another URL. A URL as a query's value ("?url=https://x/y",
// a redirect or a viewer's target) or as a path segment (the Wayback Machine's
// "/web/2004/http://x/y") is nested in the one the word goes on with; only a scheme that starts
// the word, or follows other text, starts another URL.
static bool starts_another_url(std::string_view w) {
  const std::size_t sep = w.find("://");
  if (sep == npos) return starts_urn(w);
  const std::size_t scheme = scheme_begin(w, sep);
  return scheme == 0 || (w[scheme - 1] != '=' && w[scheme - 1] != '/');
}

// An e-mail address, as a contact list writes one after a URL ("https://x/issues, a.b@x.com"):
// a local part, '@', and a domain of two labels or more (a trailing ',' or ';' is the list's).
static bool email_address(std::string_view w) {
  while (!w.empty() && (w.back() == ',' || w.back() == ';'))
    w.remove_suffix(1);
  const std::size_t at = w.find('@');
  if (at == npos || at == 0 || w.find('@', at + 1) != npos) return false;
  const std::string_view local = w.substr(0, at), domain = w.substr(at + 1);
  const auto label_char = [](char c) { return charsets::alnum.contains(c) || c == '-'; };
  if (!std::all_of(local.begin(), local.end(),
                   [&](char c) { return label_char(c) || ascii::is_one_of(c, "._+%"); }))
    return false;
  const std::size_t dot = domain.rfind('.');
  return dot != npos && dot > 0 && dot + 2 < domain.size() &&
         std::all_of(domain.begin(), domain.end(),
                     [&](char c) { return label_char(c) || c == '.'; });
}

// Words of a language written without blanks between its words, after a URL: a sentence about
// it ("https://x/articles/1?page=4 から別の記事を…"). Japanese writes its particles in hiragana,
// which no address of a page written with raw blanks holds; Chinese and Japanese sentences hold
// the ideographic comma or full stop.
static bool unspaced_sentence(std::string_view w) {
  for (std::size_t i = 0; i < w.size();) {
    const Utf8Char c = decode_utf8_char(w, i);
    if (c.ok() &&
        ((c.value >= 0x3041 && c.value <= 0x309F) || c.value == 0x3001 || c.value == 0x3002))
      return true;
    i += c.length;
  }
  return false;
}

// A word without the extension of a file name it ends ("Plus.txt" -> "Plus", "IPs.ipset" ->
// "IPs"): a dot, then one to five letters or digits. The word itself otherwise.
static std::string_view file_stem(std::string_view w) {
  const std::size_t dot = w.rfind('.');
  if (dot == npos || dot == 0 || w.size() - dot - 1 < 1 || w.size() - dot - 1 > 5) return w;
  const std::string_view ext = w.substr(dot + 1);
  // An extension has a letter ("2.0" is a version) and is no top-level domain ("example.com").
  const bool letters = std::all_of(ext.begin(), ext.end(), ascii::is_alnum) &&
                       std::any_of(ext.begin(), ext.end(), ascii::is_alpha);
  for (const std::string_view tld : {"com", "org", "net", "io", "dev", "edu", "gov", "co", "app"})
    if (iequals(ext, tld)) return w;
  return letters ? w.substr(0, dot) : w;
}

// Whether the URL ends with a file's whole name, its extension after it, and the words after the
// blank are a note about it, not more of the name ("…/wikitext-2-v1.zip 亚马逊网站已无法下载", a
// page's description; "…/setup.exe download"): a name goes on only into a last word with an
// extension ("/Annual report.pdf") or into more path segments.
static bool names_whole_file(std::string_view url, const std::vector<std::string_view>& words) {
  const std::size_t authority = url.find("//");
  if (authority == npos || words.empty()) return false;
  if (url.find('/', authority + 2) == npos || url.find_first_of("?#", authority + 2) != npos)
    return false;
  const std::string_view segment = url.substr(url.rfind('/') + 1);
  if (file_stem(segment).size() == segment.size()) return false; // no extension
  if (std::any_of(words.begin(), words.end(),
                  [](std::string_view w) { return w.find('/') != npos; }))
    return false;
  return file_stem(words.back()).size() == words.back().size();
}

// Whether the last path segment, written with raw blanks, is a title-cased file name to the value's
// end ("/main/Swedish List for Adblock Plus.txt"): a segment and every word after it capitalised
// (or digits, or a short joining word: "for", "of", "and", ...), and a last word with a file's
// extension. It may have more words than a title without one; a sentence has lower-case words
// ("/Docs Read more about it in README.md").
static bool titled_file_name(std::string_view url, const std::vector<std::string_view>& words) {
  const std::size_t authority = url.find("//");
  if (authority == npos || words.empty()) return false;
  const std::size_t path = url.find('/', authority + 2);
  if (path == npos || url.find_first_of("?#", authority + 2) != npos || url.back() == '/')
    return false;
  const std::string_view segment = url.substr(url.rfind('/') + 1);
  const std::string_view last = words.back();
  const std::string_view stem = file_stem(last);
  if (segment.empty() || !ascii::is_upper(segment[0]) || stem.size() == last.size()) return false;
  const auto titled = [](std::string_view w) {
    static constexpr std::string_view kJoining[] = {"for", "of", "and", "the", "to", "in",
                                                    "a",   "an", "on",  "or",  "at", "with"};
    if (w.empty()) return false;
    if (std::all_of(w.begin(), w.end(), ascii::is_digit)) return true;
    if (ascii::is_upper(w[0])) return true;
    return std::find(std::begin(kJoining), std::end(kJoining), w) != std::end(kJoining);
  };
  return std::all_of(words.begin(), words.end() - 1, titled) && titled(stem);
}

// What can only be the same URL going on after a blank in a literal that starts with it: a query
// value after a blank before its '=' ("?sponsor =1"), or path segments after words of a segment
// ("/search/King of turtles/videos"): the blanks are raw in the URL, whatever the words are. With
// `plain_last_segment` (a literal or value that may hold nothing but the URL), also a last path
// segment of plain words.
bool continues_url(std::string_view url, const std::vector<std::string_view>& words,
                   bool plain_last_segment) {
  for (std::string_view w : words)
    if (starts_another_url(w) || w.find_first_of("\"'<>{}|\\`") != npos) return false;
  const std::size_t authority = url.find("//");
  if (authority == npos) return false;
  const std::size_t path = url.find_first_of("/?#", authority + 2);
  if (path == npos) return false;
  const auto name_char = [](char c) { return is_ident(c) || c == '-' || c == '.'; };
  // "?name =value": the query's name, a blank, then '=' and a value, or '=' ending the literal
  // ("?v =" + id).
  const std::string_view first = words.front();
  if (words.size() == 1 && first[0] == '=' && name_char(url.back()) &&
      url.find_first_of("?&", path) != npos && url.find_last_of("?&") > url.find_last_of('/'))
    return true;
  // "/King of turtles/videos": a path that does not end at the blank, plain words, and a last
  // word that goes on as path segments.
  if (url[path] != '/' || url.back() == '/' || url.find_first_of("?#", path) != npos) return false;
  for (std::size_t k = 0; k + 1 < words.size(); ++k)
    for (char c : words[k])
      if (!name_char(c) || c == '.') return false;
  const std::string_view last = words.back();
  // (A '/' in the last word's query or fragment is no path segment: "/King of turtles?p=a/b".)
  const std::size_t slash = last.substr(0, last.find_first_of("?#")).find('/');
  if (slash != npos)
    return slash > 0 && last.back() != '.' &&
           std::all_of(last.begin(), last.begin() + static_cast<std::ptrdiff_t>(slash), name_char);
  if (!plain_last_segment) return false;
  // "/wiki/Hudson Job", "/wiki/FR:Sturlevr an deraouidi": a last segment written with raw blanks,
  // words of letters and digits to the literal's end (or the query) and no verb among them (with a
  // verb it is a sentence: "https://x/a is down"); with words such as "of" or "for" only after a
  // segment written as a title ("/King of turtles", not "/docs for the manual"). The last word may
  // end in the URL's query or fragment ("/King of turtles?v=1").
  const std::string_view segment = url.substr(url.rfind('/') + 1);
  const bool title = !segment.empty() && segment[0] >= 'A' && segment[0] <= 'Z';
  const auto plain_word = [title](std::string_view w) {
    return !w.empty() && !predicate_word(w) && (title || !sentence_word(w)) &&
           std::all_of(w.begin(), w.end(), ascii::is_alnum);
  };
  // A title ends with a word of its own, not "of" or "and": "/Manual:Upgrading and" + " https://…"
  // is a sentence that goes on in the next string.
  const std::string_view last_word =
      titled_file_name(url, words) ? file_stem(last) : last.substr(0, last.find_first_of("?#"));
  return std::all_of(words.begin(), words.end() - 1, plain_word) && plain_word(last_word) &&
         !sentence_word(last_word);
}

// The words after an APT repository's URL: sources.list(5)'s "URI suite [component...]"
// ("http://deb.example/debian stable main", fresh14's preseed value) and apt's messages that
// quote it ("'http://archive.example.org/debian buster InRelease' changed its 'Suite' value",
// fresh96): a suite (Debian's and Ubuntu's, by class or codename, with its -updates, -security,
// -backports or -proposed pocket), then components (lower-case words: main, non-free...) or the
// index apt read. Not words of a path segment.
bool apt_source_words(const std::vector<std::string_view>& words) {
  static constexpr std::string_view kIndexes[] = {"InRelease", "Release", "Packages"};
  static constexpr std::string_view kPockets[] = {"-updates", "-security", "-backports",
                                                  "-proposed"};
  static constexpr std::string_view kSuites[] = {
      "stable",  "testing",  "unstable", "oldstable", "oldoldstable", "experimental", "sid",
      "woody",   "sarge",    "etch",     "lenny",     "squeeze",      "wheezy",       "jessie",
      "stretch", "buster",   "bullseye", "bookworm",  "trixie",       "forky",        "duke",
      "trusty",  "xenial",   "bionic",   "focal",     "jammy",        "lunar",        "mantic",
      "noble",   "oracular", "plucky",   "questing"};
  const auto listed = [](const auto& list, std::string_view w) {
    return std::find(std::begin(list), std::end(list), w) != std::end(list);
  };
  std::string_view suite = words.front();
  for (std::string_view pocket : kPockets)
    if (suite.size() > pocket.size() && suite.ends_with(pocket)) suite.remove_suffix(pocket.size());
  return listed(kSuites, suite) &&
         std::all_of(words.begin() + 1, words.end(), [&](std::string_view w) {
           return listed(kIndexes, w) || w.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == npos;
         });
}

// An XML namespace and the schema document that defines it, the pairs of xsi:schemaLocation
// ("http://x.example/ns model.xsd"), written where the attribute's name is not in sight (a Java
// string given to a SAX writer, an XML comment, a file read as text): two items, not one URL.
bool schema_location_pair(const std::vector<std::string_view>& words) {
  if (words.size() != 1) return false;
  for (std::string_view ext : {".xsd", ".dtd", ".rng", ".rnc", ".wsdl"})
    if (iends_with(words[0], ext) && words[0].size() > ext.size()) return true;
  return false;
}

// Whether an odd run of backslashes ends just before t[i].
static bool odd_backslashes_before(std::string_view t, std::size_t i) {
  std::size_t run = 0;
  while (run < i && t[i - 1 - run] == '\\')
    ++run;
  return run % 2 == 1;
}

// Whether a value is a repository's URL and then one word ("https://github.com/a/b.git b"): git
// clone's arguments, the repository and the directory to clone it into, as a usage text shows.
static bool clone_arguments(std::string_view url, const std::vector<std::string_view>& words) {
  return words.size() == 1 && url.ends_with(".git") &&
         std::all_of(words[0].begin(), words[0].end(), [](char c) {
           return charsets::alnum.contains(c) || c == '-' || c == '_' || c == '.' || c == '/';
         });
}

// Whether `w` begins with a symbol that no path segment or query word starts with: an arrow,
// a mathematical or technical sign, a shape, a dingbat (U+2190–U+2BFF, in UTF-8 E2 86..AF) or an
// emoji or pictograph (U+1F000–U+1FFFF, F0 9F): "→", "⇒", "➜", "★", "🥊". A mapping
// ("https://obsidian.md/* → ${localized}*", as "->" and "=>" are) or a tweet's text after its link
// ("https://t.co/IM2mq1kdx0 🥊 🎥 #MayweatherVsMcGregor").
static bool symbol_word(std::string_view w) {
  if (w.size() < 3) return false;
  const auto lead = static_cast<unsigned char>(w[0]), next = static_cast<unsigned char>(w[1]);
  return (lead == 0xE2 && next >= 0x86 && next <= 0xAF) ||
         (lead == 0xF0 && next == 0x9F && w.size() >= 4);
}

// Whether a literal or value that starts with a URL holds just that URL, raw blanks and all
// pctlint-disable-next-line PCT003 -- the examples are what the rule reports
// ("https://x/my file.pdf", "https://x/?q=a b"), rather than a URL and then other text: words of a
// sentence ("https://x is down"), a command's options ("https://x -o out"), markup or another URL.
bool reads_as_one_url(std::string_view value, const std::vector<Span>& holes,
                      OneUrlReading reading) {
  const bool strict = reading == OneUrlReading::QuotedInProse;
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
  // Quoted in running text, only what a URL can hold raw besides the blanks: a backslash (a
  // "\n" written in the quotes), a bracket or a brace says it is code or markup quoted, not a URL.
  if (strict && value.find_first_of("\\[]{}<>|^`\"") != npos) return false;
  // The end of an attribute whose start is in another literal ('https://x/" />'): markup.
  for (std::size_t q = find_any_of3(value, 0, value.size(), '"', '\'', '"'); q < value.size();
       q = find_any_of3(value, q + 1, value.size(), '"', '\'', '"')) {
    std::size_t k = q + 1;
    while (k < value.size() && is_blank(value[k]))
      ++k;
    if (k < value.size() && (value[k] == '>' || value.compare(k, 2, "/>") == 0)) return false;
  }
  for (std::size_t q = value.find('='); q != npos; q = value.find('=', q + 1))
    if (q + 1 < value.size() && (value[q + 1] == '"' || value[q + 1] == '\'') &&
        attribute_name_before(value.substr(0, q)))
      return false;
  // URLs joined by a full-width or ideographic comma or semicolon, as CJK text lists them
  // ("https://a/x/，https://b/y/"), or by '|' as Go's GOPROXY and fallback lists do
  // ("https://proxy.a|https://proxy.b"): a list, each URL ending before its separator.
  for (const std::string_view separator : {"\uFF0C", "\u3001", "\uFF1B", "|"})
    for (std::size_t at = value.find(separator); at != npos; at = value.find(separator, at + 1))
      if (starts_with_scheme(value.substr(at + separator.size()))) return false;
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
  // More words than a file name's or a title's are a sentence, unless the path goes on among
  // them ("/uploads/The Ultimate Album/the ultimate album.xml", a podcast's feed).
  const auto path_word = [](std::string_view w) { // "Album/the": segments' words, a '/' inside
    const std::size_t slash = w.find('/');
    return slash != npos && slash > 0 && slash + 1 < w.size() &&
           std::all_of(w.begin(), w.end(), [](char c) {
             return charsets::alnum.contains(c) || c == '-' || c == '_' || c == '.' || c == '/' ||
                    static_cast<unsigned char>(c) >= 0x80;
           });
  };
  const bool path_goes_on = url.back() != '/' && std::any_of(words.begin(), words.end(), path_word);
  const bool long_name = path_goes_on || (!strict && titled_file_name(url, words));
  if (words.empty() || words.size() > (long_name ? 8u : 3u)) return false;
  if (schema_location_pair(words) || apt_source_words(words) || clone_arguments(url, words))
    return false;
  if (url.back() == ':') return false; // "key: value", a header
  // A query whose last value is empty, then words: arguments after the URL, not a value that
  // begins with a blank ("…/tokeninfo?access_token= uid realm=/employees", pam_oauth2's line).
  if (url.back() == '=' || url.back() == '&') return false;
  // A list: "https://x/issues, a.b@x.com, c@x.com" (a contact list), or a sentence about the URL.
  if ((url.back() == ',' || url.back() == ';') && email_address(words.front())) return false;
  // A ';' and a blank end a command or a clause ("xdg-open https://imagemagick.org/; rm %i", a
  // delegate's command line in ImageMagick): no segment of a URL ends so.
  if (url.back() == ';') return false;
  // A URL and its title after a comma, as a docs site's front matter lists related links
  // ("https://prometheus.io/docs/concepts/data_model/, Prometheus data model"): words with
  // nothing of a path or query in them.
  if (url.back() == ',' &&
      std::count(url.begin(), url.end(), '(') <= std::count(url.begin(), url.end(), ')') &&
      std::none_of(words.begin(), words.end(),
                   [](std::string_view w) { return w.find_first_of("/?=&%#") != npos; }))
    return false;
  if (std::any_of(words.begin(), words.end(), unspaced_sentence)) return false;
  if (names_whole_file(url, words)) return false;
  if (continues_url(url, words, reading == OneUrlReading::Value)) return true;
  for (std::string_view w : words)
    if (starts_another_url(w) || sentence_word(w) || ascii::is_one_of(w[0], "-[{}|<>;&=\\\"'") ||
        symbol_word(w))
      return false; // another URL, a sentence, an option, markup or code, a quoted argument, a
                    // mapping or text with emoji
  // What clearly continues the URL: parentheses that close after the blank ("#wait(long, int)"),
  // a last word that goes on like a path or query ("Report.pdf", "pass@host/path").
  const auto balance = [](std::string_view s) {
    return std::count(s.begin(), s.end(), '(') - std::count(s.begin(), s.end(), ')');
  };
  if (balance(url) > 0 && balance(value) == 0) return true;
  const std::string_view last = words.back();
  // An aside in parentheses that closes the value ("https://www.example.com (no slash at the
  // end.)", in whatever script): a note about the URL, not a file name's "(final).pdf".
  if (balance(url) == 0 && last.back() == ')' &&
      std::any_of(words.begin(), words.end(), [](std::string_view w) { return w[0] == '('; }))
    return false;
  // (Not after a fragment: "#cpu-units status.capacity.cpu" is a link and a field's name.)
  constexpr std::string_view kMarks = "/.?=&%#@";
  if (url.find('#') == npos && last.find_first_of(kMarks) != npos &&
      last.find_first_of(kMarks) + 1 < last.size() && kMarks.find(last.back()) == npos &&
      !ascii::is_one_of(last.back(), ".,:;!?"))
    return true;
  if (strict) return false;
  bool at_sign = false;
  for (std::string_view w : words) {
    if (w[0] == '(' || ascii::is_one_of(w.back(), ".,:;!?)")) return false; // an aside, punctuation
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

// Whether a JavaScript or TypeScript file gives whole URLs to encodeURI(): its IRIs in string
// literals are readable on purpose and encoded where they are used (a bot's table of sources,
// 'https://news.example.hk/pns/要聞/section/', fetched as encodeURI(url)). Asked once a file, and
// only for a literal with a non-ASCII byte.
bool Finder::encodes_whole_urls() {
  if (encodes_whole_urls_ < 0) {
    encodes_whole_urls_ = 0;
    for (std::size_t at = src_.find("encodeURI("); at != npos; at = src_.find("encodeURI(", at + 1))
      if (at == 0 || !is_ident(src_[at - 1])) {
        encodes_whole_urls_ = 1;
        break;
      }
  }
  return encodes_whole_urls_ == 1;
}

// Whether the literal is the value of a key whose value is a blank-separated list (a YAML or
// JSON value, a JS object's property): one named as srcset is, image candidates, each a URL and a
// width or density after a blank; an OAuth scope (RFC 6749, 3.3), scope tokens some of which are
// URLs ({ scope: 'https://api.github.com/repo openid email' }).
bool Finder::blank_list_key(const Literal& lit) const {
  if (lit.attribute || lit.open < line_start_) return false;
  const std::string_view key = key_before(src_, line_start_, lit.open);
  // "scope" as the key's last word ("scope", "oauth_scope", "defaultScopes"), not its tail
  // ("telescope", "microscope").
  const auto last_word = [&](std::string_view word) {
    if (!iends_with(key, word)) return false;
    const std::size_t at = key.size() - word.size();
    return at == 0 || !ascii::is_alpha(key[at - 1]) ||
           (ascii::is_upper(key[at]) && !ascii::is_upper(key[at - 1]));
  };
  return iends_with(key, "srcset") || last_word("scope") || last_word("scopes");
}

const Finder::LiteralLine& Finder::literal_line(const Literal& lit, Language lang) {
  LiteralLine& ll = line_;
  if (ll.open == lit.open && ll.line == line_start_ && start_ < ll.close) return ll;
  ll.open = lit.open;
  ll.line = line_start_;
  ll.from = std::max(lit.content_begin, line_start_);
  ll.close = literal_close(src_, lit, start_, line_end_);
  ll.closes = ll.close < line_end_ || (lit.value_end != npos && ll.close == lit.value_end) ||
              (lit.close.empty() && !lit.spans_lines);
  const std::string_view content = src_.substr(ll.from, ll.close - ll.from);
  ll.decoded = has_escapes(content, lit.escapes, lit.quote) ||
               (lit.escape_hashes > 0 && content.find('\\') != npos);
  ll.escaped_controls.clear();
  ll.interpolations.clear();
  if (!ll.decoded) return ll;
  ll.text = decode_literal(src_, ll.from, ll.close, lit, spec_of(lang));
  const std::string_view text = ll.text.text;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (src_[ll.text.offsets[i]] != '\\') continue;
    if (static_cast<unsigned char>(text[i]) < 0x20) ll.escaped_controls.push_back(i);
    if (text[i] == '(' && lang == Language::Swift) ll.interpolations.push_back(i);
  }
  return ll;
}

Piece Finder::piece_of(const LiteralLine& ll) const {
  if (ll.decoded) return {ll.text.text, &ll.text.offsets, 0};
  return {src_.substr(ll.from, ll.close - ll.from), nullptr, ll.from};
}

// Whether a literal that begins or ends with '%' is an SQL LIKE pattern: the word LIKE (any case)
// stands before it in its statement, within 480 bytes ("… WHERE object LIKE ?", [userID,
// 'http://zotero.org/users/local/%']): its '%' matches any run of characters, no escape.
static bool sql_like_pattern(std::string_view src, std::size_t open, std::string_view text) {
  if (text.empty() || (text.front() != '%' && text.back() != '%')) return false;
  const std::size_t from = open > 480 ? open - 480 : 0;
  const std::string_view before = src.substr(from, open - from);
  for (std::size_t at = before.size(); at >= 4; --at) {
    if (before[at - 1] == ';') return false; // another statement
    if (ascii::iequals(before.substr(at - 4, 4), "like") &&
        (at == 4 || !is_ident(before[at - 5])) && (at == before.size() || !is_ident(before[at])))
      return true;
  }
  return false;
}

bool Finder::is_regex(const Literal& lit, const Piece& piece, Language lang) {
  if (lit.regex) return true;
  if (regex_open_ == lit.open) return regex_value_;
  regex_open_ = lit.open;
  const std::size_t open_line = lit.open >= line_start_ ? line_start_ : line_start(lit.open);
  const auto key_names_no_url = [&] {
    const std::string_view key = key_before(src_, open_line, lit.open);
    return regex_key(key) || decoded_key(key) || connection_string_key(key);
  };
  regex_value_ = regex_call_before(src_, open_line, lit.open, lang) || regex_syntax(piece.text) ||
                 (spec_of(lang).config && key_names_no_url()) ||
                 sql_like_pattern(src_, lit.open, piece.text);
  return regex_value_;
}

// Moves `end` back to the first control character in text[k, end) that an escape wrote (the
// source holds a backslash there), if any: whether it did.
bool Finder::escaped_control_before(const LiteralLine& ll, std::size_t k, std::size_t& end) {
  const auto& at = ll.escaped_controls;
  const auto first = std::lower_bound(at.begin(), at.end(), k);
  if (first == at.end() || *first >= end) return false;
  end = *first;
  return true;
}

// Moves `end` back to the first Swift interpolation "\(expr)" in text[k, end) (decoded as its
// '(') whose code holds what a URL may not (d["k"] ?? ""), if any: whether there was one. Such
// code is no URL's, and an edit inside it would change the program; "\(id)" reads as a URL's
// parentheses and is left to run on.
bool Finder::interpolation_before(const LiteralLine& ll, std::size_t k, std::size_t& end) {
  const std::string_view text = ll.text.text;
  const auto& at = ll.interpolations;
  for (auto it = std::lower_bound(at.begin(), at.end(), k); it != at.end() && *it < end; ++it) {
    const std::size_t i = *it;
    int depth = 0;
    std::size_t j = i;
    for (; j < end; ++j) {
      if (text[j] == '(') ++depth;
      if (text[j] == ')' && --depth == 0) break;
    }
    const std::string_view code = text.substr(i, j - i);
    if (j < end && code.find_first_of(" \t\"'[]{}<>|^`\\") == std::string_view::npos) continue;
    end = i;
    return true;
  }
  return false;
}

// Where a URL ends that is the first field of a record delimited by '|': its path ends with '/'
// right before the first '|', and three '|' or more follow the URL
// ("https://www.php.net/|8.4.5|1743832640|0|…", a mirror's status line): npos for anything else. A
// '|' inside a query is the URL's own (family=Lato|Roboto|Open+Sans), and so is one between words
// of a path ("/a|b").
static std::size_t record_field_end(std::string_view value) {
  const std::size_t bar = value.find('|');
  if (bar == npos || bar == 0 || value[bar - 1] != '/') return npos;
  const std::size_t query = value.find('?');
  if (query < bar) return npos;
  return std::count(value.begin() + static_cast<std::ptrdiff_t>(bar), value.end(), '|') >= 3 ? bar
                                                                                             : npos;
}

bool Finder::in_literal(const Literal& lit, Language lang) {
  // In the literal's opening delimiter (R"s://(...)"), not its content.
  if (start_ < std::max(lit.content_begin, line_start_)) return false;
  const LiteralLine& ll = literal_line(lit, lang);
  Piece piece = piece_of(ll);
  if (is_regex(lit, piece, lang)) return false;
  const std::size_t k = piece.index_of(start_);
  std::size_t value_end = trim_end(piece.text, k, piece.text.size());
  // An attribute's value made by a template's string concatenation: code, no URL.
  if (lit.attribute && concatenated_in_code(piece.text.substr(k, value_end - k))) return false;
  // A control character written as an escape ("...\n  imported by: x", "a\tb", a "\0"
  // terminator) ends what the URL can be: the literal goes on with another line or field of text.
  const bool escaped_control =
      ll.decoded && (escaped_control_before(ll, k, value_end) ||
                     (lang == Language::Swift && interpolation_before(ll, k, value_end)));
  // The first field of a '|'-delimited record ends there, as at an escaped control.
  const std::size_t field_end = record_field_end(piece.text.substr(k, value_end - k));
  const bool record = field_end != npos;
  if (record) value_end = k + field_end;
  const LanguageSpec& spec = spec_of(lang);
  bool formatted =
      !lit.attribute && ll.closes && lit.content_begin >= line_start_ &&
      formatted_literal(src_, line_start_, lit.open, ll.close + lit.close.size(), line_end_, lang);
  // A string quoted inside a value (printf "http://host:%s/" in a Helm template in YAML).
  // Also a Go template's printf `...` inside an attribute (href="{{ printf `https://x/v%s` .
  // }}").
  if (!formatted && start_ > line_start_ &&
      (((src_[start_ - 1] == '"' || src_[start_ - 1] == '\'') && !lit.attribute) ||
       src_[start_ - 1] == '`')) {
    const std::size_t inner_close = src_.substr(0, line_end_).find(src_[start_ - 1], start_);
    formatted = inner_close < line_end_ &&
                formatted_literal(src_, line_start_, start_ - 1, inner_close + 1, line_end_, lang);
  }
  // printf's format, or a word of echo -e, in single quotes: the command reads the backslash
  // escapes the shell leaves ('http://host/ubuntu\tpriority:1\n'), so a backslash ends the URL
  // as a control character an escape wrote does.
  bool command_escapes = false;
  if (lang == Language::Shell && !ll.decoded && src_[lit.open] == '\'' &&
      shell_command_escapes(src_, line_start_, lit.open)) {
    const std::size_t backslash = piece.text.find('\\', k);
    command_escapes = backslash < value_end;
    if (command_escapes) value_end = backslash;
  }
  // A backslash before a character special to a shell or to curl's globs, left in a double-quoted
  // word ("…/?provider=x\\&hint=alice" given to adb shell, ssh, sh -c): an escape for the program
  // that reads the text next, not a byte of the URL, which ends before it.
  if (lang == Language::Shell && src_[lit.open] == '"') {
    const std::size_t backslash = escape_for_next_reader(piece.text, k, value_end);
    if (backslash < value_end) {
      command_escapes = true;
      value_end = backslash;
    }
  }
  url_.formatted = formatted;
  url_.maybe_formatted = !formatted && spec.printf && !lit.attribute && !lit.config &&
                         maybe_formatted_literal(src_, lit.open, lang);
  url_.namespace_name = lit.namespace_name;
  url_.declared_iri =
      (lit.config && declared_iri(src_, line_start_, lit.open)) ||
      ((lit.config || lit.attribute) && placeholder_key(key_before(src_, line_start_, lit.open)));
  unsigned active =
      active_placeholder_styles(options_.placeholders, spec.printf && !lit.attribute && !lit.config,
                                line_styles(), formatted);
  // Qt's QString("...%1...").arg(x): the literal itself is given to .arg().
  if ((options_.placeholders & static_cast<unsigned>(PlaceholderStyle::QtArg)) &&
      (lang == Language::Cpp || lang == Language::C) && ll.closes &&
      qt_arg_after(src_, ll.close + lit.close.size(), line_end_))
    active |= static_cast<unsigned>(PlaceholderStyle::QtArg);
  // Only a literal that starts with the URL on this line, and ends on it, can be the URL whole.
  bool at_value_start = lit.content_begin >= line_start_;
  for (std::size_t i = 0; i < k && at_value_start; ++i)
    at_value_start = is_blank(piece.text[i]);
  at_value_start = at_value_start && ll.closes && !lit.list && !lit.partial && !escaped_control &&
                   !command_escapes && !record && !spec.prose_strings &&
                   !continues_adjacent_literal(src_, lit.open, lang);
  // A blank-separated list's first item ends at the first blank, as its reader splits it (and a
  // srcset candidate's trailing commas are not its URL's): its extent is given, not guessed.
  const std::size_t literal_value_end = value_end;
  if (at_value_start && blank_list_key(lit)) {
    value_end = std::min(value_end, piece.text.find_first_of(" \t", k));
    while (value_end > k && piece.text[value_end - 1] == ',')
      --value_end;
  }
  const UrlContext context = lit.attribute ? UrlContext::Attribute
                             : lit.config  ? UrlContext::ConfigValue
                                           : UrlContext::StringLiteral;
  std::string_view value = piece.text.substr(k, value_end - k);
  if (!lit.attribute && (lang == Language::JavaScript || lang == Language::TypeScript) &&
      std::any_of(value.begin(), value.end(), [](char c) { return c & 0x80; }) &&
      encodes_whole_urls())
    url_.declared_iri = true;
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
      exact = reads_as_one_url(value, found,
                               lit.attribute ? OneUrlReading::TextAttribute : OneUrlReading::Value);
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
    exact = lit.url_attribute ||
            reads_as_one_url(value, found,
                             lit.attribute ? OneUrlReading::TextAttribute : OneUrlReading::Value);
  }
  UrlContext in_context = context;
  bool markup_end = false;
  if (!exact) { // markup inside the literal ("<a href=\"...\">") may give the end
    Markup markup = Markup::None;
    const std::size_t previous_end =
        resume_ > piece.source(0) ? piece.index_of(std::min(resume_, piece.source(value_end))) : 0;
    const std::size_t s = structural_end(piece.text.substr(0, value_end), k, markup, previous_end);
    if (s != npos) {
      e = s;
      holes = markup_end = true;
      // Markup written in a literal is embedded: its extent is given by a link's own syntax
      // (a Markdown link, an <autolink>) or an attribute whose value is a URL by definition
      // (href=\"...\"), and guessed for any other attribute (an xsi:schemaLocation, a content=)
      // and a reference definition, which runs to the next blank (a docstring's closing quote).
      exact = markup == Markup::Link || markup == Markup::Autolink || markup == Markup::CssUrl ||
              (markup == Markup::Attribute && k >= 2 &&
               is_url_attribute(attribute_name_at_end(piece.text.substr(0, k - 2))));
      // An attribute in HTML text goes over the wire as written; a reST or Markdown link in a
      // docstring is documentation, read as prose (PCT004's policy).
      in_context = markup == Markup::Attribute ? UrlContext::Attribute : UrlContext::Prose;
      // A backslash right before the attribute's closing quote: the quote may be escaped in what
      // holds the markup (a Hugo shortcode's src="…&v=4\"" in a TOML string: the value goes on
      // past it, '"' and all), so its end is not certain, and an escape written for the
      // backslash would unescape the quote.
      if (markup == Markup::Attribute && odd_backslashes_before(piece.text, s)) exact = false;
      if (markup == Markup::Attribute && k >= 2) {
        const std::string_view name = attribute_name_at_end(piece.text.substr(0, k - 2));
        url_.namespace_name = names_by_string(name);
      }
    }
  }
  if (!exact && !markup_end)
    e = prose_end(piece.text, k, k + scheme_end_, value_end, active, holes);
  if (e < k || !long_enough(e - k)) return false;
  if (slashes_ && piece.text.compare(k + scheme_end_ - 1, 3, "://") != 0) return false;
  if (e == literal_value_end && ll.closes && !lit.close.empty())
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
bool Finder::join(const Literal& lit, const LiteralLine& ll, const Piece& piece, std::size_t k) {
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
      const DecodedText d = decode_literal(src_, next + 1, close, lit, spec);
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
std::size_t Finder::next_joined_literal(std::size_t after, char quote,
                                        const LanguageSpec& spec) const {
  std::size_t i = after;
  const std::size_t limit = std::min(src_.size(), after + kLookAhead);
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
bool Finder::operator_follows(const Literal& lit, const LiteralLine& ll) const {
  const LanguageSpec& spec = spec_of(lang_);
  if (spec.concatenation.empty()) return false;
  std::size_t i = ll.close + lit.close.size();
  const std::size_t limit = std::min(src_.size(), i + kLookAhead);
  while (i < limit && (is_blank(src_[i]) || src_[i] == '\n' || src_[i] == '\r'))
    ++i;
  return src_.compare(i, spec.concatenation.size(), spec.concatenation) == 0;
}

} // namespace pctlint::finding
