// A fix changes how a URL is written and nothing else: check_fix (rules/fix_check.h) and fix_all,
// which drops and says a fix that fails it.
#include "core/finder/layout.h"
#include "core/finder/structure.h"
#include "core/finder/test_code.h"
#include "rules/config.h"
#include "rules/engine.h"
#include "rules/fix_check.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

using namespace pctlint;

namespace {

// The text of `src` that `span` covers.
std::string_view text_of(std::string_view src, const Span& span) {
  return src.substr(span.begin, span.end - span.begin);
}

// The texts of the in-file tests of `src`, in order.
std::vector<std::string_view> test_regions(std::string_view src, Language lang) {
  std::vector<std::string_view> out;
  for (const Span& t : in_file_tests(src, lang))
    out.push_back(text_of(src, t));
  return out;
}

std::string fixed(std::string_view src, Language lang, bool unsafe = false) {
  return fix_all(src, lang, Config{}, unsafe).text;
}

std::string only_reason(std::string_view src, Language lang) {
  const FixResult r = fix_all(src, lang, Config{}, false);
  REQUIRE(r.dropped.size() == 1);
  return r.dropped[0].reason;
}

} // namespace

TEST_CASE("a format string's doubled braces are never broken by a fix") {
  // Python f-strings, Rust's format! family and C#'s $"": {{ is a brace, {x} code; an edit that
  // turns the last } of }}} into %7D leaves a lone } (a SyntaxError, a compile error).
  auto breaks = [](std::string src, Language lang) {
    const std::size_t at = src.rfind("}}}") + 2;
    const std::vector<Edit> edit{{at, at + 1, "%7D"}};
    std::string out = src;
    out.replace(at, 1, "%7D");
    const FixCheck c = check_fix(src, out, edit, lang, {});
    return c.ok ? std::string("ok") : c.reason;
  };
  CHECK(breaks("x = f'http://a/?q={{{x}}}'\n", Language::Python) ==
        "it would break a format string's braces");
  CHECK(breaks("let s = format!(\"http://a/?q={{{}}}\", x);\n", Language::Rust) ==
        "it would break a format string's braces");
  CHECK(breaks("write!(f, \"http://a/?q={{{}}}\", x)?;\n", Language::Rust) ==
        "it would break a format string's braces");
  CHECK(breaks("var s = $\"http://a/?q={{{x}}}\";\n", Language::CSharp) ==
        "it would break a format string's braces");
  // Outside a format string the same bytes are plain text, and the edit keeps the structure.
  CHECK(breaks("x = 'http://a/?q={{{x}}}'\n", Language::Python) == "ok");
  CHECK(breaks("let s = foo(\"http://a/?q={{{}}}\", x);\n", Language::Rust) == "ok");
  // And --fix leaves such a file as it is.
  const std::string py = "x = f'http://a/?q={{{x}}}'\n";
  CHECK(fixed(py, Language::Python) == py);
}

TEST_CASE("an escape written into a printf format is written %%XX, and only as an unsafe fix") {
  // "a%20b" in a format is a conversion (a field of width 20, then 'b'): undefined in C, a
  // ValueError in Python. The format's percent sign is "%%".
  CHECK(fixed("int f() { printf(\"http://a/b c\\n\"); }\n", Language::C) ==
        "int f() { printf(\"http://a/b c\\n\"); }\n"); // not safe
  CHECK(fixed("int f() { printf(\"http://a/b c\\n\"); }\n", Language::C, true) ==
        "int f() { printf(\"http://a/b%%20c\\n\"); }\n");
  // The format after other arguments: sprintf's buffer, snprintf's buffer and size, Go's writer.
  CHECK(fixed("void f(char* s) { sprintf(s, \"http://a/\\xe4\"); }\n", Language::C, true) ==
        "void f(char* s) { sprintf(s, \"http://a/%%E4\"); }\n"); // C's \xe4 is a byte
  CHECK(fixed("void f(char* s) { sprintf(s, \"http://a/\xc3\xa4\"); }\n", Language::C, true) ==
        "void f(char* s) { sprintf(s, \"http://a/%%C3%%A4\"); }\n");
  CHECK(fixed("void f(char* s) { snprintf(s, sizeof(t[0]), \"http://a/b c\"); }\n", Language::C,
              true) == "void f(char* s) { snprintf(s, sizeof(t[0]), \"http://a/b%%20c\"); }\n");
  CHECK(fixed("fmt.Fprintf(w, \"http://a/b c\")\n", Language::Go, true) ==
        "fmt.Fprintf(w, \"http://a/b%%20c\")\n");
  CHECK(fixed("x = 'http://a/b c' % ()\n", Language::Python, true) ==
        "x = 'http://a/b%%20c' % ()\n");
  // Not a format: the second argument of another call, and an escape already there is kept.
  CHECK(fixed("void f(char* s) { strcpy(s, \"http://a/b c\"); }\n", Language::C) ==
        "void f(char* s) { strcpy(s, \"http://a/b%20c\"); }\n");
  CHECK(fixed("int f() { printf(\"http://a/%%%%c3\"); }\n", Language::C, true) ==
        "int f() { printf(\"http://a/%%%%c3\"); }\n");
  // A literal with a '%' placeholder may be a format given on another line, or joined to one:
  // no fix that writes or removes a '%' there is safe.
  const std::string split =
      "void f(char* v) {\n  printf(\n    \"http://a/%s/caf\xc3\xa9\", v);\n}\n";
  CHECK(fixed(split, Language::C) == split);
  const std::string joined = "void f(char* v) { printf(\"http://a/%s/\" \"caf\xc3\xa9\", v); }\n";
  CHECK(fixed(joined, Language::C) == joined);
  CHECK(fixed(joined, Language::C, true) ==
        "void f(char* v) { printf(\"http://a/%s/\" \"caf%%C3%%A9\", v); }\n");
  // strftime's formats too: %Y is a directive, not a malformed escape, and a percent is "%%".
  const std::string date = "u = d.strftime('https://a/%Y/%m/caf\xc3\xa9')\n";
  CHECK(lint(date, Language::Python, Config{}).diagnostics.size() == 1);
  CHECK(fixed(date, Language::Python, true) == "u = d.strftime('https://a/%Y/%m/caf%%C3%%A9')\n");
  const std::string tilde = "void f() { printf(\"http://a/%7Euser/%s\", 2.5, \"v\"); }\n";
  CHECK(fixed(tilde, Language::C) == tilde);
  // Brace formats are no printf formats: C++'s std::format and fmt::format, Java's
  // MessageFormat.format write '%' as it is (String.format is printf's).
  CHECK(fixed("auto u = std::format(\"http://a/{}/caf\xc3\xa9\", id);\n", Language::Cpp) ==
        "auto u = std::format(\"http://a/{}/caf%C3%A9\", id);\n");
  CHECK(fixed("auto u = fmt::format(\"http://a/b/caf\xc3\xa9\", id);\n", Language::Cpp) ==
        "auto u = fmt::format(\"http://a/b/caf%C3%A9\", id);\n");
  // A literal that may be a format (C's printf family is open-ended): a call named for printing
  // or logging, through a translation wrapper, or a literal continuing one on an earlier line.
  // No fix that writes a '%' is safe there.
  for (const char* maybe :
       {"void f() { syslog(LOG_ERR, \"http://a/caf\\u00e9/x\\n\"); }\n",
        "void f() { printf(_(\"http://a/caf\\u00e9/x\\n\")); }\n",
        "void f() {\n  printf(\"usage: see\\n\"\n         \"http://a/caf\\u00e9/x\\n\");\n}\n",
        "void f() { wprintf(L\"http://a/caf\\u00e9/x\\n\"); }\n",
        "void f() { NSLog(@\"http://a/caf\\u00e9/x\"); }\n",
        "void f() { pr_info(\"http://a/caf\\u00e9/x\\n\"); }\n",
        "void f() { LOG_ERROR(\"http://a/caf\\u00e9/x\"); }\n",
        "auto s = absl::StrFormat(\"http://a/caf\\u00e9/x\");\n",
        // The call split over lines, a ';' or a comment in an earlier literal, a variadic
        // wrapper, an Objective-C message, a macro's body.
        "void f() {\n  printf(\n    \"http://a/caf\\u00e9/x\\n\", 'x');\n}\n",
        "void f() { printf(\"a; b)\\n\" \"http://a/caf\\u00e9/x\\n\", 'x'); }\n",
        "void f() { printf(\"usage\\n\" /* c */ \"http://a/caf\\u00e9/x\\n\"); }\n",
        "void f() { build(b, sizeof b, \"http://a/caf\\u00e9/%g\", 2.5); }\n",
        "id s = [NSString stringWithFormat:@\"http://a/caf\\u00e9/x\", x];\n",
        "#define HOME \"http://a/caf\\u00e9/x\"\n"}) {
    CHECK_MESSAGE(fixed(maybe, Language::Cpp) == maybe, maybe);
    CHECK_MESSAGE(fixed(maybe, Language::Cpp, true) != maybe, maybe);
  }
  // Not a printing call: the fix stays safe.
  CHECK(fixed("void f() { curl_easy_setopt(h, CURLOPT_URL, \"http://a/caf\\u00e9/x\"); }\n",
              Language::Cpp) ==
        "void f() { curl_easy_setopt(h, CURLOPT_URL, \"http://a/caf%C3%A9/x\"); }\n");
  CHECK(fixed("const char* u = \"http://a/caf\\u00e9/x\";\n", Language::Cpp) ==
        "const char* u = \"http://a/caf%C3%A9/x\";\n");
  for (const char* kept : {"static const char* urls[] = {\"http://a/caf\\u00e9/x\"};\n",
                           "const char* f() { return \"http://a/caf\\u00e9/x\"; }\n",
                           "void f(char* s) { strcpy(s, \"http://a/caf\\u00e9/x\"); }\n"}) {
    const std::string out = fixed(kept, Language::Cpp);
    CHECK_MESSAGE(out.find("caf%C3%A9") != std::string::npos, kept);
  }
  // Other "format"s are printf's: boost::format, wxString::Format, a C format().
  CHECK(fixed("auto s = boost::format(\"http://a/b c/x\");\n", Language::Cpp) ==
        "auto s = boost::format(\"http://a/b c/x\");\n");
  CHECK(fixed("auto s = wxString::Format(\"http://a/caf%c3%a9/x\", id);\n", Language::Cpp) ==
        "auto s = wxString::Format(\"http://a/caf%c3%a9/x\", id);\n");
  CHECK(fixed("char *s = format(\"http://a/b c/x\");\n", Language::C) ==
        "char *s = format(\"http://a/b c/x\");\n");
  CHECK(fixed("String u = MessageFormat.format(\"http://a/caf\\u00e9\", id);\n", Language::Java) ==
        "String u = MessageFormat.format(\"http://a/caf%C3%A9\", id);\n");
  CHECK(fixed("String u = String.format(\"http://a/%s/caf\\u00e9\", id);\n", Language::Java,
              true) == "String u = String.format(\"http://a/%s/caf%%C3%%A9\", id);\n");
}

TEST_CASE("escapes decode by the language's rules: octal is a code point in Python, JS, Java") {
  CHECK(fixed("x = \"http://a/caf\\345\"\n", Language::Python) == "x = \"http://a/caf%C3%A5\"\n");
  CHECK(fixed("var x = \"http://a/caf\\345\";\n", Language::JavaScript) ==
        "var x = \"http://a/caf%C3%A5\";\n");
  CHECK(fixed("String x = \"http://a/caf\\345\";\n", Language::Java) ==
        "String x = \"http://a/caf%C3%A5\";\n");
  // In C an octal escape is a byte: \303\244 is the UTF-8 of U+00E4.
  CHECK(fixed("char *x = \"http://a/\\303\\244\";\n", Language::C) ==
        "char *x = \"http://a/%C3%A4\";\n");
}

TEST_CASE("Haskell's, the ML family's, C#'s and Lua's escapes: decimal, gaps, dialects") {
  // C#'s \x takes up to four hex digits; Lua's \195\169 are decimal bytes, \z skips blanks.
  CHECK(fixed("var u = \"http://a/a\\xe4b\";\n", Language::CSharp) ==
        "var u = \"http://a/a%E0%B9%8B\";\n");
  CHECK(fixed("local u = \"http://a/caf\\195\\169\"\n", Language::Lua) ==
        "local u = \"http://a/caf%C3%A9\"\n");
  // PHP's "\u00e9" is six characters (only \u{e9} is é); Perl's \u changes the case of what
  // follows, \x{e9} is é; the shell's double quotes keep "\u00e9" (R's read é): never rewritten.
  CHECK(fixed("<?php $u = \"http://a/caf\\u{e9}\";\n", Language::Php) ==
        "<?php $u = \"http://a/caf%C3%A9\";\n");
  CHECK(fixed("<?php $u = \"http://a/caf\\u00e9\";\n", Language::Php).find("%C3%A9") ==
        std::string::npos);
  CHECK(fixed("my $u = \"http://a/caf\\x{e9}\";\n", Language::Perl) ==
        "my $u = \"http://a/caf%C3%A9\";\n");
  const std::string perl_u = "my $u = \"http://a/caf\\u00e9\";\n";
  CHECK(fixed(perl_u, Language::Perl) == perl_u);
  const std::string sh = "curl \"http://a/caf\\u00e9\"\n";
  CHECK(fixed(sh, Language::Shell) == sh);
  CHECK(fixed("curl $'http://a/caf\\u00e9'\n", Language::Shell) == "curl $'http://a/caf%C3%A9'\n");
  CHECK(fixed("a: \"http://a/caf\\xe9\"\n", Language::Yaml) == "a: \"http://a/caf%C3%A9\"\n");
  // Swift's interpolation holds code: "\(d["k"] ?? "")" is not a URL's brackets and blanks.
  const std::string swift = "let b = \"https://a/\\(d[\"k\"] ?? \"\")/x\"\n";
  CHECK(lint(swift, Language::Swift, Config{}).diagnostics.empty());
  CHECK(fixed("let f = \"https://a/u/\\(id)/caf%c3%a9\"\n", Language::Swift) ==
        "let f = \"https://a/u/\\(id)/caf%C3%A9\"\n");
  // Raw strings keep their backslashes: String.raw`...`, Kotlin's """...""".
  CHECK(
      fixed("const u = String.raw`http://a/caf\\u00e9`;\n", Language::JavaScript).find("%C3%A9") ==
      std::string::npos);
  CHECK(fixed("val u = \"\"\"http://a/caf\\u00e9\"\"\"\n", Language::Kotlin).find("%C3%A9") ==
        std::string::npos);
  // C# 11's """...""" is raw; Python's bytes literals read \x as a byte and \u as no escape.
  CHECK(fixed("var u = \"\"\"http://a/caf\\u00e9\"\"\";\n", Language::CSharp).find("%C3%A9") ==
        std::string::npos);
  CHECK(fixed("u = b\"http://a/caf\\xe4\"\n", Language::Python) == "u = b\"http://a/caf%E4\"\n");
  CHECK(fixed("u = b\"http://a/caf\\u00e4\"\n", Language::Python).find("%C3%A4") ==
        std::string::npos);
  // R's quotes have C's escapes (read by the Python row).
  CHECK(fixed("u <- 'http://a/caf\\u00e9'\n", language_for_path("app.R")) ==
        "u <- 'http://a/caf%C3%A9'\n");
  const std::string lua_z = "local u = \"http://a/b\\z   c\"\n";
  CHECK(fixed(lua_z, Language::Lua) == lua_z);
  // Haskell: \233 is decimal (é), \x takes every hex digit (U+0E4B), a gap is nothing.
  CHECK(fixed("u = \"http://a/caf\\233\"\n", Language::Haskell) == "u = \"http://a/caf%C3%A9\"\n");
  CHECK(fixed("u = \"http://a/a\\xe4b\"\n", Language::Haskell) == "u = \"http://a/a%E0%B9%8B\"\n");
  const std::string gap = "u = \"http://a/very/\\    \\long\"\n";
  CHECK(fixed(gap, Language::Haskell) == gap);
  CHECK(fixed("u = \"http://a/x\\&1 y\"\n", Language::Haskell) == "u = \"http://a/x\\&1%20y\"\n");
  // F# reads \233 as the character é, OCaml as the byte 0xE9: reported, never rewritten.
  const std::string ml = "let u = \"http://a/caf\\233\"\n";
  CHECK(fixed(ml, Language::Ml) == ml);
  const FixResult r = fix_all(ml, Language::Ml, Config{}, false);
  REQUIRE(r.dropped.size() == 1);
  CHECK(r.dropped[0].reason == "it would rewrite an escape whose character is not certain");
  CHECK(fixed("let u = \"http://a/\\065 b\"\n", Language::Ml) ==
        "let u = \"http://a/\\065%20b\"\n");
}

TEST_CASE("raw strings of Dart, Scala and Swift; wide C strings; Dart's own escapes") {
  // Dart's r'...' and Scala's raw"..." keep their backslashes; "\u00e9" is six characters.
  for (const char* src :
       {"var u = r'http://a/caf\\u00e9';\n", "var u = r\"http://a/caf\\u00e9\";\n",
        "var u = r'''http://a/caf\\u00e9''';\n"})
    CHECK_MESSAGE(fixed(src, language_for_path("a.dart")).find("%C3%A9") == std::string::npos, src);
  CHECK(
      fixed("val u = raw\"http://a/caf\\u00e9\"\n", language_for_path("A.scala")).find("%C3%A9") ==
      std::string::npos);
  // Without the prefix they are escapes.
  CHECK(fixed("var u = 'http://a/caf\\u00e9';\n", language_for_path("a.dart")) ==
        "var u = 'http://a/caf%C3%A9';\n");
  // Dart has no octal escapes: "\345" is the three digits, "\a" is 'a'; \xE9 is U+00E9.
  CHECK(lint("var u = 'http://a/x\\345';\n", Language::Dart, Config{}).diagnostics.empty());
  CHECK(fixed("var u = 'http://a/caf\\xe9 x';\n", Language::Dart) ==
        "var u = 'http://a/caf%C3%A9%20x';\n");
  // Dart's single quotes hold ${...} code, as its double quotes do.
  CHECK(lint("var u = 'https://a/${m['k'] ?? 'a b'}/x';\n", Language::Dart, Config{})
            .diagnostics.empty());
  // Swift's #"..."# is raw: "\u{e9}" is the characters; the string ends at "#.
  const std::string swift = "let u = #\"http://a/caf\\u{e9}\"#\n";
  CHECK(fixed(swift, Language::Swift).find("%C3%A9") == std::string::npos);
  CHECK(fixed("let u = #\"http://a/say\"hi\"/%c3%a9\"#\n", Language::Swift, true) ==
        "let u = #\"http://a/say%22hi%22/%C3%A9\"#\n");
  // L"...", u"..." and U"...": \xc3\xa9 are two characters (U+00C3 U+00A9), not é's bytes.
  CHECK(fixed("auto u = L\"http://a/caf\\xc3\\xa9\";\n", Language::Cpp) ==
        "auto u = L\"http://a/caf%C3%83%C2%A9\";\n");
  CHECK(fixed("auto u = u8\"http://a/caf\\xc3\\xa9\";\n", Language::Cpp) ==
        "auto u = u8\"http://a/caf%C3%A9\";\n");
  CHECK(fixed("char16_t *u = u\"http://a/caf\\351\";\n", Language::C) ==
        "char16_t *u = u\"http://a/caf%C3%A9\";\n");
  // Swift's "\#" escapes in #"..."#: "\#(path)" is an interpolation, "\#u{e9}" é; a backslash
  // with fewer '#' is itself.
  const std::string interpolated = "let b = #\"http://a/\\#(path)/x\"#\n";
  CHECK(fixed(interpolated, Language::Swift, true) == interpolated);
  CHECK(fixed("let u = #\"http://a/caf\\#u{e9}\"#\n", Language::Swift) ==
        "let u = #\"http://a/caf%C3%A9\"#\n");
  CHECK(fixed("let u = ##\"http://a/caf\\#u{e9}\"##\n", Language::Swift).find("%C3%A9") ==
        std::string::npos);
  // A wide string's \x takes every hex digit: "\xe9ab" is U+E9AB.
  CHECK(fixed("const wchar_t* a = L\"http://a/caf\\xe9ab\";\n", Language::Cpp) ==
        "const wchar_t* a = L\"http://a/caf%EE%A6%AB\";\n");
  // Dart has no \U: "\U000000e9" is "U000000e9".
  CHECK(lint("var a = 'http://a/caf\\U000000e9';\n", Language::Dart, Config{}).diagnostics.empty());
}

TEST_CASE("PostgreSQL's E'...' has C's escapes; CSS's escapes are hex and end at one blank") {
  // In standard SQL '...' a backslash is itself; in E'...' it escapes.
  CHECK(fixed("SELECT E'http://a/caf\\303\\251 x';\n", Language::Sql) ==
        "SELECT E'http://a/caf%C3%A9%20x';\n");
  const std::string plain = "SELECT 'http://a/caf\\303\\251';\n";
  CHECK(fixed(plain, Language::Sql, true).find("%C3%A9") == std::string::npos);
  // CSS: "\e9 " is é, the blank part of the escape; "\n" is "n"; "\0000e9" six digits.
  CHECK(fixed("a { background: url(\"http://a/caf\\e9 /x.png\"); }\n", Language::Css) ==
        "a { background: url(\"http://a/caf%C3%A9/x.png\"); }\n");
  CHECK(fixed("a { background: url(\"http://a/caf\\0000e9x.png\"); }\n", Language::Css) ==
        "a { background: url(\"http://a/caf%C3%A9x.png\"); }\n");
  CHECK(lint("a { background: url(\"http://a/b\\n.png\"); }\n", Language::Css, Config{})
            .diagnostics.empty());
}

TEST_CASE("an escape with no UTF-8 form is never rewritten") {
  const std::string src = "y = \"http://a/\\ud800\"\n";
  CHECK(fixed(src, Language::Python) == src);
  CHECK(only_reason(src, Language::Python) ==
        "it would rewrite an escape whose character is not certain");
  // A pair of surrogate escapes is one code point, and is fixed.
  CHECK(fixed("var y = \"http://a/\\ud83d\\ude00\";\n", Language::JavaScript) ==
        "var y = \"http://a/%F0%9F%98%80\";\n");
}

TEST_CASE("check_fix: a fix that moves a literal's end or adds a URL fails") {
  const std::string src = "a = \"http://a/x\" + \"b\"\n";
  // Removing the closing quote joins the two literals differently.
  const std::vector<Edit> quote{{15, 16, ""}};
  std::string out = src;
  out.erase(15, 1);
  CHECK_FALSE(check_fix(src, out, quote, Language::Python, {}).ok);
  // Writing a second URL into a comment makes a URL appear.
  const std::string c = "// see\nint x;\n";
  const std::vector<Edit> add{{6, 6, " http://b/"}};
  CHECK_FALSE(check_fix(c, "// see http://b/\nint x;\n", add, Language::Cpp, {}).ok);
  // Uppercasing hex digits keeps everything.
  const std::string u = "s = \"http://a/%c3%a4\"\n";
  const std::vector<Edit> up{{14, 20, "%C3%A4"}};
  CHECK(check_fix(u, "s = \"http://a/%C3%A4\"\n", up, Language::Python, {}).ok);
}

TEST_CASE("lexical_runs: literals, comments and code in order, covering the file") {
  const std::string src = "x = \"a\" # c\ny = 1\n";
  const std::vector<LexicalRun> runs = lexical_runs(src, Language::Python);
  REQUIRE(runs.size() >= 4);
  CHECK(runs.front().begin == 0);
  CHECK(runs.back().end == src.size());
  for (std::size_t k = 1; k < runs.size(); ++k)
    CHECK(runs[k].begin == runs[k - 1].end);
  bool literal = false, comment = false;
  for (const LexicalRun& r : runs) {
    if (r.region == Region::Literal) {
      literal = true;
      // From the content (the opening quote reads as code) to just past the closing quote.
      CHECK(src.substr(r.begin, r.end - r.begin) == "a\"");
      CHECK(literal_value(src, r).text == "a");
    }
    comment = comment || r.region == Region::Comment;
  }
  CHECK(literal);
  CHECK(comment);
}

TEST_CASE("a URL quoted in running text and read whole for its blanks: encoding them is unsafe") {
  // Encoded, the URL would no longer read as the quoted whole (the fix check refuses it): the
  // fix is offered as unsafe, not counted fixable and then refused.
  const LintResult r = lint("Run: wget \"https://x.example/files/My Setup.exe\" then.\n",
                            Language::PlainText, Config{});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].rule->id == std::string_view("PCT003"));
  REQUIRE(r.diagnostics[0].fix);
  CHECK(r.diagnostics[0].fix->applicability == Applicability::Unsafe);
  // Applied anyway (--unsafe-fixes), the last blank's fix is refused, and said once, not again
  // by the pass after the first.
  const FixResult forced = fix_all("Run: wget \"https://x.example/files/My Setup Big.exe\" then.\n",
                                   Language::PlainText, Config{}, true);
  CHECK(forced.applied == 1);
  CHECK(forced.dropped.size() == 1);
  // Its other fixes, which leave the blanks, stay safe.
  const LintResult lower = lint("Run: wget \"https://x.example/caf%c3%a9 Setup.exe\" then.\n",
                                Language::PlainText, Config{});
  bool lower_safe = false;
  for (const Diagnostic& d : lower.diagnostics)
    if (d.rule->id == std::string_view("PCT001"))
      lower_safe = d.fix && d.fix->applicability == Applicability::Safe;
  CHECK(lower_safe);
}

TEST_CASE("no fix is safe in a test file, and a control character's escape is never safe") {
  const Config config;
  for (const char* path :
       {"tests/a.py", "src/test/Foo.java", "pkg/url_test.go", "test_url.py", "web/__tests__/x.js",
        "a/b.spec.ts", "spec/x_spec.rb", "src/NzbDrone.Core.Test/Files/feed.xml",
        "App.UnitTests/A.cs", "Packages/Models/Tests/ModelsTests/HTMLStringTests.swift",
        "Sources/AppTests.swift", "scripts/lychee/double-check/index.test.mjs", "a/b.spec.cts",
        // TeX source: '%' starts a comment there, and pctlint reads it as plain text.
        "doc/latex/biblatex/biblatex.tex", "tex/latex/pkg.sty", "a/Paper.TEX"}) {
    std::optional<Config> storage;
    CHECK_MESSAGE(config.for_path(path, storage).fixes_unsafe, path);
  }
  for (const char* path :
       {"src/url.py", "latest/x.py", "contest.py", "docs/testing.md", "src/Core.Testing/a.cs"}) {
    std::optional<Config> storage;
    CHECK_MESSAGE(!config.for_path(path, storage).fixes_unsafe, path);
  }
  const std::string src = "u = \"https://example.com/caf%c3%a9\"\n";
  Config in_test;
  in_test.fixes_unsafe = true;
  CHECK(fix_all(src, Language::Python, in_test, false).text == src);
  CHECK(fix_all(src, Language::Python, in_test, true).text != src);
  // "testFiles": [] turns the policy off.
  const ConfigResult off = parse_config(nlohmann::json::parse(R"({"testFiles": []})"));
  REQUIRE(off.ok());
  std::optional<Config> storage;
  CHECK(!off.config.for_path("tests/a.py", storage).fixes_unsafe);
  // A lock file is written by a package manager: its fixes are unsafe, whatever "testFiles" says.
  for (const char* path : {"composer.lock", "vendor/x/Cargo.lock", "web/package-lock.json",
                           "go.sum", "pnpm-lock.yaml", "flake.lock"}) {
    std::optional<Config> lock_storage;
    CHECK_MESSAGE(off.config.for_path(path, lock_storage).fixes_unsafe, path);
    CHECK_MESSAGE(config.for_path(path, lock_storage).fixes_unsafe, path);
  }
  for (const char* path : {"composer.json", "lock.py", "docs/go.sum.md", "block"}) {
    std::optional<Config> lock_storage;
    CHECK_MESSAGE(!config.for_path(path, lock_storage).fixes_unsafe, path);
  }
  // A control character written as an escape ends the URL (a "\\x00" terminator, a "\\n" before
  // another line): nothing of the literal after it is the URL's.
  const std::string nul = "b = \"http://a/\\x00\"\n";
  CHECK(fixed(nul, Language::Python) == nul);
  CHECK(fixed(nul, Language::Python, true) == nul);
  // One written raw is in the URL, and a control character in a URL is more often test data than
  // a byte meant to be sent: its escape is never a safe fix.
  const std::string raw = "b = \"http://a/b\x01"
                          "c\"\n";
  CHECK(fixed(raw, Language::Python) == raw);
  CHECK(fixed(raw, Language::Python, true) == "b = \"http://a/b%01c\"\n");
}

TEST_CASE("in-file tests: a Zotero translator's test cases get no safe fix") {
  // The expected item's url is what the translator returns, compared with ===: rewriting it
  // fails the test (fresh29's Qatar Digital Library.js).
  const std::string src = "function doWeb() { get(\"https://x/%c3%a4\"); }\n"
                          "/** BEGIN TEST CASES **/\n"
                          "var testCases = [{\"type\": \"web\", \"url\": \"https://x/%c3%a4\"}]\n"
                          "/** END TEST CASES **/\n"
                          "var after = \"https://z/%c3%a4\";\n";
  const std::vector<Span> tests = in_file_tests(src, Language::JavaScript);
  REQUIRE(tests.size() == 1);
  CHECK(text_of(src, tests[0]).starts_with("/** BEGIN"));
  CHECK(text_of(src, tests[0]).ends_with("CASES **/\n"));
  const std::string safe = fixed(src, Language::JavaScript);
  CHECK(safe.find("get(\"https://x/%C3%A4\")") != std::string::npos);
  CHECK(safe.find("\"url\": \"https://x/%c3%a4\"") != std::string::npos);
  CHECK(safe.find("after = \"https://z/%C3%A4\"") != std::string::npos);
  CHECK(fixed(src, Language::JavaScript, true).find("\"url\": \"https://x/%C3%A4\"") !=
        std::string::npos);
  // No end marker: to the file's end.
  CHECK(in_file_tests("x;\n/** BEGIN TEST CASES **/\nvar t = 1;\n", Language::JavaScript)[0].end ==
        std::string_view("x;\n/** BEGIN TEST CASES **/\nvar t = 1;\n").size());
}

TEST_CASE("in-file tests: Rust's #[cfg(test)] modules and #[test] functions get no safe fix") {
  const std::string src = "fn f() { g(\"https://x/%c3%a4\"); }\n"       // 0: outside
                          "#[cfg(test)]\n"                              // 1
                          "#[allow(unused)]\n"                          // 2
                          "mod tests {\n"                               // 3
                          "    #[test]\n"                               // 4
                          "    fn t() { h(\"http://\\\"\"); }\n"        // 5: expects an error
                          "    const U: &str = \"https://x/%c3%a4\";\n" // 6
                          "}\n"                                         // 7
                          "#[cfg(not(test))]\n"                         // 8
                          "fn live() { g(\"https://x/%c3%a4\"); }\n"    // 9: outside
                          "#[cfg(test)] mod more;\n"                    // 10: no block
                          "    #[tokio::test] async fn one() { g(\"https://x/%c3%a4\"); }\n"
                          "fn last() { g(\"https://x/%c3%a4\"); }\n"; // outside
  const std::vector<Span> tests = in_file_tests(src, Language::Rust);
  REQUIRE(tests.size() == 2);
  CHECK(text_of(src, tests[0]).starts_with("#[cfg(test)]\n"));
  CHECK(text_of(src, tests[0]).ends_with("\";\n}\n"));
  // The declaration "mod more;" (its line) and the test after it, merged.
  CHECK(text_of(src, tests[1]) ==
        "#[cfg(test)] mod more;\n"
        "    #[tokio::test] async fn one() { g(\"https://x/%c3%a4\"); }\n");
  CHECK(in_file_tests(src, Language::Python).empty());
  // Fixed outside the tests; inside only with unsafe fixes.
  const std::string safe = fixed(src, Language::Rust);
  CHECK(safe.find("fn f() { g(\"https://x/%C3%A4\")") != std::string::npos);
  CHECK(safe.find("fn live() { g(\"https://x/%C3%A4\")") != std::string::npos);
  CHECK(safe.find("fn last() { g(\"https://x/%C3%A4\")") != std::string::npos);
  CHECK(safe.find("h(\"http://\\\"\")") != std::string::npos);
  CHECK(safe.find("U: &str = \"https://x/%c3%a4\"") != std::string::npos);
  CHECK(safe.find("one() { g(\"https://x/%c3%a4\")") != std::string::npos);
  const std::string all = fixed(src, Language::Rust, true);
  CHECK(all.find("U: &str = \"https://x/%C3%A4\"") != std::string::npos);
  // A test module declared at the file's top makes the whole file test code.
  CHECK(in_file_tests("#![cfg(test)]\nfn a() {}\n", Language::Rust).size() == 1);
  // What does not end a test early: a '}' at the attribute's indentation inside a raw string (the
  // inner test's own bounds hold), a ';' in a comment, a type or an attribute's string, a '[' in
  // an attribute's string; an item with no block ends at its ';'.
  for (const char* test :
       {"#[cfg(test)]\nmod tests {\n    #[test]\n    fn parses() {\n        let j = r#\"{\n"
        "}\"#;\n        g(\"https://x/%c3%a4\");\n    }\n}\n",
        "#[test]\n#[ignore] // needs network; slow\nfn t() {\n    g(\"https://x/%c3%a4\");\n}\n",
        "#[test]\nfn t() -> Result<(), [u8; 2]> {\n    g(\"https://x/%c3%a4\");\n}\n",
        "#[rstest]\nfn case(#[values(\"a;b\")] x: &str) {\n    g(\"https://x/%c3%a4\");\n}\n",
        "#[cfg(test)]\nconst FIXTURE: &str = \"https://x/%c3%a4\";\n",
        "#[test_case(\"[\", \"https://x/%c3%a4\")]\nfn t(a: &str, u: &str) {}\n"}) {
    const std::string code = std::string("fn live() { g(\"https://y/%c3%a4\"); }\n") + test;
    const std::string safe = fixed(code, Language::Rust);
    CHECK_MESSAGE(safe.find("https://y/%C3%A4") != std::string::npos, test);
    CHECK_MESSAGE(safe.find("https://x/%c3%a4") != std::string::npos, test);
  }
  // A module without a test of its own whose layout '}' is inside a raw string, a multi-line
  // string or a comment: the brace that closes it bounds it. And cfg(all(test, not(miri))).
  for (const char* module :
       {"#[cfg(test)]\nmod tests {\n    const BODY: &str = r#\"{\"a\": 1\n}\"#;\n",
        "#[cfg(test)]\nmod tests {\n    const BODY: &str = \"{\n}\";\n",
        "#[cfg(test)]\nmod tests {\n    /* a block\n}\n    */\n",
        "#[cfg(all(test, not(miri)))]\nmod tests {\n"}) {
    const std::string code = std::string("fn live() { g(\"https://y/%c3%a4\"); }\n") + module +
                             "    const EXPECTED: &str = \"https://x/%c3%a4\";\n}\n";
    const std::string safe = fixed(code, Language::Rust);
    CHECK_MESSAGE(safe.find("https://y/%C3%A4") != std::string::npos, module);
    CHECK_MESSAGE(safe.find("https://x/%c3%a4") != std::string::npos, module);
  }
}

TEST_CASE("an XML namespace's name is reported but never safely rewritten") {
  // Namespace names are compared as strings: %c3%a9 and %C3%A9 name two namespaces.
  const std::string xml = "<root xmlns=\"http://x.example/ns/King of turtles\" "
                          "xmlns:p=\"http://x.example/caf%c3%a9\"><p:a href=\"http://y.example/"
                          "caf%c3%a9\"/></root>\n";
  CHECK(lint(xml, Language::Xml, Config{}).diagnostics.size() == 4); // two blanks, two escapes
  CHECK(fixed(xml, Language::Xml) == "<root xmlns=\"http://x.example/ns/King of turtles\" "
                                     "xmlns:p=\"http://x.example/caf%c3%a9\"><p:a href=\"http://"
                                     "y.example/caf%C3%A9\"/></root>\n");
  // A schema's targetNamespace, xs:import's namespace, RDF's about: names too.
  const std::string xsd = "<xs:schema targetNamespace=\"http://x.example/caf%c3%a9\">"
                          "<xs:import namespace=\"http://y.example/caf%c3%a9\"/></xs:schema>\n";
  CHECK(lint(xsd, Language::Xml, Config{}).diagnostics.size() == 2);
  CHECK(fixed(xsd, Language::Xml) == xsd);
  // The same written in a string.
  const std::string js = "const s = '<svg xmlns=\"http://x.example/caf%c3%a9\"></svg>';\n";
  CHECK(lint(js, Language::JavaScript, Config{}).diagnostics.size() == 1);
  CHECK(fixed(js, Language::JavaScript) == js);
}

TEST_CASE("certainty: extent-dependent rules report only on given extents and non-templates") {
  auto rules_found = [](std::string_view src, Language lang, const Config& config = {}) {
    std::string ids;
    for (const Diagnostic& d : lint(src, lang, config).diagnostics)
      ids += std::string(d.rule->id) + (d.doubt != Doubt::None ? "?" : "") + " ";
    return ids;
  };
  // A whole literal gives the extent: a raw space is in the URL.
  CHECK(rules_found("u = 'https://example.com/my file.pdf'\n", Language::Python) == "PCT003 ");
  // A template: its holes may stand for anything; the case rule still speaks of its literal part.
  CHECK(rules_found("u = 'https://example.com/{id}/a b/%c3%a4'\n", Language::Python) == "PCT001 ");
  // In running text the end is a guess: nothing past the first byte text could end it at.
  CHECK(rules_found("see https://example.com/%c3%a4 \"x\n", Language::PlainText) == "PCT001 ");
  CHECK(rules_found("see https://example.com/a\"%c3%a4\n", Language::PlainText).empty());
  // ... and the extent-dependent rules say nothing of what reaches that byte, for the end may
  // have been drawn around it: an SQL LIKE pattern's '%' after a URL among words, a malformed
  // escape at the end of a URL in a sentence. With more of the URL after it, it is reported.
  CHECK(rules_found("q = \"comment like '%https://%' or x\"\n", Language::Ruby).empty());
  CHECK(rules_found("x = \"see https://x.org/a% and more\"\n", Language::Python).empty());
  CHECK(rules_found("x = \"see https://x.org/%zz and more\"\n", Language::Python) == "PCT007 ");
  CHECK(rules_found("// see https://x.org/docs/#a#b for more\n", Language::Go) == "PCT005 ");
  // An attribute written about in plain text is embedded markup: its extent is a guess.
  const std::string schema =
      "xsi:schemaLocation=\"http://maven.apache.org/POM/4.0.0 http://maven.apache.org/x.xsd\"\n";
  CHECK(rules_found(schema, Language::PlainText).empty());
  // "extent": "guessed" reports them too, marked.
  Config guessed;
  guessed.report_guessed_extent = true;
  CHECK(rules_found("u = 'https://example.com/{id}/a b'\n", Language::Python, guessed) ==
        "PCT003? ");
  const auto d = lint("u = 'https://example.com/{id}/a b'\n", Language::Python, guessed);
  REQUIRE(d.diagnostics.size() == 1);
  CHECK(d.diagnostics[0].message.ends_with("(the URL holds template syntax)"));
  const auto g = lint("x = \"see https://x.org/a% and more\"\n", Language::Python, guessed);
  REQUIRE(g.diagnostics.size() == 1);
  CHECK(g.diagnostics[0].doubt != Doubt::None);
  CHECK(g.diagnostics[0].message.ends_with("(where the URL ends is a guess)"));
  const ConfigResult parsed = parse_config(nlohmann::json::parse(R"({"extent": "guessed"})"));
  REQUIRE(parsed.ok());
  CHECK(parsed.config.report_guessed_extent);
  CHECK_FALSE(parse_config(nlohmann::json::parse(R"({"extent": "maybe"})")).ok());
}

TEST_CASE("a regex callee's name inside an earlier string hides nothing") {
  // log("calling re.compile(", "https://y/%c3%a4"): the second literal is no regex; --check
  // reports it and --fix fixes what --check reported, nothing else.
  const std::string src = "log(\"calling re.compile(\", \"https://y/%c3%a4\");\n";
  const LintResult r = lint(src, Language::Cpp, Config{});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].rule->id == "PCT001");
  // (Unsafe: the call, named for logging, may take a format.)
  CHECK(fixed(src, Language::Cpp, true) == "log(\"calling re.compile(\", \"https://y/%C3%A4\");\n");
  // A literal given to a regex API is still a regex.
  const std::string re = "auto r = std::regex(\"https://y/%c3%a4\");\n";
  CHECK(lint(re, Language::Cpp, Config{}).diagnostics.empty());
}

TEST_CASE("reST tables and titles: a fix that changes a line's width there is unsafe") {
  // GUT's generated class reference: a cell 4 characters wider than its border is a
  // "Malformed table." for docutils, and the table is lost.
  const std::string src = "Title https://x.example/a%c3%a4/b\"c\n"                    // 0: a title
                          "=====================================\n"                   // 1
                          "\n"                                                        // 2
                          "+----------------------------------------------+------+\n" // 3
                          "| `Op <https://x.example/class_\"a.gd\".html>`_  | add  |\n"    // 4
                          "| `Up <https://x.example/caf%c3%a9.html>`_       | del  |\n"    // 5
                          "+----------------------------------------------+------+\n"      // 6
                          "\n"                                                             // 7
                          "=====  ==========================================\n"            // 8
                          "name   link\n"                                                  // 9
                          "=====  ==========================================\n"            // 10
                          "a      https://x.example/simple/b\"c/d\n"                       // 11
                          "=====  ==========================================\n"            // 12
                          "\n"                                                             // 13
                          "Prose, `a link <https://x.example/prose/b\"c/d>`_ and more.\n"; // 14
  const std::vector<Span> lines = width_sensitive_lines(src, Language::Rst);
  std::vector<std::string> texts;
  for (const Span& l : lines)
    texts.emplace_back(src.substr(l.begin, l.end - l.begin));
  REQUIRE(texts.size() == 3);
  CHECK(texts[0].starts_with("Title "));
  CHECK(texts[0].find('\n') == texts[0].size() - 1); // the title's line only
  CHECK(texts[1].starts_with("+---"));
  CHECK(texts[1].ends_with("+------+\n"));
  CHECK(texts[2].starts_with("=====  ===="));
  CHECK(texts[2].ends_with("====\n"));
  CHECK(texts[2].find("simple") != std::string::npos);
  CHECK(width_sensitive_lines(src, Language::Markdown).empty());
  // What keeps the width (an escape's case) is fixed; what changes it only with unsafe fixes.
  const std::string safe = fixed(src, Language::Rst);
  CHECK(safe.find("caf%C3%A9.html") != std::string::npos);
  CHECK(safe.find("class_\"a.gd\".html") != std::string::npos);
  CHECK(safe.find("simple/b\"c/d") != std::string::npos);
  CHECK(safe.find("prose/b%22c/d") != std::string::npos);
  const std::string all = fixed(src, Language::Rst, true);
  CHECK(all.find("class_%22a.gd%22.html") != std::string::npos);
}

TEST_CASE("in-file tests: youtube-dl's and yt-dlp's _TESTS tables get no safe fix") {
  const std::string src =
      "class TwentyMinutenIE(InfoExtractor):\n"
      "    _VALID_URL = r'https?://www\\.20min\\.ch/v\\.html\\?.*?\\bvideoId@'\n"
      "    _TESTS = [{\n"
      "        'url': 'http://www.20min.ch/v.html?p=twentyDE|videoId@52',\n"
      "    }, {\n"
      "        'url': 'https://x/%c3%a4',\n"
      "    }]\n"
      "    _TEST = {'url': 'https://y/%c3%a4'}\n"
      "    _WEBPAGE_TESTS = []\n"
      "\n"
      "    def _real_extract(self, url):\n"
      "        return self._download_json('https://z/%c3%a4', None)\n";
  // From the assignment's line to the line that closes it ("    }, {" does not).
  const auto regions = test_regions(src, Language::Python);
  REQUIRE(regions.size() == 3);
  CHECK(regions[0].starts_with("    _TESTS = [{"));
  CHECK(regions[0].ends_with("    }]\n"));
  CHECK(regions[1] == "    _TEST = {'url': 'https://y/%c3%a4'}\n");
  CHECK(regions[2] == "    _WEBPAGE_TESTS = []\n");
  const std::string safe = fixed(src, Language::Python);
  CHECK(safe.find("twentyDE|videoId@52") != std::string::npos);
  CHECK(safe.find("'url': 'https://x/%c3%a4'") != std::string::npos);
  CHECK(safe.find("'url': 'https://y/%c3%a4'") != std::string::npos);
  CHECK(safe.find("'https://z/%C3%A4'") != std::string::npos);
  CHECK(fixed(src, Language::Python, true).find("'url': 'https://x/%C3%A4'") != std::string::npos);
  // A name that is no test table, and a table never closed at its indentation (to the file's end).
  CHECK(in_file_tests("    _TESTING = [\n", Language::Python).empty());
  CHECK(in_file_tests("TESTS = [\n", Language::Python).empty());
  CHECK(in_file_tests("_TESTS = [\n  1,\n", Language::Python)[0].end == 16);
}

TEST_CASE("in-file tests: a JSON data file's \"tests\" members get no safe fix") {
  // A pattern collection: each pattern's own test URLs, keys whose escapes the expected fields
  // repeat. A safe fix of the key would make the expectation fail.
  const std::string src = "{\n"
                          "  \"wiki\": {\n"
                          "    \"regex\": \"https?://x\\\\.org/wiki/(?P<page>[^/]+)\",\n"
                          "    \"tests\": {\n"
                          "      \"https://x.org/wiki/caf%c3%a9\": {\"page\": \"caf%c3%a9\"},\n"
                          "      \"say \\\"tests\\\": [\": {}\n"
                          "    },\n"
                          "    \"home\": \"https://x.org/caf%c3%a9\"\n"
                          "  },\n"
                          "  \"test_cases\": [\"https://y.org/%c3%a4\"],\n"
                          "  \"test\": \"https://z/%c3%a4\"\n"
                          "}\n";
  // Each member's region, from its key's line to the line its value closes on.
  const std::vector<std::string_view> starts = {"    \"tests\": {\n", "  \"test_cases\": ["};
  const auto regions = test_regions(src, Language::Json);
  REQUIRE(regions.size() == starts.size());
  for (std::size_t i = 0; i < starts.size(); ++i)
    CHECK(regions[i].starts_with(starts[i]));
  CHECK(regions[0].ends_with("    },\n"));
  // Kept by the safe fixes in the tables; fixed outside them, and in a member named so whose
  // value is a string (no table).
  const std::string safe = fixed(src, Language::Json);
  for (const std::string_view expected :
       {"\"https://x.org/wiki/caf%c3%a9\": {\"page\": \"caf%c3%a9\"}", "\"https://y.org/%c3%a4\"",
        "\"home\": \"https://x.org/caf%C3%A9\"", "\"test\": \"https://z/%C3%A4\""})
    CHECK_MESSAGE(safe.find(expected) != std::string::npos, expected);
  CHECK(fixed(src, Language::Json, true).find("\"https://x.org/wiki/caf%C3%A9\"") !=
        std::string::npos);
  // Minified: the member alone, not its neighbours on the line. Upper case, "-" and "_" too; a
  // configuration's "test" environment is no table.
  const std::string minified =
      "{\"home\":\"https://x.org/caf%c3%a9\",\"TEST_CASES\":[\"https://y.org/%c3%a4\"],"
      "\"b\":\"https://z.org/%c3%a4\"}\n";
  CHECK(fixed(minified, Language::Json) ==
        "{\"home\":\"https://x.org/caf%C3%A9\",\"TEST_CASES\":[\"https://y.org/%c3%a4\"],"
        "\"b\":\"https://z.org/%C3%A4\"}\n");
  CHECK(test_regions(minified, Language::Json) ==
        std::vector<std::string_view>{"\"TEST_CASES\":[\"https://y.org/%c3%a4\"]"});
  CHECK(in_file_tests("{\"test\": {\"api\": \"https://x.org/\"}}\n", Language::Json).empty());
  // Never closed: to the text's end. Other languages: none.
  CHECK(in_file_tests("{\"tests\": [\"a\",\n", Language::Json)[0].end == 16);
  CHECK(in_file_tests("{\"tests\": [\"a\"]}\n", Language::Yaml).empty());
}

TEST_CASE("a worked example's input, before an arrow and the URL it becomes, gets no safe fix") {
  // A normaliser's documentation: written wrong on purpose, beside what it becomes.
  const std::string src =
      "Example: `http://example.org/a%c2%b1b` \xE2\x86\x92 `http://example.org/a%C2%B1b`\n"
      "Also http://example.org/%7Eusern%61me/ -> http://example.org/~username/\n"
      "But http://example.org/b%c2%b1b is a link.\n";
  const std::string safe = fixed(src, Language::Markdown);
  CHECK(safe.find("`http://example.org/a%c2%b1b` \xE2\x86\x92") != std::string::npos);
  CHECK(safe.find("http://example.org/%7Eusern%61me/ ->") != std::string::npos);
  CHECK(safe.find("http://example.org/b%C2%B1b is") != std::string::npos);
  CHECK(fixed(src, Language::Markdown, true).find("`http://example.org/a%C2%B1b` \xE2\x86\x92") !=
        std::string::npos);
}
