// Writing fixes without losing a byte: only when the file still holds what was linted, checked
// again after the new text is written and after it replaces the old, once no process has it open
// for writing (on Linux a read lease holds back one that opens it meanwhile); atomically (a
// temporary file in the same directory, then rename) unless that would break something the file has
// (hard links, an owner we cannot give the new file), in which case in place; through a symbolic
// link to its target; never to a read-only file; and no temporary file is left behind, whatever
// ends the run. Also unified diffs for --diff.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pctlint::check {

// nullopt on success, else the error to report (the file is left as it was, or as a concurrent
// writer left it).
std::optional<std::string> write_fixed(const std::string& path, std::string_view original,
                                       std::string_view fixed);

// Removes the temporary files of writes in progress when a signal ends the process (SIGINT,
// SIGTERM, SIGHUP), and lets a closed output (SIGPIPE, "--fix | head") end only the output.
void install_fix_cleanup();

std::string unified_diff(const std::string& path, std::string_view before, std::string_view after);

} // namespace pctlint::check
