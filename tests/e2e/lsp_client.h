// A test client that drives the real `pctlint` language server over pipes (after clangd's
// unittests/LSPClient.h): send requests and notifications, wait for responses or notifications
// with a timeout, apply WorkspaceEdits to text.
#pragma once

#include "core/codec/position.h"

#include <chrono>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <deque>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <optional>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace pctlint::test {

using nlohmann::json;

class LspClient {
public:
  explicit LspClient(std::vector<std::string> args = {}) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) throw std::runtime_error("pipe");
    // The server's standard error goes to an unlinked file: quiet while all is well, and what a
    // sanitizer or an abort printed is shown when the server ends early.
    char name[] = "/tmp/pctlint-lsp-stderr-XXXXXX";
    stderr_ = mkstemp(name);
    if (stderr_ < 0) throw std::runtime_error("mkstemp");
    unlink(name);
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(stderr_, 2);
      for (int fd : {in[0], in[1], out[0], out[1]})
        close(fd);
      std::vector<char*> argv{const_cast<char*>(PCTLINT_BINARY)};
      for (std::string& a : args)
        argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_server_ = in[1];
    from_server_ = out[0];
    signal(SIGPIPE, SIG_IGN);
  }
  ~LspClient() {
    if (to_server_ >= 0) close(to_server_);
    if (stderr_ >= 0) close(stderr_);
    if (pid_ > 0 && exit_code_ < 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(from_server_);
  }

  // Writes as an editor's event loop does: while the server's input is full, what the server
  // writes is read (into the buffer read_message parses), for the server stops reading while its
  // own output is not read (back-pressure).
  void send_raw(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      pollfd fds[2] = {{to_server_, POLLOUT, 0}, {from_server_, POLLIN, 0}};
      if (poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        throw std::runtime_error("poll failed");
      }
      if (fds[1].revents & POLLIN) {
        char buf[65536];
        const ssize_t n = read(from_server_, buf, sizeof buf);
        if (n > 0) buffer_.append(buf, static_cast<std::size_t>(n));
      }
      if (fds[0].revents & (POLLOUT | POLLERR | POLLHUP)) {
        // At most PIPE_BUF bytes: after POLLOUT, a write that small never blocks.
        const ssize_t n = write(to_server_, bytes.data() + done,
                                std::min<std::size_t>(bytes.size() - done, PIPE_BUF));
        if (n <= 0) throw std::runtime_error("server closed its input");
        done += static_cast<std::size_t>(n);
      }
    }
  }
  void send(const json& m) {
    const std::string body = m.dump();
    send_raw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  }
  int request(const std::string& method, json params) {
    const int id = next_id_++;
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
    return id;
  }
  void notify(const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }

  // The response to `id` (the whole message), or throws after the timeout.
  json response(const json& id, int timeout_ms = 10000) {
    return wait(
        [&](const json& m) { return m.contains("id") && m["id"] == id && !m.contains("method"); },
        timeout_ms);
  }
  json result(const json& id) {
    json r = response(id);
    if (!r.contains("result")) throw std::runtime_error("error response: " + r.dump());
    return r["result"];
  }
  json call(const std::string& method, json params) {
    return result(request(method, std::move(params)));
  }
  // The next notification `method` (its params).
  json notification(const std::string& method, int timeout_ms = 10000) {
    return wait([&](const json& m) { return m.value("method", "") == method && !m.contains("id"); },
                timeout_ms)["params"];
  }
  // The next message that is a request from the server.
  json server_request(const std::string& method, int timeout_ms = 10000) {
    return wait([&](const json& m) { return m.value("method", "") == method && m.contains("id"); },
                timeout_ms);
  }
  json diagnostics(const std::string& uri, int timeout_ms = 10000) {
    for (;;) {
      json p = notification("textDocument/publishDiagnostics", timeout_ms);
      if (p["uri"] == uri) return p;
    }
  }

  json initialize(json capabilities = json::object(), json init_options = nullptr,
                  json root_uri = nullptr) {
    json params{{"processId", nullptr},
                {"rootUri", std::move(root_uri)},
                {"capabilities", std::move(capabilities)}};
    if (!init_options.is_null()) params["initializationOptions"] = std::move(init_options);
    json r = call("initialize", params);
    notify("initialized", json::object());
    return r;
  }
  void open_document(const std::string& uri, const std::string& text,
                     const std::string& language = "cpp", int version = 1) {
    notify("textDocument/didOpen",
           {{"textDocument",
             {{"uri", uri}, {"languageId", language}, {"version", version}, {"text", text}}}});
  }

  // Closes the server's input and returns its exit code.
  int close_and_wait(int timeout_ms = 10000) {
    close(to_server_);
    to_server_ = -1;
    return wait_exit(timeout_ms);
  }
  int wait_exit(int timeout_ms = 10000) {
    const auto deadline = std::chrono::steady_clock::now() + scaled(timeout_ms);
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
        return exit_code_;
      }
      usleep(2000);
    }
    throw std::runtime_error("server did not exit");
  }
  pid_t pid() const { return pid_; }
  // The pipe to the server's standard input, for tests that write to it themselves.
  int to_server_fd() const { return to_server_; }

  // Applies TextEdits (LSP ranges in `enc` units) to `text`.
  static std::string apply(std::string text, const json& edits, OffsetEncoding enc) {
    struct E {
      std::size_t b, e;
      std::string t;
    };
    std::vector<E> list;
    const LineIndex index(text);
    for (const json& e : edits) {
      const auto& r = e["range"];
      list.push_back({index.offset_of({r["start"]["line"], r["start"]["character"]}, enc),
                      index.offset_of({r["end"]["line"], r["end"]["character"]}, enc),
                      e["newText"]});
    }
    std::sort(list.begin(), list.end(), [](const E& a, const E& b) { return a.b > b.b; });
    for (const E& e : list)
      text.replace(e.b, e.e - e.b, e.t);
    return text;
  }
  // The edits for `uri` in a WorkspaceEdit, either shape.
  static json edits_of(const json& workspace_edit, const std::string& uri) {
    if (workspace_edit.contains("documentChanges"))
      for (const json& dc : workspace_edit["documentChanges"])
        if (dc["textDocument"]["uri"] == uri) return dc["edits"];
    return workspace_edit["changes"][uri];
  }

private:
  // A timeout as the test gives it, times PCTLINT_TEST_TIMEOUT_SCALE (a sanitizer build on a slow
  // machine is many times slower: the waits say "eventually", not how fast).
  static std::chrono::milliseconds scaled(int timeout_ms) {
    static const long scale = [] {
      const char* s = std::getenv("PCTLINT_TEST_TIMEOUT_SCALE");
      const long v = s ? std::strtol(s, nullptr, 10) : 1;
      return v > 0 ? v : 1;
    }();
    return std::chrono::milliseconds(static_cast<long long>(timeout_ms) * scale);
  }
  template <typename Pred> json wait(Pred pred, int timeout_ms) {
    for (auto it = inbox_.begin(); it != inbox_.end(); ++it)
      if (pred(*it)) {
        json m = *it;
        inbox_.erase(it);
        return m;
      }
    const auto deadline = std::chrono::steady_clock::now() + scaled(timeout_ms);
    for (;;) {
      auto m = read_message(deadline);
      if (!m && server_closed_) throw std::runtime_error(ended_early());
      if (!m) throw std::runtime_error("timed out waiting for a message");
      if (pred(*m)) return *m;
      inbox_.push_back(std::move(*m));
    }
  }
  std::optional<json> read_message(std::chrono::steady_clock::time_point deadline) {
    for (;;) {
      const std::size_t header_end = buffer_.find("\r\n\r\n");
      if (header_end != std::string::npos) {
        const std::size_t cl = buffer_.find("Content-Length: ");
        const std::size_t length = std::stoul(buffer_.substr(cl + 16, header_end - cl - 16));
        if (buffer_.size() >= header_end + 4 + length) {
          last_arrival_ = std::chrono::steady_clock::now();
          json m = json::parse(buffer_.substr(header_end + 4, length));
          buffer_.erase(0, header_end + 4 + length);
          return m;
        }
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return std::nullopt;
      pollfd fd{from_server_, POLLIN, 0};
      if (poll(&fd, 1, static_cast<int>(left)) <= 0) return std::nullopt;
      char buf[65536];
      const ssize_t n = read(from_server_, buf, sizeof buf);
      if (n <= 0) {
        server_closed_ = true;
        return std::nullopt;
      }
      buffer_.append(buf, static_cast<std::size_t>(n));
    }
  }
  // The server closed its output before the message came: how it ended, and the end of what it
  // wrote to its standard error.
  std::string ended_early() {
    std::string how = "the server closed its output before the message came";
    int status = 0;
    for (int i = 0; i < 500 && exit_code_ < 0; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
        how += WIFEXITED(status) ? "; it exited with " + std::to_string(WEXITSTATUS(status))
                                 : "; it was killed by signal " + std::to_string(WTERMSIG(status));
      } else {
        usleep(10000);
      }
    }
    const off_t size = lseek(stderr_, 0, SEEK_END);
    std::string tail(static_cast<std::size_t>(std::min<off_t>(size, 8192)), '\0');
    const ssize_t n = pread(stderr_, tail.data(), tail.size(), size - off_t(tail.size()));
    tail.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    return how + (tail.empty() ? "" : "; the end of its standard error:\n" + tail);
  }

public:
  // When the last message read had fully arrived, before the client parsed it.
  std::chrono::steady_clock::time_point last_arrival() const { return last_arrival_; }

private:
  std::chrono::steady_clock::time_point last_arrival_;
  pid_t pid_ = -1;
  int to_server_ = -1, from_server_ = -1, stderr_ = -1;
  bool server_closed_ = false;
  int exit_code_ = -1;
  int next_id_ = 1;
  std::string buffer_;
  std::deque<json> inbox_;
};

} // namespace pctlint::test
