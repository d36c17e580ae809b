// What pctlint knows of one URL, for a person: its components as written and decoded (RFC 3986),
// what a browser reads in each (the URL Standard), its canonical form, how its extent was
// established, and its findings. Hover shows it in the editor, `pctlint explain URL` in a
// terminal.
#pragma once

#include "core/finder/finder.h"
#include "rules/engine.h"

#include <string>
#include <vector>

namespace pctlint {

struct UrlExplanation {
  std::string url, canonical, extent;
  struct Row {
    std::string component, raw, decoded, browsers; // browsers: "" where there is no such part
  };
  std::vector<Row> rows;
  // The browsers' reading (WHATWG URL): its serialization, or why it is refused or unknown.
  std::string browsers;
  bool browsers_differ = false;      // another host or path than RFC 3986's, or refused
  std::vector<std::string> findings; // "PCT001 lowercase-hex: message"
};

UrlExplanation explain_url(const FoundUrl& url, const LintResult& lint);

std::string explanation_markdown(const UrlExplanation& e);
std::string explanation_plaintext(const UrlExplanation& e); // aligned columns, no markup

} // namespace pctlint
