// The LSP 3.17 pieces pctlint speaks, as typed structs with fromJSON/toJSON (nlohmann_json's
// from_json/to_json), plus error codes. Positions are in the negotiated encoding's units.
#pragma once

#include "core/position.h"
#include "rules/diagnostic.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

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

struct Position {
  std::size_t line = 0;
  std::size_t character = 0;
};
void from_json(const json& j, Position& p);
void to_json(json& j, const Position& p);

struct Range {
  Position start, end;
};
void from_json(const json& j, Range& r);
void to_json(json& j, const Range& r);

struct TextEdit {
  Range range;
  std::string newText;
};
void to_json(json& j, const TextEdit& e);

// One entry of didChange's contentChanges: a range edit, or the whole text when range is absent.
struct ContentChange {
  std::optional<Range> range;
  std::string text;
};
void from_json(const json& j, ContentChange& c);

int lsp_severity(Severity s); // 1 error, 2 warning, 3 information

// A Diagnostic as LSP sends it: the DOM form (pull diagnostics, code actions) and the same JSON
// written straight into text, for publishDiagnostics of a long document at every keystroke,
// where building and dumping thousands of json objects cost more than the lint.
json diagnostic_to_json(const Range& range, const Diagnostic& d);
void append_diagnostic_json(std::string& out, const Range& range, const Diagnostic& d);
// `s` as a JSON string literal; invalid UTF-8 becomes U+FFFD, as in every other message.
void append_json_string(std::string& out, std::string_view s);

std::string_view encoding_name(OffsetEncoding e); // "utf-8", "utf-16", "utf-32"

// file:///a/b%20c -> /a/b c (percent-decoded with pctlint's own decoder); nullopt if not file:.
std::optional<std::string> uri_to_path(std::string_view uri);
std::string path_to_uri(std::string_view path);

} // namespace pctlint::lsp
