// JSON-RPC framing only: "Content-Length: N\r\n\r\n" + N bytes, over standard input/output or a
// TCP connection on loopback (Boost.Asio). Knows nothing of JSON or LSP.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace pctlint::lsp {

class Transport {
public:
  // Larger messages are refused (and skipped) rather than buffered.
  static constexpr std::size_t kMaxMessageBytes = 64u << 20;

  virtual ~Transport() = default;

  // The next message body; nullopt at end of input. A framing problem (bad header, oversized
  // message) sets `error` and returns an empty body; the stream stays usable.
  virtual std::optional<std::string> read(std::string& error) = 0;
  // Thread-safe; frames and writes one message.
  virtual void write(const std::string& body) = 0;

  static std::unique_ptr<Transport> stdio();
#ifndef _WIN32
  // Over two file descriptors (duplicated; the caller keeps its own), e.g. pipes in a fuzz target.
  static std::unique_ptr<Transport> from_fds(int in, int out);
#endif
  // vscode-languageclient's socket transport: the server connects to the client's port.
  static std::unique_ptr<Transport> connect(unsigned short port, std::string& error);
  // Accepts one client on 127.0.0.1:port.
  static std::unique_ptr<Transport> listen(unsigned short port, std::string& error);
};

} // namespace pctlint::lsp
