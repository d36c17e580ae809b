// Writing fixes: atomically (temp file in the same directory + rename, mode kept), and only if
// the file still holds what was linted; and unified diffs for --diff.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pctlint::check {

// nullopt on success, else the error to report (the file is left as it was).
std::optional<std::string> write_fixed(const std::string& path, std::string_view original,
                                       std::string_view fixed);

std::string unified_diff(const std::string& path, std::string_view before, std::string_view after);

} // namespace pctlint::check
