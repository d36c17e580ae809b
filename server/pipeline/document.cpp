#include "server/pipeline/document.h"

#include "core/ascii.h"
#include "core/codec/position.h"
#include "core/codec/utf8.h"

#include <cstring>

namespace pctlint::pipeline {

bool looks_binary(std::string_view text) {
  return std::memchr(text.data(), '\0', std::min<std::size_t>(text.size(), 8192)) != nullptr;
}

bool is_program_log(std::string_view path) {
  const std::string_view name = path.substr(path.find_last_of("/\\") + 1);
  return name.size() > 4 && ascii::iends_with(name, ".log");
}

std::optional<std::string> utf8_note(std::string_view text) {
  const Utf8Status u = validate_utf8(text);
  if (u.ok()) return std::nullopt;
  const LinePosition p = LineIndex(text).position_of(u.offset, OffsetEncoding::Utf32);
  return "not valid UTF-8 (" + std::string(describe(u.error)) + " at line " +
         std::to_string(p.line + 1) + ", column " + std::to_string(p.column + 1) +
         "); checked as bytes, columns count U+FFFD per bad byte";
}

CheckedDocument check_document(std::string_view text, Language lang, const Config& config,
                               FixMode fix) {
  CheckedDocument result;
  if (fix == FixMode::None) {
    result.diagnostics = lint(text, lang, config, Urls::Drop).diagnostics;
  } else {
    result.fix = fix_all(text, lang, config, fix == FixMode::Unsafe);
    result.diagnostics = std::move(result.fix.remaining);
    // A fix the check refused is said: the user asked for it and it did not happen.
    const std::optional<LineIndex> index =
        result.fix.dropped.empty() ? std::nullopt : std::optional<LineIndex>(text);
    for (const DroppedFix& dropped : result.fix.dropped) {
      std::string where;
      if (dropped.first_pass) {
        const LinePosition p = index->position_of(dropped.diagnostic.begin, OffsetEncoding::Utf32);
        where =
            " at line " + std::to_string(p.line + 1) + ", column " + std::to_string(p.column + 1);
      }
      result.notes.push_back("fix of " + std::string(dropped.diagnostic.rule->id) + where +
                             " not applied: " + dropped.reason);
    }
    if (result.fix.text != text) result.fixed = std::move(result.fix.text);
  }
  // The note explains findings' columns; a file without findings needs none (and most files are
  // not read twice for it).
  if (!result.diagnostics.empty() || result.fixed)
    if (auto note = utf8_note(text)) result.notes.push_back(std::move(*note));
  return result;
}

} // namespace pctlint::pipeline
