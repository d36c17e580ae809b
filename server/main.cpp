#include "server/commands.h"
#include "server/platform/platform.h"
#include "server/version.h"

#include <cstdio>
#include <exception>
#include <string_view>

namespace {

constexpr std::string_view kUsage =
    R"(pctlint — percent-encoding linter and language server for URLs

Usage:
  pctlint --check [options] [PATH...]   lint files and directories (default: .)
  pctlint --fix [options] [PATH...]     apply safe fixes (--unsafe-fixes for all, --diff to preview)
  pctlint encode [--component C] TEXT   percent-encode (C: component form segment path query fragment)
  pctlint decode [--form] [--lenient] TEXT
  pctlint canon URL                     print the canonical form of a URL
  pctlint explain URL                   both readings of a URL (RFC 3986, browsers) and its findings
  pctlint rules                         list the rules
  pctlint rule ID                       show a rule's documentation
  pctlint [--stdio]                     run the language server on standard input/output
  pctlint --socket=PORT | --listen=PORT run the language server over TCP on 127.0.0.1

TEXT or URL '-' reads standard input, one item per line. Run `pctlint --check --help` for the
checker's options.
)";

} // namespace

int main(int argc, char** argv) {
  using namespace pctlint;
  const Args args = platform::init_process(argc, argv);
  try {
    // Typed alone at a terminal, pctlint says how to use it instead of waiting silently as a
    // language server would; editors start it with --stdio or with a pipe on standard input.
    if (args.empty() && platform::is_terminal(0)) {
      std::fwrite(kUsage.data(), 1, kUsage.size(), stderr);
      std::fputs(
          "\n(The language server needs --stdio, or standard input that is not a terminal.)\n",
          stderr);
      return 2;
    }
    if (is_language_server_invocation(args)) return run_language_server(args);
    const std::string_view command = args[0];
    if (command == "encode" || command == "decode" || command == "canon" || command == "explain")
      return run_codec_command(args);
    if (command == "rules" || command == "rule") return run_rules_command(args);
    if (command == "-h" || command == "--help" || command == "help") {
      std::fwrite(kUsage.data(), 1, kUsage.size(), stdout);
      return 0;
    }
    if (command == "-V" || command == "--version") {
      std::printf("pctlint %s\n", kVersion);
      return 0;
    }
    return run_check_command(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pctlint: internal error: %s\n", e.what());
    return 2;
  }
}
