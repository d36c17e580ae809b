#include "server/lsp/jsonrpc.h"

#include "rules/json_text.h"

namespace pctlint::lsp {

namespace {

// Deeper than any LSP message nests; bounded before anything recurses over it.
constexpr std::size_t kMaxDepth = 64;

} // namespace

std::optional<Message> Connection::read() {
  for (;;) {
    std::string error;
    const auto body = transport_.read(error);
    if (!body) return std::nullopt;
    if (!error.empty()) {
      if (log_) log_("pctlint: " + error);
      continue;
    }
    JsonOptions options;
    options.max_depth = kMaxDepth;
    const JsonParse parsed = parse_json(*body, options);
    if (!parsed.value) {
      reply_error(nullptr, error_code::ParseError, "invalid JSON: " + parsed.error);
      // A parse error answers no request, and a client need not show it: if the message was an
      // edit (invalid UTF-8 in its text), our copy of the document is now out of step, which the
      // user must hear of.
      notify("window/showMessage",
             {{"type", 2},
              {"message",
               "pctlint could not read a message from the editor (invalid JSON: " + parsed.error +
                   "); if it was an edit, pctlint's copy of the document is out of "
                   "step: close and reopen the document"}});
      continue;
    }
    const json& m = *parsed.value;
    const bool object = m.is_object();
    const auto member = [&](const char* k) -> const json* {
      if (!object) return nullptr;
      const auto it = m.find(k);
      return it == m.end() ? nullptr : &*it;
    };
    const json* id = member("id");
    const bool valid_id = id && (id->is_number_integer() || id->is_string());
    const json* version = member("jsonrpc");
    if (!object || !version || !version->is_string() || *version != "2.0") {
      reply_error(valid_id ? *id : json(nullptr), error_code::InvalidRequest,
                  "not a JSON-RPC 2.0 message (\"jsonrpc\": \"2.0\" missing)");
      continue;
    }
    if (id && !valid_id) {
      reply_error(nullptr, error_code::InvalidRequest, "id must be an integer or a string");
      continue;
    }
    const json* method = member("method");
    if (!method) {
      if (!id) {
        reply_error(nullptr, error_code::InvalidRequest,
                    "neither a request, a notification nor a response");
        continue;
      }
      Message r;
      r.kind = Message::Kind::Response;
      r.id = *id;
      if (const json* result = member("result")) r.result = *result;
      r.failed = member("error") != nullptr;
      r.bytes = body->size();
      return r;
    }
    if (!method->is_string()) {
      reply_error(id ? *id : json(nullptr), error_code::InvalidRequest, "method must be a string");
      continue;
    }
    const json* params = member("params");
    if (params && !params->is_object() && !params->is_array() && !params->is_null()) {
      if (id) reply_error(*id, error_code::InvalidParams, "params must be an object or an array");
      continue;
    }
    Message r;
    r.kind = id ? Message::Kind::Request : Message::Kind::Notification;
    if (id) r.id = *id;
    r.method = method->get<std::string>();
    r.params = params ? *params : json::object();
    r.bytes = body->size();
    return r;
  }
}

void Connection::send(const json& m) {
  transport_.write(m.dump(-1, ' ', false, json::error_handler_t::replace));
}

void Connection::reply(const json& id, const json& result) {
  send({{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
}

void Connection::reply_error(const json& id, int code, const std::string& message) {
  send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
}

void Connection::notify(const std::string& method, const json& params) {
  send({{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
}

void Connection::request(const std::string& method, const json& params, OnResult on_result) {
  const int id = next_id_++;
  {
    std::lock_guard lock(pending_mutex_);
    pending_[id] = std::move(on_result);
  }
  send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}});
}

Connection::OnResult Connection::take_pending(const json& id) {
  if (!id.is_number_integer()) return {};
  std::lock_guard lock(pending_mutex_);
  const auto it = pending_.find(id.get<int>());
  if (it == pending_.end()) return {};
  OnResult done = std::move(it->second);
  pending_.erase(it);
  return done;
}

void Connection::started(const json& id) {
  std::lock_guard lock(flight_mutex_);
  in_flight_[key(id)] = false;
}

void Connection::cancel(const json& id) {
  std::lock_guard lock(flight_mutex_);
  if (const auto it = in_flight_.find(key(id)); it != in_flight_.end()) it->second = true;
}

bool Connection::cancelled(const json& id) {
  std::lock_guard lock(flight_mutex_);
  const auto it = in_flight_.find(key(id));
  return it != in_flight_.end() && it->second;
}

bool Connection::finished(const json& id) {
  std::lock_guard lock(flight_mutex_);
  const auto it = in_flight_.find(key(id));
  if (it == in_flight_.end()) return false;
  const bool cancelled = it->second;
  in_flight_.erase(it);
  return cancelled;
}

} // namespace pctlint::lsp
