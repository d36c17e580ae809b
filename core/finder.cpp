// Finding URLs. Candidates come from a fast search for "://" and "mailto:"; only the line around
// a candidate is lexed, to learn whether it stands in a string literal, a config value, a markup
// attribute or prose (comments, text). Lexing is resumable along a line, so a minified file with
// thousands of URLs on one line is still lexed once. Multi-line strings and block comments that
// began on an earlier line are read as prose, which is what their content usually is.
#include "core/charset.h"
#include "core/finder_text.h"
#include "core/language.h"
#include "core/scan.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>

namespace pctlint {

namespace {

enum class State { Code, String, Comment };

struct StringInfo {
  std::size_t content_begin = 0;
  std::string close; // the closing delimiter
  EscapeStyle escapes = EscapeStyle::Backslash;
  char quote = '"';
  bool markup_attribute = false;
};

// Lexes one line from its start, remembering where it got to so later candidates on the same
// line resume instead of starting over.
class LineLexer {
public:
  LineLexer(std::string_view src, const LanguageTraits& traits, Language lang)
      : src_(src), tr_(traits), lang_(lang) {
    // Bytes at which step() may do something in code; every other byte is skipped in bulk.
    std::string stops = "\"'`<>";
    for (std::string_view marker : {tr_.comments.line, tr_.comments.block_open})
      if (!marker.empty()) stops += marker[0];
    if (tr_.rust_raw) stops += 'r';
    if (tr_.cpp_raw) stops += 'R';
    if (tr_.csharp_verbatim) stops += '@';
    code_stops_ = CharSet(stops);
  }

  // The state at `target`, which must lie on the line starting at `line_start`.
  State advance(std::size_t line_start, std::size_t target) {
    if (line_start != line_start_ || target < pos_) {
      line_start_ = pos_ = line_start;
      state_ = State::Code;
      in_tag_ = false;
    }
    while (pos_ < target && state_ != State::Comment) {
      const bool stop =
          state_ == State::Code ? code_stops_.contains(src_[pos_]) : string_stop(src_[pos_]);
      if (stop)
        step();
      else
        ++pos_;
    }
    return state_;
  }
  const StringInfo& string() const { return string_; }

  // Inside a string only a backslash, the quote and the closer's first byte can matter.
  bool string_stop(char c) const {
    return c == '\\' || c == string_.quote || c == string_.close[0];
  }

  // Where the current string closes on this line (the closing delimiter's offset), or the line end.
  std::size_t string_end(std::size_t from, std::size_t line_end) const {
    const EscapeStyle escapes = string_.escapes;
    const char quote = string_.quote;
    const std::string_view close = string_.close;
    for (std::size_t i = from; i < line_end;) {
      // Most bytes are none of these.
      i = find_any_of3(src_, i, line_end, '\\', quote, close[0]);
      if (i == line_end) break;
      const char c = src_[i];
      if (escapes == EscapeStyle::Backslash && c == '\\') {
        i += 2;
        continue;
      }
      if (escapes == EscapeStyle::Doubling && c == quote && i + 1 < line_end &&
          src_[i + 1] == quote) {
        i += 2;
        continue;
      }
      if (c == close[0] && src_.compare(i, close.size(), close) == 0) return i;
      ++i;
    }
    return line_end;
  }

private:
  bool at(std::size_t i, std::string_view s) const {
    return !s.empty() && src_[i] == s[0] && src_.compare(i, s.size(), s) == 0;
  }
  bool ident_before(std::size_t i) const {
    return i > line_start_ &&
           (std::isalnum(static_cast<unsigned char>(src_[i - 1])) || src_[i - 1] == '_');
  }

  void open_string(std::size_t content, std::string close, EscapeStyle esc, char quote) {
    state_ = State::String;
    string_ = {content, std::move(close), esc, quote, tr_.markup};
    pos_ = content;
  }

  void step() {
    const std::size_t i = pos_;
    const char c = src_[i];
    if (state_ == State::String) {
      if (string_.escapes == EscapeStyle::Backslash && c == '\\')
        pos_ += 2;
      else if (string_.escapes == EscapeStyle::Doubling && c == string_.quote &&
               i + 1 < src_.size() && src_[i + 1] == c)
        pos_ += 2;
      else if (at(i, string_.close))
        pos_ += string_.close.size(), state_ = State::Code;
      else
        ++pos_;
      return;
    }
    // Code
    if (tr_.markup) {
      if (at(i, "<!--")) {
        const std::size_t close = src_.find("-->", i + 4);
        if (close == std::string_view::npos)
          state_ = State::Comment;
        else
          pos_ = close + 3;
        return;
      }
      if (c == '<')
        in_tag_ = true;
      else if (c == '>')
        in_tag_ = false;
      else if (in_tag_ && (c == '"' || c == '\''))
        return open_string(i + 1, std::string(1, c), EscapeStyle::Entities, c);
      ++pos_;
      return;
    }
    const CommentSyntax& cs = tr_.comments;
    if (at(i, cs.block_open)) {
      const std::size_t close = src_.find(cs.block_close, i + cs.block_open.size());
      if (close == std::string_view::npos)
        state_ = State::Comment;
      else
        pos_ = close + cs.block_close.size();
      return;
    }
    if (at(i, cs.line) && (!tr_.line_comment_needs_space || i == line_start_ ||
                           src_[i - 1] == ' ' || src_[i - 1] == '\t')) {
      state_ = State::Comment;
      return;
    }
    if (tr_.python_strings && (c == '"' || c == '\'')) {
      bool raw = false;
      for (std::size_t k = i;
           k > line_start_ && k + 2 >= i && std::isalpha(static_cast<unsigned char>(src_[k - 1]));
           --k)
        raw = raw || src_[k - 1] == 'r' || src_[k - 1] == 'R';
      const std::string triple(3, c);
      const EscapeStyle esc = raw ? EscapeStyle::None : EscapeStyle::Backslash;
      if (at(i, triple)) return open_string(i + 3, triple, esc, c);
      return open_string(i + 1, std::string(1, c), esc, c);
    }
    if (tr_.rust_raw && c == 'r' && !ident_before(i)) {
      std::size_t k = i + 1;
      while (k < src_.size() && src_[k] == '#')
        ++k;
      if (k < src_.size() && src_[k] == '"')
        return open_string(k + 1, "\"" + std::string(k - i - 1, '#'), EscapeStyle::None, '"');
    }
    if (tr_.cpp_raw && c == 'R' && i + 1 < src_.size() && src_[i + 1] == '"') {
      const std::size_t paren = src_.find('(', i + 2);
      if (paren != std::string_view::npos && paren - i < 20) {
        const std::string delim(src_.substr(i + 2, paren - i - 2));
        return open_string(paren + 1, ")" + delim + "\"", EscapeStyle::None, '"');
      }
    }
    if (tr_.csharp_verbatim && c == '@' && i + 1 < src_.size() && src_[i + 1] == '"')
      return open_string(i + 2, "\"", EscapeStyle::Doubling, '"');
    if (c == '"' && tr_.double_quotes) return open_string(i + 1, "\"", EscapeStyle::Backslash, '"');
    if (c == '\'' && tr_.single_quotes) {
      const EscapeStyle esc = tr_.single_quote_doubling ? EscapeStyle::Doubling
                              : tr_.single_quotes_raw   ? EscapeStyle::None
                                                        : EscapeStyle::Backslash;
      return open_string(i + 1, "'", esc, '\'');
    }
    if (c == '`' && tr_.backtick_strings)
      return open_string(i + 1, "`", tr_.backtick_raw ? EscapeStyle::None : EscapeStyle::Backslash,
                         '`');
    ++pos_;
  }

  std::string_view src_;
  const LanguageTraits& tr_;
  [[maybe_unused]] Language lang_;
  std::size_t line_start_ = std::string_view::npos;
  std::size_t pos_ = 0;
  State state_ = State::Code;
  bool in_tag_ = false;
  StringInfo string_;
  CharSet code_stops_;
};

bool is_prose_stop(unsigned char c) {
  return c <= ' ' || c == 0x7F || c == '"' || c == '\'' || c == '`' || c == '<' || c == '>';
}

const ByteClass& prose_stops() {
  static const ByteClass stops = [] {
    std::array<bool, 256> members{};
    for (unsigned c = 0; c < 256; ++c)
      members[c] = is_prose_stop(static_cast<unsigned char>(c));
    return ByteClass(members);
  }();
  return stops;
}

// GitHub-style autolink end: stop at whitespace, quotes and <>, then drop trailing punctuation
// and unbalanced closers.
// `holes` are placeholders (offsets relative to `begin`): the URL runs on through them.
std::size_t prose_end(std::string_view t, std::size_t begin, std::size_t limit,
                      const std::vector<Span>& holes) {
  std::size_t e = begin;
  for (const Span& hole : holes) {
    const std::size_t hole_begin = std::min(limit, begin + hole.begin);
    if (hole_begin < e) continue;
    e = prose_stops().find(t, e, hole_begin);
    if (e < hole_begin) break; // stopped before the placeholder
    e = std::max(e, std::min(limit, begin + hole.end));
  }
  if (e < limit) e = prose_stops().find(t, e, limit);
  while (e > begin) {
    const char last = t[e - 1];
    if (std::string_view(".,;:!?*_~").find(last) != std::string_view::npos) {
      --e;
      continue;
    }
    if (last == ')' || last == ']') {
      const char open = last == ')' ? '(' : '[';
      const std::string_view url = t.substr(begin, e - begin);
      // Escaped brackets count too, so encoding a bracket (PCT005's fix) does not move the end.
      auto occurrences = [&](char c, const char* escaped) {
        std::size_t n = static_cast<std::size_t>(std::count(url.begin(), url.end(), c));
        for (std::size_t at = 0; (at = url.find('%', at)) != std::string_view::npos; ++at)
          if (at + 2 < url.size() && url[at + 1] == escaped[1] &&
              std::toupper(static_cast<unsigned char>(url[at + 2])) == escaped[2])
            ++n;
        return n;
      };
      const bool square = last == ']';
      if (occurrences(open, square ? "%5B" : "%28") < occurrences(last, square ? "%5D" : "%29")) {
        --e;
        continue;
      }
    }
    break;
  }
  return e;
}

// A literal (or config value) that starts with a URL is one URL, raw spaces included, unless the
// words after the first space read like prose rather than a path ("... is down").
bool whole_value_is_url(std::string_view value, const std::vector<Span>& holes) {
  // Placeholders read as word characters, whatever they hold.
  std::string masked;
  if (!holes.empty()) {
    masked.assign(value);
    for (const Span& h : holes)
      if (h.end <= masked.size()) std::fill(masked.begin() + h.begin, masked.begin() + h.end, 'x');
    value = masked;
  }
  const auto is_space = [](char c) { return c == ' ' || c == '\t'; };
  if (find_any_of3(value, 0, value.size(), ' ', '\t', ' ') == value.size()) return true;
  std::size_t word = value.size(); // the last word starts here
  while (!is_space(value[word - 1]))
    --word;
  if (word == value.size()) return false;
  constexpr CharSet marks("/.?=&%#");
  for (std::size_t i = word; i < value.size(); ++i)
    if (marks.contains(value[i])) return i + 1 < value.size();
  return false;
}

std::size_t trim_end(std::string_view t, std::size_t begin, std::size_t end) {
  while (end > begin &&
         (t[end - 1] == ' ' || t[end - 1] == '\t' || t[end - 1] == '\r' || t[end - 1] == '\n'))
    --end;
  return end;
}

// For "key: value", "key=value", "- value" lines: is `at` where the value starts?
bool starts_config_value(std::string_view src, std::size_t line_start, std::size_t at) {
  std::string_view before = src.substr(line_start, at - line_start);
  while (!before.empty() && (before.back() == ' ' || before.back() == '\t'))
    before.remove_suffix(1);
  if (before.empty()) return true; // a bare value / list continuation
  const char last = before.back();
  if (last == '=' || last == ':' || last == '-') {
    before.remove_suffix(1);
    // the key: no spaces inside (after indentation), or "export KEY"
    const std::size_t first = before.find_first_not_of(" \t");
    const std::string_view key =
        first == std::string_view::npos ? std::string_view() : before.substr(first);
    return key.find_first_of(" \t") == std::string_view::npos || key.starts_with("export ");
  }
  return false;
}

// Whether decoding a literal's content could change it; most literals hold no escape at all.
bool has_escapes(std::string_view content, EscapeStyle style, char quote) {
  switch (style) {
  case EscapeStyle::None:
    return false;
  case EscapeStyle::Backslash:
    return content.find('\\') != std::string_view::npos;
  case EscapeStyle::Doubling:
    return content.find(quote) != std::string_view::npos;
  case EscapeStyle::Entities:
    return content.find('&') != std::string_view::npos;
  }
  return true;
}

char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether `a` equals the lowercase `b`, ignoring ASCII case.
bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return ascii_lower(x) == y; });
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

std::size_t next_candidate(std::string_view s, std::size_t from) {
  const std::size_t i = find_byte_in_context(s, from, kUrlColon);
  return i == s.size() ? std::string_view::npos : i;
}

} // namespace

void for_each_url(std::string_view src, Language lang, const FinderOptions& options,
                  const std::function<void(const FoundUrl&)>& each) {
  // One FoundUrl for all: its buffers keep their capacity, so a URL costs no allocation.
  FoundUrl url;
  const LanguageTraits& tr = traits_of(lang);
  LineLexer lexer(src, tr, lang);
  const bool code_point_hex = lang == Language::JavaScript || lang == Language::TypeScript ||
                              lang == Language::Python || lang == Language::CSharp ||
                              lang == Language::Json;
  std::size_t resume = 0; // candidates before this lie inside a URL already found
  const char* base = src.data();
  for (std::size_t colon = 0;; ++colon) {
    colon = next_candidate(src, std::max(colon, resume));
    if (colon == std::string_view::npos) break;
    std::size_t start;
    // "://", or ":\/\/" as JSON and JavaScript may escape it
    const bool slashes =
        (colon + 2 < src.size() && src[colon + 1] == '/' && src[colon + 2] == '/') ||
        (colon + 1 < src.size() && src[colon + 1] == '\\' &&
         src.compare(colon + 1, 4, "\\/\\/") == 0);
    if (slashes) {
      start = colon;
      while (start > 0 && charsets::scheme.contains(src[start - 1]))
        --start;
      while (start < colon && !charsets::alpha.contains(src[start]))
        ++start;
      if (start == colon || start < resume ||
          !scheme_allowed(src.substr(start, colon - start), options))
        continue;
    } else if (options.mailto && colon >= 6 && iequals(src.substr(colon - 6, 6), "mailto") &&
               (colon == 6 || !charsets::scheme.contains(src[colon - 7]))) {
      start = colon - 6;
    } else {
      continue;
    }

    // Past "scheme:" or "mailto:", which hold no placeholder (and read the same in the source and
    // in a decoded literal).
    const std::size_t scheme_end = colon - start + 1;

    // The candidate's line: the finder looks no further.
    std::size_t line_start = 0;
    for (const char terminator : {'\n', '\r'})
      if (const void* t = memrchr(base + line_start, terminator, start - line_start))
        line_start = static_cast<std::size_t>(static_cast<const char*>(t) - base) + 1;
    const std::size_t line_end = find_any_of3(src, start, src.size(), '\n', '\r', '\n');

    url.source_offsets.clear();
    url.placeholders.clear();
    // The URL is read from `text`: the literal's decoded content when it has escapes, else a
    // view of the source itself (text[i] == src[text_base + i]).
    DecodedText decoded;
    std::string_view text;
    std::size_t text_base = 0;
    std::size_t k = 0, e = 0; // the URL in text's coordinates
    bool identity = true;
    // Whether the text from the URL on holds placeholders. When it does not, neither does the
    // URL, which is a prefix of it ending at a stop: no lookahead of a placeholder crosses it.
    bool any_holes = false;
    const State state = tr.prose_only ? State::Comment : lexer.advance(line_start, start);
    if (state == State::String) {
      const StringInfo& s = lexer.string();
      const std::size_t content_end = lexer.string_end(start, line_end);
      if (has_escapes(src.substr(s.content_begin, content_end - s.content_begin), s.escapes,
                      s.quote)) {
        decoded =
            decode_literal(src, s.content_begin, content_end, s.escapes, s.quote, code_point_hex);
        text = decoded.text;
        identity = false;
        k = static_cast<std::size_t>(
            std::lower_bound(decoded.offsets.begin(), decoded.offsets.end(), start) -
            decoded.offsets.begin());
      } else {
        text = src.substr(s.content_begin, content_end - s.content_begin);
        text_base = s.content_begin;
        k = start - s.content_begin;
      }
      const std::size_t value_end = trim_end(text, k, text.size());
      const std::string_view value = text.substr(k, value_end - k);
      const auto holes = find_placeholders(value, options.placeholders, tr.printf, scheme_end);
      any_holes = !holes.empty();
      e = k == 0 && whole_value_is_url(value, holes) ? value_end
                                                     : prose_end(text, k, value_end, holes);
      url.context =
          s.markup_attribute ? UrlContext::Attribute
          : (lang == Language::Json || lang == Language::Yaml || lang == Language::Toml ||
             lang == Language::Ini || lang == Language::Properties || lang == Language::DotEnv)
              ? UrlContext::ConfigValue
              : UrlContext::StringLiteral;
    } else {
      text = src.substr(line_start, line_end - line_start);
      text_base = line_start;
      k = start - line_start;
      if (state == State::Code && tr.config_values && starts_config_value(src, line_start, start)) {
        // A plain value runs to the line's end, less a trailing " # comment".
        std::size_t value_end = text.size();
        if (const std::size_t hash = text.find(" #", k); hash != std::string_view::npos)
          value_end = hash;
        value_end = trim_end(text, k, value_end);
        const std::string_view value = text.substr(k, value_end - k);
        const auto holes = find_placeholders(value, options.placeholders, false, scheme_end);
        any_holes = !holes.empty();
        e = whole_value_is_url(value, holes) ? value_end : prose_end(text, k, value_end, holes);
        url.context = UrlContext::ConfigValue;
      } else {
        const auto holes =
            find_placeholders(text.substr(k), options.placeholders, false, scheme_end);
        any_holes = !holes.empty();
        e = prose_end(text, k, text.size(), holes);
        url.context = UrlContext::Prose;
      }
    }
    const std::size_t min_len = slashes ? (colon - start) + 4 : 8; // "x://y", "mailto:y"
    if (e < k + min_len) continue;

    url.text.assign(text.substr(k, e - k));
    // ":\/\/" is "://" only where the literal's escapes are decoded (JSON, JS strings).
    if (slashes && url.text.compare(colon - start, 3, "://") != 0) continue;
    if (identity) {
      url.source_begin = text_base + k;
      url.source_end = text_base + e;
    } else {
      url.source_begin = decoded.offsets[k];
      url.source_end = decoded.offsets[e];
      // Only keep the map when some escape made text and source differ.
      if (url.source_end - url.source_begin != url.text.size() ||
          src.compare(url.source_begin, url.text.size(), url.text) != 0)
        url.source_offsets.assign(decoded.offsets.begin() + static_cast<std::ptrdiff_t>(k),
                                  decoded.offsets.begin() + static_cast<std::ptrdiff_t>(e) + 1);
    }
    const bool printf_here = tr.printf && url.context == UrlContext::StringLiteral;
    if (any_holes)
      url.placeholders = find_placeholders(url.text, options.placeholders, printf_here);
    resume = url.source_end;
    each(url);
  }
}

std::vector<FoundUrl> find_urls(std::string_view src, Language lang, const FinderOptions& options) {
  std::vector<FoundUrl> urls;
  for_each_url(src, lang, options, [&](const FoundUrl& url) { urls.push_back(url); });
  return urls;
}

} // namespace pctlint
