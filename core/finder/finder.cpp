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
#include "core/finder/finder_impl.h"
#include "core/finder/lexer_common.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace pctlint::finding {

namespace {

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

} // namespace

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
  case EscapeStyle::Markdown:
    return find_any_of3(content, 0, content.size(), '\\', '&', '&') < content.size();
  case EscapeStyle::MsBuild:
    return find_any_of3(content, 0, content.size(), '%', '&', '&') < content.size();
  case EscapeStyle::Rst:
    return content.find('\\') != npos;
  }
  return true;
}

void Finder::run(const FinderRun& how) {
  std::size_t& resume = resume_;
  std::size_t colon = 0, found_urls = 0, next_checkpoint = 0;
  if (const FinderCheckpoint* from = how.from) { // go on as the run that took it went on
    const Rebase rebase{src_, from->rebase_from, from->shift, from->taken_size};
    lexer_ = from->lexer->clone(rebase);
    regex_open_ = rebase.offset(from->regex_open);
    regex_value_ = from->regex_value;
    colon = resume = from->resume;
    next_checkpoint = from->at + how.checkpoint_every;
  }
  for (;; ++colon) {
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
    url_.formatted = false;
    url_.maybe_formatted = false;
    url_.namespace_name = false;
    url_.whole_by_blanks = false;
    url_.declared_iri = false;
    url_.language = where.language;
    bool found = false;
    switch (where.region) {
    case Region::Literal:
      found = !where.literal->opaque && in_literal(*where.literal, where.language);
      break;
    case Region::Code:
      found = spec_of(where.language).shell_words ? in_shell_word(where.language) : in_prose(false);
      break;
    case Region::Comment:
    case Region::Prose:
      found = in_prose(true);
      break;
    }
    if (!found) continue;
    resume = url_.source_end;
    ++found_urls;
    each_(url_);
    if (how.checkpoint_every && url_.source_begin >= next_checkpoint) {
      next_checkpoint = url_.source_begin + how.checkpoint_every;
      how.on_checkpoint(checkpoint(found_urls));
    }
    if (how.stop && how.stop(url_, *lexer_, found_urls)) break;
  }
}

FinderCheckpoint Finder::checkpoint(std::size_t found_urls) const {
  FinderCheckpoint c;
  c.urls = found_urls;
  c.at = url_.source_begin;
  c.resume = url_.source_end;
  const std::size_t nl = find_any_of3(src_, url_.source_end, src_.size(), '\n', '\r', '\n');
  c.reach = std::max(lexer_->horizon(), std::min(src_.size(), nl + kLookAhead));
  c.lexer = lexer_->clone({src_, 0, 0, src_.size()});
  c.taken_size = src_.size();
  c.regex_open = regex_open_;
  c.regex_value = regex_value_;
  return c;
}

// Whether the ':' at `colon` ends a URL's scheme (or "mailto"); sets start_, slashes_ and
// scheme_end_ (the length of "scheme:").
bool Finder::candidate(std::size_t colon, std::size_t resume) {
  // "://", or ":\/\/" as JSON and JavaScript may escape it
  slashes_ = (colon + 2 < src_.size() && src_[colon + 1] == '/' && src_[colon + 2] == '/') ||
             (colon + 1 < src_.size() && src_[colon + 1] == '\\' &&
              src_.compare(colon + 1, 4, "\\/\\/") == 0);
  if (slashes_) {
    // "http://|ftp://|https://": schemes listed as a regular expression's alternation. No URL has
    // an empty host that a '|' follows.
    const std::size_t host = colon + (src_[colon + 1] == '/' ? 3 : 5);
    if (host < src_.size() && src_[host] == '|') return false;
    std::size_t start = colon;
    while (start > 0 && charsets::scheme.contains(src_[start - 1]))
      --start;
    while (start < colon && !charsets::alpha.contains(src_[start]))
      ++start;
    // "a\nhttps://b" in a string: the 'n' is the escape's, not the scheme's ("nhttps").
    if (start > 0 && src_[start - 1] == '\\' && ascii::is_one_of(src_[start], "nrtfvbae") &&
        start + 2 < colon && charsets::alpha.contains(src_[start + 1]))
      ++start;
    // "s@http://@@" (Perl's, or sed's, substitution with '@' for its delimiter), "m#https://#":
    // a scheme and its "://" alone between two of one delimiter are a pattern's, not a URL. Not
    // between quotes: "http://" + host + "/a" is a URL built by concatenation.
    if (start > 0 && host < src_.size() && src_[host] == src_[start - 1] && src_[host] > ' ' &&
        src_[host] < 0x7f && !ascii::is_alnum(src_[host]) && !ascii::is_one_of(src_[host], "\"'`/"))
      return false;
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
std::size_t Finder::line_start(std::size_t i) {
  const std::size_t from = i >= scanned_ ? scanned_ : 0;
  if (from == 0) known_start_ = 0;
  for (const char terminator : {'\n', '\r'})
    if (const char* t = find_last_byte(src_.data() + from, terminator, i - from))
      known_start_ = std::max(known_start_, static_cast<std::size_t>(t - src_.data()) + 1);
  scanned_ = i;
  return known_start_;
}

std::size_t Finder::line_end(std::size_t i) {
  if (i < end_from_ || i > end_) {
    end_from_ = i;
    end_ = find_any_of3(src_, i, src_.size(), '\n', '\r', '\n');
  }
  return end_;
}

// Found once per line, however many URLs it holds.
unsigned Finder::line_styles() {
  // They are curl's globs ('[') and git's format ('%'): no need to look for the commands when the
  // line holds neither after the candidate.
  if (find_any_of3(src_, start_, line_end_, '[', '%', '[') >= line_end_) return 0;
  if (commands_line_ != line_start_) {
    // A command goes on over lines that end with a backslash ("xargs -I '%' \" before the
    // "curl .../?userID=%" it runs): its words are read from the first of them.
    commands_from_ = line_start_;
    for (int lines = 0; lines < 16 && commands_from_ >= 2; ++lines) {
      std::size_t eol = commands_from_ - 1; // the '\n' ending the line before
      if (eol > 0 && src_[eol - 1] == '\r') --eol;
      if (eol == 0 || src_[eol - 1] != '\\') break;
      commands_from_ = lexing::line_start_at(src_, eol, 0);
    }
    commands_ = line_commands(src_.substr(commands_from_, line_end_ - commands_from_),
                              lang_ == Language::PlainText);
    commands_line_ = line_start_;
  }
  return commands_.styles_before(start_ - commands_from_);
}

// Fills url_ from text[k, e) of `piece`.
void Finder::emit(const Piece& piece, std::size_t k, std::size_t e, UrlContext context, bool exact,
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

bool Finder::long_enough(std::size_t length) const {
  return length >= (slashes_ ? scheme_end_ + 3 : 8); // "x://y", "mailto:y"
}

} // namespace pctlint::finding

namespace pctlint {

void for_each_url(std::string_view src, Language lang, const FinderOptions& options,
                  const std::function<void(const FoundUrl&)>& each) {
  finding::Finder(src, lang, options, each).run();
}

std::vector<FoundUrl> find_urls(std::string_view src, Language lang, const FinderOptions& options) {
  std::vector<FoundUrl> urls;
  for_each_url(src, lang, options, [&](const FoundUrl& url) { urls.push_back(url); });
  return urls;
}

} // namespace pctlint
