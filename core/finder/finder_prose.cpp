// URLs in prose and comments: where markup around a URL gives its extent (a Markdown link
// destination, an autolink, a reST target, a reference definition, an attribute of HTML in
// Markdown, CSS's url()), else where running text ends it, as GitHub's autolinks do.
#include "core/finder/finder_impl.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pctlint::finding {

namespace {

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
    if (ascii::numeric_reference_after(t, j) > 0) return i;
  }
  return end;
}

// The end of the IP-literal host (RFC 3986 3.2.2) whose '[' is t[i], or npos: an IPv6 address
// (it holds a ':'; a zone as RFC 6874's "%25en0") or IPvFuture ("v1.x"), and no '@' after it. A
// bracketed word there is a usage text's optional part ("scp://[user]@host/path"), not a host.
std::size_t ip_literal_end(std::string_view t, std::size_t i) {
  std::size_t close = i + 1;
  while (close < t.size() && (charsets::alnum.contains(t[close]) || t[close] == ':' ||
                              t[close] == '.' || t[close] == '%'))
    ++close;
  if (close >= t.size() || t[close] != ']') return npos;
  const std::string_view inside = t.substr(i + 1, close - i - 1);
  const bool future = inside.size() > 2 && (inside[0] == 'v' || inside[0] == 'V') &&
                      charsets::hexdig.contains(inside[1]) && inside.find('.') != npos;
  if (inside.find(':') == npos && !future) return npos;
  if (close + 1 < t.size() && t[close + 1] == '@') return npos;
  return close + 1;
}

} // namespace

// In running text a URL ends at white space, quotes, and the characters that markup, templates
// and other languages put around URLs far more often than inside them.
bool is_prose_stop(unsigned char c) {
  return c <= ' ' || c == 0x7F || ascii::is_one_of(c, "\"'`<>[]{}|^\\");
}

// Where an encoded line break that follows a sentence's end stands in t[from, end), or `end`: text
// encoded whole (a mailto body, "…called Example - https://example.io.%0D%0AIt is simple.") ends
// the sentence, then its line, after the URL. A URL itself ending in "%0A" ("…/NEWS%0A", copied
// with its line's end) has no sentence's punctuation before it, and is still read to its end.
static std::size_t encoded_line_break_after_sentence(std::string_view t, std::size_t from,
                                                     std::size_t end) {
  for (std::size_t p = t.find('%', from); p != npos && p + 2 < end; p = t.find('%', p + 1)) {
    const bool line_break =
        t[p + 1] == '0' && (ascii_lower(t[p + 2]) == 'a' || ascii_lower(t[p + 2]) == 'd');
    if (line_break && p > from && ascii::is_one_of(t[p - 1], ".!?,;:")) return p;
  }
  return end;
}

// Where a URL that is the value of one setting in a ';'-separated list of name=value settings
// ends, or npos: at the ';' before the next name=value (draw.io's style attribute,
// "shape=image;image=https://x/a.png;strokeColor=#6A9153;fillColor=#CCFFFF"). `k` is the URL's
// start, `from` where its scheme ends.
static std::size_t settings_list_end(std::string_view t, std::size_t k, std::size_t from,
                                     std::size_t limit) {
  const auto name_char = [](char c) { return is_ident(c) || c == '-'; };
  if (k < 3 || t[k - 1] != '=') return npos;
  std::size_t b = k - 1;
  while (b > 0 && name_char(t[b - 1]))
    --b;
  if (b == k - 1 || b == 0 || t[b - 1] != ';') return npos;
  const std::string_view bounded = t.substr(0, limit);
  for (std::size_t s = bounded.find(';', from); s != npos; s = bounded.find(';', s + 1)) {
    std::size_t n = s + 1;
    while (n < limit && name_char(t[n]))
      ++n;
    if (n > s + 1 && n < limit && t[n] == '=') return s;
  }
  return npos;
}

// Where a URL in running text ends: at a stop outside placeholders (which it runs through), less
// trailing punctuation and unbalanced closers (GitHub's autolink rules). `k` is the URL's start,
// `from` where its scheme ends.
std::size_t prose_end(std::string_view t, std::size_t k, std::size_t from, std::size_t limit,
                      unsigned active, bool& holes) {
  const ByteClass& stops = prose_stops(active);
  const ByteClass& starts = placeholder_starts(active);
  limit = std::min(limit, settings_list_end(t, k, from, limit));
  std::size_t e = std::min(from, limit), after_hole = k;
  // An IP-literal host right after "//": its brackets are the URL's ("http://[::1]:8080/").
  if (t.substr(e, 3) == "//[") {
    const std::size_t close = ip_literal_end(t.substr(0, limit), e + 2);
    if (close != npos) e = after_hole = close;
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
  e = encoded_line_break_after_sentence(t, from, e);
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
  return i + 2 < t.size() && t[i] == '<' && t[i + 1] == '/' && ascii::is_alpha(t[i + 2]);
}

// Whether the last '<' in `before` is escaped by a backslash (an odd run of them before it).
bool escaped_tag_before(std::string_view before) {
  const std::size_t open = before.rfind('<');
  if (open == npos) return false;
  std::size_t slashes = 0;
  while (slashes < open && before[open - 1 - slashes] == '\\')
    ++slashes;
  return slashes % 2 == 1;
}

// The name attribute_name_before() found.
std::string_view attribute_name_at_end(std::string_view before) {
  std::size_t b = before.size();
  while (b > 0 && (is_ident(before[b - 1]) || before[b - 1] == '-' || before[b - 1] == ':'))
    --b;
  return before.substr(b);
}

// A URL in running text, or (`text` false) in code outside any literal, where only CSS's url()
// gives an extent: markup around a URL is a thing of prose and comments.
bool Finder::in_prose(bool text) {
  Piece piece{src_.substr(line_start_, line_end_ - line_start_), nullptr, line_start_};
  std::size_t k = start_ - line_start_;
  // A URL written bare in code ends where a string literal begins: what is in the literal is
  // read as the literal's (a placeholder's braces around a quote would otherwise join them, and
  // a fix inside the literal would change what the code around it reads as).
  if (!text)
    piece.text =
        piece.text.substr(0, find_any_of3(piece.text, k, piece.text.size(), '"', '\'', '`'));
  bool holes = false;
  Markup markup = Markup::None;
  const std::size_t not_before = resume_ > line_start_ ? resume_ - line_start_ : 0;
  std::size_t e =
      text ? structural_end(piece.text, k, markup, not_before) : css_url_end(piece.text, k);
  if (!text && e != npos) markup = Markup::CssUrl;
  // In Markdown, a tag whose '<' is escaped ("See \<a href=\"http://x\.com/a\-b\"\>", as a
  // generator writes HTML it means to show) is text, not HTML: its attribute gives no extent, and
  // the text's backslashes are Markdown's.
  if (markup == Markup::Attribute && spec_of(lang_).syntax == Syntax::Markdown &&
      escaped_tag_before(piece.text.substr(0, k)))
    e = npos;
  // AsciiDoc's URL macro in angle brackets ("<URL[@alice]>"): the link's text follows
  // the URL in brackets.
  if (markup == Markup::Autolink && e != npos && spec_of(lang_).syntax == Syntax::AsciiDoc)
    e = std::min(e, piece.text.substr(0, e).find('[', k));
  const bool exact = e != npos;
  if (!exact) markup = Markup::None; // a markup opener without its close gives nothing
  const UrlContext context =
      markup == Markup::Attribute ? UrlContext::Attribute : UrlContext::Prose;
  // printf templates are common in docs; in an attribute they are not.
  // In running text backquotes open a code span, which ends a URL: no `expr` placeholder there.
  constexpr unsigned kNotInText = static_cast<unsigned>(PlaceholderStyle::BacktickExpr);
  unsigned active = active_placeholder_styles(options_.placeholders, context == UrlContext::Prose,
                                              line_styles()) &
                    ~kNotInText;
  const char quote = k > 0 ? piece.text[k - 1] : '\0';
  bool quoted_whole = false;
  if (!exact && text && (quote == '"' || quote == '\'')) {
    // A quoted literal in a code block or code span: one URL, blanks and all, when it reads so.
    const std::size_t close = piece.text.find(quote, k);
    // printf "http://host:%s/" in a Go template (Helm values) is a format string.
    if (close != npos && formatted_literal(src_, line_start_, start_ - 1, line_start_ + close + 1,
                                           line_end_, lang_)) {
      active =
          active_placeholder_styles(options_.placeholders, true, line_styles(), true) & ~kNotInText;
      url_.formatted = true;
    }
    if (close != npos) {
      const std::string_view quoted = piece.text.substr(k, close - k);
      const auto found = find_placeholders(quoted, active, scheme_end_);
      // find_any_of3, not find_first_of(" \t"), which calls memchr once per byte of the literal.
      if (find_any_of3(quoted, 0, quoted.size(), ' ', '\t', '\t') < quoted.size() &&
          !is_blank(quoted.back()) &&
          reads_as_one_url(quoted, found, OneUrlReading::QuotedInProse)) {
        e = close;
        holes = !found.empty();
        quoted_whole = true; // the quotes give the extent
        url_.whole_by_blanks = true;
      }
    }
  }
  if (exact) {
    holes = true;
    // An attribute's value (HTML in Markdown) is read with its entities decoded.
    if (context == UrlContext::Attribute && piece.text.substr(k, e - k).find('&') != npos) {
      decode_piece(piece, k, e, EscapeStyle::Entities, '"');
    }
  } else if (e == npos) {
    e = prose_end(piece.text, k, k + scheme_end_, piece.text.size(), active, holes);
  }
  // Markdown's backslash escapes ("?style=flat\&labelColor=...") and character references
  // ("?v&#x3D;4&amp;s=16") hold in a link destination and in running text (not in an <autolink>):
  // the URL is what they stand for.
  if (spec_of(lang_).syntax == Syntax::Markdown && context == UrlContext::Prose && e != npos &&
      e > k && find_any_of3(piece.text, k, e, '\\', '&', '&') < e &&
      !(k > 0 && piece.text[k - 1] == '<')) {
    decode_piece(piece, k, e, EscapeStyle::Markdown, '\0');
  }
  // reST's backslash escapes in a hyperlink target (".. _WET: https://en.wikipedia.org/wiki/
  // Don't\_repeat\_yourself"): docutils removes the backslashes; the URL is what they stand for.
  if (spec_of(lang_).syntax == Syntax::Rst && markup == Markup::Definition && e != npos && e > k &&
      piece.text.substr(k, e - k).find('\\') != npos) {
    decode_piece(piece, k, e, EscapeStyle::Rst, '\0');
  }
  // MSBuild's escapes of its special characters hold in a project file's text (Visual Studio's
  // pctlint-disable-next-line PCT001 -- MSBuild's escape, as Visual Studio writes it
  // "<SupportUrl>http://x/support.php%3ftype=a</SupportUrl>"): the URL is what MSBuild reads.
  if (lang_ == Language::MsBuild && context == UrlContext::Prose && e != npos && e > k &&
      find_any_of3(piece.text, k, e, '%', '&', '&') < e) {
    decode_piece(piece, k, e, EscapeStyle::MsBuild, '\0');
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
  const bool given = quoted_whole || (exact && markup_gives_extent(markup, spec_of(lang_).syntax));
  emit(piece, k, e, context, given, holes, active);
  return true;
}

void Finder::decode_piece(Piece& piece, std::size_t& k, std::size_t& e, EscapeStyle style,
                          char quote) {
  word_ = decode_literal(src_, start_, line_start_ + e, style, quote, true);
  piece = {word_.text, &word_.offsets, 0};
  k = 0;
  e = word_.text.size();
}

std::size_t Finder::css_url_end(std::string_view t, std::size_t k) {
  if (!iends_with(t.substr(0, k), "url(")) return npos;
  for (std::size_t i = k; i < t.size(); ++i) {
    if (t[i] == ')') return i;
    if (ascii::is_one_of(t[i], " \t\"'(") || static_cast<unsigned char>(t[i]) < 0x20) return npos;
  }
  return npos;
}

// Whether a quoted value holds more than one URL, a blank before each after the first
// (PIP_FIND_LINKS="http://mirror1/ http://mirror2/" in a shell snippet of a Markdown code block,
// written like an attribute) or a '|' (GOPROXY="https://proxy.a|https://proxy.b"): a list, each
// URL ended by running text. Not for an attribute whose value is one URL by definition (a tweet's
// text with a URL in an href's query).
static bool holds_url_list(std::string_view value) {
  for (std::size_t bar = value.find('|'); bar != npos; bar = value.find('|', bar + 1))
    if (starts_with_scheme(value.substr(bar + 1))) return true;
  // Word by word, each read once (a run of blanks is skipped once).
  for (std::size_t w = value.find(' '); w < value.size();) {
    while (w < value.size() && value[w] == ' ')
      ++w;
    std::size_t end = w;
    while (end < value.size() && value[end] != ' ')
      ++end;
    // The word itself starts with a scheme ("http://b"), not text with a URL in it ("for%20http:").
    if (end > w && starts_with_scheme(value.substr(w, end - w))) return true;
    w = end;
  }
  return false;
}

// The length of the quote at value[i]: a quote character, or one written as a character
// reference (code shown in a page's text: "&lt;a href='http://&quot; + id + &quot;.x/'&gt;");
// 0 where none is.
std::size_t quote_length_at(std::string_view value, std::size_t i) {
  const char c = value[i];
  if (c == '\'' || c == '"' || c == '`') return 1;
  const CharacterReference ref = character_reference_at(value, i);
  return ref.value == '"' || ref.value == '\'' ? ref.length : 0;
}

// Whether an attribute's value is built by code that holds the markup in a string: its quotes
// enclose a concatenation ('<img src="http://x/a-' + y + '.png">' in a JavaScript string inside
// an R or Python one, or such code shown escaped in a page), a quote with a '+' beside it, not a
// URL with raw blanks.
bool concatenated_in_code(std::string_view value) {
  // The operators that join strings: '+' (JavaScript, Java, Python...), '~' (Twig's and Jinja's:
  // '<a href="mailto:' ~ email|e('url') ~ '">') and PHP's '.' with blanks around it ('...' . $x).
  const auto blank_at = [&](std::size_t k) { return k < value.size() && is_blank(value[k]); };
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::size_t quote = quote_length_at(value, i);
    if (!quote) continue;
    std::size_t after = i + quote, before = i;
    while (after < value.size() && is_blank(value[after]))
      ++after;
    while (before > 0 && is_blank(value[before - 1]))
      --before;
    if (after < value.size() && (value[after] == '+' || value[after] == '~' ||
                                 (value[after] == '.' && after > i + quote && blank_at(after + 1))))
      return true;
    // Two strings side by side, blanks between them: arguments (nginx's sub_filter
    // 'img src="http://127.0.0.1:8080/' 'img src="https://$host/';), or literals joined so.
    if (after > i + quote && after < value.size() &&
        value.compare(after, quote, value.substr(i, quote)) == 0)
      return true;
    if (before > 0 &&
        (value[before - 1] == '+' || value[before - 1] == '~' ||
         (value[before - 1] == '.' && before < i && before >= 2 && blank_at(before - 2))))
      return true;
  }
  return false;
}

// Whether the '|' after `url` in "<url|label>" starts a label, Slack's, Mattermost's and
// Discord's <https://x.com/user|@user>: where no query holds it, or where the label is a mention
// or a channel. CommonMark keeps the '|' in the autolink's URL, and a query's raw '|' is the URL's:
// pctlint-disable-next-line PCT003 -- the example of a true finding
// <https://www.google.co.jp/search?q=明朝|ゴシック>.
bool slack_label(std::string_view url, std::string_view label) {
  return url.find('?') == npos || (!label.empty() && (label[0] == '@' || label[0] == '#'));
}

// The URL's end where markup around it gives its extent exactly, or npos.
// Markup that opens before `not_before` (inside the URL found last: its closing quote) opens
// nothing: a fix inside that URL must not change what follows it.
bool markup_gives_extent(Markup markup, Syntax syntax) {
  switch (markup) {
  case Markup::None:
    return false;
  case Markup::Link:
  case Markup::Autolink:
  case Markup::CssUrl:
    return true;
  case Markup::Attribute:
    return syntax == Syntax::Markdown || syntax == Syntax::Markup;
  case Markup::Definition:
    return syntax == Syntax::Markdown || syntax == Syntax::Rst;
  }
  return false;
}

std::size_t Finder::structural_end(std::string_view t, std::size_t k, Markup& markup,
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
    markup = Markup::Link;
    int depth = 0;
    bool escaped = false;
    for (std::size_t i = k; i < t.size(); ++i) {
      const char c = t[i];
      // A backslash before punctuation escapes it (CommonMark 2.4): "\)" closes nothing, and the
      // destination's URL is not its bytes, so the link gives no extent.
      // "\\" is a backslash in the URL, whose bytes are still the URL's to judge.
      if (c == '\\' && i + 1 < t.size() && std::ispunct(static_cast<unsigned char>(t[i + 1]))) {
        escaped = escaped || t[i + 1] != '\\';
        ++i;
        continue;
      }
      if (c == '(') ++depth;
      if (c == ')' && depth-- == 0) return escaped ? npos : i;
      if (is_blank(c)) {
        std::size_t j = i;
        while (j < t.size() && is_blank(t[j]))
          ++j;
        return j < t.size() && (t[j] == '"' || t[j] == '\'' || t[j] == '(') ? i : npos;
      }
      // A '>' that closes nothing just before the link's ')' is a stray one, left from an
      // <autolink> ("(https://youtu.be/x>)"): CommonMark keeps it in the URL. Any other '<' or
      // '>' may be a placeholder's ("(https://x/<user>/repo)"): no extent.
      if (c == '>' && i + 1 < t.size() && t[i + 1] == ')' && depth == 0 &&
          t.substr(k, i - k).find('<') == npos)
        continue;
      if (static_cast<unsigned char>(c) < 0x20 || c == '<' || c == '>') return npos;
      // A code span binds tighter than a link (CommonMark 6.1): in "(`[link](https://x`)" the
      // span opened before the '[' closes at this backtick, and the link is no link.
      if (c == '`' && std::count(before.begin(), before.end(), '`') % 2 == 1) return npos;
    }
    return npos;
  }
  if (before.ends_with("<")) { // autolink, reST `text <url>`_
    markup = Markup::Autolink;
    const std::size_t close = until('>', " \t<\\");
    // The '>' of an arrow in a bracket still open ("<mailto:[ow->email]>", a template's field of
    // an object in Sympa's list templates) ends no autolink: the brackets hold an expression.
    if (close != npos && close > k && t[close - 1] == '-') {
      const std::string_view inside = t.substr(k, close - k);
      if (inside.rfind('[') != npos && inside.find(']', inside.rfind('[')) == npos) return npos;
    }
    const std::size_t bar = close == npos ? npos : t.substr(0, close).find('|', k);
    return bar != npos && slack_label(t.substr(k, bar - k), t.substr(bar + 1)) ? bar : close;
  }
  if ((before.ends_with("=\"") || before.ends_with("='")) && k >= 2 + not_before &&
      attribute_name_before(before.substr(0, before.size() - 2))) {
    // A list of URLs and other words (srcset="a.png 1x, b.png 2x"): running text ends each.
    const std::string_view name = attribute_name_at_end(before.substr(0, before.size() - 2));
    // A pattern of a code block's attributes (Hugo's `{ placeholders="http://localhost:9000|
    // MINIO_(USERNAME|PASSWORD)" }`), not a URL.
    if (is_url_list_attribute(name) || regex_key(name) || iends_with(name, "placeholders"))
      return npos;
    markup = Markup::Attribute;
    const std::size_t q = quote_outside_templates(t, before.back(), k, t.size());
    if (q >= t.size()) return npos;
    for (std::size_t i = k; i < q; ++i)
      if (t[i] == '<' || t[i] == '>' || static_cast<unsigned char>(t[i]) < 0x20) return npos;
    // A value of an attribute that is not a URL by definition (not href's, src's) may list URLs.
    // One that holds a Markdown link ("](") never closed where it began: a translation's cut
    // '<a href="https://gi' before a paragraph, whose next quote is the prose's.
    if (concatenated_in_code(t.substr(k, q - k)) || t.substr(k, q - k).find("](") != npos)
      return npos;
    // The URL parser strips the blanks around an attribute's URL (href="https://x/a "), as an
    // HTML file's value is read: not the URL's.
    const std::size_t e = trim_end(t, k, q);
    // Any other attribute's value is text that may begin with a URL (a Hugo shortcode's
    // title="http://localhost:1313/a/ にアクセスした場合", a caption): read as an HTML file's is.
    if (!is_url_attribute(name) &&
        (holds_url_list(t.substr(k, q - k)) ||
         !reads_as_one_url(t.substr(k, e - k), {}, OneUrlReading::TextAttribute)))
      return npos;
    return e;
  }
  if (iends_with(before, "url(")) {
    markup = Markup::CssUrl;
    return until(')', " \t\"'()");
  }
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
    markup = Markup::Definition;
    std::size_t e = k;
    while (e < t.size() && !is_blank(t[e]) && static_cast<unsigned char>(t[e]) >= 0x20 &&
           !is_end_tag_at(t, e)) // a definition-like line in an HTML block: "url</h2>"
      ++e;
    // A backslash that ends the line continues it (a docstring's line continuation, reST's
    // escaped line end): the URL goes on in the next line, where this extent cannot follow it.
    if (e > k && t[e - 1] == '\\' && (e == t.size() || t[e] == '\n' || t[e] == '\r')) return npos;
    // Two definitions run together on one line, the line break between them lost
    // ("[a]: https://x.org/v1[b c]: https://y.org/p"): where the first URL ends is a guess.
    if (reference) {
      const std::string_view rest = t.substr(k);
      if (rest.substr(0, rest.find('\n')).find("]:") != npos) return npos;
    }
    return e;
  }
  return npos;
}

} // namespace pctlint::finding
