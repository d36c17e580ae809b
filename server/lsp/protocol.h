// The LSP 3.17 messages pctlint reads, as typed structs read from JSON with messages of ours
// ("textDocument.uri: expected a string, got a number"), never a library's exception text; the
// pieces it writes; error codes. Positions are in the negotiated encoding's units.
#pragma once

#include "core/codec/position.h"
#include "rules/diagnostic.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace pctlint::lsp {

using nlohmann::json;

namespace error_code {
inline constexpr int ParseError = -32700;
inline constexpr int InvalidRequest = -32600;
inline constexpr int MethodNotFound = -32601;
inline constexpr int InvalidParams = -32602;
inline constexpr int InternalError = -32603;
inline constexpr int ServerNotInitialized = -32002;
inline constexpr int RequestCancelled = -32800;
} // namespace error_code

// An error a handler answers with.
struct RequestError {
  int code;
  std::string message;
};

struct Position {
  std::size_t line = 0;
  std::size_t character = 0;
};
void to_json(json& j, const Position& p);

struct Range {
  Position start, end;
};
void to_json(json& j, const Range& r);

struct TextEdit {
  Range range;
  std::string newText;
};
void to_json(json& j, const TextEdit& e);

// Reading params. Each read_* returns false and sets `error` ("range.start.line: expected a
// non-negative integer") when the JSON does not have the shape.
struct Reader {
  std::string error;
  bool ok() const { return error.empty(); }
  // The member `key` of object `j` (at `path`), or null when absent; an error if `j` is no object.
  const json* member(const json& j, const std::string& path, const char* key, bool required);
  bool read(const json& j, const std::string& path, std::string& out);
  bool read(const json& j, const std::string& path, std::int64_t& out);
  bool read(const json& j, const std::string& path, std::size_t& out);
  bool read(const json& j, const std::string& path, bool& out);
  bool read(const json& j, const std::string& path, Position& out);
  bool read(const json& j, const std::string& path, Range& out);
  bool fail(const std::string& path, const std::string& what, const json& got);
  template <typename T>
  bool field(const json& j, const std::string& path, const char* key, T& out) {
    const json* m = member(j, path, key, true);
    return m && read(*m, join(path, key), out);
  }
  template <typename T>
  bool optional(const json& j, const std::string& path, const char* key, std::optional<T>& out) {
    const json* m = member(j, path, key, false);
    if (!m || m->is_null()) return ok();
    T value{};
    if (!read(*m, join(path, key), value)) return false;
    out = std::move(value);
    return true;
  }
  static std::string join(const std::string& path, const char* key) {
    return path.empty() ? key : path + "." + key;
  }
};

struct ClientCapabilities {
  std::vector<std::string> position_encodings;
  bool pull_diagnostics = false;           // textDocument.diagnostic
  bool workspace_diagnostics = false;      // workspace.diagnostics.refreshSupport (pull for all)
  bool document_changes = false;           // workspace.workspaceEdit.documentChanges
  bool configuration = false;              // workspace.configuration
  bool watched_files_registration = false; // workspace.didChangeWatchedFiles.dynamicRegistration
  bool work_done_progress = false;         // window.workDoneProgress
  bool code_action_resolve = false;        // textDocument.codeAction.resolveSupport "edit"
  bool unnecessary_tag = false;            // textDocument.publishDiagnostics.tagSupport has 1
  bool hover_markdown = true;              // textDocument.hover.contentFormat prefers markdown
};

struct InitializeParams {
  ClientCapabilities capabilities;
  std::vector<std::string> workspace_folders; // file paths
  json initialization_options;                // settings, debounceMs, positionEncoding
};
bool parse(const json& j, InitializeParams& out, std::string& error);

struct TextDocumentItem {
  std::string uri, language_id, text;
  std::int64_t version = 0;
};
bool parse(const json& j, TextDocumentItem& out, std::string& error); // didOpen's params

// One entry of didChange's contentChanges: a range edit, or the whole text when range is absent.
struct ContentChange {
  std::optional<Range> range;
  std::string text;
};
struct DidChangeParams {
  std::string uri;
  std::int64_t version = 0;
  std::vector<ContentChange> changes;
};
bool parse(const json& j, DidChangeParams& out, std::string& error);

// Params naming only a document: didClose, didSave, pull diagnostics, documentLink.
struct DocumentParams {
  std::string uri;
  std::optional<std::string> previous_result_id;
};
bool parse(const json& j, DocumentParams& out, std::string& error);

struct PositionParams { // hover
  std::string uri;
  Position position;
};
bool parse(const json& j, PositionParams& out, std::string& error);

struct CodeActionParams {
  std::string uri;
  Range range;
  std::vector<Range> diagnostic_ranges;      // context.diagnostics: the ones the client asks about
  std::vector<std::string> diagnostic_codes; // ... and their codes
  std::vector<std::string> diagnostic_messages; // ... and their messages
  std::vector<std::string> only;                // context.only: a string or an array of them
};
bool parse(const json& j, CodeActionParams& out, std::string& error);

struct ExecuteCommandParams {
  std::string command;
  std::optional<json> work_done_token;
};
bool parse(const json& j, ExecuteCommandParams& out, std::string& error);

int lsp_severity(Severity s); // 1 error, 2 warning, 3 information

// A Diagnostic as LSP sends it: the DOM form (pull diagnostics, code actions) and the same JSON
// written straight into text, for publishDiagnostics of a long document at every keystroke,
// where building and dumping thousands of json objects cost more than the lint.
json diagnostic_to_json(const Range& range, const Diagnostic& d, bool unnecessary_tag);
void append_diagnostic_json(std::string& out, const Range& range, const Diagnostic& d,
                            bool unnecessary_tag);
// `s` as a JSON string literal; invalid UTF-8 becomes U+FFFD, as in every other message.
void append_json_string(std::string& out, std::string_view s);

std::string_view encoding_name(OffsetEncoding e); // "utf-8", "utf-16", "utf-32"
std::optional<OffsetEncoding> encoding_named(std::string_view name);

// How file URIs map to paths: POSIX (file:///a/b%20c <-> /a/b c) or Windows (file:///c%3A/a/b
// <-> c:/a/b, as VS Code writes it, and file://server/share/a <-> //server/share/a).
enum class PathStyle { Posix, Windows };
#ifdef _WIN32
inline constexpr PathStyle kNativePathStyle = PathStyle::Windows;
#else
inline constexpr PathStyle kNativePathStyle = PathStyle::Posix;
#endif
// Percent-decoded with pctlint's own decoder; nullopt if not a file: URI.
std::optional<std::string> uri_to_path(std::string_view uri, PathStyle style = kNativePathStyle);
std::string path_to_uri(std::string_view path, PathStyle style = kNativePathStyle);

} // namespace pctlint::lsp
