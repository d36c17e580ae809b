#include "server/lsp/protocol.h"

#include "core/charset.h"
#include "core/percent.h"
#include "rules/rule.h"

#include <algorithm>

namespace pctlint::lsp {

void from_json(const json& j, Position& p) {
  p.line = j.at("line").get<std::size_t>();
  p.character = j.at("character").get<std::size_t>();
}
void to_json(json& j, const Position& p) {
  j = {{"line", p.line}, {"character", p.character}};
}
void from_json(const json& j, Range& r) {
  r.start = j.at("start").get<Position>();
  r.end = j.at("end").get<Position>();
}
void to_json(json& j, const Range& r) {
  j = {{"start", r.start}, {"end", r.end}};
}
void to_json(json& j, const TextEdit& e) {
  j = {{"range", e.range}, {"newText", e.newText}};
}
void from_json(const json& j, ContentChange& c) {
  if (j.contains("range")) c.range = j.at("range").get<Range>();
  c.text = j.at("text").get<std::string>();
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

std::optional<std::string> uri_to_path(std::string_view uri) {
  if (!uri.starts_with("file://")) return std::nullopt;
  std::string_view rest = uri.substr(7);
  if (!rest.empty() && rest[0] != '/')
    rest = rest.substr(rest.find('/') == std::string_view::npos ? rest.size() : rest.find('/'));
  return decode_lenient(rest, {.require_utf8 = false});
}

std::string path_to_uri(std::string_view path) {
  static constexpr CharSet kPathChars = charsets::path - CharSet(":");
  return "file://" + percent_encode(path, kPathChars);
}

json diagnostic_to_json(const Range& range, const Diagnostic& d) {
  return {{"range", range},      {"severity", lsp_severity(d.severity)},
          {"code", d.rule->id},  {"codeDescription", {{"href", rule_doc_url(*d.rule)}}},
          {"source", "pctlint"}, {"message", d.message}};
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

void append_diagnostic_json(std::string& out, const Range& range, const Diagnostic& d) {
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
  out += ",\"source\":\"pctlint\"}";
}

} // namespace pctlint::lsp
