#include "rules/engine.h"

#include <doctest/doctest.h>
#include <random>

using namespace pctlint;

namespace {

void require_same(const LintResult& a, const LintResult& b) {
  REQUIRE(a.urls.size() == b.urls.size());
  for (std::size_t i = 0; i < a.urls.size(); ++i) {
    REQUIRE(a.urls[i].text == b.urls[i].text);
    REQUIRE(a.urls[i].source_begin == b.urls[i].source_begin);
    REQUIRE(a.urls[i].source_end == b.urls[i].source_end);
  }
  REQUIRE(a.diagnostics.size() == b.diagnostics.size());
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic &x = a.diagnostics[i], &y = b.diagnostics[i];
    REQUIRE(x.rule == y.rule);
    REQUIRE(x.begin == y.begin);
    REQUIRE(x.end == y.end);
    REQUIRE(x.message == y.message);
    REQUIRE(x.fix.has_value() == y.fix.has_value());
    if (!x.fix) continue;
    REQUIRE(x.fix->edits == y.fix->edits);
    REQUIRE(x.fix->applicability == y.fix->applicability);
  }
}

} // namespace

TEST_CASE("LintCache gives exactly lint()'s result over a sequence of random edits") {
  const char* pieces[] = {
      "const a = \"https://x.example/caf%c3%a9/my file.pdf\";\n",
      "// see https://docs.example.com/a_(b). and more\n",
      "b = 'https://y.example/?q=%u00E4&r=%C4'\r\n",
      "// pctlint-disable-next-line PCT001\n",
      "/* pctlint-disable */\n",
      "/* pctlint-enable */\n",
      "let s = `https://z.example/${id}/%7e`;\n",
      "int x = a ? b : c; std::string s;\n",
      "\t\xC3\xA9\xE4\xB8\xAD https://w.example/%2520 \xF0\x9F\x98\x80\n",
      "\n",
      // Rust's in-file tests: their fixes are unsafe, and an edit moves their bounds.
      "#[cfg(test)]\nmod tests {\n",
      "}\n",
      "    let u = \"https://x/%c3%a4\";\n",
  };
  std::mt19937 rng(99);
  std::uniform_int_distribution<std::size_t> pick(0, std::size(pieces) - 1);
  for (Language lang :
       {Language::JavaScript, Language::Python, Language::Markdown, Language::Rust}) {
    std::string text;
    for (int i = 0; i < 30; ++i)
      text += pieces[pick(rng)];
    LintCache cache;
    const Config config;
    std::string before;
    for (int step = 0; step < 400; ++step) {
      CAPTURE(step);
      // Told where the text changed (as the language server tells it), or not.
      const std::optional<TextChange> change =
          step > 0 && step % 4 != 0 ? std::optional(change_between(before, text)) : std::nullopt;
      require_same(cache.lint(text, lang, config, true, change), lint(text, lang, config));
      before = text;
      // An edit: insert a piece, delete a range, or change one character.
      std::uniform_int_distribution<std::size_t> at(0, text.size());
      const std::size_t pos = at(rng);
      switch (rng() % 3) {
      case 0:
        text.insert(pos, pieces[pick(rng)]);
        break;
      case 1:
        text.erase(pos, rng() % 40);
        break;
      default:
        if (pos < text.size()) text[pos] = "%x: /'\"c\n\r"[rng() % 10];
      }
    }
  }
}

TEST_CASE("LintCache: a block comment opened and closed again hides URLs and brings them back") {
  // In the comment the URLs are read as prose, not as literals: each is a new memo entry, and
  // the literals come back from the lint before. Still exactly lint()'s result.
  std::string text;
  for (int i = 0; i < 50; ++i)
    text += "f('https://x.example/caf%c3%a9-" + std::to_string(i) + "');\n";
  LintCache cache;
  const Config config;
  for (int round = 0; round < 6; ++round) {
    CAPTURE(round);
    const std::size_t at = text.find('\n', static_cast<std::size_t>(round) * 40) + 1;
    text.insert(at, "/*");
    const LintResult hidden =
        cache.lint(text, Language::JavaScript, config, true, TextChange{at, at, at + 2});
    require_same(hidden, lint(text, Language::JavaScript, config));
    REQUIRE(hidden.urls.size() == 50);
    CHECK(hidden.urls.back().context != UrlContext::StringLiteral);
    text.erase(at, 2);
    const LintResult back =
        cache.lint(text, Language::JavaScript, config, true, TextChange{at, at + 2, at});
    require_same(back, lint(text, Language::JavaScript, config));
    CHECK(back.urls.back().context == UrlContext::StringLiteral);
    CHECK(back.diagnostics.size() == 50);
  }
}

TEST_CASE(
    "LintCache: a comment over many URLs keeps the generation before it, URLs on both sides") {
  // Enough URLs that the comment's refinding keeps the generation before it (its memos moved, the
  // ones not found again copied): URLs kept before the comment, hidden in it, moved after its
  // end; then closed, opened again, and opened elsewhere. Exactly lint()'s result each time.
  std::string text;
  for (int i = 0; i < 600; ++i)
    text += i == 400 ? "// */\n" : "f('https://x.example/caf%c3%a9-" + std::to_string(i) + "');\n";
  LintCache cache;
  const Config config;
  cache.lint(text, Language::JavaScript, config, true);
  const auto line = [&](int n) {
    std::size_t at = 0;
    for (int k = 0; k < n; ++k)
      at = text.find('\n', at) + 1;
    return at;
  };
  for (const int where : {100, 100, 250, 0}) {
    CAPTURE(where);
    const std::size_t at = line(where);
    text.insert(at, "/*");
    const LintResult& hidden =
        cache.lint(text, Language::JavaScript, config, true, TextChange{at, at, at + 2});
    require_same(hidden, lint(text, Language::JavaScript, config));
    text.erase(at, 2);
    const LintResult& back =
        cache.lint(text, Language::JavaScript, config, true, TextChange{at, at + 2, at});
    require_same(back, lint(text, Language::JavaScript, config));
    CHECK(back.diagnostics.size() == 599);
  }
}

TEST_CASE("LintCache follows configuration changes after clear()") {
  LintCache cache;
  const std::string text = "x = 'https://x.example/%c3%a9'\n";
  Config config;
  CHECK(cache.lint(text, Language::Python, config).diagnostics.size() == 1);
  config.rule_severity["PCT001"] = Severity::Off;
  cache.clear();
  CHECK(cache.lint(text, Language::Python, config).diagnostics.empty());
}

TEST_CASE("LintCache: typing a Rust test attribute makes the fixes below it unsafe, and back") {
  // The URLs and their findings stay as they were (the attribute is code): only the fixes'
  // applicability changes, and the cache must say so as lint() does.
  std::string text = "mod tests {\n";
  for (int i = 0; i < 20; ++i)
    text += "    const U" + std::to_string(i) + ": &str = \"https://x/caf%c3%a9\";\n";
  text += "}\n";
  LintCache cache;
  const Config config;
  const auto unsafe_count = [](const LintResult& r) {
    return std::count_if(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
      return d.fix && d.fix->applicability == Applicability::Unsafe;
    });
  };
  CHECK(unsafe_count(cache.lint(text, Language::Rust, config)) == 0);
  const std::string attribute = "#[cfg(test)]\n";
  text.insert(0, attribute);
  const LintResult& typed =
      cache.lint(text, Language::Rust, config, true, TextChange{0, 0, attribute.size()});
  require_same(typed, lint(text, Language::Rust, config));
  CHECK(unsafe_count(typed) == 20);
  text.erase(0, attribute.size());
  const LintResult& erased =
      cache.lint(text, Language::Rust, config, true, TextChange{0, attribute.size(), 0});
  require_same(erased, lint(text, Language::Rust, config));
  CHECK(unsafe_count(erased) == 0);
}
