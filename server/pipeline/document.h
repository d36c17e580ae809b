// One document through the pipeline, the same for the CLI and the language server: the policy
// for what is not checked (binary files), lint, or fix and lint what is left (fix_all's last pass
// has linted the fixed text already), and a note for text with findings that is not UTF-8.
#pragma once

#include "core/finder/language.h"
#include "rules/config.h"
#include "rules/engine.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint::pipeline {

// A NUL byte in the first 8 KiB, as git and ripgrep judge binary files.
bool looks_binary(std::string_view text);

// A file named `*.log`: a program's record of what it did and saw, not a source or a config that
// someone edits. The URLs it quotes are another program's (a crawler's, a build's), so a walk
// passes over it (counted, as binary files are); named on the command line or opened in an
// editor, it is checked.
bool is_program_log(std::string_view path);

// "not valid UTF-8 (truncated sequence at line 3, column 7); checked as bytes, columns count
// U+FFFD per bad byte", or nothing for valid UTF-8.
std::optional<std::string> utf8_note(std::string_view text);

enum class FixMode { None, Safe, Unsafe };

struct CheckedDocument {
  std::vector<Diagnostic> diagnostics; // of the text, or of the fixed text when fixing changed it
  std::optional<std::string> fixed;    // the fixed text, when fixing changed anything
  FixResult fix;                       // what fixing did (edits, count), when asked
  std::vector<std::string> notes;
};

CheckedDocument check_document(std::string_view text, Language lang, const Config& config,
                               FixMode fix);

} // namespace pctlint::pipeline
