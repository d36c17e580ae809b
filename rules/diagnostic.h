// What the engine reports: diagnostics in SOURCE byte offsets, each with at most one fix made of
// non-overlapping edits. Positions for humans and LSP are derived later (core/codec/position.h).
#pragma once

#include "core/finder/certainty.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

enum class Severity { Off, Info, Warning, Error };
std::string_view name_of(Severity s);                       // "off" "info" "warning" "error"
std::optional<Severity> parse_severity(std::string_view s); // also accepts "information", "warn"

// ruff's terms: a safe fix never changes what the URL means (what it decodes to); an unsafe one
// may, and is applied only when the user asks (--unsafe-fixes, or by picking it in the editor).
enum class Applicability { Safe, Unsafe };

struct Edit {
  std::size_t begin = 0; // source bytes [begin, end) replaced by `replacement`
  std::size_t end = 0;
  std::string replacement;
  friend bool operator==(const Edit&, const Edit&) = default;
};

struct Fix {
  std::string title; // "Use uppercase hex: %C3%A4"
  Applicability applicability = Applicability::Safe;
  std::vector<Edit> edits; // sorted, non-overlapping
  // A fix folded from many findings' fixes (a URL with thousands of one finding) is made of
  // independent parts: the indices into `edits` where each begins. A part can be applied without
  // the others (and is, where another fix overlaps one of them). Empty: one part, all or nothing.
  std::vector<std::size_t> parts = {};
};

struct RuleInfo;

struct Diagnostic {
  const RuleInfo* rule = nullptr;
  Severity severity = Severity::Warning;
  std::string message;
  std::size_t begin = 0; // source bytes
  std::size_t end = 0;
  std::size_t url_begin = 0; // the URL this finding belongs to, in source bytes
  std::size_t url_end = 0;
  // Whether the syntax gives the URL's extent (a whole literal, value, attribute, link
  // destination or autolink) rather than a guess made in running text.
  bool url_exact = true;
  // What is in doubt about a finding reported only with "extent": "guessed" (a guessed end,
  // template syntax, a scheme's own grammar: core/finder/certainty.h); None for the others.
  Doubt doubt = Doubt::None;
  std::optional<Fix> fix;
};

} // namespace pctlint
