#include "core/codec/percent.h"
#include "core/codec/position.h"
#include "core/codec/url.h"
#include "core/finder/escapes.h"
#include "core/finder/templates.h"
#include "rules/config.h"
#include "rules/engine.h"
#include "rules/rule.h"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>

using namespace pctlint;

namespace {

// The example under "## Bad" / "## Good" in a rule's docs (the first indented line).
std::string example(std::string_view docs, std::string_view heading) {
  const std::size_t h = docs.find(heading);
  REQUIRE(h != std::string_view::npos);
  const std::size_t line = docs.find("\n    ", h);
  const std::size_t end = docs.find('\n', line + 1);
  return std::string(docs.substr(line + 5, end - line - 5));
}

// Lints `text` as a file of `lang`; returns the ids of the diagnostics.
std::vector<std::string> ids_in(const std::string& text, Language lang, const Config& config = {}) {
  std::vector<std::string> ids;
  for (const Diagnostic& d : lint(text, lang, config).diagnostics)
    ids.emplace_back(d.rule->id);
  return ids;
}

// Lints `url` as a C++ string literal; returns the ids of the diagnostics.
std::vector<std::string> ids_for(const std::string& url, const Config& config = {}) {
  return ids_in("auto u = \"" + url + "\";\n", Language::Cpp, config);
}

bool has(const std::vector<std::string>& ids, std::string_view id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// Fixes one C++ literal and returns the URL inside it.
std::string fixed(const std::string& url, bool unsafe = false, const Config& config = {}) {
  const std::string src = "auto u = \"" + url + "\";\n";
  const std::string out = fix_all(src, Language::Cpp, config, unsafe).text;
  REQUIRE(out.starts_with("auto u = \""));
  REQUIRE(out.ends_with("\";\n"));
  return out.substr(10, out.size() - 13);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

} // namespace

TEST_CASE("every rule's Bad example triggers it and its Good example is clean") {
  for (const Rule* rule : all_rules()) {
    const RuleInfo& r = rule->info();
    CAPTURE(r.id);
    Config everything; // info-level rules too
    const std::string bad = example(r.docs, "## Bad"), good = example(r.docs, "## Good");
    CHECK(has(ids_for(bad, everything), r.id));
    CHECK(ids_for(good, everything).empty());
  }
}

TEST_CASE("rules/README.md holds every rule's documentation verbatim") {
  const std::string readme = read_file(PCTLINT_SOURCE_DIR "/rules/README.md");
  for (const Rule* rule : all_rules()) {
    CAPTURE(rule->info().id);
    CHECK(readme.find(rule->info().docs) != std::string::npos);
    CHECK(readme.find("## " + std::string(rule->info().id) + " " +
                      std::string(rule->info().name)) != std::string::npos);
  }
}

// rules/pctlint.schema.json (also in the VS Code extension, which checks its copy is the same)
// is written by hand: it must name every rule and every key the parser takes, and no other.
TEST_CASE("the configuration's JSON Schema knows every rule and every key, and no other") {
  const auto schema =
      nlohmann::json::parse(read_file(PCTLINT_SOURCE_DIR "/rules/pctlint.schema.json"));
  std::set<std::string> in_schema, in_registry;
  for (const auto& [key, value] : schema["definitions"]["rules"]["properties"].items())
    in_schema.insert(key);
  for (const Rule* rule : all_rules()) {
    in_registry.insert(std::string(rule->info().id));
    in_registry.insert(std::string(rule->info().name));
  }
  CHECK(in_schema == in_registry);
  CHECK(schema["additionalProperties"] == false);
  std::size_t keys = 0;
  for (const auto& [key, value] : schema["properties"].items()) {
    CAPTURE(key);
    const ConfigResult r = parse_config_text("{\"" + key + "\": null}");
    CHECK(r.describe("x").find("unknown key") == std::string::npos);
    ++keys;
  }
  // The parser's keys, as its message for an unknown key lists them (and "$schema").
  const std::string known = parse_config_text(R"({"bogus": 1})").describe("x");
  CHECK(static_cast<std::size_t>(std::count(known.begin(), known.end(), ',')) + 2 == keys);
}

TEST_CASE("registry: ids and names, doc URLs") {
  CHECK(find_rule("pct001") == find_rule("lowercase-hex"));
  CHECK(find_rule("PCT999") == nullptr);
  CHECK(
      rule_doc_url(find_rule("PCT002")->info()).ends_with("README.md#pct002-invalid-utf8-escape"));
}

TEST_CASE("PCT001 lowercase-hex: one finding per run, fixed to uppercase") {
  const auto d =
      lint("x = \"https://example.com/caf%c3%a9?x=%2f\"", Language::Python, {}).diagnostics;
  REQUIRE(d.size() == 2);
  CHECK(d[0].message == "percent-escape '%c3%a9' uses lowercase hex digits");
  CHECK(fixed("https://example.com/caf%c3%a9") == "https://example.com/caf%C3%A9");
  // Lowercase escapes of unreserved characters are PCT008's.
  CHECK(fixed("https://example.com/%7e") == "https://example.com/~");
}

TEST_CASE("PCT002 invalid-utf8-escape: reasons and fixes") {
  auto msg = [](const std::string& url) {
    for (const Diagnostic& d : lint("\"" + url + "\"", Language::JavaScript, {}).diagnostics)
      if (d.rule->id == "PCT002") return d.message;
    return std::string("<none>");
  };
  CHECK(msg("https://x.example/?term=%C4rzteblatt") ==
        "percent-escapes '%C4' are not UTF-8: lead byte not followed by a continuation byte");
  CHECK(msg("https://x.example/%C0%AF") ==
        "percent-escapes '%C0%AF' are not UTF-8: overlong encoding");
  CHECK(msg("https://x.example/%ED%A0%80") ==
        "percent-escapes '%ED%A0%80' are not UTF-8: encoded surrogate (U+D800..U+DFFF)");
  CHECK(msg("https://x.example/%F4%90%80%80") ==
        "percent-escapes '%F4%90%80%80' are not UTF-8: code point above U+10FFFF");
  CHECK(msg("https://x.example/%80") ==
        "percent-escapes '%80' are not UTF-8: unexpected continuation byte");
  CHECK(msg("https://x.example/%F5") ==
        "percent-escapes '%F5' are not UTF-8: byte never allowed in UTF-8 (C0, C1, F5..FF)");
  CHECK(msg("https://x.example/%E2%82") ==
        "percent-escapes '%E2%82' are not UTF-8: truncated sequence");
  // Safe: CESU-8 and Modified UTF-8; unsafe: Windows-1252 reinterpretation; none: overlong.
  CHECK(fixed("https://x.example/%ED%A0%BD%ED%B8%80") == "https://x.example/%F0%9F%98%80");
  CHECK(fixed("https://x.example/a%C0%80b") == "https://x.example/a%00b");
  CHECK(fixed("https://x.example/?term=%C4rzteblatt") == "https://x.example/?term=%C4rzteblatt");
  CHECK(fixed("https://x.example/?term=%C4rzteblatt", true) ==
        "https://x.example/?term=%C3%84rzteblatt");
  CHECK(fixed("https://x.example/%80", true) == "https://x.example/%E2%82%AC");
  CHECK(fixed("https://x.example/%C0%AF", true) == "https://x.example/%C0%AF");
}

TEST_CASE("PCT003 unencoded-char and PCT004 non-ascii") {
  CHECK(fixed("https://x.example/a b|c^d.txt") == "https://x.example/a%20b%7Cc%5Ed.txt");
  CHECK(fixed("https://x.example/\xC3\x84rzte?q=\xE4\xB8\xAD") ==
        "https://x.example/%C3%84rzte?q=%E4%B8%AD");
  // The host is IDNA's business.
  CHECK(ids_for("https://b\xC3\xBC"
                "cher.example/")
            .empty());
  Config iri;
  iri.allow_non_ascii = true;
  CHECK(ids_for("https://x.example/\xC3\x84", iri).empty());
}

TEST_CASE("PCT005 unencoded-reserved: second #, brackets outside an IP literal, second @") {
  // In the fragment browsers keep them as written: fixed only unsafe.
  CHECK(fixed("https://x.example/p?f[a]=1#s#t") == "https://x.example/p?f%5Ba%5D=1#s#t");
  CHECK(fixed("https://x.example/p?f[a]=1#s#t", true) == "https://x.example/p?f%5Ba%5D=1#s%23t");
  CHECK(fixed("https://user@corp@x.example/") == "https://user%40corp@x.example/");
  CHECK(ids_for("https://[::1]:8080/a").empty());
}

TEST_CASE("PCT005: a ']' that ends the URL or that a '(' or '[' follows is fixed only unsafe") {
  // The bracket of a wiki or BBCode link taken in by mistake.
  CHECK(has(ids_for("https://x.example/a]"), "PCT005"));
  CHECK(fixed("https://x.example/a]") == "https://x.example/a]");
  CHECK(fixed("https://x.example/a]", true) == "https://x.example/a%5D");
  // A pair in the query, or a ']' inside the URL, is only bytes to encode.
  CHECK(fixed("https://x.example/p?f[a]") == "https://x.example/p?f%5Ba%5D");
  CHECK(fixed("https://x.example/a]b") == "https://x.example/a%5Db");
  // Markdown pasted into a YAML value: the link's own "](".
  const std::string pasted = "https://x.example/career](https://x.example/career)";
  CHECK(has(ids_for(pasted), "PCT005"));
  CHECK(fixed(pasted) == pasted);
  CHECK(fixed(pasted, true) == "https://x.example/career%5D(https://x.example/career)");
  // Two links' texts run together ("[[MNG-8740][MNG-8733]](…/MNG-8740][MNG-8733)"): both brackets.
  const std::string joined = "https://issues.example.org/browse/MNG-8740][MNG-8733";
  CHECK(fixed(joined) == joined);
  CHECK(fixed(joined, true) == "https://issues.example.org/browse/MNG-8740%5D%5BMNG-8733");
  CHECK(fixed("https://x.example/p?a[0][1]=x") == "https://x.example/p?a%5B0%5D%5B1%5D=x");
}

TEST_CASE("PCT004: a placeholder's value is shown to people, an IRI on purpose") {
  using Ids = std::vector<std::string>;
  // A UI's translations (memos' th.json), a form field, a camel-cased key.
  CHECK(ids_in("{\"link-placeholder\": \"https://x.example/\xE0\xB8\x82\"}\n", Language::Json)
            .empty());
  CHECK(
      ids_in("<input type=\"url\" placeholder=\"https://x.example/p\xC3\xB3s\">\n", Language::Html)
          .empty());
  CHECK(ids_in("urlPlaceholder: https://x.example/p\xC3\xB3s\n", Language::Yaml).empty());
  // Only the IRI is left alone: a raw blank is still a mistake; other keys are still checked.
  CHECK(ids_in("{\"link-placeholder\": \"https://x.example/a b\"}\n", Language::Json) ==
        Ids{"PCT003"});
  CHECK(ids_in("{\"exampleUrl\": \"https://x.example/p\xC3\xB3s\"}\n", Language::Json) ==
        Ids{"PCT004"});
  CHECK(ids_in("{\"placeholders\": 1, \"url\": \"https://x.example/p\xC3\xB3s\"}\n",
               Language::Json) == Ids{"PCT004"});
  // fresh226: a port written as a word says the URL is words standing for the reader's own.
  CHECK(ids_in("db = 'postgres://usuario:contrase\xC3\xB1"
               "a@host:puerto/nombrebd'\n",
               Language::Python)
            .empty());
  CHECK(ids_in("db = 'postgres://usuario:contrase\xC3\xB1"
               "a@host:5432/db'\n",
               Language::Python) == Ids{"PCT004"});
  CHECK(ids_in("u = 'https://x.example:8080/p\xC3\xB3s'\n", Language::Python) == Ids{"PCT004"});
  CHECK(ids_in("u = 'https://x.example:-/p\xC3\xB3s'\n", Language::Python) == Ids{"PCT004"});
}

TEST_CASE("a shell's double-quoted word keeps an escape for the program that reads it next") {
  // adb shell hands the text to the device's shell, where \& is an escaped '&': no URL byte.
  const std::string adb = "adb shell am start -a android.intent.action.VIEW \\\n"
                          "    -d \"https://x.example/app/?provider=x.example\\\\&hint=alice\"\n";
  CHECK(lint(adb, Language::Shell, {}).diagnostics.empty());
  const auto urls = find_urls(adb, Language::Shell);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].text == "https://x.example/app/?provider=x.example");
  CHECK_FALSE(urls[0].exact);
  // What comes before the escape is still checked.
  const auto d =
      lint("ssh h \"curl https://x.example/caf%c3%a9?p=1\\\\&q=2\"\n", Language::Shell, {})
          .diagnostics;
  REQUIRE(d.size() == 1);
  CHECK(d[0].rule->id == "PCT001");
}

TEST_CASE("PCT005 in running text: an IP literal holds ':' (or is IPvFuture); [user]@ is usage") {
  // Vim's netrw help: the optional part of a usage text, not a host.
  CHECK(ids_in("\t\t:e ftp://[user]@hostname/path/\n", Language::PlainText).empty());
  CHECK(ids_in("See http://[user]@example.com/ for the form.\n", Language::PlainText).empty());
  // IP literals stay hosts: nothing to report, and the URL runs on past them.
  CHECK(ids_in("Open http://[::1]:8080/a[b] now.\n", Language::PlainText).empty());
  CHECK(
      ids_in("Open http://[fe80::1%25en0]/x and http://[v1.fe]/y.\n", Language::PlainText).empty());
  CHECK(find_urls("Open http://[::1]:8080/a now.\n", Language::PlainText).at(0).text ==
        "http://[::1]:8080/a");
  CHECK(find_urls("Try http://[v1.fe]/y.\n", Language::PlainText).at(0).text == "http://[v1.fe]/y");
  // The URL's own mistakes after the usage part are still found.
  CHECK(ids_in("Use ftp://[user]@example.com/caf%c3%a9 here.\n", Language::PlainText) ==
        std::vector<std::string>{"PCT001"});
}

TEST_CASE("systemd's specifiers on an Exec*= line are templates, and only there") {
  const std::string exec =
      "ExecStop=/usr/bin/curl -X DELETE http://127.0.0.1:4040/api/tunnels/%I\n";
  CHECK(ids_in(exec, Language::Ini).empty());
  CHECK(ids_in("```ini\n" + exec + "```\n", Language::Markdown).empty());
  // "%%" is systemd's '%': "%%20" reaches curl as "%20".
  CHECK(ids_in("  ExecStart=curl https://x.example/a%%20b?u=%u\n", Language::Ini).empty());
  // Elsewhere '%I' is a malformed escape, and a letter that is no specifier is one on the line.
  CHECK(ids_in("Documentation=http://127.0.0.1:4040/api/tunnels/%I\n", Language::Ini) ==
        std::vector<std::string>{"PCT007"});
  CHECK(ids_in("ExecStart=curl https://x.example/%K\n", Language::Ini) ==
        std::vector<std::string>{"PCT007"});
  CHECK(ids_in("Run curl http://127.0.0.1/api/%I\n", Language::PlainText) ==
        std::vector<std::string>{"PCT007"});
}

TEST_CASE("`expr` between backquotes in a literal or value is a placeholder; a lone one is not") {
  // The OpenTelemetry Collector's receiver_creator: the endpoint found goes where `endpoint` is.
  const std::string yaml = "endpoint: 'http://`endpoint`/nginx_status'\n";
  CHECK(ids_in(yaml, Language::Yaml).empty());
  CHECK(ids_in("```yaml\n" + yaml + "```\n", Language::Markdown).empty());
  CHECK(ids_in("u=\"http://`hostname -f`:8080/caf%c3%a9\"\n", Language::Shell) ==
        std::vector<std::string>{"PCT001"});
  CHECK(ids_in("other: 'http://x.example/a`b'\n", Language::Yaml) ==
        std::vector<std::string>{"PCT003"});
  // In running text a backquote still ends the URL (a code span), whatever follows.
  CHECK(find_urls("See https://x.example/a` and `b today.\n", Language::Markdown).at(0).text ==
        "https://x.example/a");
}

TEST_CASE(
    "[member] right after an archive's extension at the URL's end is the tool's, not the URL's") {
  // OpenTelemetry Weaver's registry_path: the archive, then the folder to read in it.
  CHECK(ids_in("registry_path: https://x.example/archive/v1.34.0.zip[model]\n", Language::Yaml)
            .empty());
  // Elsewhere the brackets are the URL's own, reported.
  for (const char* url : {"https://github.com/renovate[bot]", "https://x.example/a.zip[model]?q=1",
                          "https://x.example/a?f=b.zip[model]", "https://x.example/a_b[model]"}) {
    CAPTURE(url);
    CHECK(ids_in(std::string("u: \"") + url + "\"\n", Language::Yaml) ==
          std::vector<std::string>{"PCT005", "PCT005"});
  }
}

TEST_CASE("A code span that closes inside a link's destination: the link is no link") {
  // GOV.UK's markdownlint rule: "(`[link](https://example.com`) nor" in a Ruby comment.
  const std::string line = "# neither in markdown form (`[link](https://example.com`) nor\n";
  CHECK(ids_in(line, Language::Ruby).empty());
  CHECK(ids_in(line.substr(2), Language::Markdown).empty());
  // A link after a closed code span keeps its extent, and what it holds is judged.
  CHECK(ids_in("Run `make` then [docs](https://x.example/a`b).\n", Language::Markdown) ==
        std::vector<std::string>{"PCT003"});
  CHECK(find_urls("`a` [l](https://x.example/p`q) x\n", Language::Markdown).at(0).text ==
        "https://x.example/p`q");
}

TEST_CASE("PCT003: a backslash before an http URL's query is a '/' to browsers: fixed unsafe") {
  CHECK(fixed("https://x.example/a\\\\c/x") == "https://x.example/a\\\\c/x");
  CHECK(fixed("https://x.example/a\\\\c/x", true) == "https://x.example/a%5Cc/x");
  // In the query it is only a byte to encode.
  CHECK(fixed("https://x.example/a?p=C:\\\\x") == "https://x.example/a?p=C:%5Cx");
}

TEST_CASE("PCT003: what browsers keep raw in a fragment is fixed only unsafe") {
  // location.hash holds the '|' as written; a '`' (or a blank) browsers encode there themselves.
  CHECK(fixed("https://x.example/a#googtrans(en|en)") == "https://x.example/a#googtrans(en|en)");
  CHECK(fixed("https://x.example/a#googtrans(en|en)", true) ==
        "https://x.example/a#googtrans(en%7Cen)");
  CHECK(fixed("https://x.example/a?f=a|b#c|d") == "https://x.example/a?f=a%7Cb#c|d");
  CHECK(fixed("https://x.example/a#b`c") == "https://x.example/a#b%60c");
}

TEST_CASE("PCT003: a character that splits an escape ('% 2C') is fixed only unsafe") {
  CHECK(fixed("https://x.example/#:~:text=a%20balance% 2C%20pacing") ==
        "https://x.example/#:~:text=a%20balance% 2C%20pacing");
  CHECK(fixed("https://x.example/a b") == "https://x.example/a%20b");
}

TEST_CASE("PCT003 in the host or the port: reported, with no fix") {
  // A stray quote a doc generator took into a link (cert-manager's API reference): %22 after a
  // port is a URL browsers refuse; in the host, one that parsers read apart.
  for (const char* url : {"https://vault.example.com:8200\\\"", "http://ocsp.example.org\\\"",
                          "https://a|b.example/x"}) {
    CAPTURE(url);
    CHECK(has(ids_for(url), "PCT003"));
    CHECK(fixed(url) == url);
    CHECK(fixed(url, true) == url);
  }
  // In the userinfo an escape is one: fixed.
  CHECK(fixed("https://a b@x.example/") == "https://a%20b@x.example/");
}

TEST_CASE("PCT003 in a mailto address's domain: reported, with no fix") {
  // Django Girls' "mailto:translations@ djangogirls.org": %20 would be no address either.
  for (const char* url : {"mailto:translations@ djangogirls.org", "mailto:a@x.example,b@y ex.org",
                          "mailto:a@b|c.example?subject=x"}) {
    CAPTURE(url);
    CHECK(has(ids_for(url), "PCT003"));
    CHECK(fixed(url) == url);
    CHECK(fixed(url, true) == url);
  }
  // Before the '@' (the local part, a display name), or after a ',' that starts the next
  // address, an escape is one: fixed.
  CHECK(fixed("mailto:a b@x.example") == "mailto:a%20b@x.example");
  CHECK(fixed("mailto:a@x.example,b c@y.example") == "mailto:a@x.example,b%20c@y.example");
}

TEST_CASE("PCT003: a '|' after a file URL's drive letter is its ':'") {
  // Browsers (the WHATWG URL Standard) read "C|" as the drive "C:": the fix writes that.
  CHECK(fixed("file:///C|/Program%20Files/x.css") == "file:///C:/Program%20Files/x.css");
  CHECK(fixed("file:///c|/") == "file:///c:/");
  CHECK(fixed("file:///c|#top") == "file:///c:#top");
  // Elsewhere a '|' is only a byte to encode.
  CHECK(fixed("file:///C|x/y") == "file:///C%7Cx/y");
  CHECK(fixed("file:///dir/C|/y") == "file:///dir/C%7C/y");
  CHECK(fixed("https://x.example/C|/y") == "https://x.example/C%7C/y");
}

TEST_CASE("PCT003: a quote or angle bracket that ends the URL is fixed only unsafe") {
  // A Markdown destination that took the quote of an attribute in by mistake.
  for (const char* url : {"https://x.example/guide\\\"", "https://x.example/a>",
                          "https://x.example/a<", "https://x.example/a`"}) {
    CAPTURE(url);
    CHECK(has(ids_for(url), "PCT003"));
    CHECK(fixed(url) == url);
    CHECK(fixed(url, true) != url);
  }
  // Inside the URL the same character is only a byte to encode.
  CHECK(fixed("https://x.example/a\\\"b") == "https://x.example/a%22b");
  CHECK(fixed("https://x.example/a>b") == "https://x.example/a%3Eb");
  CHECK(fixed("https://x.example/a`b") == "https://x.example/a%60b");
  // The opening one of a pair that ends the URL (a code span's backticks taken into a
  // translated link's anchor): both or neither.
  const std::string md = "[`rstrip`](https://x.example/f.html#`rstrip`)\n";
  CHECK(fix_all(md, Language::Markdown, {}, false).text == md);
  CHECK(fix_all(md, Language::Markdown, {}, true).text ==
        "[`rstrip`](https://x.example/f.html#%60rstrip%60)\n");
  // The closing quote of a phrase searched for in the query is the phrase's: both are fixed.
  const std::string phrase = "x = 'https://x.example/issues?q=is%3Aissue+\"js+error%3A\"'\n";
  CHECK(fix_all(phrase, Language::Python, {}, false).text ==
        "x = 'https://x.example/issues?q=is%3Aissue+%22js+error%3A%22'\n");
  const std::string inside = "[x](https://x.example/a`b`c)\n";
  CHECK(fix_all(inside, Language::Markdown, {}, false).text ==
        "[x](https://x.example/a%60b%60c)\n");
}

TEST_CASE("PCT006 percent-u, PCT007 malformed-escape") {
  CHECK(fixed("https://x.example/?q=%u00E4%uD83D%uDE00") ==
        "https://x.example/?q=%C3%A4%F0%9F%98%80");
  auto ids = ids_for("https://x.example/?q=%uD83D");
  CHECK(has(ids, "PCT006"));
  CHECK_FALSE(has(ids, "PCT007")); // reported once, as %u
  CHECK(fixed("https://x.example/?q=%uD83D", true) == "https://x.example/?q=%uD83D");
  CHECK(fixed("https://x.example/50%off") == "https://x.example/50%off"); // unsafe only
  CHECK(fixed("https://x.example/50%off", true) == "https://x.example/50%25off");
  // The message quotes whole characters: "%" and the Hangul syllable after it, not half of it.
  const auto d =
      lint("auto u = \"https://x.example/a/100%\xEC\x9E\x90.pdf\";\n", Language::Cpp, Config{})
          .diagnostics;
  REQUIRE(d.size() == 2); // PCT007 and PCT004 (the raw syllable)
  CHECK(d[0].message == "'%\xEC\x9E\x90': '%' is not followed by two hex digits");
}

TEST_CASE("PCT003: a query language's operators are its syntax; a stray '<' or '>' is not") {
  CHECK(ids_for("http://localhost:8108/docs?filter_by=num_employees:>=100&batch_size=100").empty());
  CHECK(ids_for("http://localhost:3000/people?select=json_data->>blood_type").empty());
  CHECK(ids_for("https://x.example/s?q=price:<5").empty());
  CHECK(has(ids_for("https://x.example/s?q=a>b"), "PCT003"));
  CHECK(has(ids_for("https://x.example/s?q=<1"), "PCT003")); // "=" is the parameter's own
  CHECK(has(ids_for("https://x.example/s?q=a=>b"), "PCT003"));
  CHECK(has(ids_for("https://x.example/a->b"), "PCT003"));    // in the path: no query language
  CHECK(has(ids_for("https://x.example/s?q=a:>"), "PCT003")); // no operand
}

TEST_CASE("PCT008 to PCT011") {
  CHECK(fixed("https://x.example/%7Euser/%41%42") == "https://x.example/~user/AB");
  // Decoding "%31" after a stray '%' would create the escape "%1b": that fix is not safe (fuzzing).
  CHECK(fixed("https://x.example/%%31b") == "https://x.example/%%31b");
  CHECK(fixed("https://x.example/a%2520b", true) == "https://x.example/a%20b");
  CHECK(fixed("https://x.example/a%2520b") == "https://x.example/a%2520b");
  // In a text fragment '-' is the directive's syntax: a literal one stays encoded.
  CHECK(fixed("https://x.example/%7Ea#:~:text=a%2D,b%2Dc") ==
        "https://x.example/~a#:~:text=a%2D,b%2Dc");
  CHECK(fixed("https://x.example/a#top%2Dx") == "https://x.example/a#top-x");
  // A component written with escapes alone, reserved ones among them, is decoded only on request.
  const std::string obfuscated = "https://x.example/reg?name=%3C%73%63%72%69%70%74%3E&b=1";
  CHECK(fixed(obfuscated) == obfuscated);
  CHECK(fixed(obfuscated, true) == "https://x.example/reg?name=%3Cscript%3E&b=1");
  // An escaped hex digit before more hex digits: a colour whose "%23" lost its "23".
  CHECK(fixed("https://img.example/badge?logoColor=%46E3B7") ==
        "https://img.example/badge?logoColor=%46E3B7");
  CHECK(fixed("https://img.example/badge?logoColor=%46E3B7", true) ==
        "https://img.example/badge?logoColor=FE3B7");
  // A URL shown shortened is an illustration: an encoder's output shown in part stays as shown.
  CHECK(fixed("mailto:%6d%65.. snipped..%6f%6d") == "mailto:%6d%65.. snipped..%6f%6d");
  CHECK(fixed("mailto:%6d%65.. snipped..%6f%6d", true) == "mailto:me.. snipped..om");
  CHECK(fixed("mailto:%6d%65@x.example") == "mailto:me@x.example");
  CHECK(fixed("https://x.example/%41b/c") == "https://x.example/Ab/c"); // one hex digit after
  CHECK(fixed("https://x.example/%7E%7E%7E%7E/a") == "https://x.example/~~~~/a"); // unreserved all
  CHECK(fixed("https://x.example/?q=%41%2F%42") == "https://x.example/?q=A%2FB"); // three escapes
  CHECK(fixed("https://x.example/?q=x%41%2F%42%43") == "https://x.example/?q=xA%2FBC"); // text too
  CHECK(has(ids_for("https://x.example/a%2Fb?x=%2F"), "PCT010"));
  const auto slash_ids = ids_for("https://x.example/a%2Fb?x=%2F");
  CHECK(std::count(slash_ids.begin(), slash_ids.end(), "PCT010") == 1); // only in the path
  CHECK(has(ids_for("https://x.example/?f=a%00.jpg%0D%0A"), "PCT011"));
  // A line break is text in a query value or fragment (a mailto body, RFC 6068), not in a path.
  CHECK(!has(ids_for("mailto:a@x.example?body=one%0D%0Atwo"), "PCT011"));
  CHECK(!has(ids_for("https://x.example/share?text=a%0Ab#c%09d"), "PCT011"));
  CHECK(has(ids_for("https://x.example/a%0D%0Ab"), "PCT011"));
  // A path segment's parameter value is text as a query's is; the segment itself is not.
  CHECK(!has(ids_for("https://x.example/logs/query;query=a%3D%22b%22%0Ac?p=1"), "PCT011"));
  CHECK(has(ids_for("https://x.example/logs;v=1/a%0Ab"), "PCT011"));
  CHECK(has(ids_for("https://x.example/logs;a%0Ab=1"), "PCT011"));
  // A single-page application's route in the fragment has its own encoding; the path has not.
  CHECK(!has(ids_for("https://x.example/docs/#/parsers/show%2520interface"), "PCT009"));
  CHECK(!has(ids_for("https://x.example/#!/a%2520b"), "PCT009"));
  CHECK(has(ids_for("https://x.example/a%2520b#/route"), "PCT009"));
  CHECK(has(ids_for("https://x.example/a#b%2520c"), "PCT009"));
  // fresh228: a tracking parameter's value is the site's analytics data, as its links write it.
  CHECK(!has(
      ids_for(
          "https://www.ti.com/lit/an/a.pdf?ts=1&ref_url=https%253A%252F%252Fwww.google.com%252F"),
      "PCT009"));
  CHECK(!has(ids_for("https://blog.example/p/?utm_source=rss&utm_campaign=next-%25e5%25bc%2580"),
             "PCT009"));
  CHECK(!has(ids_for("https://www.imdb.example/find?ref_=nv_sr_q_Forest%2520Gump"), "PCT009"));
  CHECK(has(ids_for("https://x.example/find?q=Forest%2520Gump&ref_=nv"), "PCT009"));
  CHECK(has(ids_for("https://x.example/find?xref_url=a%2520b"), "PCT009"));
  // GitHub's and GitLab's ref= names a branch: encoded twice, it is a mistake.
  CHECK(has(ids_for("https://api.github.example/repos/o/r/contents/a.md?ref=release%252F1.0"),
            "PCT009"));
  // Hash parameters are the page's own state, as a route is; a text directive is not.
  CHECK(!has(ids_for("http://pan.example/share/link?id=1#path=%252FARM%2520x"), "PCT009"));
  CHECK(has(ids_for("https://x.example/a#:~:text=a%2520b"), "PCT009"));
  // A JSON object encoded twice whole is a site's own state; brackets of a title are not.
  CHECK(!has(ids_for("https://x.example/"
                     "jobs?facetFilters=%257B%2522c%2522%253A%255B%2522a%2522%255D%257D&x=1"),
             "PCT009"));
  CHECK(!has(ids_for("https://tldr.example/jobs?filter=%257B%257D"), "PCT009"));
  CHECK(has(ids_for("https://x.example/new?title=%255BCUSTOMER+NAME%255D"), "PCT009"));
  // A base64 token whose '=' padding alone is encoded twice is the site's own form; a word before
  // it, a length no padding makes whole, or escapes inside the value are not.
  CHECK(!has(ids_for("https://www.youtube.com/results?search_query=a&sp=EgIQAg%253D%253D"),
             "PCT009"));
  CHECK(!has(ids_for("https://www.youtube.com/results?sp=EgIQAfABAQ%253D%253D&q=a"), "PCT009"));
  CHECK(!has(ids_for("https://x.example/?t=YWJjZGU%253D"), "PCT009"));
  CHECK(has(ids_for("https://x.example/?t=YWJjZA%253D"), "PCT009"));
  CHECK(has(ids_for("https://x.example/?t=EgIQA%253D%253D"), "PCT009"));
  CHECK(has(ids_for("https://x.example/?q=a%2520b%253D%253D"), "PCT009"));
  CHECK(has(ids_for("https://x.example/a%253D%253D"), "PCT009"));
  // Google's image servers name an upload by its name encoded twice: their own form.
  CHECK(!has(ids_for("https://lh6.googleusercontent.com/-p/U/A/0N/s512-no/Icon+%25281%2529.png"),
             "PCT009"));
  CHECK(!has(ids_for("https://1.bp.blogspot.com/-a/b/s1600/Screen+Shot%2520(1).png"), "PCT009"));
  CHECK(has(ids_for("https://googleusercontent.com.x.example/Icon+%25281%2529.png"), "PCT009"));
  // TiddlyWiki's static export names a page's file by its title encoded once.
  CHECK(!has(ids_for("https://tiddlywiki.com/static/Scripts%2520for%2520building.html"), "PCT009"));
  CHECK(has(ids_for("https://x.example/static/a%2520b/c.html"), "PCT009"));
  CHECK(has(ids_for("https://x.example/files/annual%2520report.html"), "PCT009"));
  CHECK(has(ids_for("https://x.example/static/annual%2520report.pdf"), "PCT009"));
  // Vignette StoryServer (News Limited's papers) joins a story page's ids with a '^' encoded twice.
  CHECK(!has(ids_for("http://www.thecouriermail.news.com.au/common/story_page/"
                     "0,5936,15538869%255E1702,00.html"),
             "PCT009"));
  CHECK(has(ids_for("https://x.example/story/0,5936,annual%2520report,00.html"), "PCT009"));
  CHECK(has(ids_for("https://x.example/0,5936,15538869%255E1702,00.html/a%2520b"), "PCT009"));
  // The OWASP Top Ten 2017's pages are files named with their title's '&' encoded once.
  CHECK(!has(ids_for("https://owasp.org/www-project-top-ten/2017/"
                     "A10_2017-Insufficient_Logging%2526Monitoring"),
             "PCT009"));
  CHECK(has(ids_for("https://owasp.org/www-project-top-ten/2021/a%2526b"), "PCT009"));
  CHECK(has(ids_for("https://owasp.org.x.example/www-project-top-ten/2017/a%2526b"), "PCT009"));
  // A URL its server signed over the path as written: Drupal's image styles, presigned objects.
  CHECK(!has(ids_for("https://news.mit.edu/sites/default/files/styles/news_article__image_gallery/"
                     "public/images/202004/edelman%2520philip%2520sanders.png?itok=ZcYu9NFeg"),
             "PCT009"));
  CHECK(!has(ids_for("https://b.s3.amazonaws.com/a%2520b.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&"
                     "X-Amz-Signature=0f1e"),
             "PCT009"));
  CHECK(has(ids_for("https://x.example/files/a%2520b.png?fitok=1"), "PCT009"));
  CHECK(has(ids_for("https://x.example/files/a%2520b.png#itok=1"), "PCT009"));
  // A URL nested in another's path has its own escapes, encoded again (vim-fern's buffer names).
  CHECK(!has(ids_for("fern://file:///Users/a/hello%252520world"), "PCT009"));
  CHECK(has(ids_for("https://x.example/file/a%2520b"), "PCT009"));
  // A base encoded once joined to a name encoded twice is the common mistake, and a name with a
  // literal '%' looks the same: reported alike.
  CHECK(has(ids_for("https://x.example/My%20Files/annual%2520report.pdf"), "PCT009"));
}

TEST_CASE("placeholders are not findings") {
  CHECK(ids_for("https://x.example/users/{id}/files/${name}?q={{ query }}").empty());
  // A template's field of an object filling a mail address, in an autolink whose arrow's '>'
  // would have ended it (Sympa's list templates).
  CHECK(lint("\t\t  [ow->gecos] <mailto:[ow->email]>\n", Language::PlainText, {})
            .diagnostics.empty());
  CHECK(ids_for("mailto:[ow.email]").empty());
  // An RPM spec's macros without braces, on a line that sets a Source, Patch or URL tag.
  const std::string spec = "Source0: https://x.example/archive/v%realversion.tar.gz\n"
                           "Patch1: https://x.example/download/v%amver/a-%amver.diff\n";
  CHECK(lint(spec, Language::PlainText, {}).diagnostics.empty());
  CHECK(has(ids_for("https://x.example/archive/v%realversion.tar.gz"), "PCT007"));
  // Only a file that may be a spec has RPM tags: a YAML key "URL:" is none.
  CHECK(has(ids_in("URL: \"http://x.example/b%u00E4r\"\n", Language::Yaml), "PCT006"));
  CHECK(lint("Source0: https://x.example/caf%c3%a9-%{version}.tgz\n", Language::PlainText, {})
            .diagnostics.size() == 1); // the escape is still one
  // A lowercase macro whose name starts with two hex digits is still a macro; an escape in
  // capitals, or one that another '%' follows, is still an escape.
  CHECK(lint("Source0: https://x.example/x-%version-%ccver.tar.gz\n", Language::PlainText, {})
            .diagnostics.empty());
  CHECK(lint("Source0: https://x.example/caf%E9s.tgz\n", Language::PlainText, {})
            .diagnostics.size() == 1);
  CHECK(lint("Source0: https://x.example/caf%e9%e9.tgz\n", Language::PlainText, {})
            .diagnostics.size() == 1);
  CHECK(has(ids_for("mailto:[a->b]c@x.example"), "PCT005")); // not the whole address
  // A Maven or Ant filter token naming a property, for a whole host (fresh199: WildFly's docs).
  CHECK(ids_in(R"(<soap:address location="http://@jboss.bind.address@:8080/svc/Service"/>)",
               Language::Xml)
            .empty());
  CHECK(has(ids_for("http://foo@evil.com:80@example.com/"), "PCT005")); // a userinfo, no token
  // A <name> placeholder a tool percent-encoded when it wrote the URL out (a wiki's export).
  CHECK(ids_in(R"(<a href="http://%3CServername%3E/pnp4nagios/">x</a>)", Language::Html).empty());
  CHECK(ids_in(R"(<a href="http://%3Cserver name%3E/pnp4nagios/">x</a>)", Language::Html).empty());
  CHECK(has(ids_for("http://%3Cserver%3E/a%2fb"), "PCT001"));       // the rest still read
  CHECK(has(ids_for("https://x.example/a?q=%3Cb%3E|x"), "PCT003")); // not the host: no placeholder
  CHECK(lint(R"(fmt.Sprintf("https://x.example/%s/items?page=%d", a, b))", Language::Go, {})
            .diagnostics.empty());
}

TEST_CASE("an attribute named url or uri holds one URL, blanks and all") {
  // An SMF manifest's doc_link (fresh206's recall miss: the words after a file's name were read
  // as a note), RSS's enclosure.
  CHECK(has(ids_in("<doc_link name='p' uri='http://x.example/doc/index.html/King of turtles'/>\n",
                   Language::Xml),
            "PCT003"));
  CHECK(has(ids_in("<enclosure url=\"https://x.example/ep 1.mp3\" type=\"audio/mpeg\"/>\n",
                   Language::Xml),
            "PCT003"));
}

TEST_CASE("Markdown: two reference definitions run together on a line give the first no extent") {
  // The line break between them lost: the next label is not the first URL's.
  const std::string md =
      "[LND v0.17.0-beta.rc2]: https://github.com/o/r/releases/tag/v0.17.0-beta.rc2"
      "[briar compress]: https://gnusha.org/url/x\n";
  CHECK(ids_in(md, Language::Markdown).empty());
  CHECK(fix_all(md, Language::Markdown, {}, true).text == md);
  // One definition alone still has its extent: a '[' in it is judged.
  CHECK(has(ids_in("[a]: https://x.example/p[1]\n", Language::Markdown), "PCT005"));
}

TEST_CASE(
    "reST: a hyperlink target's backslash escapes are docutils', the URL what they stand for") {
  const std::string rst = ".. _WET: https://en.wikipedia.org/wiki/Don't\\_repeat\\_yourself"
                          "#DRY\\_vs\\_WET\\_solutions\n";
  CHECK(ids_in(rst, Language::Rst).empty());
  // What the escapes leave is still judged: a lowercase escape, fixed at its own bytes.
  const std::string lower = ".. _x: https://x.example/a\\_b/caf%c3%a9\n";
  CHECK(ids_in(lower, Language::Rst) == std::vector<std::string>{"PCT001"});
  CHECK(fix_all(lower, Language::Rst, {}, false).text ==
        ".. _x: https://x.example/a\\_b/caf%C3%A9\n");
}

TEST_CASE("suppression comments in several comment syntaxes") {
  const std::string cpp =
      "auto a = \"https://x.example/a b.pdf\"; // pctlint-disable-line PCT003\n"
      "// pctlint-disable-next-line unencoded-char\n"
      "auto b = \"https://x.example/a b.pdf\";\n"
      "auto c = \"https://x.example/a b.pdf\"; // pctlint-disable-line PCT001\n";
  const auto d = lint(cpp, Language::Cpp, {}).diagnostics;
  REQUIRE(d.size() == 1);
  CHECK(d[0].begin > cpp.find("auto c"));
  const std::string py =
      "# pctlint-disable\nu = 'https://x.example/a b.pdf'\n# pctlint-enable\nv = "
      "'https://x.example/%c3%a4'\n";
  const auto dp = lint(py, Language::Python, {}).diagnostics;
  REQUIRE(dp.size() == 1);
  CHECK(dp[0].rule->id == "PCT001");
  const std::string md = "<!-- pctlint-disable-next-line -->\nhttps://x.example/%c3%a4\n";
  CHECK(lint(md, Language::Markdown, {}).diagnostics.empty());
  // Not in a comment: no effect.
  CHECK(lint("s = \"https://x.example/%c3 pctlint-disable-line\"", Language::Python, {})
            .diagnostics.size() == 2);
}

TEST_CASE("disable_for_line_edit writes the language's comment") {
  std::string src = "u = \"https://x.example/%c3\"\nnext\n";
  auto e = disable_for_line_edit(src, Language::Python, 10, "PCT001");
  REQUIRE(e);
  src.replace(e->begin, e->end - e->begin, e->replacement);
  CHECK(src == "u = \"https://x.example/%c3\" # pctlint-disable-line PCT001\nnext\n");
  e = disable_for_line_edit(src, Language::Python, 10, "PCT002");
  src.replace(e->begin, e->end - e->begin, e->replacement);
  CHECK(src == "u = \"https://x.example/%c3\" # pctlint-disable-line PCT002 PCT001\nnext\n");
  CHECK(lint(src, Language::Python, {}).diagnostics.empty());
  CHECK(disable_for_line_edit("<a href=\"x\">", Language::Html, 3, "PCT003")->replacement ==
        " <!-- pctlint-disable-line PCT003 -->");
  CHECK_FALSE(disable_for_line_edit("{\"a\": 1}", Language::Json, 3, "PCT003").has_value());
}

TEST_CASE("fixes in escaped literals map to exact source bytes, and keep the literal valid") {
  const std::string src = R"({"u": "https:\/\/x.example\/caf\u00e9 x.pdf"})";
  const auto r = fix_all(src, Language::Json, {}, false);
  CHECK(r.text == R"({"u": "https:\/\/x.example\/caf%C3%A9%20x.pdf"})");
}

TEST_CASE("safe fixes never change what each component decodes to; fix_all reaches a fixpoint") {
  const std::string urls[] = {
      "https://x.example/caf%c3%a9 x/%7e?q=a|b&r=%u00e4#f#g",
      "https://u@v@x.example/\xC3\xA4/%ED%A0%BD%ED%B8%80?x=[1]",
      "https://x.example/%41%2f%2F%c0%80?%c4",
  };
  for (const std::string& url : urls) {
    CAPTURE(url);
    const std::string after = fixed(url);
    const UrlParts a = split_url(url), b = split_url(after);
    for (auto c : {UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Path,
                   UrlComponent::Query, UrlComponent::Fragment}) {
      REQUIRE(a.get(c).has_value() == b.get(c).has_value());
      if (!a.get(c)) continue;
      std::string before_decoded = decode_lenient(a.get(c)->in(url), {.require_utf8 = false});
      const std::string after_decoded =
          decode_lenient(b.get(c)->in(after), {.require_utf8 = false});
      // %uXXXX, CESU-8 and Modified UTF-8 are rewritten to the character they stand for.
      if (before_decoded != after_decoded) {
        CHECK((url.find("%u") != std::string::npos || url.find("%ED%A0") != std::string::npos ||
               url.find("%c0%80") != std::string::npos));
        continue;
      }
      CHECK(before_decoded == after_decoded);
    }
    const std::string src = "auto u = \"" + after + "\";\n";
    for (const Diagnostic& d : lint(src, Language::Cpp, {}).diagnostics)
      CHECK_FALSE((d.fix && d.fix->applicability == Applicability::Safe));
  }
}

TEST_CASE("apply_fixes never touches bytes outside its edits and skips overlaps") {
  const std::string src = "héllo \"https://x.example/%c3%a4 b.txt\"\r\n// tail ✓\r\n";
  const auto d = lint(src, Language::JavaScript, {}).diagnostics;
  const FixResult r = apply_fixes(src, d, false);
  CHECK(r.text == "héllo \"https://x.example/%C3%A4%20b.txt\"\r\n// tail ✓\r\n");
  CHECK(r.applied == 2);
}

TEST_CASE("real-looking correct code in tests/fixtures/clean produces no finding") {
  const std::filesystem::path dir =
      std::filesystem::path(PCTLINT_SOURCE_DIR) / "tests/fixtures/clean";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string path = entry.path().string();
    const std::string source = read_file(path);
    REQUIRE_FALSE(source.empty());
    const Language lang = language_for_path(path);
    const LintResult result = lint(source, lang, Config{});
    CAPTURE(path);
    // Each fixture holds URL candidates: URLs to check, or text that only looks like them.
    CHECK((source.find("://") != std::string::npos || source.find("mailto:") != std::string::npos));
    for (const Diagnostic& d : result.diagnostics)
      FAIL_CHECK(d.rule->id << " at byte " << d.begin << ": " << d.message);
    ++files;
  }
  CHECK(files >= 50);
}

// tests/fixtures/findings: real problems from real repositories, each to be found exactly where
// EXPECTED.tsv says (file, line, column, rule), and nothing else.
TEST_CASE("the real problems in tests/fixtures/findings are found, and only they") {
  const std::filesystem::path dir =
      std::filesystem::path(PCTLINT_SOURCE_DIR) / "tests/fixtures/findings";
  std::set<std::string> expected, found;
  std::istringstream lines(read_file((dir / "EXPECTED.tsv").string()));
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line[0] != '#') expected.insert(line);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == "EXPECTED.tsv") continue;
    const std::string source = read_file(entry.path().string());
    const LintResult result = lint(source, language_for_path(name), Config{});
    const LineIndex index(source);
    for (const Diagnostic& d : result.diagnostics) {
      const LinePosition p = index.position_of(d.begin, OffsetEncoding::Utf32);
      found.insert(name + "\t" + std::to_string(p.line + 1) + "\t" + std::to_string(p.column + 1) +
                   "\t" + std::string(d.rule->id));
    }
  }
  for (const std::string& e : expected)
    CHECK_MESSAGE(found.count(e), "not found: " << e);
  for (const std::string& f : found)
    CHECK_MESSAGE(expected.count(f), "not expected: " << f);
  CHECK(expected.size() >= 15);
}

// The engine skips a rule on URLs holding none of its triggers outside placeholders (bytes, and
// escapes for rules about escapes), and where the rule's may_find() says no; that must never hide a
// finding. Random URLs, each drawn from a random part of a wide
// alphabet, so that every rule meets many URLs without its triggers but with everything else.
TEST_CASE("a rule finds nothing in a URL without its triggers") {
  const std::vector<std::string> pieces = {"a",
                                           "Z",
                                           "0",
                                           "-",
                                           ".",
                                           "_",
                                           "~",
                                           "/",
                                           "?",
                                           "#",
                                           "[",
                                           "]",
                                           "@",
                                           ":",
                                           "!",
                                           "$",
                                           "&",
                                           "'",
                                           "(",
                                           ")",
                                           "*",
                                           "+",
                                           ",",
                                           ";",
                                           "=",
                                           " ",
                                           "\t",
                                           "\"",
                                           "<",
                                           ">",
                                           "\\",
                                           "^",
                                           "`",
                                           "{",
                                           "}",
                                           "|",
                                           "\x7f",
                                           "%",
                                           "%41",
                                           "%7e",
                                           "%2F",
                                           "%5C",
                                           "%00",
                                           "%0D",
                                           "%C3%A4",
                                           "%c3%a4",
                                           "%C4",
                                           "%80",
                                           "%C0%AF",
                                           "%ED%A0%80",
                                           "%F4%90%80%80",
                                           "%u00E4",
                                           "%uD83D%uDE00",
                                           "%2520",
                                           "%25C3%25A4",
                                           "%ZZ",
                                           "%4",
                                           "é",
                                           "中",
                                           "😀",
                                           "\xC3\x28",
                                           "{id}",
                                           "${x}",
                                           ":id"};
  std::mt19937 rng(42);
  const Config config;
  std::size_t skipped = 0, fired = 0, narrowed = 0, in_placeholders = 0, declined = 0;
  for (int n = 0; n < 20000; ++n) {
    std::vector<std::string> alphabet;
    for (const std::string& p : pieces)
      if (rng() % 4 == 0) alphabet.push_back(p);
    if (alphabet.empty()) continue;
    FoundUrl url;
    url.text = "https://";
    for (int k = 0, len = int(rng() % 24); k < len; ++k)
      url.text += alphabet[rng() % alphabet.size()];
    // (Not xargs' replace string: with it every '%' would be a placeholder.)
    url.placeholders = find_placeholders(
        url.text, all_placeholder_styles & ~static_cast<unsigned>(PlaceholderStyle::XargsReplace));
    const UrlParts parts = split_url(url.text);
    const UrlUnderCheck under{url, url.text, parts, config};
    ByteSet present;
    for (char c : url.text)
      present.set(static_cast<unsigned char>(c));
    const RuleMask engine_runs = triggered_rules(url);
    for (std::size_t i = 0; i < all_rules().size(); ++i) {
      const Rule* rule = all_rules()[i];
      UrlFindings findings;
      rule->check(under, findings);
      const bool is_triggered = triggered(*rule, url);
      // The engine's tables say what the plain statement says.
      if (is_triggered != ((engine_runs >> i) & 1))
        FAIL(rule->info().id << ": triggered_rules disagrees with triggered() on " << url.text);
      // Escape triggers narrow the '%' trigger, never widen it.
      if (is_triggered && !(present & rule->triggers()).any())
        FAIL(rule->info().id << " triggered without any trigger byte: " << url.text);
      narrowed += !is_triggered && present['%'] && rule->triggers()['%'];
      in_placeholders +=
          !is_triggered && (present & rule->triggers()).any() && !url.placeholders.empty();
      declined += is_triggered && !rule->may_find(url);
      if (is_triggered && rule->may_find(url)) {
        fired += !findings.empty();
        continue;
      }
      ++skipped;
      if (!findings.empty())
        FAIL(rule->info().id << " found something in a URL the engine skips for it: " << url.text);
    }
  }
  CHECK(skipped > 20000);
  CHECK(narrowed > 5000);        // rules about escapes skipped on URLs with a '%'
  CHECK(in_placeholders > 1000); // trigger bytes only inside placeholders
  CHECK(declined > 1000);        // may_find() said no
  CHECK(fired > 20000);
}

// A generated or minified URL with thousands of findings: the first 100 of a rule, then one that
// counts the rest and whose fix makes all their edits.
TEST_CASE("a URL with thousands of findings of one rule: 100 listed, the rest folded into one") {
  std::string url = "https://x.example/";
  for (int i = 0; i < 250; ++i)
    url += "a|";
  url += "a"; // (a '|' that ends the URL delimits what holds it)
  const std::string source = "u = \"" + url + "\"\n";
  const LintResult r = lint(source, Language::Python, {});
  REQUIRE(r.diagnostics.size() == 101);
  const Diagnostic& folded = r.diagnostics.back();
  CHECK(folded.message.ends_with("(and 149 more like it in this URL)"));
  REQUIRE(folded.fix);
  CHECK(folded.fix->edits.size() == 150);
  CHECK(folded.begin == source.find('|') + 2 * 100);
  const FixResult fixed = fix_all(source, Language::Python, {}, false);
  CHECK(fixed.text.find('|') == std::string::npos);
  CHECK(fixed.text.find("a%7Ca%7C") != std::string::npos);
  CHECK(fixed.remaining.empty());
}

TEST_CASE("a folded fix is applied part by part where another fix overlaps one part") {
  Diagnostic folded;
  folded.fix = Fix{"fold", Applicability::Safe, {{2, 3, "X"}, {5, 6, "Y"}, {8, 9, "Z"}}, {0, 1, 2}};
  Diagnostic other;
  other.fix = Fix{"other", Applicability::Safe, {{4, 7, "-"}}};
  const FixResult r = apply_fixes("0123456789", {folded, other}, false);
  CHECK(r.text == "01X3-7Z9"); // Y clashed with the other fix; X and Z applied
  CHECK(r.applied == 3);
  CHECK(r.skipped == 1);
  folded.fix->parts.clear(); // one part, all or nothing: first in order, it wins whole
  CHECK(apply_fixes("0123456789", {folded, other}, false).text == "01X34Y67Z9");
}

// A finding on the last character of a literal joined to the next: its span and its fix end at
// that literal's end, not where the next one begins (found by fuzzing: the fix ate the quotes).
TEST_CASE("a fix at the end of a joined literal stays inside it") {
  const std::string source = "const char* u = \"https://x.example/a`\"\n    \"b\";\n";
  const LintResult r = lint(source, Language::C, {});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(source.substr(r.diagnostics[0].begin, r.diagnostics[0].end - r.diagnostics[0].begin) ==
        "`");
  const FixResult fixed = fix_all(source, Language::C, {}, false);
  CHECK(fixed.text == "const char* u = \"https://x.example/a%60\"\n    \"b\";\n");
}

TEST_CASE("PCT011: DEL in a query or fragment is data; in the path it is still reported") {
  // TE Connectivity's document ids separate their fields with DEL.
  CHECK(ids_for("https://www.te.com/DDEController?DocId=Data+Sheet%7FM3200%7Fpdf").empty());
  CHECK(ids_for("https://x.example/a#b%7Fc").empty());
  CHECK(has(ids_for("https://x.example/report%7F.pdf"), "PCT011"));
  // The other controls stay reported in the query.
  CHECK(has(ids_for("https://x.example/a?file=report.pdf%00.jpg"), "PCT011"));
  CHECK(has(ids_for("https://x.example/a?q=%1B[31m"), "PCT011"));
  // Other controls in a query are a value's data, a site's separators (Sybase's online books).
  CHECK(!has(ids_for("http://sybooks.example/dbrfen8/@ebt-link;pt=16756?"
                     "target=%25N%15_12018_START_RESTART_N%25"),
             "PCT011"));
  CHECK(has(ids_for("https://x.example/a%15b?q=1"), "PCT011"));
}

TEST_CASE("PCT005: a web IRC client's fragment names channels, '#' and all") {
  for (const char* url : {"https://web.libera.chat/##hntop", "https://webchat.oftc.net/#a,#b",
                          "https://kiwiirc.com/nextclient/irc.libera.chat/##rust"}) {
    CAPTURE(url);
    CHECK(ids_for(url).empty());
  }
  // A doubled '#' elsewhere is still judged, and so is a host that only ends with the name.
  CHECK(has(ids_for("https://graphics.stanford.edu/~seander/bithacks.html##Value"), "PCT005"));
  CHECK(has(ids_for("https://notweb.libera.chat.example/##x"), "PCT005"));
  CHECK(has(ids_for("https://evilkiwiirc.com/##x"), "PCT005"));
  // A channel in the query, cut short by its own '#' (reviewed true: a 2019 post's freenode link).
  CHECK(has(ids_for("https://webchat.freenode.net/?channels=##rust"), "PCT005"));
  // Two '#' standing for a number before a query (a release checklist's "milestone/##?closed=1").
  CHECK(ids_in("- [ ] Link the [closed items](https://github.com/o/r/milestone/##?closed=1).\n",
               Language::Markdown)
            .empty());
  CHECK(ids_in("Close [the milestone](https://github.com/o/r/milestone/##) first.\n",
               Language::Markdown)
            .empty());
  CHECK(has(ids_for("https://x.example/a.html##anchor"), "PCT005"));
  CHECK(has(ids_for("https://x.example/a/##anchor"), "PCT005"));
  // A page's script state encoded as JSON after a second '#' (draw.io's "#G<file id>#{…}").
  CHECK(ids_for("https://app.diagrams.net/#G1TRFyEEqrfXd2iB1ZWl3czUCM-_FK2_Us#%7B%22pageId%22%3A"
                "%22x%22%7D")
            .empty());
  CHECK(has(ids_for("https://x.example/a.html#install#linux"), "PCT005"));
  // MediaWiki's help names a parser function's section with its '#'.
  CHECK(ids_for("https://www.mediawiki.org/wiki/Help:Extension:ParserFunctions##expr").empty());
  CHECK(has(ids_for("https://x.example/wiki/Other##expr"), "PCT005"));
  CHECK(
      has(ids_for("https://www.mediawiki.org/wiki/Help:Extension:ParserFunctions#a#b"), "PCT005"));
  // A SOAP action named by its port and operation, compared as written by the server.
  CHECK(
      ids_for("http://schemas.cisco.com/ast/soap/action/#PerfmonPort#PerfmonOpenSession").empty());
  CHECK(
      has(ids_for("http://schemas.cisco.com/ast/soap/#PerfmonPort#PerfmonOpenSession"), "PCT005"));
  CHECK(has(ids_for("http://x.example/soap/action/?a=b#Port#Op"), "PCT005"));
}

TEST_CASE("a scheme and its \"://\" alone between two of one delimiter are a pattern's") {
  // Perl's substitution with '@' for its delimiter: no URL, no second '@' in an authority.
  CHECK(ids_in("sub f { s@http://@@ || exit; }\n", Language::Perl).empty());
  CHECK(ids_in("sed -e 's#https://#http://#' x\n", Language::Shell).empty());
  // A URL after the delimiter is a URL.
  CHECK(has(ids_in("my $u = 'x@http://u@v@a.example/';\n", Language::Perl), "PCT005"));
}

TEST_CASE("PCT003: a '|' that ends the URL delimits what holds it; inside, it is reported") {
  // DokuWiki's toolbar sample, a wiki link written in pieces.
  CHECK(ids_in("$s = 'http://example.com|' . $lang['qb_extlink'];\n", Language::Php).empty());
  CHECK(has(ids_for("https://fonts.googleapis.com/css?family=A|B"), "PCT003"));
  CHECK(has(ids_for("https://a|b.example/x"), "PCT003"));
}

TEST_CASE("PHP: a variable interpolated into an IP literal's brackets is a template") {
  // fresh218: coolify's "http://[$settings->public_ipv6]"; '>' is PHP's, not the host's.
  CHECK(ids_in("<?php\nfunction f($s) { return \"http://[$s->ip]\"; }\n", Language::Php).empty());
  CHECK(has(ids_in("<?php\n$u = \"http://[fe80::1%eth0]/\";\n", Language::Php), "PCT007"));
}

TEST_CASE("full-width brackets around a name are a placeholder, as CJK documentation writes one") {
  // fresh210: a Japanese blog's share-button examples and a framework's root.
  CHECK(ids_in("<a href=\"http://twitter.com/share?text=\u3010\u30C4\u30A4\u30FC\u30C8\u6587\u3011"
               "&url=\u3010URL\u3011\">x</a>\n",
               Language::Html)
            .empty());
  CHECK(ids_in("<link href=\"https://\uFF1CIgniterRoot\uFF1E/css/main.css\" rel=\"stylesheet\"/>\n",
               Language::Html)
            .empty());
  CHECK(ids_in("<a href=\"https://\u3008host\u3009/api/\u3008id\u3009\">x</a>\n", Language::Html)
            .empty());
  // A book's title marks are no placeholder: the query names the book.
  CHECK(has(ids_in("<a href=\"https://x.example/?q=\u300A\u7EA2\u697C\u68A6\u300B\">x</a>\n",
                   Language::Html),
            "PCT004"));
  // The rest of the URL is still read; a bracket never closed, or one holding a path, is no name.
  CHECK(has(ids_in("<a href=\"http://x.example/a%2f?u=\u3010URL\u3011\">x</a>\n", Language::Html),
            "PCT001"));
  CHECK(has(ids_in("<a href=\"http://x.example/?u=\u3010URL\">x</a>\n", Language::Html), "PCT004"));
  CHECK(has(ids_in("<a href=\"http://x.example/\u3010a/b\u3011\">x</a>\n", Language::Html),
            "PCT004"));
}

TEST_CASE("Markdown: a value of an attribute not named for a URL is text that may begin with one") {
  // fresh210: a Hugo shortcode's caption, a URL and then Japanese words.
  const std::string md = "{{< code lang=\"html\" title=\"http://localhost:1313/mysection/ "
                         "\u306B\u30A2\u30AF\u30BB\u30B9\u3057\u305F\u5834\u5408\" >}}\n"
                         "{{< code title=\"https://example.com \u306E\u30B3\u30F3\u30C6\u30F3"
                         "\u30C4 (HTML) \u3092\u53D6\u5F97\u3059\u308B\" >}}\n";
  CHECK(ids_in(md, Language::Markdown).empty());
  CHECK(fix_all(md, Language::Markdown, {}, true).text == md);
  // A URL attribute's value is one URL, blanks and all; so is another's that reads as one.
  CHECK(has(ids_in("<a href=\"https://x.example/a b/\u306B\">x</a>\n", Language::Markdown),
            "PCT003"));
  CHECK(has(ids_in("<img title=\"https://x.example/caf%c3%a9\">\n", Language::Markdown), "PCT001"));
}

TEST_CASE("an escape after a known placeholder in running text is still judged by the byte rules") {
  // fresh212: an RPM spec's Source0 with macros around a lowercase escape; in a spec's tag line
  // '%' starts a macro, never a printf conversion ("%2f" is no float's format there).
  const std::string spec = "Source0: https://github.com/adobe-fonts/source-code-pro/archive/"
                           "%{version_roman}R-ro%2f%{version_italic}R-it.tar.gz\n";
  CHECK(has(ids_in(spec, Language::PlainText), "PCT001"));
  CHECK(has(ids_in("See https://x.example/{id}/caf%c3%a9 here.\n", Language::Markdown), "PCT001"));
  // The rules that depend on the extent still stop at the placeholder's brace.
  CHECK(!has(ids_in("See https://x.example/{id}/a|b here.\n", Language::Markdown), "PCT003"));
}
