#include "rules/config.h"

#include "core/ascii.h"
#include "rules/json_text.h"
#include "rules/rule.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace pctlint {

Severity Config::severity_of(const RuleInfo& rule) const {
  const auto it = rule_severity.find(rule.id);
  return it == rule_severity.end() ? rule.default_severity : it->second;
}

bool Config::selects(std::string_view path) const {
  if (!include_globs.empty() && !include_globs.matches(path)) return false;
  return exclude_globs.empty() || !exclude_globs.matches(path);
}

namespace {

// The directories that hold tests, one list for the default globs and the fast path.
// fuzz/ and fuzzing/ hold fuzz targets and their corpora (OSS-Fuzz's and cargo-fuzz's layout):
// inputs mangled on purpose (fresh107: h2o's fuzz/http1-corpus/); a benchmark's inputs are
// chosen to cost what they cost (fresh199: a URL library's "components requiring
// percent-encoding", which a fix would encode beforehand).
constexpr std::string_view kTestDirs[] = {
    "test",      "tests",    "testing",   "__tests__",  "spec",    "specs", "testdata",
    "test-data", "fixtures", "t",         "unittests",  "e2e",     "fuzz",  "fuzzing",
    "bench",     "benches",  "benchmark", "benchmarks", "__test__"};

} // namespace

const std::vector<std::string>& default_test_files() {
  static const std::vector<std::string> patterns = [] {
    std::vector<std::string> all;
    for (std::string_view d : kTestDirs)
      all.push_back(std::string(d) + "/");
    const std::vector<std::string> names = {
        "test_*.py", "*_test.py", "*_test.go", "*_test.rs", "*_test.rb", "*_test.c", "*_test.cc",
        "*_test.cpp", "*.test.js", "*.test.ts", "*.spec.js", "*.spec.ts", "*.test.jsx",
        "*.test.tsx", "*.spec.jsx", "*.spec.tsx", "*.test.mjs", "*.test.cjs", "*.test.mts",
        "*.test.cts", "*.spec.mjs", "*.spec.cjs", "*.spec.mts", "*.spec.cts", "*_spec.rb",
        "*Test.java", "*Tests.java", "*Test.kt", "*Tests.kt", "*Test.swift", "*Tests.swift",
        "*Test.php", "*Tests.cs", "*Test.cs",
        // Data files that name themselves tests: the cases a test runner reads (trurl's
        // tests.json, the URL Standard's urltestdata.json).
        "tests.json", "*_tests.json", "*-tests.json", "*testdata.json", "tests.yaml", "tests.yml",
        "*_tests.yaml", "*_tests.yml", "test_cases.json", "testcases.json",
        // A source file named a test is one (Django's tests.py, a C library's test.c, a Rust
        // crate's tests.rs), where Go's test.go is not and a Java class is named FooTest.
        "test.py", "tests.py", "test.rs", "tests.rs", "test.rb", "tests.rb", "test.c", "tests.c",
        "test.cc", "tests.cc", "test.cpp", "tests.cpp", "test.[cm]js", "tests.[cm]js", "test.[jt]s",
        "tests.[jt]s", "test.[jt]sx", "tests.[jt]sx", "test.[cm]ts", "tests.[cm]ts",
        // Node's own and tape's naming: test/parallel/test-url-parse.js, test-link-check.mjs.
        "test-*.[cm]js", "test-*.[jt]s", "test-*.[jt]sx", "test-*.[cm]ts",
        // C's unit tests beside the code they test (dovecot's src/lib-http/test-http-url.c).
        "test-*.c", "test_*.c", "test-*.cc", "test_*.cc", "test-*.cpp", "test_*.cpp"};
    all.insert(all.end(), names.begin(), names.end());
    return all;
  }();
  return patterns;
}

GlobList Config::default_test_globs() {
  static const GlobList globs = [] {
    std::vector<std::string> errors;
    return GlobList::compile(default_test_files(), errors);
  }();
  return globs;
}

bool is_default_test_dir(std::string_view dirs) {
  // .NET names its test projects so: NzbDrone.Core.Test/, App.UnitTests/, Api.IntegrationTests/;
  // others join "tests" with '-' or '_': unit_tests/, Traffic Server's hpack-tests/ (recorded
  // headers and their HPACK encodings, which a fix would part). Not a singular "-test": a
  // project's own name may end so (a checkout in speed-test/, pctlint-test/).
  static constexpr std::string_view kSuffixes[] = {
      ".test", ".tests", ".unittests", ".integrationtests", ".specs", "-tests", "_tests"};
  std::size_t start = 0;
  for (std::size_t slash; (slash = dirs.find('/', start)) != std::string_view::npos;
       start = slash + 1) {
    const std::string_view dir = dirs.substr(start, slash - start);
    for (std::string_view d : kTestDirs) // SwiftPM's and .NET's Tests/, Maven's src/Test too
      if (ascii::iequals(dir, d)) return true;
    for (std::string_view d : kSuffixes)
      if (ascii::iends_with(dir, d)) return true;
  }
  return false;
}

bool is_default_test_name(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view stem = name.substr(0, dot), ext = name.substr(dot + 1);
  // One row per extension, its test stems after (constexpr views: no strlen() per file).
  struct Row {
    std::string_view ext;
    std::string_view prefix, suffix1, suffix2, whole; // test_*.py; *_test.go; *.spec.js; tests.yml
    bool named_test = false;                          // test.py and tests.py too
    std::string_view prefix2 = {};                    // test-*.c as well as test_*.c
  };
  static constexpr Row kRows[] = {{"py", "test_", "_test", "", "", true},
                                  {"go", "", "_test", "", ""},
                                  {"rs", "", "_test", "", "", true},
                                  {"rb", "", "_test", "_spec", "", true},
                                  {"c", "test-", "_test", "", "", true, "test_"},
                                  {"cc", "test-", "_test", "", "", true, "test_"},
                                  {"cpp", "test-", "_test", "", "", true, "test_"},
                                  {"js", "test-", ".test", ".spec", "", true},
                                  {"ts", "test-", ".test", ".spec", "", true},
                                  {"jsx", "test-", ".test", ".spec", "", true},
                                  {"tsx", "test-", ".test", ".spec", "", true},
                                  {"mjs", "test-", ".test", ".spec", "", true},
                                  {"cjs", "test-", ".test", ".spec", "", true},
                                  {"mts", "test-", ".test", ".spec", "", true},
                                  {"cts", "test-", ".test", ".spec", "", true},
                                  {"java", "", "Test", "Tests", ""},
                                  {"kt", "", "Test", "Tests", ""},
                                  {"swift", "", "Test", "Tests", ""},
                                  {"php", "", "Test", "", ""},
                                  {"cs", "", "Test", "Tests", ""},
                                  {"yaml", "", "_tests", "", "tests"},
                                  {"yml", "", "_tests", "", "tests"}};
  // Data files that name themselves tests (default_test_files says which).
  if (ext == "json")
    return stem == "tests" || stem.ends_with("_tests") || stem.ends_with("-tests") ||
           stem.ends_with("testdata") || stem == "test_cases" || stem == "testcases";
  for (const Row& row : kRows)
    if (row.ext == ext)
      return (!row.prefix.empty() && stem.starts_with(row.prefix)) ||
             (!row.prefix2.empty() && stem.starts_with(row.prefix2)) ||
             stem.ends_with(row.suffix1) || (!row.suffix2.empty() && stem.ends_with(row.suffix2)) ||
             (!row.whole.empty() && stem == row.whole) ||
             (row.named_test && (stem == "test" || stem == "tests"));
  return false;
}

bool is_lock_file(std::string_view name) {
  static constexpr std::string_view kNames[] = {"composer.lock",
                                                "cargo.lock",
                                                "poetry.lock",
                                                "pipfile.lock",
                                                "uv.lock",
                                                "package-lock.json",
                                                "npm-shrinkwrap.json",
                                                "yarn.lock",
                                                "pnpm-lock.yaml",
                                                "bun.lock",
                                                "gemfile.lock",
                                                "podfile.lock",
                                                "pubspec.lock",
                                                "mix.lock",
                                                "flake.lock",
                                                "go.sum",
                                                "packages.lock.json",
                                                "gradle.lockfile",
                                                "package.resolved"};
  for (std::string_view n : kNames)
    if (ascii::iequals(name, n)) return true;
  return false;
}

bool is_tex_source(std::string_view name) {
  static constexpr std::string_view kExtensions[] = {".tex", ".sty", ".cls", ".ltx", ".dtx"};
  for (std::string_view ext : kExtensions)
    if (ascii::iends_with(name, ext)) return true;
  return false;
}

bool fixes_unsafe_by_name(std::string_view name) {
  return is_lock_file(name) || is_tex_source(name);
}

bool is_default_test_path(std::string_view path) {
  const std::size_t name = path.rfind('/') + 1; // 0 without a '/'
  return is_default_test_dir(path.substr(0, name)) || is_default_test_name(path.substr(name));
}

bool Config::is_test_file(std::string_view path) const {
  if (default_tests) return is_default_test_path(path);
  return !test_globs.empty() && test_globs.matches(path);
}

const Config& Config::for_path(std::string_view path, std::optional<Config>& storage) const {
  const Config* current = this;
  if (is_test_file(path) || fixes_unsafe_by_name(path.substr(path.rfind('/') + 1))) {
    storage = *this;
    storage->fixes_unsafe = true;
    current = &*storage;
  }
  for (const Override& o : overrides) {
    if (!o.globs.matches(path)) continue;
    if (!storage) storage = *this;
    Config& c = *storage;
    for (const auto& [id, severity] : o.rule_severity)
      c.rule_severity[id] = severity;
    if (o.schemes) c.finder.schemes = *o.schemes;
    if (o.mailto) c.finder.mailto = *o.mailto;
    if (o.placeholders) c.finder.placeholders = *o.placeholders;
    if (o.allow_non_ascii) c.allow_non_ascii = *o.allow_non_ascii;
    if (o.non_ascii_in_prose) c.non_ascii_in_prose = *o.non_ascii_in_prose;
    current = &c;
  }
  return *current;
}

std::string ConfigResult::describe(std::string_view path) const {
  std::string out;
  for (const ConfigError& e : errors) {
    if (!out.empty()) out += '\n';
    out += std::string(path);
    if (e.line) out += ":" + std::to_string(e.line);
    out += ": ";
    if (!e.key.empty()) out += e.key + ": ";
    out += e.message;
  }
  return out;
}

namespace {

using nlohmann::json;

// Reads one configuration object, collecting every error rather than stopping at the first.
class Reader {
public:
  explicit Reader(std::vector<ConfigError>& errors) : errors_(errors) {}

  void fail(std::string key, std::string message) {
    errors_.push_back({std::move(key), std::move(message), 0});
  }

  std::optional<bool> boolean(const json& j, const std::string& key) {
    if (!j.is_boolean()) return fail(key, "expected true or false, got " + type(j)), std::nullopt;
    return j.get<bool>();
  }

  std::optional<std::vector<std::string>> strings(const json& j, const std::string& key) {
    if (!j.is_array())
      return fail(key, "expected an array of strings, got " + type(j)), std::nullopt;
    std::vector<std::string> out;
    bool ok = true;
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (j[i].is_string())
        out.push_back(j[i].get<std::string>());
      else
        fail(key + "/" + std::to_string(i), "expected a string, got " + type(j[i])), ok = false;
    }
    return ok ? std::optional(out) : std::nullopt;
  }

  std::optional<Severity> severity(const json& j, const std::string& key) {
    if (!j.is_string())
      return fail(key, "expected \"off\", \"info\", \"warning\" or \"error\", got " + type(j)),
             std::nullopt;
    const auto s = parse_severity(j.get<std::string>());
    if (!s)
      fail(key,
           "unknown severity '" + j.get<std::string>() + "' (use off, info, warning or error)");
    return s;
  }

  void rules(const json& j, const std::string& key,
             std::map<std::string, Severity, std::less<>>& into) {
    if (!j.is_object()) return fail(key, "expected an object of rule id or name -> severity");
    for (const auto& [rule_key, value] : j.items()) {
      const std::string ptr = key + "/" + rule_key;
      const Rule* rule = find_rule(rule_key);
      if (!rule) {
        fail(ptr, "unknown rule '" + rule_key + "' (see `pctlint rules`)");
        continue;
      }
      if (const auto s = severity(value, ptr)) into[std::string(rule->info().id)] = *s;
    }
  }

  std::optional<unsigned> placeholders(const json& j, const std::string& key) {
    const auto names = strings(j, key);
    if (!names) return std::nullopt;
    unsigned bits = 0;
    bool ok = true;
    for (std::size_t i = 0; i < names->size(); ++i) {
      if (const auto style = placeholder_style_named((*names)[i])) {
        bits |= static_cast<unsigned>(*style);
        continue;
      }
      std::string known;
      for (unsigned bit = 1; bit <= all_placeholder_styles; bit <<= 1)
        known +=
            (known.empty() ? "" : ", ") + std::string(name_of(static_cast<PlaceholderStyle>(bit)));
      fail(key + "/" + std::to_string(i),
           "unknown placeholder style '" + (*names)[i] + "' (use " + known + ")");
      ok = false;
    }
    return ok ? std::optional(bits) : std::nullopt;
  }

  std::optional<std::vector<std::string>> schemes(const json& j, const std::string& key) {
    auto list = strings(j, key);
    if (list)
      for (std::string& s : *list)
        for (char& ch : s)
          ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return list;
  }

  GlobList globs(const std::vector<std::string>& patterns, const std::string& key) {
    std::vector<std::string> bad;
    GlobList list = GlobList::compile(patterns, bad);
    for (const std::string& b : bad) {
      const std::size_t colon = b.find(':');
      fail(key + b.substr(0, colon), b.substr(colon + 2));
    }
    return list;
  }

  void overrides(const json& j, const std::string& key, std::vector<Override>& into) {
    if (!j.is_array()) return fail(key, "expected an array of {\"files\": [...], ...} objects");
    for (std::size_t i = 0; i < j.size(); ++i) {
      const std::string ptr = key + "/" + std::to_string(i);
      if (!j[i].is_object()) {
        fail(ptr, "expected an object with \"files\" and the settings to change");
        continue;
      }
      Override o;
      bool has_files = false;
      for (const auto& [k, value] : j[i].items()) {
        const std::string p = ptr + "/" + k;
        if (k == "files") {
          if (auto files = strings(value, p)) {
            o.files = *files;
            o.globs = globs(o.files, p);
            has_files = true;
          }
        } else if (k == "rules") {
          rules(value, p, o.rule_severity);
        } else if (k == "schemes") {
          o.schemes = schemes(value, p);
        } else if (k == "mailto") {
          o.mailto = boolean(value, p);
        } else if (k == "allowNonAscii") {
          o.allow_non_ascii = boolean(value, p);
        } else if (k == "nonAsciiInProse") {
          o.non_ascii_in_prose = boolean(value, p);
        } else if (k == "placeholders") {
          o.placeholders = placeholders(value, p);
        } else {
          fail(p, "unknown key '" + k +
                      "' in an override (known: files, rules, schemes, mailto, allowNonAscii, "
                      "nonAsciiInProse, placeholders)");
        }
      }
      if (!has_files) fail(ptr, "an override needs \"files\": the paths it applies to");
      into.push_back(std::move(o));
    }
  }

  void apply(const json& j, Config& c) {
    if (!j.is_object()) return fail("", "the configuration must be a JSON object, got " + type(j));
    for (const auto& [key, value] : j.items()) {
      const std::string ptr = "/" + key;
      if (key == "rules") {
        rules(value, ptr, c.rule_severity);
      } else if (key == "include" || key == "exclude") {
        if (auto list = strings(value, ptr)) {
          (key == "include" ? c.include : c.exclude) = *list;
          (key == "include" ? c.include_globs : c.exclude_globs) = globs(*list, ptr);
        }
      } else if (key == "extent") {
        if (value == "given" || value == "guessed")
          c.report_guessed_extent = value == "guessed";
        else
          fail(ptr, "expected \"given\" or \"guessed\", got " +
                        (value.is_string() ? "'" + value.get<std::string>() + "'" : type(value)));
      } else if (key == "testFiles") {
        if (auto list = strings(value, ptr)) {
          c.test_files = *list;
          c.test_globs = globs(*list, ptr);
          c.default_tests = false;
        }
      } else if (key == "overrides") {
        overrides(value, ptr, c.overrides);
      } else if (key == "schemes") {
        if (auto s = schemes(value, ptr)) c.finder.schemes = *s;
      } else if (key == "mailto") {
        if (auto b = boolean(value, ptr)) c.finder.mailto = *b;
      } else if (key == "allowNonAscii") {
        if (auto b = boolean(value, ptr)) c.allow_non_ascii = *b;
      } else if (key == "nonAsciiInProse") {
        if (auto b = boolean(value, ptr)) c.non_ascii_in_prose = *b;
      } else if (key == "placeholders") {
        if (auto bits = placeholders(value, ptr)) c.finder.placeholders = *bits;
      } else if (key == "failOn") {
        if (auto s = severity(value, ptr)) c.fail_on = *s;
      } else if (key == "maxFileSize") {
        if (value.is_number_unsigned())
          c.max_file_size = value.get<std::size_t>();
        else
          fail(ptr, "expected a non-negative integer (bytes), got " + type(value));
      } else if (key == "$schema") {
        // Editors' schema association; nothing to apply.
      } else {
        fail(
            ptr,
            "unknown key '" + key +
                "' (known: rules, include, exclude, extent, testFiles, overrides, schemes, mailto, "
                "allowNonAscii, nonAsciiInProse, placeholders, failOn, maxFileSize)");
      }
    }
  }

private:
  static std::string type(const json& j) {
    if (j.is_number_integer() && !j.is_number_unsigned()) return "a negative number";
    if (j.is_number()) return "a number";
    return std::string(j.type_name()) == "null" ? "null" : std::string(j.type_name());
  }

  std::vector<ConfigError>& errors_;
};

} // namespace

ConfigResult parse_config(const nlohmann::json& j, Config base) {
  ConfigResult r{std::move(base), {}};
  Reader(r.errors).apply(j, r.config);
  return r;
}

ConfigResult parse_config_text(std::string_view text, Config base) {
  JsonOptions options;
  options.comments = true;
  const JsonParse parsed = parse_json(text, options);
  if (!parsed.value) return {std::move(base), {{"", "invalid JSON: " + parsed.error, 0}}};
  ConfigResult r = parse_config(*parsed.value, std::move(base));
  if (!r.ok()) {
    const auto lines = json_lines(text);
    for (ConfigError& e : r.errors) {
      // The key's own line, or failing that its nearest parent's.
      for (std::string key = e.key; !key.empty(); key.resize(key.rfind('/')))
        if (const auto it = lines.find(key); it != lines.end()) {
          e.line = it->second;
          break;
        }
    }
    // In the order a reader meets them in the file (the keys were read in the object's order).
    std::stable_sort(r.errors.begin(), r.errors.end(),
                     [](const ConfigError& a, const ConfigError& b) { return a.line < b.line; });
  }
  return r;
}

} // namespace pctlint
