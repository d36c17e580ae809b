// `pctlint [--stdio | --socket=PORT | --listen=PORT] [--log-file PATH]`: the language server.
#include "server/commands.h"
#include "server/lsp/server.h"
#include "server/lsp/transport.h"
#include "server/platform/platform.h"

#include <charconv>
#include <cstdio>
#include <cstring>

namespace pctlint {

namespace {

bool is_server_option(const std::string& a) {
  return a == "--stdio" || a.starts_with("--socket=") || a.starts_with("--listen=") ||
         a.starts_with("--log-file") || a.starts_with("--clientProcessId") ||
         a.starts_with("--node-ipc") || a.starts_with("--debounce-ms=");
}

std::optional<unsigned short> port_of(const std::string& a) {
  unsigned value = 0;
  const char* b = a.data() + a.find('=') + 1;
  const auto [end, ec] = std::from_chars(b, a.data() + a.size(), value);
  if (ec != std::errc{} || end != a.data() + a.size() || value == 0 || value > 65535)
    return std::nullopt;
  return static_cast<unsigned short>(value);
}

} // namespace

bool is_language_server_invocation(const Args& args) {
  for (const std::string& a : args)
    if (!is_server_option(a) && !(a.size() && a[0] != '-' && &a != &args.front() &&
                                  args[&a - &args.front() - 1] == "--log-file"))
      return false;
  return true;
}

int run_language_server(const Args& args) {
  lsp::ServerOptions options;
  std::optional<unsigned short> socket_port, listen_port;
  std::string log_path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.starts_with("--socket=") || a.starts_with("--listen=")) {
      const auto port = port_of(a);
      if (!port) {
        std::fprintf(stderr, "pctlint: %s: expected a port number from 1 to 65535\n", a.c_str());
        return 2;
      }
      (a[2] == 's' ? socket_port : listen_port) = port;
    } else if (a == "--log-file" && i + 1 < args.size()) {
      log_path = args[++i];
    } else if (a.starts_with("--log-file=")) {
      log_path = a.substr(11);
    } else if (a.starts_with("--debounce-ms=")) {
      options.debounce_ms = std::atoi(a.c_str() + 14);
    }
  }
  std::FILE* log = nullptr;
  if (!log_path.empty()) {
    log = platform::open_stdio_file(log_path, "ab");
    if (!log) {
      std::fprintf(stderr, "pctlint: cannot open log file %s: %s\n", log_path.c_str(),
                   std::strerror(errno));
      return 2;
    }
    options.log = log;
  }
  std::string error;
  std::unique_ptr<lsp::Transport> transport =
      socket_port   ? lsp::Transport::connect(*socket_port, error)
      : listen_port ? lsp::Transport::listen(*listen_port, error)
                    : lsp::Transport::stdio();
  if (!transport) {
    std::fprintf(stderr, "pctlint: %s\n", error.c_str());
    return 2;
  }
  const int code = lsp::serve(*transport, options);
  if (log) std::fclose(log);
  return code;
}

} // namespace pctlint
