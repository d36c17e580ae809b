#include "rules/diagnostic.h"

namespace pctlint {

std::string_view name_of(Severity s) {
  switch (s) {
  case Severity::Off:
    return "off";
  case Severity::Info:
    return "info";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "off";
}

std::optional<Severity> parse_severity(std::string_view s) {
  if (s == "off" || s == "none") return Severity::Off;
  if (s == "info" || s == "information" || s == "hint") return Severity::Info;
  if (s == "warning" || s == "warn") return Severity::Warning;
  if (s == "error") return Severity::Error;
  return std::nullopt;
}

} // namespace pctlint
