// The `pctlint` executable's commands. main.cpp only picks one; each lives in its own file(s).
#pragma once

#include <string>
#include <vector>

namespace pctlint {

using Args = std::vector<std::string>;

// `pctlint encode|decode|canon ...` (args[0] is the command).
int run_codec_command(const Args& args);
// `pctlint rules` / `pctlint rule ID`.
int run_rules_command(const Args& args);
// `pctlint --check|--fix|--diff [options] [PATH...]`.
int run_check_command(const Args& args);
// `pctlint [--stdio|--socket=PORT|--listen=PORT] [--log-file PATH]`: the language server.
int run_language_server(const Args& args);
// True when the arguments ask for the language server (none, or only server options).
bool is_language_server_invocation(const Args& args);

} // namespace pctlint
