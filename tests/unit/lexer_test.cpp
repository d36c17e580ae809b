// Whole-file context, language by language: URLs inside constructs that span lines (block
// comments, triple-quoted and raw strings, template literals with holes, heredocs, YAML block
// scalars...) and inside code embedded in other files are found, with their exact positions and
// contexts; URLs in regexes and what only looks like a URL are not.
#include "core/codec/position.h"
#include "core/finder/finder.h"
#include "core/finder/language.h"
#include "core/finder/lexer.h"
#include "core/finder/structure.h"
#include "core/scan.h"

#include <algorithm>
#include <doctest/doctest.h>
#include <memory>
#include <string>
#include <vector>

using namespace pctlint;

namespace {

// "line:column context text" for each URL found (1-based, columns in code points), one a line.
std::string found(const std::string& src, Language lang) {
  std::string out;
  const LineIndex index(src);
  for (const FoundUrl& u : find_urls(src, lang)) {
    const LinePosition p = index.position_of(u.source_begin, OffsetEncoding::Utf32);
    const char* context = u.context == UrlContext::StringLiteral ? "literal"
                          : u.context == UrlContext::ConfigValue ? "config"
                          : u.context == UrlContext::Attribute   ? "attribute"
                                                                 : "prose";
    out += std::to_string(p.line + 1) + ":" + std::to_string(p.column + 1) + " " + context + " " +
           u.text + "\n";
  }
  return out;
}

// The expected lines, joined as found() writes them (so a failure prints both texts).
std::string V(std::initializer_list<const char*> lines) {
  std::string out;
  for (const char* l : lines)
    out += std::string(l) + "\n";
  return out;
}

} // namespace

TEST_CASE("C and C++: block comments and raw strings across lines") {
  CHECK(found("/* see\n   https://a.example/x and */ int x = 0; // https://b.example/y\n"
              "auto s = R\"json(\n{\"u\": \"https://c.example/z\"}\n)json\";\n",
              Language::Cpp) ==
        V({"2:4 prose https://a.example/x", "2:45 prose https://b.example/y",
           "4:8 literal https://c.example/z"}));
  // A quote inside a block comment does not open a string on the next line.
  CHECK(found("/* don't\n */ char* u = \"https://a.example/a b\";\n", Language::C) ==
        V({"2:16 literal https://a.example/a b"}));
}

TEST_CASE("Python: docstrings, triple quotes, templates, raw strings, regexes") {
  CHECK(found("def f():\n    \"\"\"Fetch it.\n\n    See https://docs.example/a_(b).\n    \"\"\"\n"
              "    url = '''https://x.example/%s/items''' % name\n"
              "    pat = re.compile(r'^https://x\\.example/(\\d+)$')\n",
              Language::Python) ==
        V({"4:9 literal https://docs.example/a_(b)", "6:14 literal https://x.example/%s/items"}));
}

TEST_CASE("JavaScript: template literals with holes across lines, regex literals") {
  const auto urls = found("const u = `\n  https://api.example/${\n    user.id\n  }/posts`;\n"
                          "const re = /https:\\/\\/x\\.example\\/\\d+/;\n"
                          "const v = `${base}` + \"https://y.example/a\";\n",
                          Language::JavaScript);
  CHECK(urls == V({"2:3 literal https://api.example/${", "6:24 literal https://y.example/a"}));
}

TEST_CASE("JavaScript: JSX's closing tag is no regular expression") {
  // "</code>" once opened a regex that ran to the next '/', inside the attribute's URL.
  const auto urls = found("const c = (\n  <p><code>4242</code> (Visa <a href=\"https://x.example/"
                          "a b\">test</a>)</p>\n);\nconst re = a < /x\\/y/.source.length;\n",
                          Language::JavaScript);
  CHECK(urls == V({"2:39 literal https://x.example/a b"}));
}

TEST_CASE("Go raw strings, Rust raw strings and nested comments, C# verbatim strings") {
  CHECK(found("var doc = `\nGET https://a.example/x\n`\n", Language::Go) ==
        V({"2:5 literal https://a.example/x"}));
  CHECK(found("/* outer /* inner */ https://a.example/x */\nlet s = "
              "r#\"\n\"https://b.example/y\"\n\"#;\n",
              Language::Rust) ==
        V({"1:22 prose https://a.example/x", "3:2 literal https://b.example/y"}));
  CHECK(found("var s = @\"line one\n\"\"https://a.example/x\"\"\";\n", Language::CSharp) ==
        V({"2:3 literal https://a.example/x"}));
}

TEST_CASE("shell, Ruby and PHP heredocs; Ruby block comments") {
  CHECK(found("cat <<'EOF' > conf\ndon't https://a.example/x\nEOF\ncurl \"https://b.example/y\"\n",
              Language::Shell) ==
        V({"2:7 prose https://a.example/x", "4:7 literal https://b.example/y"}));
  CHECK(found("=begin\nhttps://a.example/x\n=end\ntext = <<~EOS\n  it's https://b.example/y\nEOS\n"
              "u = \"https://c.example/#{id}/z\"\n",
              Language::Ruby) ==
        V({"2:1 prose https://a.example/x", "5:8 prose https://b.example/y",
           "7:6 literal https://c.example/#{id}/z"}));
  CHECK(found("<?php\n$t = <<<EOT\nit's https://a.example/x\nEOT;\n$u = 'https://b.example/y';\n",
              Language::Php) ==
        V({"3:6 prose https://a.example/x", "5:7 literal https://b.example/y"}));
}

TEST_CASE("Lua long strings and comments, SQL strings across lines, TOML multi-line strings") {
  CHECK(found("--[[ it's\nhttps://a.example/x ]]\nlocal s = [[\nhttps://b.example/y]]\n",
              Language::Lua) ==
        V({"2:1 prose https://a.example/x", "4:1 literal https://b.example/y"}));
  CHECK(found("INSERT INTO t VALUES ('line\nhttps://a.example/x');\n", Language::Sql) ==
        V({"2:1 literal https://a.example/x"}));
  // fresh217: MySQL's \' keeps the string open, as '' does; the next string is a string.
  CHECK(found("INSERT INTO c VALUES ('C\\'te d\\'Ivoire', 'it''s');\n"
              "INSERT INTO t VALUES ('open(\\'https://a.example/x\\');');\n",
              Language::Sql) == V({"2:31 literal https://a.example/x"}));
  // Where the line's strings close only with the backslash as the string's last character, it
  // is one: standard SQL's ESCAPE '\', T-SQL's paths.
  CHECK(found("SELECT 1 WHERE a LIKE '%\\_%' ESCAPE '\\';\n-- https://x.example/doc\n"
              "INSERT INTO t VALUES ('https://a.example/x');\n",
              Language::Sql) ==
        V({"2:4 prose https://x.example/doc", "3:24 literal https://a.example/x"}));
  CHECK(found("IF RIGHT(@d, 1) <> '\\' SET @d = @d + '\\';\nSELECT 'https://a.example/x';\n",
              Language::Sql) == V({"2:9 literal https://a.example/x"}));
  CHECK(found("desc = \"\"\"\nSee https://a.example/x\n\"\"\"\nurl = 'https://b.example/y'\n",
              Language::Toml) ==
        V({"2:5 config https://a.example/x", "4:8 config https://b.example/y"}));
}

TEST_CASE("YAML: run: blocks are shell, other block scalars prose, quoted scalars across lines") {
  CHECK(
      found(
          "jobs:\n  x:\n    steps:\n      - run: |\n          curl -fsSL https://a.example/x -o a\n"
          "      - name: it's https://b.example/y\n    description: >\n      see "
          "https://c.example/z"
          " for more\n    url: \"https://d.example/\n      w\"\n",
          Language::Yaml) ==
      V({"5:22 literal https://a.example/x", "6:20 config https://b.example/y",
         "8:11 prose https://c.example/z", "9:11 config https://d.example/"}));
}

TEST_CASE("YAML: an item with nothing after it at the very end of the text is read within it") {
  // The text ends right after "- " and blanks, with no terminator behind it (a buffer of exactly
  // its size): the lexer must not look at the byte after the item (found by the engine fuzzer).
  for (const std::string text :
       {"steps:\n  - url: https://a.example/x\n  - ", "- \t ", "a:\n-  "}) {
    const auto buffer = std::make_unique<char[]>(text.size());
    std::copy(text.begin(), text.end(), buffer.get());
    const std::string_view exact(buffer.get(), text.size());
    CHECK(find_urls(exact, Language::Yaml).size() == (text.find("https") != std::string::npos));
    // The structure a fix is checked against reads every line, the last one included.
    const std::vector<LexicalRun> runs = lexical_runs(exact, Language::Yaml);
    REQUIRE_FALSE(runs.empty());
    CHECK(runs.back().end == text.size());
  }
}

TEST_CASE("Haskell and Elm, F# and OCaml, Elixir, Erlang, Julia: their comments and strings") {
  // Nested block comments with apostrophes in them; a quote that ends a name (foldl', x') or is a
  // type variable ('a) opens nothing; '"' is a character, not a string.
  CHECK(found("{- see {- nested -} it's https://a.example/x -}\nmain = putStrLn "
              "\"https://b.example/my file\" -- https://c.example/w\nfoldl' f x = '\"' : "
              "\"https://d.example/v\"\n",
              Language::Haskell) ==
        V({"1:26 prose https://a.example/x", "2:18 literal https://b.example/my file",
           "2:48 prose https://c.example/w", "3:21 literal https://d.example/v"}));
  CHECK(found("url = \"\"\"\nhttps://a.example/x\n\"\"\"\n", Language::Haskell) ==
        V({"2:1 literal https://a.example/x"}));
  CHECK(found("(* it's (* nested *) https://a.example/x *)\nlet f (x: 'a) = "
              "\"https://b.example/my file\" // https://c.example/w\nlet v = "
              "@\"https://d.example/a\"\"b\"\n",
              Language::Ml) ==
        V({"1:22 prose https://a.example/x", "2:18 literal https://b.example/my file",
           "2:48 prose https://c.example/w", "3:11 literal https://d.example/a\"b"}));
  CHECK(
      found("# it's https://a.example/x\ndef url, do: \"https://b.example/#{id}/y\"\n@doc \"\"\"\n"
            "See https://c.example/z\n\"\"\"\nc = 'https://d.example/w'\nh = [?#, ?\", "
            "valid?(\"https://e.example/v\")]\n",
            Language::Elixir) ==
      V({"1:8 prose https://a.example/x", "2:15 literal https://b.example/#{id}/y",
         "4:5 literal https://c.example/z", "6:6 literal https://d.example/w",
         "7:22 literal https://e.example/v"}));
  CHECK(found("%% it's https://a.example/x\nurl() -> \"https://b.example/\"\n  \"y\".\n"
              "q() -> $\", \"https://c.example/z\".\nr() -> [$%, \"https://d.example/w\"].\n",
              Language::Erlang) ==
        V({"1:9 prose https://a.example/x", "2:11 literal https://b.example/y",
           "4:13 literal https://c.example/z", "5:14 literal https://d.example/w"}));
  CHECK(found("#= it's #= nested =# https://a.example/x =#\nu = \"https://b.example/y\" # "
              "https://c.example/w\nA' * \"https://d.example/$(id)/v\"\n",
              Language::Julia) ==
        V({"1:22 prose https://a.example/x", "2:6 literal https://b.example/y",
           "2:29 prose https://c.example/w", "3:7 literal https://d.example/$(id)/v"}));
  // Operators that hold "--" (-->, |--), '\"' and Julia's '#' are no comment or string; F#'s (*)
  // is an operator; a string in an OCaml comment is lexed ("(*" in it opens nothing); Julia's
  // $( ) holds code, quotes and all.
  CHECK(found("e = a --> \"https://a.example/x\"\nd = '\\\"' : \"https://b.example/y\"\n",
              Language::Haskell) ==
        V({"1:12 literal https://a.example/x", "2:13 literal https://b.example/y"}));
  CHECK(found("let p = List.fold (*) 1 xs\nlet u = \"https://a.example/x\"\n(* a \"(*\" *)\n"
              "let v = \"https://b.example/y\"\n",
              Language::Ml) ==
        V({"2:10 literal https://a.example/x", "4:10 literal https://b.example/y"}));
  CHECK(found("startswith(l, '#') && push!(u, \"https://a.example/x\")\n"
              "u = \"https://b.example/$(f(\"q\"))/z\"\n",
              Language::Julia) ==
        V({"1:33 literal https://a.example/x", "2:6 literal https://b.example/$(f(\"q\"))/z"}));
  // Go's rune '`' opens no raw string; Ruby's ?" is a character, not a string to the file's end.
  CHECK(found("var r = '`'\nvar u = \"https://a.example/x\"\n", Language::Go) ==
        V({"2:10 literal https://a.example/x"}));
  CHECK(found("c = ?\"\nu = \"https://a.example/x\"\n", Language::Ruby) ==
        V({"2:6 literal https://a.example/x"}));
  // ... but a ternary written without a blank is no character: ?"x" opens a string, and so
  // does ?"" or ?"/" that a ':' follows.
  for (const char* ternary :
       {"x = a ?\"\":\"y\"\n", "s = windows ?\"\\\\\":\"/\"\n", "s = b ?\"/\" : \"-\"\n"})
    CHECK_MESSAGE(found(std::string(ternary) + "U = \"https://a.example/x\"\n", Language::Ruby) ==
                      V({"2:6 literal https://a.example/x"}),
                  ternary);
  // After "[", "(", ",", "=" or "==" a ?" is a character, whatever follows it on the line.
  for (const char* character : {"SEPS = [?\", \":\", \",\"]\n", "ok = c == ?\" || c == \":\"\n",
                                "x = c == ?\" ? \":\" : \",\"\n", "SEPS = [?', ':', ',']\n"})
    CHECK_MESSAGE(found(std::string(character) + "U = \"https://a.example/x\"\n", Language::Ruby) ==
                      V({"2:6 literal https://a.example/x"}),
                  character);
  // A character literal before a ternary's ':' stays one: c == ?" ? 1 : 2.
  CHECK(found("t = c == ?\" ? 1 : 2\nU = \"https://a.example/x\"\n", Language::Ruby) ==
        V({"2:6 literal https://a.example/x"}));
  CHECK(found("u = a ?\"https://a.example/x\":\"https://b.example/y\"\n", Language::Ruby) ==
        V({"1:9 literal https://a.example/x", "1:31 literal https://b.example/y"}));
  // Their files are known by name and extension; so are those that share another row's syntax.
  CHECK(language_for_path("src/Main.elm") == Language::Haskell);
  CHECK(language_for_path("lib/app.ex") == Language::Elixir);
  CHECK(language_for_path("Server.fs") == Language::Ml);
  CHECK(language_for_path("src/x.erl") == Language::Erlang);
  CHECK(language_for_path("a.jl") == Language::Julia);
  CHECK(language_for_path("build.zig") == Language::C);
  CHECK(language_for_path("Token.sol") == Language::C);
  CHECK(language_for_path("player.gd") == Language::Python);
  CHECK(language_for_path("views/index.ejs") == Language::Html);
  // Razor is not HTML: "@(i + 1)" in an href is C#, not a URL's raw blanks (plain text: guessed).
  CHECK(language_for_path("Views/Index.cshtml") == Language::PlainText);
  // Nor are batch files shell: "%2" there is an argument, "%X%" a variable.
  CHECK(language_for_path("build.bat") == Language::PlainText);
  // Nor PowerShell: "`"" is its escaped quote, '' a doubled one; read as plain text.
  CHECK(language_for_path("Install.ps1") == Language::PlainText);
  CHECK(found("$u = \"https://a.example/x`\"y\"; $v = 'it''s https://b.example/z'\n",
              language_for_path("a.ps1")) ==
        V({"1:7 prose https://a.example/x", "1:44 prose https://b.example/z"}));
  CHECK(language_for_path("run.cmd") == Language::PlainText);
  CHECK(language_named("crystal") == Language::Ruby);
  CHECK(language_named("teal") == Language::Lua);
  CHECK(language_named("phoenix-heex") == Language::Html);
  CHECK(language_named("ocaml") == Language::Ml);
  CHECK(language_named("elm") == Language::Haskell);
}

TEST_CASE("Markdown: fenced code in its language, front matter as YAML, prose elsewhere") {
  const std::string md = "---\nurl: https://a.example/fm\n---\n\n"
                         "```python\nu = 'http://%s/x' % host\n```\n\n"
                         "```bash\ncurl \"https://b.example/a b.pdf\"\n```\n\n"
                         "```\nplain https://c.example/x\n```\n\n"
                         "Read [the docs](https://d.example/x_(y)) or <https://e.example/z>.\n";
  CHECK(found(md, Language::Markdown) ==
        V({"2:6 config https://a.example/fm", "6:6 literal http://%s/x",
           "10:7 literal https://b.example/a b.pdf", "14:7 prose https://c.example/x",
           "17:17 prose https://d.example/x_(y)", "17:46 prose https://e.example/z"}));
}

TEST_CASE("reST code blocks, HTML script and style") {
  CHECK(
      found(
          "Text https://a.example/x.\n\n.. code-block:: python\n\n   u = 'https://b.example/a b'\n"
          "\nAfter `link <https://c.example/y>`_.\n",
          Language::Rst) == V({"1:6 prose https://a.example/x", "5:9 literal https://b.example/a b",
                               "7:14 prose https://c.example/y"}));
  CHECK(
      found("<p>https://a.example/x</p>\n<script>\nconst u = \"https://b.example/y\";\n</script>\n"
            "<style>\nbody { background: url(https://c.example/z.png) }\n</style>\n"
            "<a href=\"https://d.example/?a=1&amp;b=2\">d</a>\n",
            Language::Html) ==
      V({"1:4 prose https://a.example/x", "3:12 literal https://b.example/y",
         "6:24 prose https://c.example/z.png", "8:10 attribute https://d.example/?a=1&b=2"}));
}

TEST_CASE("concatenated literals are one URL, with the join recorded") {
  const auto urls =
      find_urls("const char* u = \"https://x.example/caf%C3\"\n  \"%A9/menu\";\n", Language::Cpp);
  REQUIRE(urls.size() == 1);
  CHECK(urls[0].text == "https://x.example/caf%C3%A9/menu");
  REQUIRE(urls[0].joins.size() == 1);
  CHECK(urls[0].joins[0] == 24);
  const auto open = find_urls("u = \"https://x.example/caf%C3\" + rest\n", Language::JavaScript);
  REQUIRE(open.size() == 1);
  CHECK(open[0].open_end);
}

TEST_CASE("HTML <meta>: a content that is one URL, and a refresh's URL, are given extents") {
  const auto urls =
      find_urls("<meta property=\"og:url\" content=\"https://a.example/my page/\">\n"
                "<meta http-equiv=\"refresh\" content=\"0; url='https://b.example/x y'\">\n"
                "<meta http-equiv=\"refresh\" content=\"5;URL=https://c.example/z\">\n"
                "<meta name=\"description\" content=\"https://d.example is a site for examples\">\n"
                "<link rel=\"x\" content=\"https://e.example/a https://f.example/b\">\n",
                Language::Html);
  REQUIRE(urls.size() == 6);
  CHECK(urls[0].text == "https://a.example/my page/");
  CHECK(urls[0].exact);
  CHECK(urls[1].text == "https://b.example/x y");
  CHECK(urls[1].exact);
  CHECK(urls[2].text == "https://c.example/z");
  CHECK(urls[2].exact);
  CHECK(urls[3].text == "https://d.example");
  CHECK_FALSE(urls[3].exact);
  // Elsewhere content= stays a list of URLs and words (RDFa, XML vocabularies).
  CHECK(urls[4].text == "https://e.example/a");
  CHECK(urls[5].text == "https://f.example/b");
}

TEST_CASE("refresh_target reads a refresh declaration as the HTML Standard does") {
  const auto at = [](std::string_view c) {
    const auto t = refresh_target(c);
    return t ? std::string(c.substr(t->begin)) + "|" + (t->quote ? std::string(1, t->quote) : "")
             : std::string("none");
  };
  CHECK(at("0; url='https://x/'") == "https://x/'|'");
  CHECK(at("5;URL=https://x/") == "https://x/|");
  CHECK(at(" 0 , Url = \"https://x/\"") == "https://x/\"|\"");
  CHECK(at("0; https://x/") == "https://x/|");
  CHECK(at(".5 url=https://x/") == "https://x/|");
  CHECK(at("0; ur https://x/") == "ur https://x/|"); // not "url=": the rest is the URL
  CHECK(at("30") == "none");
  CHECK(at("0;") == "none");
  CHECK(at("soon; url=https://x/") == "none");
  CHECK(at("0x; url=https://x/") == "none");
}

TEST_CASE("BibTeX: a url field is the URL, given by its braces or quotes; other fields are text") {
  const std::string bib = "Text before entries is a comment: https://c.example/x\n"
                          "@Article{key2020,\n"
                          "  title = {A {T}itle, see https://t.example/a},\n"
                          "  url = {https://u.example/my paper.pdf},\n"
                          "  URL = \"https://q.example/x\",\n"
                          "  note = \"at https://n.example/y\",\n"
                          "  url = {https://doi.org/10.1007/978-3-030-11012-3\\_11},\n"
                          "}\n"
                          "@comment{https://m.example/z}\n";
  CHECK(
      found(bib, Language::BibTeX) ==
      V({"1:35 prose https://c.example/x", "3:27 prose https://t.example/a",
         "4:10 config https://u.example/my paper.pdf", "5:10 config https://q.example/x",
         "6:14 prose https://n.example/y", "7:10 config https://doi.org/10.1007/978-3-030-11012-3",
         "9:10 prose https://m.example/z"}));
  const auto urls = find_urls(bib, Language::BibTeX);
  REQUIRE(urls.size() == 7);
  CHECK(urls[2].exact);       // the url field, whole
  CHECK(urls[3].exact);       // quoted, and the field's name in any case
  CHECK_FALSE(urls[5].exact); // TeX in it ("\\_"): text holding the URL, not the URL
  CHECK(language_for_path("refs/papers.bib") == Language::BibTeX);
}

TEST_CASE("find_last_byte finds the last byte at any distance, across its search windows") {
  for (const std::size_t size : {0u, 1u, 255u, 256u, 257u, 767u, 768u, 769u, 5000u, 100000u}) {
    std::string s(size, 'a');
    CHECK(find_last_byte(s.data(), '\n', s.size()) == nullptr);
    for (const std::size_t at : {0ul, 1ul, 255ul, 256ul, 767ul, 768ul, 4999ul, 99999ul}) {
      if (at >= size) continue;
      s[at] = '\n';
      if (at > 0) s[0] = '\n'; // an earlier one is not the last
      CHECK(find_last_byte(s.data(), '\n', s.size()) == s.data() + at);
      s.assign(size, 'a');
    }
  }
}
