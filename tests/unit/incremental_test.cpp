// Incremental finding (core/finder/incremental.h): after every edit, exactly find_urls() of the
// whole text, for every lexer family, through random edits that open and close the constructs
// each family carries across lines (block comments, strings, heredocs, code blocks, block
// scalars, attributes, <script>).
#include "core/finder/incremental.h"
#include "core/finder/language.h"

#include <cstdlib>
#include <doctest/doctest.h>
#include <random>
#include <string>
#include <vector>

using namespace pctlint;

namespace {

// Random edits per family: fewer under an emulator (CI's linux-arm64 run under qemu, where these
// two properties took three of its four minutes); every edit natively, under wine and the
// sanitizers.
int random_edits() {
  static const int edits = std::getenv("PCTLINT_TEST_EMULATOR") ? 40 : 150;
  return edits;
}

void require_same_urls(const std::vector<FoundUrl>& a, const std::vector<FoundUrl>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CAPTURE(i);
    REQUIRE(a[i].text == b[i].text);
    REQUIRE(a[i].source_begin == b[i].source_begin);
    REQUIRE(a[i].source_end == b[i].source_end);
    REQUIRE(a[i].source_offsets == b[i].source_offsets);
    REQUIRE(a[i].exact == b[i].exact);
    REQUIRE(a[i].context == b[i].context);
    REQUIRE(a[i].language == b[i].language);
    REQUIRE(a[i].open_end == b[i].open_end);
    REQUIRE(a[i].joins == b[i].joins);
    REQUIRE(a[i].join_source_ends == b[i].join_source_ends);
    REQUIRE(a[i].placeholders.size() == b[i].placeholders.size());
    for (std::size_t p = 0; p < a[i].placeholders.size(); ++p) {
      REQUIRE(a[i].placeholders[p].begin == b[i].placeholders[p].begin);
      REQUIRE(a[i].placeholders[p].end == b[i].placeholders[p].end);
    }
  }
}

struct Family {
  Language lang;
  std::vector<std::string> lines;  // the document is made of these
  std::vector<std::string> tokens; // and edits insert these
};

// About `bytes` of JavaScript, a URL with a finding on every line.
std::string url_lines(std::size_t bytes) {
  std::string text;
  for (int i = 0; text.size() < bytes; ++i)
    text += "f('https://x.example/caf%c3%a9-" + std::to_string(i) + "');\n";
  return text;
}

std::vector<Family> families() {
  const std::vector<std::string> common = {"\n",  "\"", "'", " ", "https://e.example/a b",
                                           "%c3", "\\", "x", "{", "}"};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.end(), common.begin(), common.end());
    return extra;
  };
  return {
      {Language::JavaScript,
       {"const a = \"https://x.example/caf%c3%a9/my file.pdf\";\n",
        "// see https://docs.example.com/a_(b). and more\n",
        "let s = `https://z.example/${id}/%7e` + 'https://q.example/x';\n",
        "/* https://c.example/%e2 */ f(/re+gex/, 'mailto:a@b.example');\n",
        "const total = items.reduce((a, b) => a + b, 0);\n"},
       with({"/*", "*/", "`", "${", "//", "/"})},
      {Language::Python,
       {"x = 'https://x.example/%c3%a9'\n", "\"\"\"Doc https://d.example/a b\n", "more doc\"\"\"\n",
        "r = f\"https://f.example/{{x}}/{y}\"\n", "# https://c.example/%zz\n",
        "y = re.compile('https://r.example/.*')\n"},
       with({"\"\"\"", "'''", "#", "f'", "r'"})},
      {Language::Shell,
       {"curl \"https://a.example/my file\" -o x\n", "cat <<EOF\nhttps://h.example/%c3\nEOF\n",
        "echo https://w.example/a\\ b # https://c.example/\n", "X=${Y:-https://d.example/}\n"},
       with({"<<EOF\n", "EOF\n", "$(", ")", "#"})},
      {Language::Ruby,
       {"u = \"https://r.example/#{id}/%c3\"\n", "=begin\nhttps://b.example/%e2\n=end\n",
        "v = %r{https://x.example/.*}\n", "w = 'https://s.example/a b'\n"},
       with({"=begin\n", "=end\n", "#{", "%r{"})},
      {Language::Markdown,
       {"See [docs](https://d.example/caf%c3%a9) and https://e.example/%e2.\n",
        "```python\nu = 'https://p.example/a b'\n```\n",
        "<a href=\"https://h.example/%c3\">x</a>\n", "[id]: https://r.example/%7e\n",
        "Text <https://auto.example/%c3%a9> end.\n"},
       with({"```", "```js\n", "<!--", "-->", "](", "<"})},
      {Language::Html,
       {"<a href=\"https://x.example/my file\">t</a> https://t.example/%c3\n",
        "<script>var u = 'https://s.example/%e2';</script>\n", "<!-- https://c.example/%zz -->\n",
        "<img src='https://i.example/a%20b' alt=x>\n"},
       with({"<script>", "</script>", "<!--", "-->", "<a href=\"", ">"})},
      {Language::Yaml,
       {"url: https://y.example/caf%c3%a9\n", "run: |\n  curl https://c.example/a b\n",
        "desc: >\n  see https://d.example/%e2\n", "q: \"https://q.example/my file\"\n",
        "flow: {a: \"https://f.example/x y\", b: https://g.example/}\n",
        "# https://c.example/%7e\n", "k: see the docs at\n  https://m.example/a b\n",
        "- git remote add x\n  https://s.example/y%c3; fi\n",
        "d:\n  https://b.example/a|b c\n  = x\n"},
       with({"|\n", ">\n", "  ", "- ", ": ", "#"})},
      {Language::Properties,
       {"a.url=https://p.example/%c3%a9\n", "b=first \\\n  https://c.example/a b \\\n  end\n",
        "# https://c.example/%zz\n"},
       with({"\\\n", "=", "#"})},
      {Language::Rust,
       {"let a = \"https://r.example/%c3\";\n", "/* outer /* https://n.example/%e2 */ still */\n",
        "let r = r#\"https://raw.example/a b\"#;\n", "println!(\"https://f.example/{{x}}\");\n"},
       with({"/*", "*/", "r#\"", "\"#"})}, // Every other kind of reader in the table, and the code
                                           // rows with literals of their own.
      {Language::PlainText,
       {"See https://p.example/caf%c3%a9 and (https://q.example/a_(b)).\n",
        "\"https://quoted.example/my file\" is quoted.\n", "<https://angle.example/%e2>\n"},
       with({"(", ")", "<", ">", "[", "]"})},
      {Language::Rst,
       {"See `docs <https://d.example/caf%c3%a9>`_ here.\n", ".. _t: https://t.example/%7e\n",
        ".. code-block:: python\n\n   u = 'https://c.example/a b'\n\n",
        "Plain https://e.example/%c3.\n"},
       with({"`", "<", ">`_", ".. code-block:: js\n\n", "::\n\n   ", "_"})},
      {Language::AsciiDoc,
       {"See https://a.example/caf%c3%a9[the docs] now.\n",
        "[source,python]\n----\nu = 'https://s.example/a b'\n----\n",
        "link:https://l.example/%e2[x]\n"},
       with({"----\n", "[source,js]\n", "[", "]", "link:"})},
      {Language::Cpp,
       {"auto a = \"https://c.example/%c3\";\n", "auto r = R\"x(https://raw.example/a b)x\";\n",
        "auto w = L\"https://w.example/\\xE9\";\n", "// https://c.example/%zz\n",
        "/* https://b.example/%e2 */ int x;\n", "#define U \"https://d.example/%7e\"\n"},
       with({"R\"x(", ")x\"", "/*", "*/", "//", "L\"", "#"})},
      {Language::Go,
       {"u := \"https://g.example/%c3\"\n", "r := `https://raw.example/a b`\n",
        "// https://c.example/%e2\n", "f := fmt.Sprintf(\"https://f.example/%s\", x)\n"},
       with({"`", "/*", "*/", "//"})},
      {Language::Php,
       {"$u = 'https://p.example/%c3';\n", "$h = <<<EOT\nhttps://h.example/a b\nEOT;\n",
        "$d = \"https://d.example/{$id}/%e2\";\n", "# https://c.example/%7e\n"},
       with({"<<<EOT\n", "EOT;\n", "{$", "$", "#", "?>", "<?php\n"})},
      {Language::Sql,
       {"INSERT INTO t VALUES ('https://s.example/caf%c3%a9');\n",
        "SELECT E'https://e.example/a b';\n", "-- https://c.example/%e2\n",
        "/* https://b.example/%7e */\n"},
       with({"''", "E'", "--", "/*", "*/"})},
      {Language::Css,
       {"a { background: url(https://c.example/caf%c3%a9.png); }\n",
        "@import \"https://i.example/a b.css\";\n", "/* https://b.example/%e2 */\n",
        "b { content: \"\\e9 https://e.example/%7e\"; }\n"},
       with({"url(", "/*", "*/", "\\", ";"})},
      {Language::Xml,
       {"<a href=\"https://x.example/%c3%a9\"/>\n", "<!-- https://c.example/%zz -->\n",
        "<![CDATA[ https://d.example/a b ]]>\n", "<ns xmlns:x=\"https://n.example/a b\">t</ns>\n"},
       with({"<!--", "-->", "<![CDATA[", "]]>", "<a href=\"", "/>"})},
      {Language::Json,
       {"{\"url\": \"https://j.example/caf%c3%a9\",\n", "\"list\": [\"https://l.example/a b\"],\n",
        "\"esc\": \"https://e.example/\\u00e9\"}\n"},
       with({"{", "}", "[", "]", ":", ","})},
      {Language::Toml,
       {"url = \"https://t.example/%c3%a9\"\n", "lit = 'https://l.example/a b'\n",
        "ml = \"\"\"\nhttps://m.example/%e2\n\"\"\"\n", "# https://c.example/%7e\n"},
       with({"\"\"\"", "'''", "#", "="})},
      {Language::Swift,
       {"let a = \"https://s.example/%c3\"\n", "let r = #\"https://raw.example/a b\"#\n",
        "let i = \"https://i.example/\\(id)/%e2\"\n", "/* https://b.example/%7e */\n"},
       with({"#\"", "\"#", "\\(", "/*", "*/"})},
      {Language::Lua,
       {"local u = 'https://l.example/%c3'\n", "local m = [[https://m.example/a b]]\n",
        "-- https://c.example/%e2\n", "--[[ https://b.example/%7e ]]\n"},
       with({"[[", "]]", "--[[", "--"})},
      {Language::BibTeX,
       {"@article{k,\n  url = {https://b.example/a b/%c3%a9},\n",
        "  note = {https://n.example/%e2},\n", "  url = \"https://q.example/{A}/x y\",\n}\n",
        "Between https://c.example/%7e entries.\n", "@comment{ https://m.example/%c3 }\n",
        "@string{s = \"https://s.example/%e9\"}\n"},
       with({"@misc{", "{", "}", "\"", "url = ", ",", "@comment{", "#"})},
  };
}

} // namespace

TEST_CASE("incremental finding equals find_urls() after every random edit, in every family") {
  std::mt19937 rng(7);
  for (const Family& f : families()) {
    CAPTURE(name_of(f.lang));
    std::string text;
    std::uniform_int_distribution<std::size_t> line(0, f.lines.size() - 1);
    // Big enough for many checkpoints (one every IncrementalUrls::kCheckpointEvery bytes).
    while (text.size() < 60000)
      text += f.lines[line(rng)];
    IncrementalUrls inc;
    inc.update(text, f.lang, {}, std::nullopt);
    require_same_urls(inc.urls(), find_urls(text, f.lang));
    std::uniform_int_distribution<std::size_t> token(0, f.tokens.size() - 1);
    std::size_t reused = 0;
    for (int step = 0; step < random_edits(); ++step) {
      CAPTURE(step);
      const std::string before = text;
      std::uniform_int_distribution<std::size_t> at(0, text.size());
      const std::size_t pos = at(rng);
      switch (rng() % 4) {
      case 0:
      case 1:
        text.insert(pos, f.tokens[token(rng)]);
        break;
      case 2:
        text.erase(pos, rng() % 12);
        break;
      default:
        text.insert(pos, f.lines[line(rng)]);
      }
      inc.update(text, f.lang, {}, change_between(before, text));
      require_same_urls(inc.urls(), find_urls(text, f.lang));
      reused += inc.urls().size() - inc.last_splice().refound + inc.last_splice().kept;
    }
    // Not found from scratch each time: most URLs come from the last run.
    CHECK(reused > 0);
  }
}

TEST_CASE("incremental finding: an edit reads again only about a checkpoint's stretch around it") {
  std::string text = url_lines(200000);
  IncrementalUrls inc;
  inc.update(text, Language::JavaScript, {}, std::nullopt);
  const std::size_t total = inc.urls().size();
  const std::string before = text;
  text.insert(100000, "x");
  inc.update(text, Language::JavaScript, {}, change_between(before, text));
  const auto& s = inc.last_splice();
  CHECK_FALSE(s.from_scratch);
  CHECK(s.refound - s.kept < total / 10); // a few checkpoints' worth, not the document
  require_same_urls(inc.urls(), find_urls(text, Language::JavaScript));
  // A block comment opened at the top: everything after it is read again, and is right.
  const std::string before2 = text;
  text.insert(0, "/*");
  inc.update(text, Language::JavaScript, {}, change_between(before2, text));
  require_same_urls(inc.urls(), find_urls(text, Language::JavaScript));
  CHECK(inc.urls().back().context == UrlContext::Prose);
}

TEST_CASE("incremental finding: an edit undone is found again from the generation before") {
  std::string text = url_lines(200000);
  IncrementalUrls inc;
  inc.update(text, Language::JavaScript, {}, std::nullopt);
  const std::size_t total = inc.urls().size();
  for (int round = 0; round < 4; ++round) {
    CAPTURE(round);
    // A comment to the end: every URL found again, in prose the first time; typed again after
    // the undo, from the generation kept (the text it had, "/*" in place of "/*", settles at once).
    text.insert(0, "/*");
    inc.update(text, Language::JavaScript, {}, TextChange{0, 0, 2});
    require_same_urls(inc.urls(), find_urls(text, Language::JavaScript));
    CHECK(inc.last_splice().from_before == (round > 0));
    if (round > 0) CHECK(inc.last_splice().refound - inc.last_splice().kept < total / 10);
    text.erase(0, 2); // undone: found from the generation before the comment
    inc.update(text, Language::JavaScript, {}, TextChange{0, 2, 0});
    require_same_urls(inc.urls(), find_urls(text, Language::JavaScript));
    CHECK(inc.last_splice().from_before);
    CHECK(inc.last_splice().refound - inc.last_splice().kept < total / 10);
  }
}

TEST_CASE("incremental finding: a comment closed is found again from the text before it") {
  std::string text = url_lines(200000);
  IncrementalUrls inc;
  inc.update(text, Language::JavaScript, {}, std::nullopt);
  const std::size_t total = inc.urls().size();
  const auto type = [&](std::size_t at, const std::string& s) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      text.insert(at + k, 1, s[k]);
      inc.update(text, Language::JavaScript, {}, TextChange{at + k, at + k, at + k + 1});
      require_same_urls(inc.urls(), find_urls(text, Language::JavaScript));
    }
  };
  type(0, "/*");
  CHECK(inc.urls().back().context == UrlContext::Prose);
  type(2, " see https://x.example/a ");
  // Typed inside the open comment: each keystroke settles at once from the generation now.
  CHECK_FALSE(inc.last_splice().from_before);
  CHECK(inc.last_splice().refound - inc.last_splice().kept < total / 10);
  type(text.find("a ") + 2, "*/");
  // Closed: nearer to the text before the comment than to the comment's, found from there.
  CHECK(inc.last_splice().from_before);
  CHECK(inc.last_splice().refound - inc.last_splice().kept < total / 10);
  CHECK(inc.urls().back().context != UrlContext::Prose);
}

TEST_CASE("incremental finding: a YAML value's look at the lines below is part of its state") {
  // Whether "kN: https://x.example/N b" is one value depends on the next line that is not blank,
  // here further below than a checkpoint's reach past its line: a line indented more continues
  // the scalar (the URL ends at the blank). The edit that ends a scalar there must find the URL
  // above it again, whole, also where that URL holds a checkpoint.
  std::string text;
  for (int i = 0; i < 300; ++i)
    text += "k" + std::to_string(i) + ": https://x.example/%c3/" + std::to_string(i) + " b\n" +
            std::string(600, '\n') + "  more\n";
  IncrementalUrls inc;
  inc.update(text, Language::Yaml, {}, std::nullopt);
  require_same_urls(inc.urls(), find_urls(text, Language::Yaml));
  for (std::size_t at = text.find("  more"); at < text.size() / 2; at = text.find("  more", at)) {
    text.insert(at, "j:");
    inc.update(text, Language::Yaml, {}, TextChange{at, at, at + 2});
    require_same_urls(inc.urls(), find_urls(text, Language::Yaml));
    at += 8;
  }
}

TEST_CASE("incremental finding equals find_urls() through random edits and undos") {
  std::mt19937 rng(11);
  for (const Family& f : families()) {
    CAPTURE(name_of(f.lang));
    std::string text;
    std::uniform_int_distribution<std::size_t> line(0, f.lines.size() - 1);
    while (text.size() < 30000)
      text += f.lines[line(rng)];
    IncrementalUrls inc(1024);
    inc.update(text, f.lang, {}, std::nullopt);
    std::uniform_int_distribution<std::size_t> token(0, f.tokens.size() - 1);
    std::vector<std::string> history{text};
    for (int step = 0; step < random_edits(); ++step) {
      CAPTURE(step);
      const std::string before = text;
      if (history.size() > 1 && rng() % 3 == 0) { // undo: back to an earlier text
        history.pop_back();
        text = history.back();
      } else {
        std::uniform_int_distribution<std::size_t> at(0, text.size());
        const std::size_t pos = at(rng);
        if (rng() % 4 == 0)
          text.insert(pos, "/*");
        else if (rng() % 2)
          text.insert(pos, f.tokens[token(rng)]);
        else
          text.erase(pos, rng() % 12);
        history.push_back(text);
      }
      inc.update(text, f.lang, {}, change_between(before, text));
      require_same_urls(inc.urls(), find_urls(text, f.lang));
    }
  }
}
