// The promise of a fix: it changes how a URL is written and nothing else. Checked on the text it
// produces, not assumed: the lexer re-reads the fixed text, and the file must have the same runs
// of code, comments and literals (mapped through the edits), every literal must hold the same
// value outside the edited bytes (by its language's escape rules, format strings' braces
// included), each edit must decode to exactly the bytes it wrote, and the finder must find the
// same URLs in the same places. A fix that fails is dropped and said (rules/engine.h).
#pragma once

#include "core/finder/finder.h"
#include "core/finder/language.h"
#include "rules/diagnostic.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace pctlint {

struct FixCheck {
  bool ok = true;
  // Where the fix to blame is, in the original text's offsets: an edit in [at, until] (the run,
  // literal or URL that first differs).
  std::size_t at = 0;
  std::size_t until = 0;
  std::string reason; // "a literal's value changed outside the URL", ...
};

// Whether `fixed` (`source` with `edits` applied: sorted, non-overlapping) has `source`'s lexical
// structure.
FixCheck check_fix(std::string_view source, std::string_view fixed, const std::vector<Edit>& edits,
                   Language lang, const FinderOptions& finder);

} // namespace pctlint
