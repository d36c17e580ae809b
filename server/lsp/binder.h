// Method name -> handler, with typed params (protocol.h): when the params do not have the shape
// the handler reads, the client gets InvalidParams with a message of ours, and the handler does
// not run. After clangd's LSPBinder.
#pragma once

#include "server/lsp/protocol.h"

#include <functional>
#include <map>
#include <memory>
#include <string>

namespace pctlint::lsp {

// The answer to a long request, given later: its work runs in slices on the worker (later()),
// each a few milliseconds, so that the messages that arrive meanwhile (an edit, a pull for an
// open document) are handled between them; a $/cancelRequest ends it at the next slice.
class Responder {
public:
  virtual ~Responder() = default;
  virtual void reply(json result) = 0;
  virtual void error(int code, const std::string& message) = 0;
  // Runs `slice` on the worker after the messages waiting now, unless the request has been
  // cancelled by then (it is then answered RequestCancelled, after `on_cancel`).
  virtual void later(std::function<void()> slice) = 0;
  virtual void on_cancel(std::function<void()> cleanup) = 0; // ends a progress report, say
};

class Binder {
public:
  using Request = std::function<json(const json& params)>; // returns the result or throws
  using Notification = std::function<void(const json& params)>;
  // Starts the work and answers through the Responder, now or in a later slice.
  using LongRequest = std::function<void(const json& params, std::shared_ptr<Responder>)>;

  template <typename Params>
  void request(const std::string& method, std::function<json(const Params&)> handler) {
    requests_[method] = [method, handler = std::move(handler)](const json& params) {
      return handler(parsed<Params>(method, params));
    };
  }
  void request(const std::string& method, Request handler) {
    requests_[method] = std::move(handler);
  }
  template <typename Params>
  void long_request(const std::string& method,
                    std::function<void(const Params&, std::shared_ptr<Responder>)> handler) {
    long_requests_[method] = [method, handler = std::move(handler)](
                                 const json& params, std::shared_ptr<Responder> responder) {
      handler(parsed<Params>(method, params), std::move(responder));
    };
  }
  void long_request(const std::string& method, LongRequest handler) {
    long_requests_[method] = std::move(handler);
  }
  template <typename Params>
  void notification(const std::string& method, std::function<void(const Params&)> handler) {
    notifications_[method] = [method, handler = std::move(handler)](const json& params) {
      handler(parsed<Params>(method, params));
    };
  }
  void notification(const std::string& method, Notification handler) {
    notifications_[method] = std::move(handler);
  }

  const Request* find_request(const std::string& method) const {
    const auto it = requests_.find(method);
    return it == requests_.end() ? nullptr : &it->second;
  }
  const LongRequest* find_long_request(const std::string& method) const {
    const auto it = long_requests_.find(method);
    return it == long_requests_.end() ? nullptr : &it->second;
  }
  const Notification* find_notification(const std::string& method) const {
    const auto it = notifications_.find(method);
    return it == notifications_.end() ? nullptr : &it->second;
  }

private:
  template <typename Params> static Params parsed(const std::string& method, const json& j) {
    Params p;
    std::string error;
    if (!parse(j, p, error))
      throw RequestError{error_code::InvalidParams, method + ": invalid params: " + error};
    return p;
  }

  std::map<std::string, Request> requests_;
  std::map<std::string, LongRequest> long_requests_;
  std::map<std::string, Notification> notifications_;
};

} // namespace pctlint::lsp
