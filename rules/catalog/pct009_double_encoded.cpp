// PCT009 double-encoded
#include "core/ascii.h"
#include "rules/catalog/catalog.h"

#include <algorithm>

namespace pctlint {
namespace {

constexpr RuleInfo kInfo{
    .id = "PCT009",
    .name = "double-encoded",
    .default_severity = Severity::Warning,
    .summary = "Percent-escape encoded twice (%2520)",
    .docs =
        R"(Finds `%25` followed by two hex digits, such as `%2520` or `%25C3%25A4`: an escape that was
percent-encoded a second time.

Decoded once, `%2520` is the three characters `%20`, not a space. This is almost always a value
encoded before being passed to a function that encodes again. A URL that carries an encoded value in
it (`?next=https%3A%2F%2F...`, `?args=%3Fid%3D1%26q%3Da%2520b`) is left alone: where delimiters
(`%3A %2F %3F %23 %26 %3D %2B %40 %2C %3B`) are encoded once, the value's own escapes are rightly
encoded twice; so are those of a URL given whole in the query
(`?DEVICE_URI=usb://HP/Photosmart%25202600`: the device URI's `%20`, encoded once as a value) or
nested in the path (`fern://file:///Users/a/hello%252520world`, a Vim plugin's buffer name that
encodes the file URL inside it again). So is
a query value that is a JSON object encoded twice whole (`filter=%257B%2522a%2522:1%257D`): a site's
own state, as its script writes it into the address bar. So is a base64 token whose `=` padding
alone is encoded twice (`sp=EgIQAg%253D%253D`, YouTube's search filters, as the site writes them).
So is the value of a tracking parameter (`utm_campaign=`, `ref_url=`, IMDb's `ref_=`): analytics
data a site writes into its own links (a feed's `utm_campaign` carries the post's slug, already
encoded, encoded again), copied from the address bar as it stands.
So is a `%25` before a word (`%27%25DEMAT%25%27`, a LIKE pattern `'%DEMAT%'` encoded once: two hex
letters that go on as a longer word in the same case, with no other `%25XX` in the URL). So is a
single-page application's route or state in the fragment (`#/parsers/show%2520x`, `#!...`): the
page's script decodes it, in its own way. So is a path segment whose other escapes are encoded once
(`ISOM3000G%2520Syllabus%5B1%5D.pdf`, a file saved as `ISOM3000G%20Syllabus[1].pdf`): the name holds
a `%` itself, where encoding twice by mistake doubles every escape. So is a Gerrit code review's search
(`https://go-review.googlesource.com/q/author:%2522Jane+Doe%2522`): Gerrit's web app encodes the
query's `%` again, since its router decodes the path once more. So is an image on Google's image
servers (`lh6.googleusercontent.com`, `*.ggpht.com`, `*.bp.blogspot.com`: Picasa, Blogger, Google
Photos), which name an upload by its file name encoded as a form would (`+` for a blank) and
encoded again in the path (`s512-no/Icon+%25281%2529.png` for `Icon (1).png`), the servers' own form. So
is a page of TiddlyWiki's static export (`https://tiddlywiki.com/static/Scripts%2520for%2520building.html`,
a `.html` file right under `static/`): it names each page's file by the title encoded once, so the
link encodes that file name's `%` again. So is a story page of Vignette StoryServer, the CMS of News
Limited's papers (`/common/story_page/0,5936,15538869%255E1702,00.html`): the server writes the `^`
between a page's ids encoded twice, and serves the page so. So is a page of the OWASP Top Ten 2017
on `owasp.org` (`/www-project-top-ten/2017/A10_2017-Insufficient_Logging%2526Monitoring`): its
files are named with the title's `&` encoded once, and the site's own links encode that `%` again.
So is a URL its server signed over the path as written: a derivative image of Drupal's image styles
(`/sites/default/files/styles/large/public/images/a%2520b.png?itok=ZcYu9NFe`, the token computed for
a file named `a%20b.png`, which Drupal encodes as it writes the link) or an object URL that S3 or
Google Cloud Storage presigned (`X-Amz-Signature=`, `X-Goog-Signature=`): copied from the server's
output, and broken by any change.

## Bad
    https://example.com/files/annual%2520report.pdf

## Good
    https://example.com/files/annual%20report.pdf

## Fix
Decodes once (`%2520` -> `%20`): unsafe, since a literal "%20" may really be meant (in a URL that
carries another URL's escaped text, for example).
)",
    .fix = FixAvailability::Always,
};

// Whether the URL carries an encoded value in it: a delimiter escaped once ("?next=https%3A%2F%2F",
// "?args=%3Fid%3D1%26q%3D"), or another URL written in it ("?uri=usb://HP/a%2520b", or a path
// that is one, as vim-fern's buffer names nest "fern://file:///a%2520b"). That value's own escapes
// are rightly encoded again ("%2520").
bool holds_encoded_value(std::string_view t) {
  const std::size_t scheme = t.find("://");
  if (scheme != std::string_view::npos && t.find("://", scheme + 3) != std::string_view::npos)
    return true;
  for (std::size_t at = t.find('%'); at != std::string_view::npos; at = t.find('%', at + 1)) {
    if (at + 3 > t.size()) break;
    const int hi = hex_value(t[at + 1]), lo = hex_value(t[at + 2]);
    if (hi < 0 || lo < 0) continue;
    const char decoded = static_cast<char>(hi * 16 + lo);
    if (std::string_view(":/?#&=+@,;\"").find(decoded) != std::string_view::npos) return true;
  }
  return false;
}

// Whether the "%25" at t[i] is a literal '%' before a word ("%27%25DEMAT%25%27", a LIKE pattern
// '%DEMAT%' encoded once): two hex letters that go on as a longer word in the same case, and no
// other "%25XX" in the URL. A doubly encoded byte is followed by an escape or other text, not
// by more letters of its own case.
bool percent_before_word(std::string_view t, std::size_t i) {
  const auto letter_like = [&](char c, char model) {
    return (c >= 'A' && c <= 'Z') == (model >= 'A' && model <= 'Z') &&
           ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
  };
  if (i + 5 >= t.size() || !letter_like(t[i + 3], t[i + 3]) || !letter_like(t[i + 4], t[i + 3]) ||
      !letter_like(t[i + 5], t[i + 3]))
    return false;
  for (std::size_t at = t.find("%25"); at != std::string_view::npos; at = t.find("%25", at + 1))
    if (at != i && at + 5 <= t.size() && hex_value(t[at + 3]) >= 0 && hex_value(t[at + 4]) >= 0)
      return false;
  return true;
}

// Whether a query value is a JSON object encoded twice whole
// (facetFilters=%257B%2522c_jobCategory%2522…%257D, filter=%257B%257D): a site's own state, as
// its script writes it into the address bar and reads it back; text alone cannot tell it from a
// mistake, and the site decodes what it wrote.
bool json_state_value(std::string_view value) {
  return (value.starts_with("%257B%2522") || value == "%257B%257D") && value.ends_with("%257D");
}

// Whether a query value is a tracking parameter's (utm_campaign=, ref_url=, IMDb's ref_=):
// analytics data a site writes into its own links, copied from the address bar as it stands.
bool tracking_value(std::string_view t, const Span& query, std::string_view value) {
  const auto begin = static_cast<std::size_t>(value.data() - t.data());
  if (begin <= query.begin || t[begin - 1] != '=') return false;
  std::size_t name = begin - 1;
  while (name > query.begin && t[name - 1] != '&' && t[name - 1] != ';')
    --name;
  const std::string_view key = t.substr(name, begin - 1 - name);
  static constexpr std::string_view kNames[] = {"ref_",    "ref_url", "ref_src", "referrer",
                                                "referer", "fbclid",  "gclid",   "mc_cid",
                                                "mc_eid",  "_hsenc"};
  return ascii::istarts_with(key, "utm_") ||
         std::any_of(std::begin(kNames), std::end(kNames),
                     [&](std::string_view n) { return ascii::iequals(key, n); });
}

// Whether a query value is a base64 token whose '=' padding alone is encoded
// twice (sp=EgIQAg%253D%253D, YouTube's search filters): the site's own form of its token, which
// it writes and reads back so; the padding makes the token's length a multiple of four.
bool base64_padding_value(std::string_view value) {
  std::size_t pads = 0;
  while (pads < 2 && value.ends_with("%253D")) {
    value.remove_suffix(5);
    ++pads;
  }
  return pads > 0 && value.size() >= 4 && (value.size() + pads) % 4 == 0 &&
         std::all_of(value.begin(), value.end(), [](char c) {
           return charsets::alnum.contains(c) || c == '-' || c == '_' || c == '+' || c == '/';
         });
}

// Whether the URL is a Gerrit code review's search ("https://go-review.googlesource.com/q/
// author:%2522Jane+Doe%2522"): Gerrit's web app writes the query with every '%' encoded again,
// since its router decodes the path once more, and reads it back so; the site's own form, as above.
// A review host ("review" or "gerrit" in its name) and the search route, "/q/" (under "/r/" too).
bool gerrit_search(std::string_view t, const UrlParts& parts, std::size_t) {
  if (!parts.host) return false;
  const std::string_view host = parts.host->in(t), path = parts.path.in(t);
  const bool review_host = ascii::icontains(host, "review") || ascii::icontains(host, "gerrit");
  return review_host && (path.starts_with("/q/") || path.starts_with("/r/q/"));
}

// Whether the URL names an image on Google's image servers (Picasa, Blogger, Google Photos:
// "https://lh6.googleusercontent.com/-x/y/z/s512-no/Icon+%25281%2529.png"): they name an upload by
// its file name encoded as a form would ('+' for a blank, "%28" for '(') and encoded again in the
// path, and serve it by that name; the site's own form, as Gerrit's search above.
bool google_image_name(std::string_view t, const UrlParts& parts, std::size_t) {
  if (!parts.host) return false;
  const std::string_view host = parts.host->in(t);
  return ascii::iends_with(host, ".googleusercontent.com") ||
         ascii::iends_with(host, ".ggpht.com") || ascii::iends_with(host, ".bp.blogspot.com");
}

// Whether t[i] is in the name of a page of TiddlyWiki's static export ("https://tiddlywiki.com/
// static/Scripts%2520for%2520building.html"): `--render` names each tiddler's file by its title
// encoded once ("Scripts%20for%20building.html"), so its link encodes that '%' again; the site's
// own form. A ".html" file right under a "static" directory.
bool static_export_page(std::string_view t, const UrlParts& parts, std::size_t i) {
  const Span& path = parts.path;
  const std::string_view p = path.in(t);
  const std::size_t last = p.rfind('/');
  return i >= path.begin + last && last != std::string_view::npos && last >= 7 &&
         p.substr(last - 7, 8) == "/static/" && ascii::iends_with(p, ".html");
}

// Whether t[i] is in the name of a story page of Vignette StoryServer, the CMS of News Limited's
// papers
// ("http://www.thecouriermail.news.com.au/common/story_page/0,5936,15538869%255E1702,00.html"): the
// page's ids joined by ',' and '^', a '^' the server writes encoded twice and serves so; the site's
// own form. A last path segment of digits, ',' and "%255E" that ends ",00.html".
bool vignette_story_page(std::string_view t, const UrlParts& parts, std::size_t i) {
  const std::string_view p = parts.path.in(t);
  const std::size_t last = p.rfind('/');
  if (last == std::string_view::npos || i < parts.path.begin + last) return false;
  std::string_view name = p.substr(last + 1);
  if (name.empty() || !charsets::digit.contains(name[0]) ||
      !(ascii::iends_with(name, ",00.html") || ascii::iends_with(name, ",00.htm")))
    return false;
  name = name.substr(0, name.rfind(','));
  for (std::size_t k = 0; k < name.size(); ++k)
    if (name.compare(k, 5, "%255E") == 0)
      k += 4;
    else if (!charsets::digit.contains(name[k]) && name[k] != ',')
      return false;
  return true;
}

// Whether the URL names a page of the OWASP Top Ten 2017 on owasp.org ("https://owasp.org/
// www-project-top-ten/2017/A10_2017-Insufficient_Logging%2526Monitoring"): the site's pages are
// files named with the '&' of their titles already encoded ("…Logging%26Monitoring.md"), so their
// URLs encode that '%' again, as the site's own links write them; the site's own form.
bool owasp_top_ten_2017_page(std::string_view t, const UrlParts& parts, std::size_t) {
  if (!parts.host) return false;
  const std::string_view host = parts.host->in(t);
  return (ascii::iequals(host, "owasp.org") || ascii::iequals(host, "www.owasp.org")) &&
         parts.path.in(t).starts_with("/www-project-top-ten/2017/");
}

// Whether the URL is signed by the server that made it, its path as written: a derivative image
// of Drupal's image styles ("/sites/default/files/styles/large/public/images/a%2520b.png?itok=Zc"),
// whose token Drupal computes for the file it encoded ('%' as "%25": a file named "a%20b.png"),
// or an object URL that S3 or Google Cloud Storage presigned (X-Amz-Signature, X-Goog-Signature),
// signed over the path it carries. Copied from the server's output; a change breaks it.
bool signed_by_server(std::string_view t, const UrlParts& parts, std::size_t) {
  if (!parts.query) return false;
  const std::string_view query = parts.query->in(t);
  for (const std::string_view name : {"itok=", "X-Amz-Signature=", "X-Goog-Signature="})
    for (std::size_t at = query.find(name); at != std::string_view::npos;
         at = query.find(name, at + 1))
      if (at == 0 || query[at - 1] == '&' || query[at - 1] == '?' || query[at - 1] == ';')
        return true;
  return false;
}

// The sites that write an escape encoded twice in their own URLs, and serve them so: there a
// double escape is the site's form, not a mistake. One row a site form (t[i] the escape's '%').
struct SiteForm {
  std::string_view what;
  bool (*holds)(std::string_view t, const UrlParts& parts, std::size_t i);
};
constexpr SiteForm kSiteForms[] = {
    {"a Gerrit code review's search", gerrit_search},
    {"an image on Google's image servers", google_image_name},
    {"a page of TiddlyWiki's static export", static_export_page},
    {"a story page of Vignette StoryServer", vignette_story_page},
    {"a page of the OWASP Top Ten 2017", owasp_top_ten_2017_page},
    {"a URL its server signed (Drupal's image styles, presigned S3 and GCS objects)",
     signed_by_server},
};

bool site_form(std::string_view t, const UrlParts& parts, std::size_t i) {
  return std::any_of(std::begin(kSiteForms), std::end(kSiteForms),
                     [&](const SiteForm& form) { return form.holds(t, parts, i); });
}

// Whether the path segment holding t[i] also holds an escape encoded once (any but "%25"): the
// segment's escapes stand at two depths, so its "%25" is a '%' of the name itself, a file saved
// as "ISOM3000G%20Syllabus[1].pdf" and linked as "ISOM3000G%2520Syllabus%5B1%5D.pdf". Encoding
// twice by mistake doubles every escape of what it encodes.
bool name_holds_percent(std::string_view t, const Span& path, std::size_t i) {
  if (i < path.begin || i >= path.end) return false;
  const std::size_t slash = t.rfind('/', i);
  const std::size_t begin =
      slash == std::string_view::npos || slash < path.begin ? path.begin : slash + 1;
  const std::size_t end = std::min(path.end, t.find('/', i));
  for (std::size_t p = t.find('%', begin); p < end && p + 2 < t.size(); p = t.find('%', p + 1))
    if (hex_value(t[p + 1]) >= 0 && hex_value(t[p + 2]) >= 0 && t.compare(p + 1, 2, "25") != 0)
      return true;
  return false;
}

class DoubleEncoded final : public Rule {
public:
  const RuleInfo& info() const override { return kInfo; }
  ByteSet triggers() const override { return byte_set("%"); }
  std::optional<EscapeTriggers> escape_triggers() const override {
    // "%25", an escaped '%'
    return EscapeTriggers{byte_set("%"), false, false};
  }
  void check(const UrlUnderCheck& url, UrlFindings& out) const override {
    const std::string_view t = url.text;
    if (holds_encoded_value(t)) return;
    const std::optional<Span>& fragment = url.parts.fragment;
    const bool route = fragment && client_side_route(fragment->in(t));
    // Whether the query value holding t[i] is the site's own state: each value judged once.
    Span judged{};
    bool site_state = false;
    const auto in_site_state = [&](std::size_t i) {
      if (i >= judged.begin && i < judged.end) return site_state;
      const std::string_view value = query_value_at(t, url.parts.query, i);
      if (value.empty()) return false;
      judged.begin = static_cast<std::size_t>(value.data() - t.data());
      judged.end = judged.begin + value.size();
      site_state = json_state_value(value) || base64_padding_value(value) ||
                   tracking_value(t, *url.parts.query, value);
      return site_state;
    };
    std::vector<Span> spans;
    for_each_escape(url, [&](std::size_t i, unsigned char b) {
      if (route && i > fragment->begin) return; // an application's route: its own encoding
      if (b == '%' && i + 5 <= t.size() && hex_value(t[i + 3]) >= 0 && hex_value(t[i + 4]) >= 0 &&
          !percent_before_word(t, i) && !in_site_state(i) &&
          !name_holds_percent(t, url.parts.path, i) && !site_form(t, url.parts, i))
        spans.push_back({i, i + 5});
    });
    for (const Span& s : merge_adjacent(spans)) {
      std::string once;
      for (std::size_t i = s.begin; i < s.end; i += 5)
        once += "%" + std::string(t.substr(i + 3, 2));
      out.push_back({s,
                     quoted(s.in(t)) + " looks double-encoded: decoded once it is " + quoted(once),
                     UrlFix{"Decode once: " + once, Applicability::Unsafe, {{s, once}}}});
    }
  }
};

} // namespace

const Rule& double_encoded_rule() {
  static const DoubleEncoded rule;
  return rule;
}

} // namespace pctlint
