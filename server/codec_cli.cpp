// PLACEHOLDER until its issue lands: replaced by the real implementation.
#include "server/commands.h"

#include <cstdio>

namespace pctlint {
int run_codec_command(const Args&) {
  std::fputs("pctlint: this command is not built yet\n", stderr);
  return 2;
}
} // namespace pctlint
