#include "server/lsp/server.h"

#include "server/lsp/binder.h"
#include "server/lsp/features/features.h"
#include "server/lsp/jsonrpc.h"

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace pctlint::lsp {

namespace asio = boost::asio;

namespace {

// A long request's answer: its slices are posted to the worker behind the messages waiting, and
// each first asks whether the request was cancelled.
class SlicedResponder final : public Responder,
                              public std::enable_shared_from_this<SlicedResponder> {
public:
  SlicedResponder(asio::io_context& io, Connection& connection, json id, std::string method)
      : io_(io), connection_(connection), id_(std::move(id)), method_(std::move(method)) {}

  void reply(json result) override {
    if (answered_) return;
    answered_ = true;
    connection_.finished(id_);
    connection_.reply(id_, result);
  }
  void error(int code, const std::string& message) override {
    if (answered_) return;
    answered_ = true;
    connection_.finished(id_);
    connection_.reply_error(id_, code, message);
  }
  void later(std::function<void()> slice) override {
    asio::post(io_, [self = shared_from_this(), slice = std::move(slice)] { self->run(slice); });
  }
  void on_cancel(std::function<void()> cleanup) override { on_cancel_ = std::move(cleanup); }
  // Runs one slice of the work (the first included): cancellation and errors answer the request.
  void run(const std::function<void()>& slice) {
    if (answered_) return;
    if (connection_.cancelled(id_)) {
      if (on_cancel_) on_cancel_();
      return error(error_code::RequestCancelled, "request cancelled");
    }
    try {
      slice();
    } catch (const RequestError& e) {
      error(e.code, e.message);
    } catch (const std::exception&) {
      error(error_code::InternalError, method_ + ": internal error");
    }
  }

private:
  asio::io_context& io_;
  Connection& connection_;
  json id_;
  std::string method_;
  bool answered_ = false;
  std::function<void()> on_cancel_;
};

class Server {
public:
  Server(Transport& transport, const ServerOptions& options)
      : connection_(transport), session_(connection_, io_, options),
        work_(asio::make_work_guard(io_)) {
    connection_.set_log([this](const std::string& m) { log_from_reader(m); });
    bind_lifecycle(binder_, session_);
    bind_text_sync(binder_, session_);
    bind_diagnostics(binder_, session_);
    bind_code_actions(binder_, session_);
    bind_hover(binder_, session_);
    bind_document_links(binder_, session_);
    bind_commands(binder_, session_);
    bind_configuration(binder_, session_);
    worker_ = std::thread([this] { io_.run(); });
  }
  ~Server() {
    work_.reset();
    io_.stop();
    if (worker_.joinable()) worker_.join();
  }

  int run() {
    while (const auto message = connection_.read()) {
      if (!dispatch(*message)) break; // exit
      wait_for_room();
    }
    std::promise<void> drained;
    asio::post(io_, [&] { drained.set_value(); });
    drained.get_future().wait();
    return shutdown_ ? 0 : 1;
  }

private:
  // Back-pressure, as clangd does: the reader stops reading while the worker has more than
  // kMaxQueuedBytes or kMaxQueuedMessages before it (a client that stops reading our output
  // blocks the worker's writes; its input then waits in the pipe, not in our memory).
  static constexpr std::size_t kMaxQueuedBytes = 64u << 20;
  static constexpr std::size_t kMaxQueuedMessages = 1024;
  void wait_for_room() {
    std::unique_lock lock(queue_mutex_);
    queue_room_.wait(lock, [this] {
      return queued_bytes_ < kMaxQueuedBytes && queued_messages_ < kMaxQueuedMessages;
    });
  }
  // Counts a message handed to the worker, and returns what the worker calls when done with it.
  std::function<void()> queued(std::size_t bytes) {
    {
      std::lock_guard lock(queue_mutex_);
      queued_bytes_ += bytes;
      ++queued_messages_;
    }
    return [this, bytes] {
      {
        std::lock_guard lock(queue_mutex_);
        queued_bytes_ -= bytes;
        --queued_messages_;
      }
      queue_room_.notify_one();
    };
  }

  // On the reader thread; false on `exit`.
  bool dispatch(const Message& m) {
    switch (m.kind) {
    case Message::Kind::Response:
      if (auto done = connection_.take_pending(m.id))
        asio::post(io_, [done = std::move(done), result = m.result, failed = m.failed] {
          done(result, failed);
        });
      return true;
    case Message::Kind::Notification:
      return notification(m);
    case Message::Kind::Request:
      request(m);
      return true;
    }
    return true;
  }

  bool notification(const Message& m) {
    if (m.method == "exit") return false;
    if (m.method == "$/cancelRequest") {
      if (m.params.is_object() && m.params.contains("id")) connection_.cancel(m.params["id"]);
      return true;
    }
    if (!initialized_ && m.method != "initialized") return true; // dropped, as the spec says
    const Binder::Notification* handler = binder_.find_notification(m.method);
    if (!handler) return true; // unknown notifications are ignored
    asio::post(io_, [this, method = m.method, params = m.params, handler, done = queued(m.bytes)] {
      struct Done {
        const std::function<void()>& f;
        ~Done() { f(); }
      } release{done};
      try {
        (*handler)(params);
      } catch (const RequestError& e) {
        session_.log(1, "pctlint: " + e.message);
      } catch (const std::exception&) {
        session_.log(1, "pctlint: " + method + ": could not be handled");
      }
    });
    return true;
  }

  void request(const Message& m) {
    if (m.method == "initialize") {
      if (initialized_) {
        connection_.reply_error(m.id, error_code::InvalidRequest, "initialize was already called");
        return;
      }
    } else if (!initialized_) {
      connection_.reply_error(m.id, error_code::ServerNotInitialized,
                              "the server is not initialized yet");
      return;
    }
    if (shutdown_) {
      connection_.reply_error(m.id, error_code::InvalidRequest, "the server is shutting down");
      return;
    }
    const Binder::Request* handler = binder_.find_request(m.method);
    const Binder::LongRequest* long_handler =
        handler ? nullptr : binder_.find_long_request(m.method);
    if (!handler && !long_handler) {
      connection_.reply_error(m.id, error_code::MethodNotFound,
                              "unknown method '" + m.method + "'");
      return;
    }
    if (m.method == "shutdown") shutdown_ = true;
    if (m.method == "initialize") initialized_ = true; // later messages may rely on it
    connection_.started(m.id);
    if (long_handler) return long_request(m, *long_handler);
    asio::post(io_, [this, id = m.id, params = m.params, handler, method = m.method,
                     done = queued(m.bytes)] {
      struct Done {
        const std::function<void()>& f;
        ~Done() { f(); }
      } release{done};
      if (connection_.cancelled(id)) {
        connection_.finished(id);
        return connection_.reply_error(id, error_code::RequestCancelled, "request cancelled");
      }
      // In flight while it runs: a $/cancelRequest read meanwhile reaches long work.
      session_.current_request = &id;
      try {
        json result = (*handler)(params);
        session_.current_request = nullptr;
        connection_.finished(id);
        connection_.reply(id, result);
      } catch (const RequestError& e) {
        session_.current_request = nullptr;
        connection_.finished(id);
        connection_.reply_error(id, e.code, e.message);
      } catch (const std::exception&) {
        session_.current_request = nullptr;
        connection_.finished(id);
        connection_.reply_error(id, error_code::InternalError, method + ": internal error");
      }
    });
  }

  // A long request: its first slice is posted as any request is; the rest follow behind the
  // messages that arrive meanwhile.
  void long_request(const Message& m, const Binder::LongRequest& handler) {
    auto responder = std::make_shared<SlicedResponder>(io_, connection_, m.id, m.method);
    asio::post(io_, [responder, params = m.params, &handler, done = queued(m.bytes)] {
      done(); // its message is consumed; the slices hold no queued bytes
      responder->run([&] { handler(params, responder); });
    });
  }

  void log_from_reader(const std::string& message) {
    asio::post(io_, [this, message] { session_.log(1, message); });
  }

  asio::io_context io_;
  Connection connection_;
  Session session_;
  Binder binder_;
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  std::thread worker_;
  std::atomic<bool> initialized_{false}, shutdown_{false};
  std::mutex queue_mutex_;
  std::condition_variable queue_room_;
  std::size_t queued_bytes_ = 0, queued_messages_ = 0;
};

} // namespace

int serve(Transport& transport, const ServerOptions& options) {
  Server server(transport, options);
  return server.run();
}

} // namespace pctlint::lsp
