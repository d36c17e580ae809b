// Internal to the finder: template syntax, one grammar of placeholder styles (templates.cpp).
#pragma once

#include "core/finder/finder.h"
#include "core/scan.h"

#include <cstddef>
#include <string_view>
#include <vector>

namespace pctlint {

// Which placeholder styles apply to a URL: the configured ones, less printf's where strings are
// not printf templates, and curl's globs and git's format placeholders except on a line that
// runs curl or git (see line_commands).
unsigned active_placeholder_styles(unsigned configured, bool printf_here, unsigned line_styles,
                                   bool formatted = false);

// Where commands that enable placeholder styles stand on a line: curl (its globs), git log or
// show (its format's %H %n), xargs -I% (its replace string), a systemd unit's Exec*= (its
// specifiers) and an RPM spec's Source, Patch or URL tag (its macros; only in a file that may be a
// spec, plain text: a YAML or TOML key "URL:" is no tag). A URL after one of them has its styles.
struct LineCommands {
  std::size_t curl = std::string_view::npos, git_format = std::string_view::npos;
  std::size_t xargs_percent = std::string_view::npos; // xargs -I% (its replace string)
  std::size_t systemd_exec = std::string_view::npos;  // the '=' of ExecStart=, ExecStop=...
  std::size_t rpm_tag = std::string_view::npos;       // the ':' of Source0:, Patch1:, URL:
  unsigned styles_before(std::size_t at) const;       // the styles enabled before offset `at`
};
LineCommands line_commands(std::string_view line, bool may_be_rpm_spec);

// Whether a placeholder's text is an elision ('…', "[...]", "..snip.."): the URL it is in is shown
// shortened, an illustration rather than a URL to fetch.
bool is_elision(std::string_view placeholder);

// Template placeholders in a URL's text, per the active PlaceholderStyle bits, starting at or
// after `from` (a URL's "scheme://" or "mailto:" holds none, so the finder starts after it).
std::vector<Span> find_placeholders(std::string_view url, unsigned active, std::size_t from = 0);

// The end of the placeholder of an active style starting at t[i], or npos when none starts there.
std::size_t placeholder_end(std::string_view t, std::size_t i, unsigned active);

// The bytes that can start a placeholder of the active styles, and those bytes together with
// `stops` (for a search that ends at either), 16 at a time.
const ByteClass& placeholder_starts(unsigned active);
// Which of the bytes that start placeholders the active styles start with, as a mask below
// kPlaceholderStartSets: classes built from placeholder starts are keyed by it.
unsigned placeholder_start_bits(unsigned active);
inline constexpr std::size_t kPlaceholderStartSets = 1u << 16;

} // namespace pctlint
