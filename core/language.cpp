#include "core/language.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace pctlint {

std::string_view name_of(Language lang) {
  switch (lang) {
  case Language::PlainText:
    return "plaintext";
  case Language::Markdown:
    return "markdown";
  case Language::Html:
    return "html";
  case Language::Xml:
    return "xml";
  case Language::C:
    return "c";
  case Language::Cpp:
    return "cpp";
  case Language::CSharp:
    return "csharp";
  case Language::Java:
    return "java";
  case Language::Kotlin:
    return "kotlin";
  case Language::Swift:
    return "swift";
  case Language::JavaScript:
    return "javascript";
  case Language::TypeScript:
    return "typescript";
  case Language::Go:
    return "go";
  case Language::Rust:
    return "rust";
  case Language::Python:
    return "python";
  case Language::Ruby:
    return "ruby";
  case Language::Php:
    return "php";
  case Language::Shell:
    return "shellscript";
  case Language::Sql:
    return "sql";
  case Language::Lua:
    return "lua";
  case Language::Json:
    return "json";
  case Language::Yaml:
    return "yaml";
  case Language::Toml:
    return "toml";
  case Language::Ini:
    return "ini";
  case Language::Properties:
    return "properties";
  case Language::DotEnv:
    return "dotenv";
  case Language::Css:
    return "css";
  }
  return "plaintext";
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

struct Ext {
  std::string_view ext;
  Language lang;
};
constexpr std::array kExtensions = {
    Ext{"c", Language::C},
    Ext{"h", Language::Cpp},
    Ext{"cc", Language::Cpp},
    Ext{"cpp", Language::Cpp},
    Ext{"cxx", Language::Cpp},
    Ext{"hpp", Language::Cpp},
    Ext{"hh", Language::Cpp},
    Ext{"hxx", Language::Cpp},
    Ext{"ipp", Language::Cpp},
    Ext{"m", Language::C},
    Ext{"mm", Language::Cpp},
    Ext{"cs", Language::CSharp},
    Ext{"java", Language::Java},
    Ext{"kt", Language::Kotlin},
    Ext{"kts", Language::Kotlin},
    Ext{"scala", Language::Java},
    Ext{"groovy", Language::Java},
    Ext{"gradle", Language::Java},
    Ext{"dart", Language::Java},
    Ext{"swift", Language::Swift},
    Ext{"js", Language::JavaScript},
    Ext{"mjs", Language::JavaScript},
    Ext{"cjs", Language::JavaScript},
    Ext{"jsx", Language::JavaScript},
    Ext{"ts", Language::TypeScript},
    Ext{"tsx", Language::TypeScript},
    Ext{"mts", Language::TypeScript},
    Ext{"cts", Language::TypeScript},
    Ext{"vue", Language::Html},
    Ext{"svelte", Language::Html},
    Ext{"go", Language::Go},
    Ext{"rs", Language::Rust},
    Ext{"py", Language::Python},
    Ext{"pyi", Language::Python},
    Ext{"rb", Language::Ruby},
    Ext{"rake", Language::Ruby},
    Ext{"gemspec", Language::Ruby},
    Ext{"php", Language::Php},
    Ext{"sh", Language::Shell},
    Ext{"bash", Language::Shell},
    Ext{"zsh", Language::Shell},
    Ext{"ksh", Language::Shell},
    Ext{"fish", Language::Shell},
    Ext{"ps1", Language::Shell},
    Ext{"sql", Language::Sql},
    Ext{"lua", Language::Lua},
    Ext{"json", Language::Json},
    Ext{"jsonc", Language::Json},
    Ext{"json5", Language::Json},
    Ext{"geojson", Language::Json},
    Ext{"webmanifest", Language::Json},
    Ext{"yml", Language::Yaml},
    Ext{"yaml", Language::Yaml},
    Ext{"toml", Language::Toml},
    Ext{"ini", Language::Ini},
    Ext{"cfg", Language::Ini},
    Ext{"conf", Language::Ini},
    Ext{"properties", Language::Properties},
    Ext{"env", Language::DotEnv},
    Ext{"html", Language::Html},
    Ext{"htm", Language::Html},
    Ext{"xhtml", Language::Html},
    Ext{"xml", Language::Xml},
    Ext{"svg", Language::Xml},
    Ext{"plist", Language::Xml},
    Ext{"xsd", Language::Xml},
    Ext{"csproj", Language::Xml},
    Ext{"pom", Language::Xml},
    Ext{"md", Language::Markdown},
    Ext{"markdown", Language::Markdown},
    Ext{"mdx", Language::Markdown},
    Ext{"rst", Language::PlainText},
    Ext{"txt", Language::PlainText},
    Ext{"css", Language::Css},
    Ext{"scss", Language::Css},
    Ext{"less", Language::Css},
    Ext{"cmake", Language::Shell},
    Ext{"tf", Language::Shell},
    Ext{"hcl", Language::Shell},
    Ext{"r", Language::Shell},
    Ext{"pl", Language::Shell},
    Ext{"pm", Language::Shell},
    Ext{"mk", Language::Shell},
};

} // namespace

Language language_for_path(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  const std::string name = lower(slash == std::string_view::npos ? path : path.substr(slash + 1));
  if (name == "dockerfile" || name.starts_with("dockerfile.") || name == "makefile" ||
      name == "gnumakefile" || name == "cmakelists.txt" || name == "gemfile" ||
      name == "rakefile" || name == "procfile" || name == "vagrantfile" || name == ".gitconfig" ||
      name == ".bashrc" || name == ".zshrc" || name == ".profile" || name == "jenkinsfile" ||
      name == "brewfile")
    return name == "gemfile" || name == "rakefile" || name == "vagrantfile" || name == "brewfile"
               ? Language::Ruby
           : name == "jenkinsfile" ? Language::Java
                                   : Language::Shell;
  if (name == ".env" || name.starts_with(".env.")) return Language::DotEnv;
  if (name == ".npmrc" || name == ".editorconfig" || name == ".gitmodules") return Language::Ini;
  if (name == "pipfile" || name == "cargo.lock") return Language::Toml;
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos) return Language::PlainText;
  const std::string_view ext = std::string_view(name).substr(dot + 1);
  for (const Ext& e : kExtensions)
    if (e.ext == ext) return e.lang;
  return Language::PlainText;
}

const LanguageTraits& traits_of(Language lang) {
  static const auto table = [] {
    std::array<LanguageTraits, 27> t{};
    auto clike = [](bool line = true) {
      LanguageTraits x;
      x.comments = {line ? "//" : "", "/*", "*/"};
      x.single_quotes = true;
      return x;
    };
    auto set = [&](Language l, LanguageTraits x) { t[static_cast<std::size_t>(l)] = x; };
    LanguageTraits prose;
    prose.prose_only = true;
    prose.double_quotes = false;
    set(Language::PlainText, prose);
    prose.comments = {"", "<!--", "-->"};
    set(Language::Markdown, prose);
    LanguageTraits markup;
    markup.comments = {"", "<!--", "-->"};
    markup.single_quotes = true;
    markup.markup = true;
    set(Language::Html, markup);
    set(Language::Xml, markup);
    auto c = clike();
    c.printf = true;
    set(Language::C, c);
    c.cpp_raw = true;
    set(Language::Cpp, c);
    auto cs = clike();
    cs.csharp_verbatim = true;
    set(Language::CSharp, cs);
    auto java = clike();
    java.printf = true;
    set(Language::Java, java);
    set(Language::Kotlin, java);
    set(Language::Swift, java);
    auto js = clike();
    js.backtick_strings = true;
    set(Language::JavaScript, js);
    set(Language::TypeScript, js);
    auto go = clike();
    go.backtick_strings = go.backtick_raw = go.printf = true;
    set(Language::Go, go);
    auto rust = clike();
    rust.single_quotes = false; // lifetimes and chars, never URLs
    rust.rust_raw = true;
    set(Language::Rust, rust);
    LanguageTraits py;
    py.comments = {"#", "", ""};
    py.single_quotes = py.python_strings = py.printf = true;
    set(Language::Python, py);
    LanguageTraits rb;
    rb.comments = {"#", "", ""};
    rb.single_quotes = rb.single_quotes_raw = rb.printf = true;
    set(Language::Ruby, rb);
    auto php = clike();
    php.single_quotes_raw = php.printf = true;
    set(Language::Php, php);
    LanguageTraits sh;
    sh.comments = {"#", "", ""};
    sh.line_comment_needs_space = true;
    sh.single_quotes = sh.single_quotes_raw = sh.printf = true;
    sh.config_values = true; // VAR=value
    set(Language::Shell, sh);
    LanguageTraits sql;
    sql.comments = {"--", "/*", "*/"};
    sql.single_quotes = sql.single_quotes_raw = sql.single_quote_doubling = true;
    set(Language::Sql, sql);
    LanguageTraits lua;
    lua.comments = {"--", "", ""};
    lua.single_quotes = lua.printf = true;
    set(Language::Lua, lua);
    LanguageTraits json;
    json.comments = {"//", "/*", "*/"}; // JSONC; harmless for JSON
    json.braces_are_placeholders = true;
    set(Language::Json, json);
    LanguageTraits yaml;
    yaml.comments = {"#", "", ""};
    yaml.line_comment_needs_space = true;
    yaml.single_quotes = yaml.single_quotes_raw = yaml.single_quote_doubling = true;
    yaml.config_values = true;
    set(Language::Yaml, yaml);
    LanguageTraits toml;
    toml.comments = {"#", "", ""};
    toml.single_quotes = toml.single_quotes_raw = true;
    toml.python_strings = false;
    set(Language::Toml, toml);
    LanguageTraits ini;
    ini.comments = {"#", "", ""};
    ini.line_comment_needs_space = true;
    ini.single_quotes = ini.single_quotes_raw = true;
    ini.config_values = true;
    set(Language::Ini, ini);
    set(Language::DotEnv, ini);
    set(Language::Properties, ini);
    auto css = clike(false);
    set(Language::Css, css);
    return t;
  }();
  return table[static_cast<std::size_t>(lang)];
}

CommentSyntax comment_syntax(Language lang) {
  if (lang == Language::Json) return {}; // JSON has no comments to put a suppression in
  return traits_of(lang).comments;
}

} // namespace pctlint
