#include "server/lsp/server.h"
#include "server/version.h"

#include "core/canon.h"
#include "core/percent.h"
#include "core/url.h"
#include "rules/config.h"
#include "rules/engine.h"
#include "rules/rule.h"
#include "server/pipeline/configs.h"
#include "server/pipeline/files.h"
#include "server/lsp/draft_store.h"
#include "server/lsp/protocol.h"

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace pctlint::lsp {

namespace asio = boost::asio;

namespace {

struct RequestError {
  int code;
  std::string message;
};

class Server {
public:
  Server(Transport& t, const ServerOptions& o)
      : transport_(t), options_(o), work_(asio::make_work_guard(io_)) {
    debounce_ms_ = o.debounce_ms;
    bind_handlers();
    worker_ = std::thread([this] { io_.run(); });
  }
  ~Server() {
    work_.reset();
    io_.stop();
    if (worker_.joinable()) worker_.join();
  }

  int run() {
    for (;;) {
      std::string error;
      const auto body = transport_.read(error);
      if (!body) break; // end of input ends the server
      if (!error.empty()) {
        log(1, "pctlint: " + error);
        continue;
      }
      if (!dispatch(*body)) break; // exit
    }
    std::promise<void> drained;
    asio::post(io_, [&] { drained.set_value(); });
    drained.get_future().wait();
    return shutdown_ ? 0 : 1;
  }

private:
  using Handler = std::function<json(const json& params)>; // returns the result or throws
  using Notification = std::function<void(const json& params)>;

  // --- output ------------------------------------------------------------------------------------
  void send(const json& m) {
    transport_.write(m.dump(-1, ' ', false, json::error_handler_t::replace));
  }
  void reply(const json& id, json result) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void reply_error(const json& id, int code, const std::string& message) {
    send({{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}});
  }
  void notify(const std::string& method, json params) {
    send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  void request(const std::string& method, json params, std::function<void(const json&)> on_result) {
    const int id = next_request_id_++;
    {
      std::lock_guard lock(pending_mutex_);
      pending_[id] = std::move(on_result);
    }
    send({{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}});
  }
  void log(int type, const std::string& message) {
    if (options_.log) {
      std::fprintf(options_.log, "%s\n", message.c_str());
      std::fflush(options_.log);
    }
    if (type > 1 && !verbose_) return;
    notify("window/logMessage", {{"type", type}, {"message", message}});
  }

  // --- dispatch (reader thread)
  // ------------------------------------------------------------------- Returns false on `exit`.
  bool dispatch(const std::string& body) {
    json m;
    try {
      m = json::parse(body);
    } catch (const json::parse_error& e) {
      reply_error(nullptr, error_code::ParseError, std::string("invalid JSON: ") + e.what());
      return true;
    }
    if (!m.is_object() || m.value("jsonrpc", "") != "2.0") {
      reply_error(m.is_object() && m.contains("id") ? m["id"] : json(nullptr),
                  error_code::InvalidRequest, "not a JSON-RPC 2.0 message");
      return true;
    }
    const bool has_id = m.contains("id");
    if (has_id && !m["id"].is_number_integer() && !m["id"].is_string()) {
      reply_error(nullptr, error_code::InvalidRequest, "id must be an integer or a string");
      return true;
    }
    if (!m.contains("method")) { // a response to one of our requests
      if (!has_id) {
        reply_error(nullptr, error_code::InvalidRequest,
                    "neither a request, a notification nor a response");
        return true;
      }
      std::function<void(const json&)> done;
      if (m["id"].is_number_integer()) {
        std::lock_guard lock(pending_mutex_);
        if (auto it = pending_.find(m["id"].get<int>()); it != pending_.end()) {
          done = std::move(it->second);
          pending_.erase(it);
        }
      }
      if (done) {
        json result = m.value("result", json(nullptr));
        asio::post(io_, [done = std::move(done), result = std::move(result)] { done(result); });
      }
      return true;
    }
    if (!m["method"].is_string()) {
      reply_error(has_id ? m["id"] : json(nullptr), error_code::InvalidRequest,
                  "method must be a string");
      return true;
    }
    const std::string method = m["method"];
    json params = m.value("params", json::object());
    if (method == "exit") return false;
    if (!has_id) {
      if (method == "$/cancelRequest") {
        if (params.contains("id")) {
          std::lock_guard lock(cancel_mutex_);
          cancelled_.insert(params["id"].dump());
        }
        return true;
      }
      if (!initialized_ && method != "initialized") return true; // dropped, as the spec says
      const auto it = notifications_.find(method);
      if (it == notifications_.end()) return true; // unknown notifications are ignored
      asio::post(io_, [this, method, params = std::move(params), &fn = it->second] {
        try {
          fn(params);
        } catch (const std::exception& e) {
          log(1, "pctlint: " + method + ": invalid params: " + e.what());
        } catch (const RequestError& e) {
          log(1, "pctlint: " + method + ": " + e.message);
        }
      });
      return true;
    }
    const json id = m["id"];
    if (method == "initialize") {
      if (initialized_)
        return reply_error(id, error_code::InvalidRequest, "initialize was already called"), true;
    } else if (!initialized_) {
      reply_error(id, error_code::ServerNotInitialized, "the server is not initialized yet");
      return true;
    }
    if (shutdown_) {
      reply_error(id, error_code::InvalidRequest, "the server is shutting down");
      return true;
    }
    if (method == "shutdown") shutdown_ = true;
    const auto it = requests_.find(method);
    if (it == requests_.end()) {
      reply_error(id, error_code::MethodNotFound, "unknown method '" + method + "'");
      return true;
    }
    if (method == "initialize") initialized_ = true; // later messages may rely on it
    asio::post(io_, [this, id, params = std::move(params), &fn = it->second, method] {
      {
        std::lock_guard lock(cancel_mutex_);
        if (cancelled_.erase(id.dump()))
          return reply_error(id, error_code::RequestCancelled, "request cancelled");
      }
      try {
        reply(id, fn(params));
      } catch (const RequestError& e) {
        reply_error(id, e.code, e.message);
      } catch (const json::exception& e) {
        reply_error(id, error_code::InvalidParams, method + ": invalid params: " + e.what());
      } catch (const std::exception& e) {
        reply_error(id, error_code::InternalError, method + ": " + e.what());
      }
    });
    return true;
  }

  // --- handlers (worker thread)
  // -------------------------------------------------------------------
  void bind_handlers() {
    requests_["initialize"] = [this](const json& p) { return initialize(p); };
    requests_["shutdown"] = [](const json&) { return json(nullptr); };
    requests_["textDocument/codeAction"] = [this](const json& p) { return code_action(p); };
    requests_["textDocument/hover"] = [this](const json& p) { return hover(p); };
    requests_["textDocument/diagnostic"] = [this](const json& p) { return pull_diagnostics(p); };
    requests_["workspace/executeCommand"] = [this](const json& p) { return execute_command(p); };

    notifications_["initialized"] = [this](const json&) {
      if (configuration_request_) fetch_configuration();
    };
    notifications_["textDocument/didOpen"] = [this](const json& p) {
      const json& doc = p.at("textDocument");
      const std::string uri = doc.at("uri");
      drafts_.open(uri, {doc.at("text").get<std::string>(), doc.value("version", std::int64_t{0}),
                         language_of(doc.value("languageId", ""), uri)});
      schedule_lint(uri, 0);
    };
    notifications_["textDocument/didChange"] = [this](const json& p) {
      const std::string uri = p.at("textDocument").at("uri");
      const auto changes = p.at("contentChanges").get<std::vector<ContentChange>>();
      if (drafts_.change(uri, p.at("textDocument").value("version", std::int64_t{0}), changes,
                         encoding_))
        schedule_lint(uri, debounce_ms_);
    };
    notifications_["textDocument/didSave"] = [this](const json& p) {
      schedule_lint(p.at("textDocument").at("uri"), 0);
    };
    notifications_["textDocument/didClose"] = [this](const json& p) {
      const std::string uri = p.at("textDocument").at("uri");
      drafts_.close(uri);
      timers_.erase(uri);
      caches_.erase(uri);
      configs_.erase(uri);
      published_.erase(uri);
      if (!pull_diagnostics_)
        notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
    };
    notifications_["workspace/didChangeConfiguration"] = [this](const json& p) {
      const json settings = p.value("settings", json(nullptr));
      if (settings.is_object() && settings.contains("pctlint"))
        apply_settings(settings["pctlint"]);
      else if (configuration_request_)
        fetch_configuration();
    };
    notifications_["workspace/didChangeWatchedFiles"] = [this](const json&) {
      ++config_generation_; // .pctlint.json files are re-read on the next lint
      caches_.clear();
      configs_.clear();
      relint_all();
    };
    notifications_["$/setTrace"] = [this](const json& p) {
      verbose_ = p.value("value", "off") != "off";
    };
  }

  json initialize(const json& p) {
    const json caps = p.value("capabilities", json::object());
    const json general = caps.value("general", json::object());
    // positionEncoding (LSP 3.17): UTF-8 when offered, else UTF-32 if offered, else UTF-16.
    encoding_ = OffsetEncoding::Utf16;
    if (general.contains("positionEncodings") && general["positionEncodings"].is_array()) {
      const auto& offered = general["positionEncodings"];
      auto has = [&](const char* e) {
        return std::find(offered.begin(), offered.end(), e) != offered.end();
      };
      if (has("utf-8"))
        encoding_ = OffsetEncoding::Utf8;
      else if (has("utf-32"))
        encoding_ = OffsetEncoding::Utf32;
    }
    const json text_doc = caps.value("textDocument", json::object());
    pull_diagnostics_ = text_doc.contains("diagnostic");
    const json workspace = caps.value("workspace", json::object());
    document_changes_ =
        workspace.value("workspaceEdit", json::object()).value("documentChanges", false);
    configuration_request_ = workspace.value("configuration", false);
    work_done_progress_ = caps.value("window", json::object()).value("workDoneProgress", false);
    if (p.contains("workspaceFolders") && p["workspaceFolders"].is_array())
      for (const json& f : p["workspaceFolders"])
        if (auto path = uri_to_path(f.value("uri", ""))) workspace_folders_.push_back(*path);
    if (workspace_folders_.empty() && p.contains("rootUri") && p["rootUri"].is_string())
      if (auto path = uri_to_path(p["rootUri"].get<std::string>()))
        workspace_folders_.push_back(*path);
    const json init = p.value("initializationOptions", json(nullptr));
    if (init.is_object()) {
      if (init.contains("debounceMs") && init["debounceMs"].is_number_unsigned())
        debounce_ms_ = init["debounceMs"];
      json settings = init;
      settings.erase("debounceMs");
      apply_settings(settings, false);
    }
    json capabilities{
        {"positionEncoding", encoding_name(encoding_)},
        {"textDocumentSync",
         {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"codeActionProvider",
         {{"codeActionKinds", {"quickfix", "source.fixAll.pctlint"}}, {"resolveProvider", false}}},
        {"hoverProvider", true},
        {"executeCommandProvider", {{"commands", {"pctlint.checkWorkspace"}}}},
    };
    if (pull_diagnostics_)
      capabilities["diagnosticProvider"] = {{"identifier", "pctlint"},
                                            {"interFileDependencies", false},
                                            {"workspaceDiagnostics", false}};
    return {{"capabilities", capabilities},
            {"serverInfo", {{"name", "pctlint"}, {"version", kVersion}}}};
  }

  // --- configuration
  // ------------------------------------------------------------------------------
  void fetch_configuration() {
    request("workspace/configuration", {{"items", json::array({{{"section", "pctlint"}}})}},
            [this](const json& result) {
              if (result.is_array() && !result.empty() && result[0].is_object())
                apply_settings(result[0]);
            });
  }

  void apply_settings(const json& settings, bool relint = true) {
    // Validate now, so a bad setting is reported once and the previous settings stay.
    const ConfigResult r = parse_config(settings);
    if (!r.ok()) {
      const std::string message = "pctlint: invalid settings: " + r.describe("settings");
      log(1, message);
      notify("window/showMessage", {{"type", 1}, {"message", message}});
      return;
    }
    settings_ = settings;
    ++config_generation_;
    caches_.clear();
    configs_.clear();
    if (relint) relint_all();
  }

  // The nearest .pctlint.json above the document, then the editor's settings on top.
  // Cached per document until the configuration changes (a lint per keystroke should not walk
  // the file system).
  const Config& config_for(const std::string& uri) {
    if (auto it = configs_.find(uri); it != configs_.end()) return it->second;
    return configs_.emplace(uri, load_config(uri)).first->second;
  }
  Config load_config(const std::string& uri) {
    Config base;
    if (auto path = uri_to_path(uri)) {
      pipeline::ConfigCache cache(std::nullopt);
      const auto entry = cache.for_file(*path);
      if (!entry->error)
        base = entry->config;
      else
        log(1, "pctlint: " + *entry->error);
    }
    ConfigResult r = parse_config(settings_, std::move(base));
    return std::move(r.config);
  }

  // --- diagnostics
  // --------------------------------------------------------------------------------
  void schedule_lint(const std::string& uri, int delay_ms) {
    if (pull_diagnostics_) return; // the client asks when it wants them
    auto& timer = timers_[uri];
    if (!timer) timer = std::make_unique<asio::steady_timer>(io_);
    timer->expires_after(std::chrono::milliseconds(delay_ms));
    timer->async_wait([this, uri](const boost::system::error_code& ec) {
      if (!ec) publish(uri);
    });
  }

  void relint_all() {
    if (pull_diagnostics_) {
      notify_refresh();
      return;
    }
    for (const std::string& uri : drafts_.uris())
      schedule_lint(uri, 0);
  }
  void notify_refresh() {
    request("workspace/diagnostic/refresh", nullptr, [](const json&) {});
  }

  void publish(const std::string& uri) {
    const Draft* d = drafts_.get(uri);
    if (!d) return;
    const LintResult r = caches_[uri].lint(d->text, d->language, config_for(uri), false);
    const std::vector<Range> ranges = ranges_of(*d, r);
    // Written directly (see append_diagnostic_json); the same bytes as notify() would send.
    std::string message = R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics",)"
                          R"("params":{"diagnostics":[)";
    message.reserve(256 * r.diagnostics.size());
    for (std::size_t i = 0; i < r.diagnostics.size(); ++i) {
      if (i) message += ',';
      append_diagnostic_json(message, ranges[i], r.diagnostics[i]);
    }
    message += "],\"uri\":";
    append_json_string(message, uri);
    message += ",\"version\":" + std::to_string(d->version) + "}}";
    transport_.write(message);
  }

  Range range_of(const LineIndex& index, std::size_t begin, std::size_t end) const {
    const LinePosition a = index.position_of(begin, encoding_),
                       b = index.position_of(end, encoding_);
    return {{a.line, a.column}, {b.line, b.column}};
  }

  // The range of each diagnostic of `r`, in order, located without indexing every line of a long
  // document.
  std::vector<Range> ranges_of(const Draft& d, const LintResult& r) const {
    std::vector<std::size_t> offsets;
    offsets.reserve(2 * r.diagnostics.size());
    for (const Diagnostic& diag : r.diagnostics)
      offsets.push_back(diag.begin), offsets.push_back(diag.end);
    const LocatedOffsets located(d.text, std::move(offsets));
    auto pos = [&](std::size_t offset) {
      const LinePosition p = located.position_of(offset, encoding_);
      return Position{p.line, p.column};
    };
    std::vector<Range> ranges;
    ranges.reserve(r.diagnostics.size());
    for (const Diagnostic& diag : r.diagnostics)
      ranges.push_back({pos(diag.begin), pos(diag.end)});
    return ranges;
  }

  json diagnostics_json(const Draft& d, const LintResult& r) const {
    const std::vector<Range> ranges = ranges_of(d, r);
    json out = json::array();
    for (std::size_t i = 0; i < r.diagnostics.size(); ++i)
      out.push_back(diagnostic_to_json(ranges[i], r.diagnostics[i]));
    return out;
  }

  json pull_diagnostics(const json& p) {
    const std::string uri = p.at("textDocument").at("uri");
    const Draft* d = drafts_.get(uri);
    if (!d) throw RequestError{error_code::InvalidParams, "document not open: " + uri};
    const std::string result_id = std::to_string(d->version) + ":" +
                                  std::to_string(config_generation_) + ":" +
                                  std::to_string(d->text.size());
    if (p.value("previousResultId", "") == result_id)
      return {{"kind", "unchanged"}, {"resultId", result_id}};
    const LintResult r = caches_[uri].lint(d->text, d->language, config_for(uri), false);
    return {{"kind", "full"}, {"resultId", result_id}, {"items", diagnostics_json(*d, r)}};
  }

  // --- code actions
  // -------------------------------------------------------------------------------
  const Draft& draft_of(const json& p, std::string& uri) {
    uri = p.at("textDocument").at("uri");
    const Draft* d = drafts_.get(uri);
    if (!d) throw RequestError{error_code::InvalidParams, "document not open: " + uri};
    return *d;
  }

  json workspace_edit(const std::string& uri, const Draft& d,
                      const std::vector<Edit>& edits) const {
    const LineIndex index(d.text);
    json text_edits = json::array();
    for (const Edit& e : edits)
      text_edits.push_back(TextEdit{range_of(index, e.begin, e.end), e.replacement});
    if (document_changes_)
      return {{"documentChanges",
               json::array({{{"textDocument", {{"uri", uri}, {"version", d.version}}},
                             {"edits", text_edits}}})}};
    return {{"changes", {{uri, text_edits}}}};
  }

  // The smallest single edit turning `before` into `after`.
  static Edit minimal_edit(std::string_view before, std::string_view after) {
    std::size_t prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix])
      ++prefix;
    // Never split a UTF-8 character.
    while (prefix > 0 && (static_cast<unsigned char>(before[prefix]) & 0xC0) == 0x80)
      --prefix;
    std::size_t suffix = 0;
    while (suffix < before.size() - prefix && suffix < after.size() - prefix &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
      ++suffix;
    while (suffix > 0 &&
           (static_cast<unsigned char>(before[before.size() - suffix]) & 0xC0) == 0x80)
      --suffix;
    return {prefix, before.size() - suffix,
            std::string(after.substr(prefix, after.size() - suffix - prefix))};
  }

  json code_action(const json& p) {
    std::string uri;
    const Draft& d = draft_of(p, uri);
    const LineIndex index(d.text);
    const Range range = p.at("range").get<Range>();
    const std::size_t begin = index.offset_of({range.start.line, range.start.character}, encoding_);
    const std::size_t end = index.offset_of({range.end.line, range.end.character}, encoding_);
    std::vector<std::string> only;
    if (p.contains("context") && p["context"].contains("only"))
      only = p["context"]["only"].get<std::vector<std::string>>();
    auto wanted = [&](const std::string& kind) {
      if (only.empty()) return true;
      for (const std::string& o : only)
        if (kind == o || kind.starts_with(o + ".")) return true;
      return false;
    };
    const Config config = config_for(uri);
    const LintResult r = lint(d.text, d.language, config);
    json actions = json::array();
    if (wanted("quickfix")) {
      std::set<std::string> disable_offered;
      for (const Diagnostic& diag : r.diagnostics) {
        if (diag.end < begin || diag.begin > end) continue;
        const json diag_json = diagnostic_to_json(range_of(index, diag.begin, diag.end), diag);
        if (diag.fix) {
          const bool safe = diag.fix->applicability == Applicability::Safe;
          actions.push_back({{"title", diag.fix->title + (safe ? "" : " (unsafe)")},
                             {"kind", "quickfix"},
                             {"diagnostics", json::array({diag_json})},
                             {"isPreferred", safe},
                             {"edit", workspace_edit(uri, d, diag.fix->edits)}});
        }
        const std::string id(diag.rule->id);
        if (disable_offered.insert(id).second)
          if (auto e = disable_for_line_edit(d.text, d.language, diag.begin, id))
            actions.push_back({{"title", "Disable " + id + " for this line"},
                               {"kind", "quickfix"},
                               {"diagnostics", json::array({diag_json})},
                               {"edit", workspace_edit(uri, d, {*e})}});
      }
    }
    if (wanted("source.fixAll.pctlint")) {
      const FixResult fixed = fix_all(d.text, d.language, config, false);
      if (fixed.text != d.text)
        actions.push_back({{"title", "Fix all pctlint problems"},
                           {"kind", "source.fixAll.pctlint"},
                           {"edit", workspace_edit(uri, d, {minimal_edit(d.text, fixed.text)})}});
    }
    return actions;
  }

  // --- hover
  // --------------------------------------------------------------------------------------
  json hover(const json& p) {
    std::string uri;
    const Draft& d = draft_of(p, uri);
    const Position pos = p.at("position").get<Position>();
    const LineIndex index(d.text);
    const std::size_t at = index.offset_of({pos.line, pos.character}, encoding_);
    const LintResult r = lint(d.text, d.language, config_for(uri));
    for (const FoundUrl& url : r.urls) {
      if (at < url.source_begin || at >= url.source_end) continue;
      std::string md =
          "**URL** `" + url.text + "`\n\n| component | as written | decoded |\n|---|---|---|\n";
      const UrlParts parts = split_url(url.text);
      for (auto c :
           {UrlComponent::Scheme, UrlComponent::Userinfo, UrlComponent::Host, UrlComponent::Port,
            UrlComponent::Path, UrlComponent::Query, UrlComponent::Fragment}) {
        const auto span = parts.get(c);
        if (!span || span->empty()) continue;
        const std::string_view raw = span->in(url.text);
        const auto strict = decode_strict(raw);
        const std::string decoded =
            strict.ok() ? strict.bytes : decode_lenient(raw) + " (ill-formed)";
        auto cell = [](std::string s) {
          std::string out;
          for (char ch : s)
            out += ch == '|' ? std::string("\\|") : std::string(1, ch);
          return "`" + out + "`";
        };
        md += "| " + std::string(name_of(c)) + " | " + cell(std::string(raw)) + " | " +
              cell(decoded) + " |\n";
      }
      const std::string canon = canonicalize(url.text);
      md += "\n**Canonical form** `" + canon + "`" + (canon == url.text ? " (as written)" : "") +
            "\n";
      bool first = true;
      for (const Diagnostic& diag : r.diagnostics) {
        if (diag.url_begin != url.source_begin) continue;
        if (first) md += "\n**Findings**\n\n";
        first = false;
        md += "- " + std::string(diag.rule->id) + " " + std::string(diag.rule->name) + ": " +
              diag.message + "\n";
      }
      return {{"contents", {{"kind", "markdown"}, {"value", md}}},
              {"range", range_of(index, url.source_begin, url.source_end)}};
    }
    return nullptr;
  }

  // --- workspace check
  // ----------------------------------------------------------------------------
  json execute_command(const json& p) {
    if (p.at("command") != "pctlint.checkWorkspace")
      throw RequestError{error_code::InvalidParams, "unknown command " + p.at("command").dump()};
    const json token =
        p.contains("workDoneToken") ? p["workDoneToken"] : json("pctlint.checkWorkspace");
    const bool progress = p.contains("workDoneToken") || work_done_progress_;
    if (progress && !p.contains("workDoneToken"))
      request("window/workDoneProgress/create", {{"token", token}}, [](const json&) {});
    const pipeline::FileList files = pipeline::discover(workspace_folders_, false, false);
    if (progress)
      notify(
          "$/progress",
          {{"token", token},
           {"value",
            {{"kind", "begin"}, {"title", "pctlint: checking the workspace"}, {"percentage", 0}}}});
    std::size_t problems = 0, done = 0;
    for (const std::string& path : files.files) {
      const std::string uri =
          path_to_uri(std::filesystem::absolute(path).lexically_normal().string());
      ++done;
      if (drafts_.get(uri)) continue; // open documents are already reported
      std::string error;
      const auto text = pipeline::read_file(path, error);
      if (!text || text->find('\0') != std::string::npos) continue;
      const Config config = config_for(uri);
      if (text->size() > config.max_file_size) continue;
      const Draft d{*text, 0, language_for_path(path)};
      const LintResult r = lint(d.text, d.language, config);
      problems += r.diagnostics.size();
      notify("textDocument/publishDiagnostics",
             {{"uri", uri}, {"diagnostics", diagnostics_json(d, r)}});
      if (progress && done % 50 == 0)
        notify("$/progress",
               {{"token", token},
                {"value",
                 {{"kind", "report"},
                  {"message",
                   std::to_string(done) + "/" + std::to_string(files.files.size()) + " files"},
                  {"percentage", done * 100 / std::max<std::size_t>(files.files.size(), 1)}}}});
    }
    if (progress)
      notify("$/progress", {{"token", token},
                            {"value",
                             {{"kind", "end"},
                              {"message", std::to_string(problems) + " problems in " +
                                              std::to_string(files.files.size()) + " files"}}}});
    return {{"files", files.files.size()}, {"problems", problems}};
  }

  Transport& transport_;
  ServerOptions options_;
  asio::io_context io_;
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  std::thread worker_;
  std::map<std::string, Handler> requests_;
  std::map<std::string, Notification> notifications_;

  // Reader-thread state (atomics and mutexes: the worker reads some of it).
  std::atomic<bool> initialized_{false}, shutdown_{false};
  std::mutex cancel_mutex_;
  std::set<std::string> cancelled_;
  std::mutex pending_mutex_;
  std::map<int, std::function<void(const json&)>> pending_;
  std::atomic<int> next_request_id_{1};
  std::atomic<bool> verbose_{false};

  // Worker-thread state.
  DraftStore drafts_;
  std::map<std::string, LintCache> caches_; // per open document: a keystroke re-lints one line
  std::map<std::string, Config> configs_;   // per document, until the configuration changes
  std::map<std::string, std::unique_ptr<asio::steady_timer>> timers_;
  std::set<std::string> published_;
  OffsetEncoding encoding_ = OffsetEncoding::Utf16;
  bool pull_diagnostics_ = false, document_changes_ = false, configuration_request_ = false,
       work_done_progress_ = false;
  std::vector<std::string> workspace_folders_;
  json settings_ = json::object();
  int config_generation_ = 0;
  int debounce_ms_ = 1;
};

} // namespace

int serve(Transport& transport, const ServerOptions& options) {
  Server server(transport, options);
  return server.run();
}

} // namespace pctlint::lsp
