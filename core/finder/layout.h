// Lines whose width is part of the markup. In reStructuredText a grid table's cell may not grow
// past its column's border, a simple table's cell past its column's '=' run, and a section title
// past its underline: docutils then reports "Malformed table." (and the table is lost) or "Title
// underline too short". A fix that changes the length of such a line changes the document's
// structure however right its bytes are, so the rules make it unsafe (a fix that keeps the length,
// an escape's case, stays safe).
#pragma once

#include "core/codec/url.h"
#include "core/finder/language.h"

#include <string_view>
#include <vector>

namespace pctlint {

// The byte ranges of `source` (whole lines) whose width the markup depends on, in order, not
// overlapping. Empty for languages without such layouts.
std::vector<Span> width_sensitive_lines(std::string_view source, Language lang);

} // namespace pctlint
