#include "core/finder/language.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace pctlint {

namespace {

using E = EscapeStyle;
using L = Language;

// One row per language, in Language order (checked below).
constexpr std::array kLanguages = {
    LanguageSpec{.id = L::PlainText,
                 .name = "plaintext",
                 .extensions = "txt text rst.txt log 1 2 3 4 5 6 7 8 man",
                 .file_names = "readme license copying authors notice changelog news todo "
                               "metadata pkg-info",
                 .aliases = "text plain txt output",
                 .syntax = Syntax::Prose,
                 .double_quotes = false},
    LanguageSpec{.id = L::Markdown,
                 .name = "markdown",
                 .extensions = "md markdown mdx mkd mdown",
                 .aliases = "md mdx",
                 .syntax = Syntax::Markdown,
                 .block_open = "<!--",
                 .block_close = "-->",
                 .double_quotes = false},
    LanguageSpec{.id = L::Rst,
                 .name = "restructuredtext",
                 .extensions = "rst rest",
                 .aliases = "rst rest",
                 .syntax = Syntax::Rst,
                 .double_quotes = false},
    LanguageSpec{.id = L::AsciiDoc,
                 .name = "asciidoc",
                 .extensions = "adoc asciidoc asc",
                 .aliases = "adoc",
                 .syntax = Syntax::AsciiDoc,
                 .line_comment = "//",
                 .double_quotes = false},
    LanguageSpec{.id = L::Html,
                 .name = "html",
                 .extensions = "html htm xhtml vue svelte jsp erb hbs handlebars mustache njk "
                               "jinja jinja2 j2 liquid eex heex leex twig ejs",
                 // Not Razor (.cshtml, .razor): its @(i + 1), @Model.Q ?? "" and @x["k"] are C#
                 // inside attributes, which HTML would read as a URL's raw characters.
                 .aliases = "vue svelte xhtml twig phoenix-heex",
                 .syntax = Syntax::Markup,
                 .block_open = "<!--",
                 .block_close = "-->",
                 .single_quotes = true,
                 .single_quote_escapes = E::Entities},
    LanguageSpec{.id = L::Xml,
                 .name = "xml",
                 .extensions = "xml svg plist xsd xsl xslt pom wsdl rss atom xaml resx nuspec tld "
                               "jnlp fxml ivy rdf dtd kml gpx mxml csl",
                 .aliases = "svg xsl",
                 .syntax = Syntax::Markup,
                 .block_open = "<!--",
                 .block_close = "-->",
                 .single_quotes = true,
                 .single_quote_escapes = E::Entities},
    LanguageSpec{.id = L::MsBuild,
                 .name = "msbuild",
                 // Every kind of MSBuild project: SDK-style and Visual Studio's, Sandcastle's help
                 // projects, WiX, SQL, shared and Node.js projects, imported items.
                 .extensions = "csproj vbproj fsproj vcxproj sqlproj wixproj shproj shfbproj "
                               "njsproj pyproj nuproj wapproj dcproj ccproj sfproj msbuildproj "
                               "projitems proj props targets",
                 .syntax = Syntax::Markup,
                 .block_open = "<!--",
                 .block_close = "-->",
                 .single_quotes = true,
                 .single_quote_escapes = E::MsBuild},
    LanguageSpec{.id = L::C,
                 .name = "c",
                 // Zig, Solidity and Protocol Buffers write comments and strings as C does.
                 .extensions = "c m zig zon sol proto",
                 .aliases = "objective-c objc zig solidity proto proto3",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .wide_prefixes = true,
                 .concatenation = "+",
                 .adjacent_literals = true,
                 .printf = true},
    LanguageSpec{.id = L::Cpp,
                 .name = "cpp",
                 .extensions = "h cc cpp cxx c++ hpp hh hxx h++ ipp inl tcc mm cu cuh",
                 .aliases = "c++ cxx objective-cpp cuda-cpp",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .wide_prefixes = true,
                 .cpp_raw = true,
                 .concatenation = "+",
                 .adjacent_literals = true,
                 .printf = true},
    LanguageSpec{.id = L::CSharp,
                 .name = "csharp",
                 .extensions = "cs csx",
                 .aliases = "cs c#",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .triple_quotes = true,
                 .csharp_verbatim = true,
                 .concatenation = "+",
                 .code_point_hex = true,
                 .numeric_escapes = NumericEscapes::CSharp},
    LanguageSpec{.id = L::Java,
                 .name = "java",
                 .extensions = "java scala sc groovy gvy gradle",
                 .file_names = "jenkinsfile",
                 .aliases = "scala groovy gradle",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .triple_quotes = true,
                 .raw_prefix = "raw",
                 .concatenation = "+",
                 .printf = true,
                 .code_point_octal = true},
    LanguageSpec{.id = L::Kotlin,
                 .name = "kotlin",
                 .extensions = "kt kts",
                 .aliases = "kt",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .nested_comments = true,
                 .single_quotes = true,
                 .triple_quotes = true,
                 .string_holes = '$',
                 .concatenation = "+",
                 .printf = true},
    LanguageSpec{.id = L::Swift,
                 .name = "swift",
                 .extensions = "swift",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .nested_comments = true,
                 .triple_quotes = true,
                 .swift_raw = true,
                 .concatenation = "+",
                 .printf = true},
    LanguageSpec{.id = L::JavaScript,
                 .name = "javascript",
                 .extensions = "js mjs cjs jsx es6",
                 .aliases = "js jsx javascriptreact node",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .backtick_template = true,
                 .regex_literals = true,
                 .concatenation = "+",
                 .code_point_hex = true,
                 .code_point_octal = true},
    LanguageSpec{.id = L::TypeScript,
                 .name = "typescript",
                 .extensions = "ts tsx mts cts",
                 .aliases = "ts tsx typescriptreact",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .backtick_template = true,
                 .regex_literals = true,
                 .concatenation = "+",
                 .code_point_hex = true,
                 .code_point_octal = true},
    LanguageSpec{.id = L::Go,
                 .name = "go",
                 .extensions = "go",
                 .aliases = "golang",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .backtick_raw = true,
                 .concatenation = "+",
                 .printf = true},
    LanguageSpec{.id = L::Rust,
                 .name = "rust",
                 .extensions = "rs",
                 .aliases = "rs",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .nested_comments = true,
                 .quotes_span_lines = true,
                 .rust_raw = true},
    LanguageSpec{.id = L::Python,
                 .name = "python",
                 // GDScript (Godot) writes comments and strings as Python does.
                 // R (.r): '#' comments, both quotes with C's escapes and "\u00e9" as é.
                 .extensions = "py pyi pyw pyx pxd gd r",
                 .file_names = "sconstruct sconscript",
                 .aliases = "py python3 py3 pycon ipython gdscript r",
                 .line_comment = "#",
                 .single_quotes = true,
                 .triple_quotes = true,
                 .python_prefixes = true,
                 .concatenation = "+",
                 .adjacent_literals = true,
                 .adjacent_single_quoted = true,
                 .printf = true,
                 .code_point_hex = true,
                 .code_point_octal = true},
    LanguageSpec{.id = L::Ruby,
                 .name = "ruby",
                 .extensions = "rb rake gemspec ru podspec cr",
                 .file_names = "gemfile rakefile vagrantfile brewfile podfile fastfile guardfile",
                 .aliases = "rb crystal",
                 .line_comment = "#",
                 .block_open = "=begin",
                 .block_close = "=end",
                 .single_quotes = true,
                 .single_quote_escapes = E::SingleQuoted,
                 .quotes_span_lines = true,
                 .heredocs = true,
                 .regex_literals = true,
                 .string_holes = '#',
                 .char_prefix = '?', // ?" is the character '"'
                 .concatenation = "+",
                 .adjacent_literals = true,
                 .adjacent_single_quoted = true,
                 .printf = true},
    LanguageSpec{.id = L::Php,
                 .name = "php",
                 .extensions = "php phtml php3 php4 php5 phpt module",
                 .line_comment = "//",
                 .line_comment2 = "#",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .single_quote_escapes = E::SingleQuoted,
                 .quotes_span_lines = true,
                 .heredocs = true,
                 .concatenation = ".",
                 .printf = true,
                 .numeric_escapes = NumericEscapes::Php},
    LanguageSpec{.id = L::Perl,
                 .name = "perl",
                 .extensions = "pl pm t pod psgi",
                 .aliases = "pl",
                 .line_comment = "#",
                 .single_quotes = true,
                 .single_quote_escapes = E::SingleQuoted,
                 .quotes_span_lines = true,
                 .heredocs = true,
                 .regex_literals = true,
                 .concatenation = ".",
                 .printf = true,
                 .numeric_escapes = NumericEscapes::Perl},
    LanguageSpec{.id = L::Shell,
                 .name = "shellscript",
                 // Not Windows batch files (.bat, .cmd): there "%2" is an argument and "%X%" a
                 // variable, so an escape written in a URL changes what it expands to. Nor
                 // PowerShell (.ps1): its escape is the backtick ("`"" a quote, "\" two
                 // characters) and '' doubles a quote, which this row would misread; it is read
                 // as plain text, its URLs' extents guessed and no fix safe.
                 .extensions = "sh bash zsh ksh fish bats cmake mk make tf hcl nix ebuild",
                 .file_names = "dockerfile containerfile makefile gnumakefile cmakelists.txt "
                               "procfile .bashrc .zshrc .profile .bash_profile .zprofile "
                               ".gitconfig apkbuild pkgbuild",
                 .aliases = "sh bash zsh shell console shell-session terminal ksh fish "
                            "dockerfile makefile make cmake docker",
                 .line_comment = "#",
                 .line_comment_needs_space = true,
                 .single_quotes = true,
                 .single_quote_escapes = E::None,
                 .quotes_span_lines = true,
                 .heredocs = true,
                 .shell_words = true,
                 // "...$(cmd)..." and "...${var}...": the command or expansion is code, with
                 // its own quotes ("$(cut -d '"' -f1)" holds a quoted '"', not a string's end).
                 .string_holes = '$',
                 .printf = true,
                 .numeric_escapes = NumericEscapes::ShellDouble,
                 .plain_values = true},
    LanguageSpec{.id = L::Sql,
                 .name = "sql",
                 .extensions = "sql psql pgsql mysql ddl",
                 .line_comment = "--",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .single_quote_escapes = E::Doubling,
                 .quotes_span_lines = true,
                 .escape_prefix = "e",
                 .single_quote_backslash = true},
    LanguageSpec{.id = L::Lua,
                 .name = "lua",
                 .extensions = "lua rockspec luau tl",
                 .aliases = "luau teal",
                 .line_comment = "--",
                 .block_open = "--[[",
                 .block_close = "]]",
                 .single_quotes = true,
                 .lua_long = true,
                 .concatenation = "..",
                 .printf = true,
                 .numeric_escapes = NumericEscapes::Lua},
    LanguageSpec{.id = L::Json,
                 .name = "json",
                 .extensions = "json jsonc json5 geojson webmanifest har ipynb jsonld topojson "
                               "babelrc eslintrc",
                 .file_names = ".babelrc .eslintrc .prettierrc composer.lock",
                 .aliases = "jsonc json5 jsonl",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .code_point_hex = true,
                 .config = true},
    LanguageSpec{.id = L::Yaml,
                 .name = "yaml",
                 .extensions = "yml yaml",
                 .file_names = ".clang-format .clang-tidy",
                 .aliases = "yml",
                 .syntax = Syntax::Yaml,
                 .line_comment = "#",
                 .line_comment_needs_space = true,
                 .single_quotes = true,
                 .single_quote_escapes = E::Doubling,
                 .quotes_span_lines = true,
                 .code_point_hex = true, // "\xe9" is U+00E9 (YAML 1.2, 5.7)
                 .config = true,
                 .plain_values = true},
    LanguageSpec{.id = L::Toml,
                 .name = "toml",
                 .extensions = "toml",
                 .file_names = "pipfile cargo.lock poetry.lock",
                 .line_comment = "#",
                 .single_quotes = true,
                 .single_quote_escapes = E::None,
                 .triple_quotes = true,
                 .config = true},
    LanguageSpec{.id = L::Ini,
                 .name = "ini",
                 .extensions = "ini cfg conf cnf service socket timer desktop inf reg editorconfig "
                               "gitmodules npmrc",
                 .file_names = ".npmrc .editorconfig .gitmodules .gitattributes .flake8 .pylintrc "
                               ".coveragerc .hgrc setup.cfg tox.ini",
                 .aliases = "dosini cfg conf",
                 .syntax = Syntax::KeyValue,
                 .line_comment = "#",
                 .line_comment2 = ";",
                 .config = true,
                 .plain_values = true},
    LanguageSpec{.id = L::Properties,
                 .name = "properties",
                 .extensions = "properties",
                 .aliases = "java-properties",
                 .syntax = Syntax::KeyValue,
                 .line_comment = "#",
                 .line_comment2 = "!",
                 .config = true,
                 .plain_values = true},
    LanguageSpec{.id = L::DotEnv,
                 .name = "dotenv",
                 .extensions = "env",
                 .file_names = ".env",
                 .aliases = "env",
                 .syntax = Syntax::KeyValue,
                 .line_comment = "#",
                 .single_quotes = true,
                 .single_quote_escapes = E::None,
                 .quotes_span_lines = true,
                 .config = true,
                 .plain_values = true},
    LanguageSpec{.id = L::Css,
                 .name = "css",
                 .extensions = "css scss sass less styl",
                 .aliases = "scss sass less",
                 .block_open = "/*",
                 .block_close = "*/",
                 .single_quotes = true,
                 .numeric_escapes = NumericEscapes::Css},
    // gettext message catalogs: msgid "..." msgstr "..." with C escapes, continued by adjacent
    // strings; the strings are translations, sentences rather than values.
    LanguageSpec{.id = L::Gettext,
                 .name = "po",
                 .extensions = "po pot",
                 .aliases = "gettext",
                 .line_comment = "#",
                 .adjacent_literals = true,
                 .printf = true,
                 .prose_strings = true},
    // Haskell, Elm, PureScript, Agda, Idris: "--" and nested "{- -}" comments; a quote belongs to
    // names (foldl', x'), so only '"' is a character; Elm's """...""" strings.
    LanguageSpec{.id = L::Haskell,
                 .name = "haskell",
                 .extensions = "hs hsc elm purs agda idr",
                 .aliases = "hs elm purescript agda idris",
                 .line_comment = "--",
                 .block_open = "{-",
                 .block_close = "-}",
                 .nested_comments = true,
                 .triple_quotes = true,
                 .concatenation = "++",
                 .printf = true,
                 .code_point_hex = true,
                 .numeric_escapes = NumericEscapes::Haskell},
    // The ML family: F# ("//", nested "(* *)", """...""", @"..." verbatim), OCaml and Standard ML
    // (nested "(* *)"); a quote starts a type variable ('a) or ends a name (x'), not a string.
    LanguageSpec{.id = L::Ml,
                 .name = "fsharp",
                 .extensions = "fs fsi fsx ml mli sml sig",
                 .aliases = "fsharp f# ocaml sml",
                 .line_comment = "//",
                 .block_open = "(*",
                 .block_close = "*)",
                 .nested_comments = true,
                 .triple_quotes = true,
                 .csharp_verbatim = true,
                 .concatenation = "+",
                 .printf = true,
                 .numeric_escapes = NumericEscapes::Ml},
    // Elixir: "#" comments, "...#{expr}..." and '...' charlists, """ and ''' heredocs, "<>".
    LanguageSpec{.id = L::Elixir,
                 .name = "elixir",
                 .extensions = "ex exs",
                 .aliases = "ex exs iex",
                 .line_comment = "#",
                 .single_quotes = true,
                 .triple_quotes = true,
                 .string_holes = '#',
                 .char_prefix = '?',
                 .concatenation = "<>"},
    // Erlang: "%" comments, "..." strings joined side by side, '...' quoted atoms.
    LanguageSpec{.id = L::Erlang,
                 .name = "erlang",
                 .extensions = "erl hrl escript",
                 .file_names = "rebar.config",
                 .aliases = "erl",
                 .line_comment = "%",
                 .single_quotes = true,
                 .char_prefix = '$',
                 .adjacent_literals = true},
    // Julia: "#" and nested "#= =#" comments, "...$(expr)..." and """...""" strings; a quote is a
    // character or the adjoint operator (A'), so only '"' is a character.
    LanguageSpec{.id = L::Julia,
                 .name = "julia",
                 .extensions = "jl",
                 .aliases = "jl",
                 .line_comment = "#",
                 .block_open = "#=",
                 .block_close = "=#",
                 .nested_comments = true,
                 .triple_quotes = true,
                 .string_holes = '$',
                 .concatenation = "*",
                 .printf = true},
    LanguageSpec{.id = L::Dart,
                 .name = "dart",
                 .extensions = "dart",
                 .aliases = "flutter",
                 .line_comment = "//",
                 .block_open = "/*",
                 .block_close = "*/",
                 .nested_comments = true,
                 .single_quotes = true,
                 .triple_quotes = true,
                 .raw_prefix = "r",
                 .string_holes = '$',
                 .single_quote_holes = true,
                 .concatenation = "+",
                 .adjacent_literals = true,
                 .adjacent_single_quoted = true,
                 .code_point_hex = true,
                 .numeric_escapes = NumericEscapes::Dart},
    LanguageSpec{.id = L::BibTeX,
                 .name = "bibtex",
                 .extensions = "bib",
                 .aliases = "bib biblatex",
                 .syntax = Syntax::BibTeX,
                 .double_quotes = false},
};

constexpr bool rows_in_order() {
  for (std::size_t i = 0; i < kLanguages.size(); ++i)
    if (static_cast<std::size_t>(kLanguages[i].id) != i) return false;
  return kLanguages.size() == kLanguageCount;
}
static_assert(rows_in_order(), "kLanguages has one row per Language, in order");

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = lower(c);
  return out;
}

// Whether the space-separated `words` holds `word`.
bool has_word(std::string_view words, std::string_view word) {
  while (!words.empty()) {
    const std::size_t space = std::min(words.find(' '), words.size());
    if (words.substr(0, space) == word) return true;
    words.remove_prefix(std::min(space + 1, words.size()));
  }
  return false;
}

} // namespace

std::span<const LanguageSpec> all_languages() {
  return kLanguages;
}

const LanguageSpec& spec_of(Language lang) {
  return kLanguages[static_cast<std::size_t>(lang)];
}

std::string_view name_of(Language lang) {
  return spec_of(lang).name;
}

namespace {

// Every extension and file name of the table, for one lookup per file: open addressing over a
// power-of-two table with FNV-1a, as two std::unordered_map finds (a murmur hash, a division and
// a node walk each) were a thousand instructions per file of --check on a tree.
class NameTable {
public:
  void add(std::string_view name, Language lang) {
    if (find(name)) return; // the first row that names it wins, as emplace() did
    if (++used_ > kSlots / 2) throw std::logic_error("the language table outgrew NameTable");
    std::size_t at = hash(name) & (kSlots - 1);
    while (slots_[at].lang) // the table is sized to stay under half full
      at = (at + 1) & (kSlots - 1);
    slots_[at] = {name, lang};
  }
  std::optional<Language> find(std::string_view name) const {
    for (std::size_t at = hash(name) & (kSlots - 1); slots_[at].lang; at = (at + 1) & (kSlots - 1))
      if (slots_[at].name == name) return slots_[at].lang;
    return std::nullopt;
  }

private:
  static constexpr std::size_t kSlots = 2048;
  static std::size_t hash(std::string_view s) {
    std::uint32_t h = 2166136261u;
    for (char c : s)
      h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
    return h ^ (h >> 15);
  }
  struct Slot {
    std::string_view name; // the table's own words: static storage
    std::optional<Language> lang;
  };
  std::array<Slot, kSlots> slots_{};
  std::size_t used_ = 0;
};

struct Names {
  NameTable by_extension, by_file_name;
  Names() {
    for (const LanguageSpec& spec : kLanguages) {
      for_each_word(spec.extensions, [&](std::string_view w) { by_extension.add(w, spec.id); });
      for_each_word(spec.file_names, [&](std::string_view w) { by_file_name.add(w, spec.id); });
    }
  }
  template <typename Fn> static void for_each_word(std::string_view words, Fn fn) {
    while (!words.empty()) {
      const std::size_t space = std::min(words.find(' '), words.size());
      if (space) fn(words.substr(0, space));
      words.remove_prefix(std::min(space + 1, words.size()));
    }
  }
};

const Names& names() {
  static const Names n;
  return n;
}

} // namespace

std::optional<Language> language_by_path(std::string_view path) {
  // The name after the last separator (find_last_of() asks memchr() once per byte: a cost per
  // file that --check pays 20,000 times on a tree).
  std::size_t from = path.size();
  while (from > 0 && path[from - 1] != '/' && path[from - 1] != '\\')
    --from;
  const std::string_view base = path.substr(from);
  // Lowered in place where it fits (every name of the table does), else in a string.
  char buffer[64];
  std::string long_name;
  std::string_view name;
  if (base.size() <= sizeof buffer) {
    std::transform(base.begin(), base.end(), buffer, lower);
    name = std::string_view(buffer, base.size());
  } else {
    long_name = lowered(base);
    name = long_name;
  }
  if (name.empty()) return std::nullopt;
  const Names& table = names();
  if (const auto lang = table.by_file_name.find(name)) return lang;
  // "Dockerfile.dev", ".env.local", "Makefile.am": a well-known name with a suffix.
  for (std::string_view prefix : {"dockerfile.", "containerfile.", "makefile.", "jenkinsfile."})
    if (name.starts_with(prefix))
      return prefix == "jenkinsfile." ? Language::Java : Language::Shell;
  if (name.starts_with(".env.") || name.ends_with(".env")) return Language::DotEnv;
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot + 1 == name.size()) return std::nullopt;
  const std::string_view ext = name.substr(dot + 1);
  // A template of another file ("config.toml.j2", "config.h.in", "app.yaml.tmpl") is read as
  // the file it makes: its text is that language's, with template tags in it.
  static constexpr std::string_view kTemplateSuffixes[] = {"j2",  "jinja", "jinja2",  "tmpl",
                                                           "tpl", "in",    "template"};
  if (std::find(std::begin(kTemplateSuffixes), std::end(kTemplateSuffixes), ext) !=
      std::end(kTemplateSuffixes)) {
    const std::size_t inner = dot > 0 ? name.rfind('.', dot - 1) : std::string::npos;
    if (inner != std::string::npos && inner + 1 < dot)
      if (const auto lang = table.by_extension.find(name.substr(inner + 1, dot - inner - 1)))
        return lang;
  }
  return table.by_extension.find(ext);
}

Language language_for_path(std::string_view path) {
  return language_by_path(path).value_or(Language::PlainText);
}

std::optional<Language> language_named(std::string_view name) {
  const std::string n = lowered(name);
  if (n.empty()) return std::nullopt;
  for (const LanguageSpec& spec : kLanguages)
    if (spec.name == n || has_word(spec.aliases, n)) return spec.id;
  for (const LanguageSpec& spec : kLanguages)
    if (has_word(spec.extensions, n)) return spec.id;
  return std::nullopt;
}

CommentSyntax comment_syntax(Language lang) {
  const LanguageSpec& spec = spec_of(lang);
  if (lang == Language::Json) return {}; // JSON has no comments to put a suppression in
  // A block comment is the only kind in Markdown, HTML and CSS; Ruby's =begin/=end and Lua's long
  // comments take whole lines, so a line comment serves there.
  const bool line_block = lang == Language::Ruby || lang == Language::Lua;
  return {spec.line_comment, line_block ? "" : spec.block_open, line_block ? "" : spec.block_close};
}

} // namespace pctlint
