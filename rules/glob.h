// Path patterns for the configuration's include, exclude and overrides, with .gitignore's rules
// (tested against git's own matcher):
//   - a pattern is matched against a path relative to the configuration's directory, '/'-separated;
//   - without a '/' (other than a trailing one) it matches a name at any depth ("*.min.js",
//     "vendor"); with one it is anchored to that directory ("docs/*.md", "/build");
//   - a pattern that matches a directory matches everything below it ("vendor", "vendor/");
//     a trailing '/' matches directories only;
//   - '*' matches anything but '/', '?' one character but '/', "[a-z]" / "[!a-z]" a class;
//     "**/" at the start, "/**" at the end and "/**/" in the middle cross any number of
//     directories;
//   - a backslash quotes the next character; in a list, "!" negates and the last match decides.
// Braces ("{a,b}") are not pattern syntax here: such a pattern is refused with a message rather
// than matching nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

class Glob {
public:
  // nullopt and `error` set for a pattern that is not valid.
  static std::optional<Glob> compile(std::string_view pattern, std::string& error);

  // Whether the pattern matches `path` (a file) or one of its directories.
  bool matches(std::string_view path) const;
  // Whether the pattern matches this one file or directory (not its parents).
  bool matches_name(std::string_view candidate, bool directory) const;
  bool negated() const { return negated_; }
  const std::string& text() const { return text_; }

private:
  std::string text_;                  // as written
  std::vector<std::string> segments_; // the pattern split at '/'
  bool negated_ = false, directory_only_ = false, anchored_ = false;
};

// A list of patterns where the last one that matches decides (a "!pattern" un-matches).
class GlobList {
public:
  GlobList() = default;
  // Errors name each bad pattern ("/2: braces are not pattern syntax").
  static GlobList compile(const std::vector<std::string>& patterns,
                          std::vector<std::string>& errors);
  bool empty() const { return globs_.empty(); }
  bool matches(std::string_view path) const;

private:
  std::vector<Glob> globs_;
};

} // namespace pctlint
