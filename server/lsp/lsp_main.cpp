// PLACEHOLDER until its issue lands: replaced by the real implementation.
#include "server/commands.h"

#include <cstdio>

namespace pctlint {
int run_language_server(const Args&) {
  std::fputs("pctlint: this command is not built yet\n", stderr);
  return 2;
}
} // namespace pctlint

namespace pctlint {
bool is_language_server_invocation(const Args& args) { return args.empty(); }
} // namespace pctlint
