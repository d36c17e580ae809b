#include "server/lsp/transport.h"

#include "server/platform/platform.h"

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <cctype>
#include <charconv>
#include <cstring>
#include <mutex>
#ifndef _WIN32
#include <unistd.h> // dup
#endif

namespace pctlint::lsp {

namespace asio = boost::asio;

namespace {

constexpr std::size_t kMaxHeaderBytes = 8192;

// Framing over any pair of synchronous Asio streams.
template <typename In, typename Out> class StreamTransport final : public Transport {
public:
  StreamTransport(std::unique_ptr<asio::io_context> io, In in, Out out)
      : io_(std::move(io)), in_(std::move(in)), out_(std::move(out)),
        buffer_(kMaxHeaderBytes + kMaxMessageBytes) {}

  std::optional<std::string> read(std::string& error) override {
    boost::system::error_code ec;
    const std::size_t header_end = asio::read_until(in_, buffer_, "\r\n\r\n", ec);
    if (ec == asio::error::not_found) { // a header block longer than we accept: drop it
      buffer_.consume(buffer_.size());
      error = "no end of message headers found; input skipped";
      return std::string();
    }
    if (ec) return std::nullopt; // end of input (or the peer went away)
    std::string headers(asio::buffers_begin(buffer_.data()),
                        asio::buffers_begin(buffer_.data()) + header_end);
    const auto length = content_length(headers, error);
    if (!length) {
      // The body's length is unknown: skip to the next header, wherever it starts, so that this
      // message is lost but none after it.
      if (!resynchronize(header_end)) return std::nullopt;
      return std::string();
    }
    buffer_.consume(header_end);
    if (*length > kMaxMessageBytes) {
      error = "Content-Length " + std::to_string(*length) + " exceeds the limit of " +
              std::to_string(kMaxMessageBytes) + " bytes; message skipped";
      if (!discard(*length)) return std::nullopt;
      return std::string();
    }
    if (buffer_.size() < *length)
      asio::read(in_, buffer_, asio::transfer_exactly(*length - buffer_.size()), ec);
    if (buffer_.size() < *length) return std::nullopt; // input ended inside the body
    std::string body(asio::buffers_begin(buffer_.data()),
                     asio::buffers_begin(buffer_.data()) + *length);
    buffer_.consume(*length);
    return body;
  }

  void write(const std::string& body) override {
    const std::string header = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    std::lock_guard lock(write_mutex_);
    boost::system::error_code ec;
    const std::array<asio::const_buffer, 2> buffers{asio::buffer(header), asio::buffer(body)};
    asio::write(out_, buffers, ec); // a vanished client is noticed by the reader
  }

private:
  // The Content-Length of a header block; nullopt and `error` set when there is not exactly one
  // well-formed one (digits, blanks around them allowed).
  static std::optional<std::size_t> content_length(const std::string& headers, std::string& error) {
    std::optional<std::size_t> length;
    std::size_t i = 0;
    while (i < headers.size()) {
      const std::size_t eol = headers.find("\r\n", i);
      const std::string line = headers.substr(i, eol - i);
      i = eol == std::string::npos ? headers.size() : eol + 2;
      if (line.empty()) continue;
      const std::size_t colon = line.find(':');
      if (colon == std::string::npos) {
        error = "malformed header line '" + printable_prefix(line) + "'; message skipped";
        return std::nullopt;
      }
      std::string name = line.substr(0, colon);
      for (char& c : name)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name != "content-length") continue; // Content-Type and others are allowed
      if (length) {
        error = "two Content-Length headers; message skipped";
        return std::nullopt;
      }
      std::size_t start = colon + 1, end = line.size();
      while (start < end && (line[start] == ' ' || line[start] == '\t'))
        ++start;
      while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        --end;
      std::size_t value = 0;
      const auto [stop, ec] = std::from_chars(line.data() + start, line.data() + end, value);
      if (start == end || line[start] < '0' || line[start] > '9' || ec != std::errc{} ||
          stop != line.data() + end) {
        error = "invalid Content-Length '" + printable_prefix(line.substr(colon + 1)) +
                "'; message skipped";
        return std::nullopt;
      }
      length = value;
    }
    if (!length) error = "message without a Content-Length header; skipped";
    return length;
  }

  static std::string printable_prefix(std::string_view s) {
    std::string out;
    for (char c : s.substr(0, 60))
      out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) ? '?' : c;
    return out;
  }

  // Drops input up to the next "Content-Length" header after the bad block that ends at
  // `header_end` (its body has an unknown length). False at end of input.
  bool resynchronize(std::size_t header_end) {
    buffer_.consume(header_end);
    constexpr std::string_view kName = "content-length:";
    for (;;) {
      const std::string_view have(static_cast<const char*>(buffer_.data().data()), buffer_.size());
      // buffer_ is a streambuf of one contiguous region (basic_streambuf over a vector).
      for (std::size_t i = 0; i + kName.size() <= have.size(); ++i) {
        std::size_t k = 0;
        while (k < kName.size() &&
               std::tolower(static_cast<unsigned char>(have[i + k])) == kName[k])
          ++k;
        if (k == kName.size()) {
          buffer_.consume(i);
          return true;
        }
      }
      // Keep the tail that may begin a header, read more.
      const std::size_t keep = std::min(have.size(), kName.size() - 1);
      buffer_.consume(have.size() - keep);
      boost::system::error_code ec;
      char chunk[65536];
      const std::size_t got = in_.read_some(asio::buffer(chunk), ec);
      if (ec || got == 0) return false;
      const auto room = buffer_.prepare(got);
      std::memcpy(room.data(), chunk, got);
      buffer_.commit(got);
    }
  }

  bool discard(std::size_t n) {
    boost::system::error_code ec;
    const std::size_t have = std::min(n, buffer_.size());
    buffer_.consume(have);
    n -= have;
    char sink[65536];
    while (n > 0) {
      const std::size_t got = in_.read_some(asio::buffer(sink, std::min(n, sizeof sink)), ec);
      if (ec) return false;
      n -= got;
    }
    return true;
  }

  std::unique_ptr<asio::io_context> io_;
  In in_;
  Out out_;
  asio::streambuf buffer_;
  std::mutex write_mutex_;
};

// A standard stream (or a pipe) as a synchronous Asio stream, through platform.h: Asio's own
// descriptor and handle types need handles it can poll, and an editor's pipe on Windows is not one.
class HandleStream {
public:
  HandleStream(std::intptr_t handle, bool owned) : handle_(handle), owned_(owned) {}
  HandleStream(HandleStream&& other) noexcept : handle_(other.handle_), owned_(other.owned_) {
    other.owned_ = false;
  }
  HandleStream(const HandleStream&) = delete;
  ~HandleStream() {
    if (owned_) platform::close_handle(handle_);
  }

  template <typename Buffers>
  std::size_t read_some(const Buffers& buffers, boost::system::error_code& ec) {
    const asio::mutable_buffer b = first_non_empty<asio::mutable_buffer>(buffers);
    if (b.size() == 0) return 0;
    const long long n = platform::read_handle(handle_, b.data(), b.size());
    if (n > 0) return static_cast<std::size_t>(n);
    if (n == 0)
      ec = asio::error::eof;
    else
      ec = asio::error::broken_pipe;
    return 0;
  }
  template <typename Buffers> std::size_t read_some(const Buffers& buffers) {
    boost::system::error_code ec;
    return or_throw(read_some(buffers, ec), ec);
  }
  template <typename Buffers>
  std::size_t write_some(const Buffers& buffers, boost::system::error_code& ec) {
    const asio::const_buffer b = first_non_empty<asio::const_buffer>(buffers);
    if (b.size() == 0) return 0;
    const long long n = platform::write_handle(handle_, b.data(), b.size());
    if (n > 0) return static_cast<std::size_t>(n);
    ec = asio::error::broken_pipe;
    return 0;
  }
  template <typename Buffers> std::size_t write_some(const Buffers& buffers) {
    boost::system::error_code ec;
    return or_throw(write_some(buffers, ec), ec);
  }

private:
  // Asio's throwing overloads, over the ones that set an error code.
  static std::size_t or_throw(std::size_t n, const boost::system::error_code& ec) {
    if (ec) throw boost::system::system_error(ec);
    return n;
  }
  // One system call moves one buffer: the first that is not empty (Asio's sequences may begin
  // with a consumed one; returning 0 for it would make asio::write() spin).
  template <typename Buffer, typename Buffers>
  static Buffer first_non_empty(const Buffers& buffers) {
    for (auto it = asio::buffer_sequence_begin(buffers); it != asio::buffer_sequence_end(buffers);
         ++it)
      if (Buffer b(*it); b.size() > 0) return b;
    return Buffer();
  }

  std::intptr_t handle_;
  bool owned_;
};

using Socket = asio::ip::tcp::socket;

// One socket serves both directions: the reader and the (serialised) writer reach it through
// these adapters.
struct SocketReader {
  Socket* socket;
  template <typename B> std::size_t read_some(const B& b, boost::system::error_code& ec) {
    return socket->read_some(b, ec);
  }
  template <typename B> std::size_t read_some(const B& b) { return socket->read_some(b); }
};
struct SocketWriter {
  Socket* socket;
  template <typename B> std::size_t write_some(const B& b, boost::system::error_code& ec) {
    return socket->write_some(b, ec);
  }
  template <typename B> std::size_t write_some(const B& b) { return socket->write_some(b); }
};

// Members in this order so the io_context outlives the socket, and the socket the framing.
class SocketTransport final : public Transport {
public:
  SocketTransport(std::unique_ptr<asio::io_context> io, Socket socket)
      : io_(std::move(io)), socket_(std::move(socket)),
        framing_(nullptr, SocketReader{&socket_}, SocketWriter{&socket_}) {}
  std::optional<std::string> read(std::string& error) override { return framing_.read(error); }
  void write(const std::string& body) override { framing_.write(body); }

private:
  std::unique_ptr<asio::io_context> io_;
  Socket socket_;
  StreamTransport<SocketReader, SocketWriter> framing_;
};

} // namespace

std::unique_ptr<Transport> Transport::stdio() {
  const platform::StdioHandles h = platform::stdio_handles();
  return std::make_unique<StreamTransport<HandleStream, HandleStream>>(
      nullptr, HandleStream(h.in, true), HandleStream(h.out, true));
}

#ifndef _WIN32
std::unique_ptr<Transport> Transport::from_fds(int in_fd, int out_fd) {
  return std::make_unique<StreamTransport<HandleStream, HandleStream>>(
      nullptr, HandleStream(::dup(in_fd), true), HandleStream(::dup(out_fd), true));
}
#endif

std::unique_ptr<Transport> Transport::connect(unsigned short port, std::string& error) {
  auto io = std::make_unique<asio::io_context>();
  Socket socket(*io);
  boost::system::error_code ec;
  socket.connect({asio::ip::make_address("127.0.0.1"), port}, ec);
  if (ec) {
    error = "cannot connect to 127.0.0.1:" + std::to_string(port) + ": " + ec.message();
    return nullptr;
  }
  return std::make_unique<SocketTransport>(std::move(io), std::move(socket));
}

std::unique_ptr<Transport> Transport::listen(unsigned short port, std::string& error) {
  auto io = std::make_unique<asio::io_context>();
  boost::system::error_code ec;
  asio::ip::tcp::acceptor acceptor(*io);
  const asio::ip::tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(1, ec);
  Socket socket(*io);
  if (!ec) acceptor.accept(socket, ec);
  if (ec) {
    error = "cannot accept on 127.0.0.1:" + std::to_string(port) + ": " + ec.message();
    return nullptr;
  }
  return std::make_unique<SocketTransport>(std::move(io), std::move(socket));
}

} // namespace pctlint::lsp
