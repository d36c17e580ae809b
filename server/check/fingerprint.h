// Stable identifiers for findings (baselines, GitLab Code Quality): FNV-1a over the fields that
// identify one, each closed by a 0xFF byte (which UTF-8 text never holds), as 16 hex digits. The
// same in every build and on every machine, so a baseline written today matches tomorrow.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace pctlint::check {

class Fingerprint {
public:
  Fingerprint& add(std::string_view field) {
    for (const unsigned char c : field)
      hash_ = (hash_ ^ c) * kPrime;
    hash_ = (hash_ ^ 0xFF) * kPrime;
    return *this;
  }
  std::string hex() const {
    char out[17];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash_));
    return out;
  }

private:
  static constexpr std::uint64_t kPrime = 1099511628211ULL;
  std::uint64_t hash_ = 1469598103934665603ULL;
};

} // namespace pctlint::check
