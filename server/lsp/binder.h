// Method name -> handler, with typed params (protocol.h): when the params do not have the shape
// the handler reads, the client gets InvalidParams with a message of ours, and the handler does
// not run. After clangd's LSPBinder.
#pragma once

#include "server/lsp/protocol.h"

#include <functional>
#include <map>
#include <string>

namespace pctlint::lsp {

class Binder {
public:
  using Request = std::function<json(const json& params)>; // returns the result or throws
  using Notification = std::function<void(const json& params)>;

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
  std::map<std::string, Notification> notifications_;
};

} // namespace pctlint::lsp
