#include "server/lsp/protocol.h"

#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "rules/rule.h"

#include <algorithm>
#include <cctype>

namespace pctlint::lsp {

void to_json(json& j, const Position& p) {
  j = {{"line", p.line}, {"character", p.character}};
}
void to_json(json& j, const Range& r) {
  j = {{"start", r.start}, {"end", r.end}};
}
void to_json(json& j, const TextEdit& e) {
  j = {{"range", e.range}, {"newText", e.newText}};
}

namespace {

std::string kind_of(const json& j) {
  switch (j.type()) {
  case json::value_t::null:
    return "null";
  case json::value_t::object:
    return "an object";
  case json::value_t::array:
    return "an array";
  case json::value_t::string:
    return "a string";
  case json::value_t::boolean:
    return "a boolean";
  case json::value_t::number_integer:
  case json::value_t::number_unsigned:
    return "an integer";
  case json::value_t::number_float:
    return "a number";
  default:
    return "a value of another kind";
  }
}

} // namespace

bool Reader::fail(const std::string& path, const std::string& what, const json& got) {
  if (error.empty())
    error = (path.empty() ? "params" : path) + ": expected " + what + ", got " + kind_of(got);
  return false;
}

const json* Reader::member(const json& j, const std::string& path, const char* key, bool required) {
  if (!ok()) return nullptr;
  if (!j.is_object()) {
    fail(path, "an object", j);
    return nullptr;
  }
  const auto it = j.find(key);
  if (it == j.end()) {
    if (required) error = join(path, key) + ": missing";
    return nullptr;
  }
  return &*it;
}

bool Reader::read(const json& j, const std::string& path, std::string& out) {
  if (!j.is_string()) return fail(path, "a string", j);
  out = j.get_ref<const std::string&>();
  return true;
}

bool Reader::read(const json& j, const std::string& path, std::int64_t& out) {
  if (j.is_number_unsigned() && j.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX)) {
    out = static_cast<std::int64_t>(j.get<std::uint64_t>());
    return true;
  }
  if (j.is_number_integer() && !j.is_number_unsigned()) {
    out = j.get<std::int64_t>();
    return true;
  }
  return fail(path, "an integer", j);
}

bool Reader::read(const json& j, const std::string& path, std::size_t& out) {
  // LSP's uinteger: 0 to 2^31 - 1.
  if (!j.is_number_unsigned() || j.get<std::uint64_t>() > 2147483647u)
    return fail(path, "an integer from 0 to 2147483647", j);
  out = static_cast<std::size_t>(j.get<std::uint64_t>());
  return true;
}

bool Reader::read(const json& j, const std::string& path, bool& out) {
  if (!j.is_boolean()) return fail(path, "true or false", j);
  out = j.get<bool>();
  return true;
}

bool Reader::read(const json& j, const std::string& path, Position& out) {
  return field(j, path, "line", out.line) && field(j, path, "character", out.character);
}

bool Reader::read(const json& j, const std::string& path, Range& out) {
  return field(j, path, "start", out.start) && field(j, path, "end", out.end);
}

namespace {

// A nested member as json (or null), without exceptions.
const json& at(const json& j, std::initializer_list<const char*> keys) {
  static const json kNull;
  const json* cur = &j;
  for (const char* k : keys) {
    if (!cur->is_object()) return kNull;
    const auto it = cur->find(k);
    if (it == cur->end()) return kNull;
    cur = &*it;
  }
  return *cur;
}

bool flag(const json& j, std::initializer_list<const char*> keys) {
  const json& v = at(j, keys);
  return v.is_object() || (v.is_boolean() && v.get<bool>());
}

bool boolean(const json& j, std::initializer_list<const char*> keys) {
  const json& v = at(j, keys);
  return v.is_boolean() && v.get<bool>();
}

} // namespace

bool parse(const json& j, InitializeParams& out, std::string& error) {
  if (!j.is_object()) {
    error = "params: expected an object";
    return false;
  }
  const json& caps = at(j, {"capabilities"});
  ClientCapabilities& c = out.capabilities;
  if (const json& e = at(caps, {"general", "positionEncodings"}); e.is_array())
    for (const json& name : e)
      if (name.is_string()) c.position_encodings.push_back(name);
  c.pull_diagnostics = flag(caps, {"textDocument", "diagnostic"});
  c.workspace_diagnostics = boolean(caps, {"workspace", "diagnostics", "refreshSupport"});
  c.document_changes = boolean(caps, {"workspace", "workspaceEdit", "documentChanges"});
  c.configuration = boolean(caps, {"workspace", "configuration"});
  c.watched_files_registration =
      boolean(caps, {"workspace", "didChangeWatchedFiles", "dynamicRegistration"});
  c.work_done_progress = boolean(caps, {"window", "workDoneProgress"});
  if (const json& props = at(caps, {"textDocument", "codeAction", "resolveSupport", "properties"});
      props.is_array())
    c.code_action_resolve = std::find(props.begin(), props.end(), "edit") != props.end();
  if (const json& tags = at(caps, {"textDocument", "publishDiagnostics", "tagSupport", "valueSet"});
      tags.is_array())
    c.unnecessary_tag = std::find(tags.begin(), tags.end(), 1) != tags.end();
  // The formats in the client's order of preference; markdown unless plaintext comes first or
  // markdown is not listed.
  if (const json& formats = at(caps, {"textDocument", "hover", "contentFormat"});
      formats.is_array() && !formats.empty()) {
    const auto markdown = std::find(formats.begin(), formats.end(), "markdown");
    const auto plain = std::find(formats.begin(), formats.end(), "plaintext");
    c.hover_markdown = markdown != formats.end() && (plain == formats.end() || markdown < plain);
  }
  if (const json& folders = at(j, {"workspaceFolders"}); folders.is_array())
    for (const json& f : folders)
      if (const json& uri = at(f, {"uri"}); uri.is_string())
        if (auto path = uri_to_path(uri.get<std::string>())) out.workspace_folders.push_back(*path);
  if (out.workspace_folders.empty())
    if (const json& root = at(j, {"rootUri"}); root.is_string())
      if (auto path = uri_to_path(root.get<std::string>())) out.workspace_folders.push_back(*path);
  out.initialization_options = at(j, {"initializationOptions"});
  return true;
}

bool parse(const json& j, TextDocumentItem& out, std::string& error) {
  Reader r;
  const json* doc = r.member(j, "", "textDocument", true);
  if (doc) {
    r.field(*doc, "textDocument", "uri", out.uri) &&
        r.field(*doc, "textDocument", "text", out.text);
    std::optional<std::string> id;
    std::optional<std::int64_t> version;
    r.optional(*doc, "textDocument", "languageId", id);
    r.optional(*doc, "textDocument", "version", version);
    out.language_id = id.value_or("");
    out.version = version.value_or(0);
  }
  error = r.error;
  return r.ok();
}

bool parse(const json& j, DidChangeParams& out, std::string& error) {
  Reader r;
  if (const json* doc = r.member(j, "", "textDocument", true)) {
    std::optional<std::int64_t> version;
    r.field(*doc, "textDocument", "uri", out.uri);
    r.optional(*doc, "textDocument", "version", version);
    out.version = version.value_or(0);
  }
  if (const json* changes = r.member(j, "", "contentChanges", true)) {
    if (!changes->is_array()) {
      r.fail("contentChanges", "an array", *changes);
    } else {
      for (std::size_t i = 0; i < changes->size() && r.ok(); ++i) {
        const std::string path = "contentChanges[" + std::to_string(i) + "]";
        ContentChange c;
        r.field((*changes)[i], path, "text", c.text);
        r.optional((*changes)[i], path, "range", c.range);
        out.changes.push_back(std::move(c));
      }
    }
  }
  error = r.error;
  return r.ok();
}

bool parse(const json& j, DocumentParams& out, std::string& error) {
  Reader r;
  if (const json* doc = r.member(j, "", "textDocument", true))
    r.field(*doc, "textDocument", "uri", out.uri);
  r.optional(j, "", "previousResultId", out.previous_result_id);
  error = r.error;
  return r.ok();
}

bool parse(const json& j, PositionParams& out, std::string& error) {
  Reader r;
  if (const json* doc = r.member(j, "", "textDocument", true))
    r.field(*doc, "textDocument", "uri", out.uri);
  r.field(j, "", "position", out.position);
  error = r.error;
  return r.ok();
}

bool parse(const json& j, CodeActionParams& out, std::string& error) {
  Reader r;
  if (const json* doc = r.member(j, "", "textDocument", true))
    r.field(*doc, "textDocument", "uri", out.uri);
  r.field(j, "", "range", out.range);
  if (const json* context = r.member(j, "", "context", false)) {
    if (const json* diagnostics = r.member(*context, "context", "diagnostics", false);
        diagnostics && diagnostics->is_array()) {
      for (std::size_t i = 0; i < diagnostics->size() && r.ok(); ++i) {
        const std::string path = "context.diagnostics[" + std::to_string(i) + "]";
        Range range;
        if (!r.field((*diagnostics)[i], path, "range", range)) break;
        out.diagnostic_ranges.push_back(range);
        const json& code = at((*diagnostics)[i], {"code"});
        out.diagnostic_codes.push_back(code.is_string() ? code.get<std::string>() : "");
        const json& message = at((*diagnostics)[i], {"message"});
        out.diagnostic_messages.push_back(message.is_string() ? message.get<std::string>() : "");
      }
    }
    // "only": an array of kinds, or one kind as a string (as some clients send it).
    if (const json* only = r.member(*context, "context", "only", false)) {
      if (only->is_string()) {
        out.only.push_back(only->get<std::string>());
      } else if (only->is_array()) {
        for (const json& k : *only)
          if (k.is_string()) out.only.push_back(k.get<std::string>());
      } else if (!only->is_null()) {
        r.fail("context.only", "an array of code action kinds", *only);
      }
    }
  }
  error = r.error;
  return r.ok();
}

bool parse(const json& j, ExecuteCommandParams& out, std::string& error) {
  Reader r;
  r.field(j, "", "command", out.command);
  if (const json* token = r.member(j, "", "workDoneToken", false))
    if (token->is_string() || token->is_number_integer()) out.work_done_token = *token;
  error = r.error;
  return r.ok();
}

int lsp_severity(Severity s) {
  switch (s) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  default:
    return 3;
  }
}

std::string_view encoding_name(OffsetEncoding e) {
  switch (e) {
  case OffsetEncoding::Utf8:
    return "utf-8";
  case OffsetEncoding::Utf16:
    return "utf-16";
  case OffsetEncoding::Utf32:
    return "utf-32";
  }
  return "utf-16";
}

std::optional<OffsetEncoding> encoding_named(std::string_view name) {
  for (OffsetEncoding e : {OffsetEncoding::Utf8, OffsetEncoding::Utf16, OffsetEncoding::Utf32})
    if (encoding_name(e) == name) return e;
  return std::nullopt;
}

namespace {

bool is_drive(std::string_view s) { // "c:" at the start
  return s.size() >= 2 && std::isalpha(static_cast<unsigned char>(s[0])) && s[1] == ':' &&
         (s.size() == 2 || s[2] == '/' || s[2] == '\\');
}

} // namespace

std::optional<std::string> uri_to_path(std::string_view uri, PathStyle style) {
  if (!uri.starts_with("file://")) return std::nullopt;
  std::string_view rest = uri.substr(7);
  std::string_view host;
  if (!rest.empty() && rest[0] != '/') {
    const std::size_t slash = std::min(rest.find('/'), rest.size());
    host = rest.substr(0, slash);
    rest = rest.substr(slash);
  }
  std::string path = decode_lenient(rest, {.require_utf8 = false});
  if (style == PathStyle::Windows) {
    if (!host.empty() && host != "localhost") return "//" + std::string(host) + path; // UNC
    if (path.size() >= 3 && path[0] == '/' && is_drive(std::string_view(path).substr(1)))
      path.erase(0, 1); // "/c:/x" -> "c:/x"
  }
  return path;
}

std::string path_to_uri(std::string_view path, PathStyle style) {
  static constexpr CharSet kPathChars = charsets::path - CharSet(":");
  if (style == PathStyle::Windows) {
    std::string p(path);
    std::replace(p.begin(), p.end(), '\\', '/');
    if (p.starts_with("//?/")) p.erase(0, 4); // a long path's prefix
    if (p.starts_with("//")) {                // UNC: the server is the URI's host
      const std::size_t slash = std::min(p.find('/', 2), p.size());
      return "file://" + p.substr(2, slash - 2) + percent_encode(p.substr(slash), kPathChars);
    }
    if (is_drive(p)) { // VS Code's spelling: lower-case drive letter, ':' encoded
      p[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(p[0])));
      p.insert(0, 1, '/');
    }
    return "file://" + percent_encode(p, kPathChars);
  }
  return "file://" + percent_encode(path, kPathChars);
}

namespace {

// PCT008 finds what is harmless and may go: editors grey it out.
bool is_unnecessary(const Diagnostic& d) {
  return d.rule->id == "PCT008";
}

} // namespace

json diagnostic_to_json(const Range& range, const Diagnostic& d, bool unnecessary_tag) {
  json j{{"range", range},      {"severity", lsp_severity(d.severity)},
         {"code", d.rule->id},  {"codeDescription", {{"href", rule_doc_url(*d.rule)}}},
         {"source", "pctlint"}, {"message", d.message}};
  if (unnecessary_tag && is_unnecessary(d)) j["tags"] = json::array({1});
  return j;
}

void append_json_string(std::string& out, std::string_view s) {
  const bool plain = std::all_of(
      s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; });
  if (!plain) {
    out += json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  out += '"';
  out += s;
  out += '"';
}

void append_diagnostic_json(std::string& out, const Range& range, const Diagnostic& d,
                            bool unnecessary_tag) {
  auto number = [&](std::size_t n) { out += std::to_string(n); };
  // Keys in the order json's std::map dumps them, so both forms are byte-identical.
  out += "{\"code\":";
  append_json_string(out, d.rule->id);
  out += ",\"codeDescription\":{\"href\":";
  append_json_string(out, rule_doc_url(*d.rule));
  out += "},\"message\":";
  append_json_string(out, d.message);
  out += ",\"range\":{\"end\":{\"character\":";
  number(range.end.character);
  out += ",\"line\":";
  number(range.end.line);
  out += "},\"start\":{\"character\":";
  number(range.start.character);
  out += ",\"line\":";
  number(range.start.line);
  out += "}},\"severity\":";
  number(static_cast<std::size_t>(lsp_severity(d.severity)));
  out += ",\"source\":\"pctlint\"";
  if (unnecessary_tag && is_unnecessary(d)) out += ",\"tags\":[1]";
  out += "}";
}

} // namespace pctlint::lsp
