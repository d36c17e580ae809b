// JSON-RPC 2.0 over a Transport (framing only, transport.h): reading and classifying messages,
// answering malformed ones with an error of ours, replies and notifications, requests of our own
// with their pending callbacks, and cancellation. Knows nothing of LSP's methods.
#pragma once

#include "server/lsp/protocol.h"
#include "server/lsp/transport.h"

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace pctlint::lsp {

struct Message {
  enum class Kind { Request, Notification, Response } kind = Kind::Notification;
  json id;               // requests and responses
  std::string method;    // requests and notifications
  json params;           // an object, an array or null
  json result;           // responses
  bool failed = false;   // a response that carries an error
  std::size_t bytes = 0; // the body's size, for the reader's back-pressure
};

class Connection {
public:
  explicit Connection(Transport& transport) : transport_(transport) {}

  // The next well-formed message; malformed ones are answered (or logged) here and skipped.
  // nullopt at end of input.
  std::optional<Message> read();

  void reply(const json& id, const json& result);
  void reply_error(const json& id, int code, const std::string& message);
  void notify(const std::string& method, const json& params);
  // A message already serialised (publishDiagnostics of a long document, written directly).
  void send_body(const std::string& body) { transport_.write(body); }
  using OnResult = std::function<void(const json& result, bool failed)>;
  void request(const std::string& method, const json& params, OnResult on_result);
  // The callback of our request that `response` answers, removed from the pending ones.
  OnResult take_pending(const json& id);

  // Cancellation: only requests received and not yet answered can be cancelled, so what is
  // remembered is bounded by what is in flight.
  void started(const json& id);
  void cancel(const json& id);
  // Whether `id` was cancelled; it is no longer in flight either way.
  bool finished(const json& id);
  // Whether `id`, still in flight, has been cancelled (long work asks this as it goes).
  bool cancelled(const json& id);

  void set_log(std::function<void(const std::string&)> log) { log_ = std::move(log); }

private:
  void send(const json& m);
  static std::string key(const json& id) { return id.dump(); }

  Transport& transport_;
  std::function<void(const std::string&)> log_;
  std::mutex pending_mutex_;
  std::map<int, OnResult> pending_;
  std::atomic<int> next_id_{1};
  std::mutex flight_mutex_;
  std::map<std::string, bool> in_flight_; // id -> cancelled
};

} // namespace pctlint::lsp
