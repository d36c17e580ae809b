// LSP framing and dispatch: the fuzz input is the byte stream a client sends. The real transport
// and server read it from a pipe until end of input; it must neither crash nor hang.
#include "server/lsp/server.h"
#include "server/lsp/transport.h"

#include <fcntl.h>
#include <thread>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  int in[2];
  if (pipe(in) != 0) return 0;
  const int devnull = open("/dev/null", O_WRONLY);
  // Write from another thread: the input may exceed the pipe's buffer.
  std::thread writer([&] {
    std::size_t done = 0;
    while (done < size) {
      const ssize_t n = write(in[1], data + done, size - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    close(in[1]);
  });
  {
    auto transport = pctlint::lsp::Transport::from_fds(in[0], devnull);
    pctlint::lsp::serve(*transport, {});
  }
  writer.join();
  close(in[0]);
  close(devnull);
  return 0;
}
