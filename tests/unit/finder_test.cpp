#include "core/finder/escapes.h"
#include "core/finder/finder.h"
#include "core/finder/language.h"
#include "core/finder/templates.h"

#include <doctest/doctest.h>
#include <random>
#include <string>
#include <vector>

using namespace pctlint;

namespace {

std::vector<std::string> texts(std::string_view src, Language lang, const FinderOptions& o = {}) {
  std::vector<std::string> out;
  for (const FoundUrl& u : find_urls(src, lang, o))
    out.push_back(u.text);
  return out;
}

using V = std::vector<std::string>;

} // namespace

TEST_CASE("a string literal holding one URL is checked whole, raw space included") {
  const std::string src =
      "auto u = \"https://example.com/my file.pdf\"; // see https://docs.example.com/x.\n";
  const auto urls = find_urls(src, Language::Cpp);
  REQUIRE(urls.size() == 2);
  CHECK(urls[0].text == "https://example.com/my file.pdf");
  CHECK(urls[0].context == UrlContext::StringLiteral);
  CHECK(urls[0].source_begin == src.find("https"));
  CHECK(urls[0].source_offsets.empty());
  CHECK(urls[1].text == "https://docs.example.com/x");
  CHECK(urls[1].context == UrlContext::Prose);
  // A blank before a query's '=' is in the URL, with a value after it or none ("?v =" + id).
  CHECK(texts("u = 'https://x.example/watch?v =' + vid", Language::Python) ==
        V{"https://x.example/watch?v ="});
  CHECK(texts("u = 'https://x.example/watch?v =abc'", Language::Python) ==
        V{"https://x.example/watch?v =abc"});
}

TEST_CASE("a URL pattern is no URL; a pattern's signs outside the URL's path are no pattern") {
  for (const char* pattern : {"u = 'https://x.example/docs/[0-9]/**'",
                              "u = 'https://x.example/docs/(javascript|nodejs)/'",
                              "u = 'https://x.example/[0-9].[0-9]/notes/'"})
    CHECK_MESSAGE(texts(pattern, Language::Python).empty(), pattern);
  for (const char* url : {"u = 'Read about [e-commerce](https://x.example/caf%c3%a9)'",
                          "u = 'Formats (json|yaml) at https://x.example/caf%c3%a9'",
                          "u = 'https://x.example/users?filter[e-mail]=x&name=caf%c3%a9'",
                          "u = 'https://x.example/search?q=(cats|dogs)&x=caf%c3%a9'"})
    CHECK_MESSAGE(texts(url, Language::Python).size() == 1, url);
}

TEST_CASE("Qt's %1 is a placeholder only in a C++ literal given to .arg()") {
  const auto holes = [](std::string_view src, Language lang) {
    const std::vector<FoundUrl> urls = find_urls(src, lang);
    return urls.empty() ? std::size_t{99} : urls[0].placeholders.size();
  };
  CHECK(holes("auto u = QString(\"file:///%1/%2\").arg(a, b);\n", Language::Cpp) == 2);
  CHECK(holes("auto u = tr(\"https://x.example/%1\").arg(a);\n", Language::Cpp) == 1);
  // Elsewhere on the line, or in another language's .arg(, it is an escape's start.
  CHECK(holes("auto u = \"https://x.example/%1\"; // s.arg(x)\n", Language::Cpp) == 0);
  CHECK(holes("Command::new(\"curl\").arg(\"https://x.example/%1\").arg(\"-v\");\n",
              Language::Rust) == 0);
}

TEST_CASE("a URL inside a sentence in a literal ends at whitespace") {
  CHECK(texts("msg = \"see https://x.example/a for details\"", Language::Python) ==
        V{"https://x.example/a"});
  CHECK(texts("s = \"https://x.example is down\"", Language::Python) == V{"https://x.example"});
  CHECK(texts("s = \"https://x.example/api is not up\"", Language::Python) ==
        V{"https://x.example/api"});
  CHECK(texts("t('https://x.example/issues/810 no pipelining')", Language::JavaScript) ==
        V{"https://x.example/issues/810"});
}

TEST_CASE("a URL whose last query value is empty, then words, ends at the blank") {
  // pam_oauth2's line: the token URL, then the login field and the realm.
  CHECK(texts("pam: \"https://info.example/oauth2/tokeninfo?access_token= uid realm=/employees\"\n",
              Language::Yaml) == V{"https://info.example/oauth2/tokeninfo?access_token="});
  CHECK(texts("u = 'https://x.example/run?a=1& verbose'\n", Language::Python) ==
        V{"https://x.example/run?a=1&"});
  // A blank inside a value, or before its '=', is still the URL's.
  CHECK(texts("url: \"https://x.example/?q=hello world\"\n", Language::Yaml) ==
        V{"https://x.example/?q=hello world"});
}

TEST_CASE("a URL, a blank, then a quoted word: an argument after the URL") {
  // Newsboat's queue file: the URL, then the quoted file name, then its state.
  CHECK(texts("auto line = R\"(https://example.com/url1 \"first.mp4\")\";\n", Language::Cpp) ==
        V{"https://example.com/url1"});
  CHECK(texts("line = \"https://x.example/feed.xml 'Episode 1' downloaded\"\n", Language::Python) ==
        V{"https://x.example/feed.xml"});
  // A quote that is not after a blank stays the URL's, to be reported.
  CHECK(texts("u = \"https://x.example/a\\\"b\"\n", Language::Python) ==
        V{"https://x.example/a\"b"});
}

TEST_CASE("a literal or value that starts with a URL may end in a page title's raw blanks") {
  // A last path segment of plain words with no verb is the URL's (a wiki page, a job's name).
  CHECK(texts("u = \"http://hudson/job/Hudson Job\"", Language::Python) ==
        V{"http://hudson/job/Hudson Job"});
  CHECK(texts("url: https://wiki.example.org/wiki/FR:Sturlevr an deraouidi\n", Language::Yaml) ==
        V{"https://wiki.example.org/wiki/FR:Sturlevr an deraouidi"});
  CHECK(texts("const u = 'https://x.example/search/King of turtles';", Language::JavaScript) ==
        V{"https://x.example/search/King of turtles"});
  CHECK(texts("u = 'https://x.example/watch/King of turtles?v=1#t'", Language::Python) ==
        V{"https://x.example/watch/King of turtles?v=1#t"});
  // A title-cased file name to the value's end may have more words ("for" among them).
  CHECK(texts("new object[] { 1, \"https://raw.example/main/Swedish List for Adblock Plus.txt\" }",
              Language::CSharp) == V{"https://raw.example/main/Swedish List for Adblock Plus.txt"});
  CHECK(texts("u = 'https://x.example/l/Dandelion Sprout and Other Lists IPs.ipset'",
              Language::Python) ==
        V{"https://x.example/l/Dandelion Sprout and Other Lists IPs.ipset"});
  // Not without the extension, not after a lower-case segment, not with a verb or punctuation.
  CHECK(texts("u = 'https://x.example/l/Swedish List for Adblock Plus'", Language::Python) ==
        V{"https://x.example/l/Swedish"});
  CHECK(texts("u = 'https://x.example/l/swedish list for adblock plus.txt'", Language::Python) ==
        V{"https://x.example/l/swedish"});
  CHECK(texts("u = 'https://x.example/l/Setup is described in the README.md'", Language::Python) ==
        V{"https://x.example/l/Setup"});
  CHECK(texts("u = 'https://x.example/l/Notes, see the list in Plus.txt'", Language::Python) ==
        V{"https://x.example/l/Notes"});
  // A title does not end with "and" or "of": a sentence that goes on in the next string.
  CHECK(texts("$m = \"see https://x.example/wiki/Manual:Upgrading and\" . \" more\";\n",
              Language::Php) == V{"https://x.example/wiki/Manual:Upgrading"});
  // A word after a fragment is no more of it, dotted or not.
  CHECK(texts("{\"d\": \"https://x.example/docs/#cpu-units status.capacity.cpu\"}\n",
              Language::Json) == V{"https://x.example/docs/#cpu-units"});
  // Sentences after a capitalised segment, a version or a domain as the "extension".
  for (const char* sentence :
       {"Docs Read more about it in README.md", "Release notes for version 2.0",
        "Mirror also at example.com", "Wiki Thanks to John and Mary for the notes.txt"}) {
    CAPTURE(sentence);
    CHECK(texts(std::string("u = 'https://x.example/l/") + sentence + "'", Language::Python) ==
          V{"https://x.example/l/" +
            std::string(sentence).substr(0, std::string(sentence).find(' '))});
  }
  // Not after a bare authority or a '/', not with punctuation, and not in a title attribute's
  // text or a quote in running text.
  CHECK(texts("u = \"https://x.example/ Docs here\"", Language::Python) == V{"https://x.example/"});
  CHECK(texts("u = \"https://x.example/a Docs, here\"", Language::Python) ==
        V{"https://x.example/a"});
  CHECK(texts(R"(<a title="https://x.example/a King of turtles">)", Language::Html) ==
        V{"https://x.example/a"});
  CHECK(texts("Open \"https://x.example/search/King of turtles\" now.\n", Language::Markdown) ==
        V{"https://x.example/search/King"});
}

TEST_CASE("escapes are decoded and mapped back to source offsets") {
  const std::string src = R"({"url": "https:\/\/example.com\/caf\u00e9?q=\"x\""})";
  const auto urls = find_urls(src, Language::Json);
  REQUIRE(urls.size() == 1);
  const FoundUrl& u = urls[0];
  CHECK(u.text == "https://example.com/caf\xC3\xA9?q=\"x\"");
  CHECK(u.context == UrlContext::ConfigValue);
  REQUIRE(u.source_offsets.size() == u.text.size() + 1);
  const std::size_t e_acute = u.text.find('\xC3');
  CHECK(u.source_offset(e_acute) == src.find("\\u00e9"));
  CHECK(u.source_offset(e_acute + 2) == src.find("\\u00e9") + 6);
  CHECK(u.source_end == src.rfind('"'));
}

TEST_CASE("raw strings decode nothing") {
  CHECK(texts(R"(s := `https://example.com/a\u00e9`)", Language::Go) ==
        V{"https://example.com/a\\u00e9"});
  CHECK(texts(R"(let s = r#"https://example.com/"q""#;)", Language::Rust) ==
        V{"https://example.com/\"q\""});
  CHECK(texts(R"(p = r"https://example.com/\u00e9")", Language::Python) ==
        V{"https://example.com/\\u00e9"});
}

TEST_CASE("prose: trailing punctuation and unbalanced closers are not part of the URL") {
  CHECK(texts("See https://example.com/a.", Language::PlainText) == V{"https://example.com/a"});
  CHECK(texts("(see https://example.com/a_(b))", Language::Markdown) ==
        V{"https://example.com/a_(b)"});
  CHECK(texts("[docs](https://example.com/x \"Title\") and <https://example.com/y>",
              Language::Markdown) == V{"https://example.com/x", "https://example.com/y"});
  CHECK(texts("mailto:someone@example.com, data:text/plain,hi", Language::PlainText) ==
        V{"mailto:someone@example.com"});
}

TEST_CASE("non-ASCII text before the URL on the same line") {
  const std::string src = "// Ärger 中文 😀 https://example.com/%c3%a4\n";
  const auto urls = find_urls(src, Language::Cpp);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].source_begin == src.find("https"));
  CHECK(urls[0].text == "https://example.com/%c3%a4");
}

TEST_CASE("config formats: YAML, INI, .env, TOML plain and quoted values") {
  CHECK(texts("homepage: https://example.com/my file.pdf # comment\n", Language::Yaml) ==
        V{"https://example.com/my file.pdf"});
  CHECK(texts("status: https://example.com is down\n", Language::Yaml) == V{"https://example.com"});
  CHECK(texts("url: 'https://example.com/it''s'\n", Language::Yaml) ==
        V{"https://example.com/it's"});
  CHECK(texts("API_URL=https://example.com/v1\n", Language::DotEnv) == V{"https://example.com/v1"});
  CHECK(texts("[x]\nurl = \"https://example.com/a\"\n", Language::Toml) ==
        V{"https://example.com/a"});
  CHECK(texts("endpoint: https://api.example.com/users/:id/posts\n", Language::Yaml) ==
        V{"https://api.example.com/users/:id/posts"});
}

TEST_CASE("YAML: a plain scalar continued on more indented lines is one value") {
  // A line that continues it is the middle of a value, never the value whole.
  CHECK(texts("k: see the docs at\n  https://x.example/a b\n", Language::Yaml) ==
        V{"https://x.example/a"});
  CHECK(texts("b:\n  - if x; then git remote add -f y\n    https://x.example/p-f-a; fi\n",
              Language::Yaml) == V{"https://x.example/p-f-a"});
  // A key's value on the lines below goes on over the lines indented more than the key.
  CHECK(texts("d:\n  https://x.example/a|b c\n  = (x)|y\nn: 1\n", Language::Yaml) ==
        V{"https://x.example/a"});
  CHECK(texts("d:\n  https://x.example/a|b c\nn: 1\n", Language::Yaml) ==
        V{"https://x.example/a|b c"});
  // Nor is a first line whose value goes on below.
  CHECK(texts("k: https://x.example/a b\n  and more\n", Language::Yaml) ==
        V{"https://x.example/a"});
  // Not continued: a line at the key's or the dash's column, a comment, a blank line then a key.
  CHECK(texts("k: https://x.example/a b\nj: 1\n", Language::Yaml) == V{"https://x.example/a b"});
  CHECK(texts("- https://x.example/a b\n- https://x.example/c d\n", Language::Yaml) ==
        V{"https://x.example/a b", "https://x.example/c d"});
  CHECK(texts("k: https://x.example/a b\n  # note\n", Language::Yaml) ==
        V{"https://x.example/a b"});
  CHECK(texts("a:\n  k: https://x.example/a b\n\n  j: https://x.example/c d\n", Language::Yaml) ==
        V{"https://x.example/a b", "https://x.example/c d"});
}

TEST_CASE("markup: attributes decode entities; text is prose") {
  const std::string src = R"(<a href="https://example.com/?a=1&amp;b=2">https://example.com/t</a>)";
  const auto urls = find_urls(src, Language::Html);
  REQUIRE(urls.size() == 2);
  CHECK(urls[0].text == "https://example.com/?a=1&b=2");
  CHECK(urls[0].context == UrlContext::Attribute);
  CHECK(urls[1].text == "https://example.com/t");
  CHECK(urls[1].context == UrlContext::Prose);
}

TEST_CASE("an MSBuild project's escapes of its special characters are what MSBuild reads") {
  // Visual Studio writes a ClickOnce support URL's '?' as "%3f": MSBuild reads it as '?'.
  const std::string src = "<Project><PropertyGroup>\n"
                          "<SupportUrl>http://x.example/support.php%3ftype=a</SupportUrl>\n"
                          "<Tag Include=\"https://x.example/q%3fa=1&amp;b=%c3%a9\" />\n"
                          "</PropertyGroup></Project>\n";
  CHECK(language_for_path("App/App.csproj") == Language::MsBuild);
  CHECK(language_for_path("Directory.Build.props") == Language::MsBuild);
  CHECK(language_for_path("Documentation/Documentation.shfbproj") == Language::MsBuild);
  const auto urls = find_urls(src, Language::MsBuild);
  REQUIRE(urls.size() == 2);
  CHECK(urls[0].text == "http://x.example/support.php?type=a");
  CHECK(urls[0].context == UrlContext::Prose);
  CHECK(urls[1].text == "https://x.example/q?a=1&b=%c3%a9"); // other escapes are the URL's
  CHECK(urls[1].context == UrlContext::Attribute);
  // In other XML, "%3f" is the URL's own escape.
  CHECK(texts(src, Language::Xml) ==
        V{"http://x.example/support.php%3ftype=a", "https://x.example/q%3fa=1&b=%c3%a9"});
}

TEST_CASE("template placeholders are recorded, and the URL continues past them") {
  const auto urls = find_urls("const u = `https://api.example.com/${user.id}/x?q={{ q }}`;",
                              Language::JavaScript);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].text == "https://api.example.com/${user.id}/x?q={{ q }}");
  REQUIRE(urls[0].placeholders.size() == 2);
  CHECK(urls[0].placeholders[0] == Span{24, 34});
  const auto printf_urls =
      find_urls(R"(printf("https://example.com/%s?page=%d&x=%20", name);)", Language::C);
  REQUIRE(printf_urls.size() == 1);
  CHECK(printf_urls[0].placeholders.size() == 2); // %s and %d; %20 is an escape
}

// Each style alone: where its placeholder is, and the look-alikes that stay the URL's own text.
TEST_CASE("pipe-name, percent-letter and hash-name placeholders, and what they are not") {
  const auto spans = [](std::string_view url, PlaceholderStyle style) {
    std::vector<std::string_view> out;
    for (const Span& s : find_placeholders(url, static_cast<unsigned>(style)))
      out.push_back(url.substr(s.begin, s.end - s.begin));
    return out;
  };
  using SV = std::vector<std::string_view>;
  constexpr auto pipe = PlaceholderStyle::PipeName;
  CHECK(spans("https://cran.r-project.org/package=|package_name|", pipe) == SV{"|package_name|"});
  CHECK(spans("https://x.example/|name|/docs?a=|v.1|&b", pipe) == SV{"|name|", "|v.1|"});
  CHECK(spans("https://fonts.example/css?family=Lato|Roboto|Open+Sans", pipe).empty());
  CHECK(spans("https://x.example/api?prop=info|revisions", pipe).empty());
  constexpr auto letter = PlaceholderStyle::PercentLetter;
  CHECK(spans("https://www.google.com/search?q=%s&hl=en", letter) == SV{"%s"});
  CHECK(spans("https://x.example/share?body=%n %T#%U", letter) == SV{"%n", "%T", "%U"});
  CHECK(spans("https://x.example/caf%E9?q=%20", letter).empty()); // escapes
  CHECK(spans("https://x.example/a%zz?q=%st", letter).empty());   // a letter and more
  // A whole path segment, a letter no escape starts with: a repository viewer's template.
  CHECK(spans("https://gerrit.example/g/%R/+/%H", letter) == SV{"%R", "%H"});
  CHECK(spans("https://x.example/%A/b", letter).empty()); // a truncated escape's hex digit
  CHECK(spans("https://x.example/a%R/b", letter).empty());
  CHECK(spans("https://x.example/%Rb/c", letter).empty());
  // Template Toolkit's directive, closed or running on past the URL's guessed end.
  constexpr auto erb = PlaceholderStyle::Erb;
  CHECK(spans("mailto:[% Param(\"maintainer\") %]", erb) == SV{"[% Param(\"maintainer\") %]"});
  CHECK(spans("mailto:[% Param(", erb) == SV{"[% Param("});
  CHECK(spans("https://x.example/a?f[%5B]=1", erb).empty()); // an escape after '['
  constexpr auto hash = PlaceholderStyle::HashName;
  CHECK(spans("https://trace.moe/?url=#t#", hash) == SV{"#t#"});
  CHECK(spans("https://hoothin.com/qrcode/##t#", hash) == SV{"#t#"});
  CHECK(spans("https://ascii2d.net/search/url/#t#", hash) == SV{"#t#"});
  CHECK(spans("https://x.example/?u=#URL#&from=1", hash) == SV{"#URL#"});
  CHECK(spans("https://x.example/a.shtml#id3#id3", hash).empty());
  CHECK(spans("https://x.example/Dataset.md##provenance-relationships", hash).empty());
  CHECK(spans("https://x.example/page#section#", hash).empty()); // after a name: its own
  // A name in capitals, anywhere: a packaging script's token.
  CHECK(spans("https://x.example/download/v#VERSION#/App-Setup-#VERSION#.exe", hash) ==
        SV{"#VERSION#", "#VERSION#"});
  CHECK(spans("https://x.example/page#Section#", hash).empty());
  CHECK(spans("https://x.example/page#A#", hash).empty());
  CHECK(spans("https://x.example/page#ABC#def", hash).empty());
  // Words joined by '-' (a release guide's directory); a '-' that joins nothing is no name's.
  CHECK(spans("file:///#gson-remote-temp#/git-repo", hash) == SV{"#gson-remote-temp#"});
  CHECK(spans("https://x.example/#-a#", hash).empty());
  CHECK(spans("https://x.example/#a-#", hash).empty());
  // A version number to fill in, three parts or more.
  CHECK(spans("https://cwiki.example.org/display/WW/Version+Notes+#.#.#", hash) == SV{"#.#.#"});
  CHECK(spans("https://dist.example.org/dev/struts/#.#.#.#/", hash) == SV{"#.#.#.#"});
  CHECK(spans("https://x.example/a#.#", hash).empty());
  CHECK(spans("https://x.example/a#.#.#b", hash).empty());
  CHECK(spans("https://x.example/v1#.#.#", hash).empty());
  // TeX's macro parameters, two or more in a run.
  CHECK(spans("ftp://#1#2", hash) == SV{"#1#2"});
  CHECK(spans("https://x.example/#1#2#3/", hash) == SV{"#1#2#3"});
  CHECK(spans("https://x.example/page#1", hash).empty());
  CHECK(spans("file:///home/a/lua.lua#1#9", hash).empty()); // a line and column
  // fresh217: a name filling a query value or a segment, with the query going on after it.
  CHECK(spans("https://x.example/dl?name=#DisplayName&os=Windows%2011&lang=#ShortLanguage&k=1",
              hash) == SV{"#DisplayName", "#ShortLanguage"});
  CHECK(spans("https://x.example/windows/#architecture?ring=#ring", hash) == SV{"#architecture"});
  CHECK(spans("https://x.example/?os=#platform", hash).empty());   // a fragment: the URL's end
  CHECK(spans("https://x.example/docs#section&x", hash).empty());  // after a name
  CHECK(spans("https://x.example/?a=#b?c", hash).empty());         // a fragment holding a '?'
  CHECK(spans("https://x.example/#/route?x=1&y=2", hash).empty()); // a client's route
  // A colour is a '#' to encode; a '?' ending a sentence is no query.
  CHECK(spans("https://img.example/badge?color=#ff69b4&labelColor=#e05d44", hash).empty());
  CHECK(spans("https://x.example/?bkg=#fff&c=#000", hash).empty());
  CHECK(spans("https://docs.example/guide/#install? It", hash).empty());
  CHECK(spans("https://x.example/page#1#2a", hash).empty());
  CHECK(spans("https://x.example/page#10#2", hash).empty());
  // One letter in brackets filling a share link's query value; under another name, the text sent.
  constexpr auto bracket = PlaceholderStyle::BracketName;
  CHECK(spans("http://www.facebook.com/sharer.php?u=[u]&t=[t]", bracket) == SV{"[u]", "[t]"});
  CHECK(spans("http://www.digg.com/submit?url=[u]", bracket) == SV{"[u]"});
  CHECK(spans("mailto:x?subject=[t]&body=", bracket) == SV{"[t]"});
  CHECK(spans("https://x.example/pin/?url=[u]&description=[t]&media=[m]", bracket) ==
        SV{"[u]", "[t]", "[m]"});
  CHECK(spans("https://x.example/?a=[b]&c=[d]", bracket) == SV{"[b]", "[d]"});
  CHECK(spans("https://img.shields.io/badge/x?style=flat&label=[m]", bracket).empty());
  CHECK(spans("https://x.example/?url=[u]x", bracket).empty());
  CHECK(spans("https://x.example/a[u]?url=b", bracket).empty());
}

TEST_CASE("schemes: any scheme token before ://, or a configured list; data: never") {
  CHECK(texts("x = 'ftp://files.example.com/a' + 'git+ssh://h/r'", Language::Python) ==
        V{"ftp://files.example.com/a", "git+ssh://h/r"});
  FinderOptions only_https;
  only_https.schemes = {"https"};
  CHECK(texts("a http://a.example/ b https://b.example/", Language::PlainText, only_https) ==
        V{"https://b.example/"});
  CHECK(texts("std::string s; a::b::c", Language::Cpp).empty());
}

TEST_CASE("a URL inside another URL's query is part of it") {
  CHECK(texts("\"https://a.example/?u=https://b.example/x\"", Language::JavaScript) ==
        V{"https://a.example/?u=https://b.example/x"});
}

TEST_CASE("language_for_path and comment_syntax") {
  CHECK(language_for_path("src/main.cpp") == Language::Cpp);
  CHECK(language_for_path("a/b/.env.local") == Language::DotEnv);
  CHECK(language_for_path("Dockerfile") == Language::Shell);
  CHECK(language_for_path("README.md") == Language::Markdown);
  CHECK(language_for_path("x.unknown") == Language::PlainText);
  // Every extension and well-known name of the table finds the first row that lists it, in any
  // case, behind any directory.
  const auto first_with = [](std::string_view word, auto field) {
    for (const LanguageSpec& spec : all_languages()) {
      std::string_view words = spec.*field;
      while (!words.empty()) {
        const std::size_t space = std::min(words.find(' '), words.size());
        if (words.substr(0, space) == word) return spec.id;
        words.remove_prefix(std::min(space + 1, words.size()));
      }
    }
    return Language::PlainText;
  };
  std::size_t names = 0;
  for (const LanguageSpec& spec : all_languages()) {
    for (std::string_view words : {spec.extensions, spec.file_names}) {
      const bool by_extension = words.data() == spec.extensions.data();
      while (!words.empty()) {
        const std::size_t space = std::min(words.find(' '), words.size());
        const std::string word(words.substr(0, space));
        words.remove_prefix(std::min(space + 1, words.size()));
        if (word.empty()) continue;
        ++names;
        const std::string path = by_extension ? "dir/Sub/name." + word : "dir/" + word;
        std::string upper = path;
        for (char& c : upper)
          c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        CAPTURE(path);
        const Language want = by_extension ? first_with(word, &LanguageSpec::extensions)
                                           : first_with(word, &LanguageSpec::file_names);
        CHECK(language_for_path(path) == want);
        CHECK(language_for_path(upper) == want);
      }
    }
  }
  CHECK(names > 100);
  CHECK(comment_syntax(Language::Python).line == "#");
  CHECK(comment_syntax(Language::Html).block_open == "<!--");
  CHECK(comment_syntax(Language::Json).line.empty());
}

// The candidate scan works in 64- and 16-byte blocks: URLs (and colons that start none) at every
// offset and alignment, in long and short texts, must come out as a byte-by-byte search finds them.
TEST_CASE("URLs are found at every offset, among colons that start none") {
  for (const std::string filler :
       {"a ? b : c; std::x; key: v; foo:bar ", "int total = compute(items, count) * factor; "})
    for (std::size_t before = 0; before < 200; ++before) {
      for (const char* url : {"https://x.example/a", "mailto:someone@example.com", "ftp://h/p"}) {
        std::string src;
        while (src.size() < before)
          src += filler[src.size() % filler.size()];
        src += ' ';
        src += url;
        src += ' ';
        for (std::size_t k = 0; k < before % 90; ++k)
          src += filler[k % filler.size()];
        const auto urls = find_urls(src, Language::PlainText);
        REQUIRE(urls.size() == 1);
        CHECK(urls[0].text == url);
        CHECK(urls[0].source_begin == before + 1);
      }
    }
}

// find_urls skips the second placeholder scan when the text from the URL on holds none; what it
// reports must still be exactly the placeholders of the URL's own text.
TEST_CASE("an attribute in a literal whose closing quote follows a backslash has no certain end") {
  // A Hugo shortcode in a TOML literal string: \" escapes the quote for the shortcode.
  const auto urls = find_urls(R"(body = '''{{< image src="https://x.example/a.png?v=4\"" >}}''')"
                              "\n",
                              Language::Toml);
  REQUIRE(urls.size() == 1);
  CHECK_FALSE(urls[0].exact);
  // Without the backslash the attribute gives the end.
  const auto plain = find_urls(R"(body = '''{{< image src="https://x.example/a b.png" >}}''')"
                               "\n",
                               Language::Toml);
  REQUIRE(plain.size() == 1);
  CHECK(plain[0].exact);
}

TEST_CASE("a repository's URL and one word in a literal are git clone's arguments") {
  const auto urls = find_urls(R"(echo "  https://github.com/achael/eht-imaging.git eht-imaging")"
                              "\n",
                              Language::Shell);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].text == "https://github.com/achael/eht-imaging.git");
  // A file name with a blank is still one URL.
  const auto file = find_urls(R"(u = "https://x.example/my file.pdf")"
                              "\n",
                              Language::Python);
  REQUIRE(file.size() == 1);
  CHECK(file[0].text == "https://x.example/my file.pdf");
}

TEST_CASE("an arrow after a blank in a literal maps one thing to another: the URL ends before it") {
  const auto urls = find_urls("console.log(`  https://obsidian.md/* \u2192 ${localized}*`);\n",
                              Language::TypeScript);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].text == "https://obsidian.md/"); // (the glob's "*" closes it, as in prose)
  // Words that go on like a file name are still the URL's, raw blanks and all.
  const auto file = find_urls("const u = 'https://x.example/my file.pdf';\n", Language::TypeScript);
  REQUIRE(file.size() == 1);
  CHECK(file[0].text == "https://x.example/my file.pdf");
}

TEST_CASE("emoji or a symbol after a blank is text after the URL, not more of it") {
  // A tweet's text in a CSV field: a link, emoji, a hashtag.
  const auto tweet = find_urls("id,text\n1,\"https://t.co/IM2mq1kdx0 \U0001F94A \U0001F3A5 "
                               "#MayweatherVsMcGregor\"\n",
                               Language::PlainText);
  REQUIRE(tweet.size() == 1);
  CHECK(tweet[0].text == "https://t.co/IM2mq1kdx0");
  const auto star = find_urls("s = 'https://x.example/a \u2605 favourite'\n", Language::Python);
  REQUIRE(star.size() == 1);
  CHECK(star[0].text == "https://x.example/a");
  // Without them, a hashtag-like last word is still read as the URL's fragment, blank and all.
  const auto fragment = find_urls("s = 'https://x.example/a b#c'\n", Language::Python);
  REQUIRE(fragment.size() == 1);
  CHECK(fragment[0].text == "https://x.example/a b#c");
}

TEST_CASE("a URL that is one value of ';'-separated name=value settings ends at the next one") {
  // draw.io's style attribute: the colours after the image are settings, not a fragment.
  const auto urls =
      find_urls(R"(<mxCell style="shape=image;image=https://x.example/a.png;strokeColor=#6A9153;)"
                R"(fillColor=#CCFFFF;" vertex="1"/>)"
                "\n",
                Language::Xml);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].text == "https://x.example/a.png");
  // A ';' in a URL's own path or query stays the URL's when no setting follows it.
  CHECK(texts("<p style=\"a=1;image=https://x.example/a;b/c\">\n", Language::Xml) ==
        V{"https://x.example/a;b/c"});
}

TEST_CASE("in Markdown, a tag inside a code span keeps its attribute's extent: embed code shown") {
  // fresh40's reviewed true finding: an iframe's embed code kept in a code span, raw blanks in
  // its src's SQL query.
  const auto urls = find_urls(
      "`<iframe src=\"https://x.example/embed_map?sql=SELECT * FROM world\" width=\"5\">`\n",
      Language::Markdown);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].exact);
  CHECK(urls[0].text == "https://x.example/embed_map?sql=SELECT * FROM world");
}

TEST_CASE("two strings side by side are arguments: an attribute opened in one gives no extent") {
  // nginx's sub_filter 'find' 'replace', shown in a Markdown code block.
  const auto urls = find_urls("```nginx\nsub_filter 'img src=\"http://127.0.0.1:8080/' "
                              "'img src=\"https://$host/';\n```\n",
                              Language::Markdown);
  REQUIRE(urls.size() == 2);
  CHECK_FALSE(urls[0].exact);
  // One string: the attribute's value is the URL, raw blank and all.
  const auto one =
      find_urls("```html\n<img src=\"http://127.0.0.1:8080/a b.png\">\n```\n", Language::Markdown);
  REQUIRE(one.size() == 1);
  CHECK(one[0].exact);
  CHECK(one[0].text == "http://127.0.0.1:8080/a b.png");
}

TEST_CASE("an OAuth scope is a list of tokens: a URL among them ends at its blank") {
  CHECK(texts("auth({ scope: 'https://api.github.com/repo openid email' });\n",
              Language::JavaScript) == V{"https://api.github.com/repo"});
  CHECK(texts("scopes: \"https://www.googleapis.com/auth/drive.file profile\"\n", Language::Yaml) ==
        V{"https://www.googleapis.com/auth/drive.file"});
  // Under another key the same words are the URL's own, raw blanks and all.
  CHECK(texts("page: \"https://x.example/Open ID\"\n", Language::Yaml) ==
        V{"https://x.example/Open ID"});
  // "scope" must be the key's last word: "defaultScopes" and "oauth_scope" are scopes, a
  // telescope's page is not.
  CHECK(texts("defaultScopes: \"https://x.example/a openid\"\n", Language::Yaml) ==
        V{"https://x.example/a"});
  CHECK(texts("oauth_scope: \"https://x.example/a openid\"\n", Language::Yaml) ==
        V{"https://x.example/a"});
  CHECK(texts("telescope: \"https://x.example/Open ID\"\n", Language::Yaml) ==
        V{"https://x.example/Open ID"});
}

TEST_CASE("a list's first item is given by the list's syntax: it ends at the first blank") {
  // The value's reader splits at blanks, so the first URL's extent is given (a non-ASCII byte in
  // it is reported and fixed as in any whole value); the URLs after it start among other text.
  const auto scope =
      find_urls("{\"authScopes\": \"https://x.example/d\\u00e9 openid\"}\n", Language::Json);
  REQUIRE(scope.size() == 1);
  CHECK(scope[0].exact);
  CHECK(scope[0].text == "https://x.example/d\xC3\xA9");
  // A srcset candidate's trailing comma is the list's, not the URL's.
  const auto srcset = find_urls(
      "{\"srcset\": \"https://x.example/a.png, https://x.example/b.png 2x\"}\n", Language::Json);
  REQUIRE(srcset.size() == 2);
  CHECK(srcset[0].exact);
  CHECK(srcset[0].text == "https://x.example/a.png");
  CHECK_FALSE(srcset[1].exact);
  // Not at the value's start: the URL is among other text, its extent a guess.
  const auto later =
      find_urls("{\"scope\": \"openid https://x.example/a email\"}\n", Language::Json);
  REQUIRE(later.size() == 1);
  CHECK_FALSE(later[0].exact);
}

TEST_CASE("a file's whole name then words: the words are a note, the URL ends at the blank") {
  // A page's description that a site generator made of its first text: a link and a note.
  const auto note = find_urls("<meta property=\"og:description\" content=\"https://x.example/"
                              "data/wikitext-2-v1.zip \xE4\xBA\x9A\xE9\xA9\xAC\" />\n",
                              Language::Html);
  REQUIRE(note.size() == 1);
  CHECK(note[0].text == "https://x.example/data/wikitext-2-v1.zip");
  CHECK_FALSE(note[0].exact);
  CHECK(texts("{\"a\": \"https://x.example/dl/setup.exe download\"}\n", Language::Json) ==
        V{"https://x.example/dl/setup.exe"});
  // A name that goes on to an extension of its own, or a segment of plain words, is one URL.
  CHECK(texts("{\"a\": \"https://x.example/files/Annual report.pdf\"}\n", Language::Json) ==
        V{"https://x.example/files/Annual report.pdf"});
  CHECK(texts("{\"a\": \"https://x.example/files/v1.2 notes\"}\n", Language::Json) ==
        V{"https://x.example/files/v1.2 notes"});
  // An href's value is a URL by definition, blanks and all.
  CHECK(texts("<a href=\"https://x.example/a.zip notes\">x</a>\n", Language::Html) ==
        V{"https://x.example/a.zip notes"});
}

TEST_CASE("a ';' and a blank end a command: the URL ends there") {
  // ImageMagick's built-in delegates: "xdg-open https://imagemagick.org/; rm %i".
  const auto cmd = find_urls("const char* d = \"https://imagemagick.org/; rm \";\n", Language::C);
  REQUIRE(cmd.size() == 1);
  CHECK(cmd[0].text == "https://imagemagick.org/");
  CHECK_FALSE(cmd[0].exact);
}

TEST_CASE("an INI value continued with a backslash: the backslash is not the URL's") {
  // Apache Commons Configuration's .cfg: a list's items, one a line.
  const auto list = find_urls("a = http://purl.example/terms/hasPart,\\\n"
                              "    http://x.example/ontologies/0.1.0#hasItem\n",
                              Language::Ini);
  REQUIRE(list.size() == 2);
  CHECK(list[0].text.find('\\') == std::string::npos);
  CHECK_FALSE(list[0].exact);
  // An Open Graph logo's content is a URL, whole.
  CHECK(texts("<meta property=\"og:logo\" content=\"https://x.example/King of turtles.png\">\n",
              Language::Html) == V{"https://x.example/King of turtles.png"});
}

TEST_CASE("a URN after a blank is another URI of a list: the URL ends before it") {
  CHECK(texts("grant_types_supported: http://auth0.com/oauth/grant-type/mfa-otp "
              "urn:okta:params:oauth:grant-type:oob\n",
              Language::Yaml) == V{"http://auth0.com/oauth/grant-type/mfa-otp"});
  // "urn:" and no NID is no URN: the blank is the URL's.
  CHECK(texts("u: \"https://x.example/a urn:x\"\n", Language::Yaml) ==
        V{"https://x.example/a urn:x"});
}

TEST_CASE("cmd.exe's %~dp0: a batch argument with its modifiers is a percent-name placeholder") {
  const auto spans = [](std::string_view url) {
    std::vector<std::string_view> out;
    for (const Span& s :
         find_placeholders(url, static_cast<unsigned>(PlaceholderStyle::PercentName)))
      out.push_back(url.substr(s.begin, s.end - s.begin));
    return out;
  };
  using SV = std::vector<std::string_view>;
  CHECK(spans("file://%~dpnxf0") == SV{"%~dpnxf0"});
  CHECK(spans("file:///%~dp0docs/index.html") == SV{"%~dp0"});
  CHECK(spans("file:///%~1/a") == SV{"%~1"});
  CHECK(spans("file:///x/%~nxI") == SV{"%~nxI"});  // a for loop's variable
  CHECK(spans("https://x.example/a%7Eb").empty()); // an escape of '~'
  CHECK(spans("https://x.example/a%~/b").empty()); // '%~' and nothing it names
}

TEST_CASE("a URL's placeholders are those of its text, whatever surrounds it") {
  const std::vector<std::string> pieces = {"https://x.example/",
                                           "{id}",
                                           "{{ a }}",
                                           "${b}",
                                           "<%= c %>",
                                           "/:user",
                                           "%s",
                                           "%u",
                                           "%uD83D",
                                           "%20",
                                           "%2",
                                           "_",
                                           ".",
                                           ")",
                                           "]",
                                           " ",
                                           "'",
                                           "\"",
                                           "`",
                                           "x",
                                           "?q=",
                                           "#f",
                                           "\n",
                                           "// ",
                                           "# "};
  std::mt19937 rng(3);
  for (Language lang : {Language::Cpp, Language::Python, Language::JavaScript, Language::Yaml,
                        Language::Markdown, Language::Go}) {
    const bool printf_language = spec_of(lang).printf;
    for (int n = 0; n < 3000; ++n) {
      std::string src;
      for (int k = 0, len = int(rng() % 14); k < len; ++k)
        src += pieces[rng() % pieces.size()];
      INFO(src);
      for (const FoundUrl& u : find_urls(src, lang)) {
        // printf conversions count in printf languages' strings and in prose, not in config.
        const bool printf_here = u.context == UrlContext::Prose ||
                                 (printf_language && u.context == UrlContext::StringLiteral);
        const auto expected = find_placeholders(
            u.text, active_placeholder_styles(all_placeholder_styles, printf_here, 0),
            u.text.find(':') + 1);
        REQUIRE(u.placeholders.size() == expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
          CHECK(u.placeholders[i].begin == expected[i].begin);
          CHECK(u.placeholders[i].end == expected[i].end);
        }
      }
    }
  }
}

TEST_CASE("a template expression with quoted arguments does not end an attribute's value") {
  // Jinja, Hugo and Go templates quote their arguments inside a quoted attribute.
  CHECK(texts(R"(<a href="https://x.example/{{ user|default("x") }}/caf%c3%a9">a</a>)",
              Language::Html) == V{R"(https://x.example/{{ user|default("x") }}/caf%c3%a9)"});
  CHECK(texts(R"(<p>[a](b) <a href="https://x.example/{% url "y" %}/z">c</a></p>)",
              Language::Markdown) == V{R"(https://x.example/{% url "y" %}/z)"});
  // An expression that never closes does not swallow the rest: its quote ends the value.
  CHECK(texts(R"(<a href="https://x.example/{{ a("x">b</a>)", Language::Html) ==
        V{"https://x.example/{{ a("});
}

TEST_CASE("a closing tag after a URL in a literal is markup around it") {
  CHECK(texts(R"($a = "https://x.example/a.md#b</comment>";)", Language::Php) ==
        V{"https://x.example/a.md#b"});
}

TEST_CASE("a URL written bare in code ends where a string literal begins") {
  // Found by the engine fuzzer: braces read as a placeholder joined the code's URL to the
  // literal's, so the literal's safe fix changed which URLs the file holds.
  CHECK(texts(R"(p://{"s://{"})", Language::Python) == V{"s://{"});
  CHECK(texts(R"(p://{"s://%7B"})", Language::Python) == V{"s://%7B"});
}

TEST_CASE("an attribute is a name, after a blank or '<', then =\"...\"") {
  // Found by the engine fuzzer: `="` with no name read as an attribute in a YAML value, whose
  // safe fix then made the whole value read as one URL.
  CHECK(texts(R"(e://="p:// ")", Language::Yaml) == V{"e://="});
  CHECK(texts(R"(x: '<a href="https://x.example/a b">')", Language::Yaml) ==
        V{"https://x.example/a b"});
  // A Link header is markup around its URL, not one URL with blanks.
  CHECK(texts(R"(f('https://x.example/a; rel="preconnect"'))", Language::JavaScript) ==
        V{"https://x.example/a"});
  // A quoted query value stays part of the URL.
  CHECK(texts(R"(u = "https://x.example/d?f=a;filename=\"b.tgz\"")", Language::Python) ==
        V{"https://x.example/d?f=a;filename=\"b.tgz\""});
  // A namespace's name is one URI reference, blanks and all (as href's value is).
  CHECK(texts(R"(<svg xmlns="http://www.w3.org/2000/svg/King of turtles"/>)", Language::Xml) ==
        V{"http://www.w3.org/2000/svg/King of turtles"});
  CHECK(texts(R"(<a xmlns:x="http://x.example/ns/King of turtles"/>)", Language::Xml) ==
        V{"http://x.example/ns/King of turtles"});
  CHECK(texts(R"(<a title="http://x.example/ns/King of turtles"/>)", Language::Xml) ==
        V{"http://x.example/ns/King"});
  // Two URLs with a blank between them are a list (pip's mirrors in a shell snippet of a Markdown
  // code block), each its own; one URL with a blank is one, as before.
  CHECK(
      texts("```\nPIP_FIND_LINKS=\"http://mirror1.example.com http://mirror2.example.com\"\n```\n",
            Language::Markdown) == V{"http://mirror1.example.com", "http://mirror2.example.com"});
  CHECK(texts("See <a href=\"https://x.example/a b?t=for%20http://y.example/\">x</a>.\n",
              Language::Markdown) == V{"https://x.example/a b?t=for%20http://y.example/"});
  // An attribute not named for a URL holds text: read in Markdown as in an HTML file (fresh210:
  // a Hugo shortcode's title="http://localhost:1313/a/ にアクセス"), a blank and words end it.
  const std::string data_x =
      "<b data-x=\"https://x.example/a b?t=for%20http://y.example/\">x</b>\n";
  CHECK(texts(data_x, Language::Markdown) == V{"https://x.example/a", "http://y.example/"});
  CHECK(texts(data_x, Language::Markdown) == texts(data_x, Language::Html));
  CHECK(texts("<a href=\"https://x.example/tweet?text=I like it https://y.example/ cc\">x</a>\n",
              Language::Markdown) ==
        V{"https://x.example/tweet?text=I like it https://y.example/ cc"});
}

TEST_CASE("the quote that closes one attribute does not open another") {
  // Found by the engine fuzzer: the second URL's `t="` was the first one's `t=` and closing quote,
  // so encoding the first one's blank (a safe fix) made the second one disappear.
  // (Since fresh210 the first value, a blank and a word after a URL in an attribute not named
  // for one, is text: "s://" alone is no URL, and no fix encodes the blank.)
  CHECK(texts(R"(h="s:// t="t://:")", Language::Rst) == V{"t://:"});
  CHECK(texts(R"(h="s://%20t="t://:")", Language::Rst) == V{"s://%20t="});
}

TEST_CASE("each URL in a long escaped literal ends at the next control an escape wrote") {
  // A JSON string that holds a whole page (a recorded HTTP response): many URLs, each ended by
  // the "\n" after it and not by one further on, nor by one before it.
  std::string body, src = "{\"body\": \"";
  V expected;
  for (int i = 0; i < 300; ++i) {
    const std::string url = "https://example.com/p/" + std::to_string(i) + "?a=%C3%A4";
    src += "see " + url + "\\n\\tnext\\\"";
    expected.push_back(url);
  }
  src += "\"}\n";
  CHECK(texts(src, Language::Json) == expected);
  // Swift: an interpolation holding code ends the URL; one holding a name ("\(id)") does not.
  CHECK(texts("let u = \"https://x.example/a/\\(id)/b see https://x.example/c\\(d[\"k\"] ?? "
              "\"\")/e\"\n",
              Language::Swift) == V{"https://x.example/a/(id)/b", "https://x.example/c"});
}

TEST_CASE("character references: the code point and the length, or none") {
  const auto at = [](std::string_view s) {
    const CharacterReference r = character_reference_at(s, 0);
    return std::pair<unsigned, std::size_t>(static_cast<unsigned>(r.value), r.length);
  };
  CHECK(at("&quot; + id") == std::pair<unsigned, std::size_t>('"', 6));
  CHECK(at("&#39;x") == std::pair<unsigned, std::size_t>('\'', 5));
  CHECK(at("&#x27;") == std::pair<unsigned, std::size_t>('\'', 6));
  CHECK(at("&#X22;") == std::pair<unsigned, std::size_t>('"', 6));
  CHECK(at("&amp;") == std::pair<unsigned, std::size_t>('&', 5));
  CHECK(at("&#0034;") == std::pair<unsigned, std::size_t>('"', 7));
  CHECK(at("&copy;").second == 0); // not one of the few the finder knows
  CHECK(at("&#x;").second == 0);
  CHECK(at("&#3a;").second == 0);
  CHECK(at("& quot").second == 0);
  CHECK(at("x&quot;").second == 0);
}
