// For tests/differential/node_diff.js: reads one JSON string (a URL) per line on standard input and
// writes one JSON object per line: the URL Standard's components as core/codec/whatwg_url.h reads
// them,
// {"failure": true} when it refuses the URL, or {"unknown": true} when libidn2 refused the host
// (IDNA2008 against UTS #46: the browsers' reading is not known).
#include "core/codec/whatwg_url.h"

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

int main() {
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    nlohmann::json out;
    try {
      const std::string input = nlohmann::json::parse(line).get<std::string>();
      const auto r = pctlint::whatwg::parse(input);
      if (r.idna_failure) {
        out = {{"unknown", true}};
      } else if (!r.url) {
        out = {{"failure", true}, {"why", r.failure}};
      } else {
        const auto& u = *r.url;
        out = {{"href", u.href()},
               {"protocol", u.scheme + ":"},
               {"username", u.username},
               {"password", u.password},
               {"host", u.host_and_port()},
               {"hostname", u.host},
               {"port", u.port ? std::to_string(*u.port) : ""},
               {"pathname", u.pathname()},
               {"search", u.search()},
               {"hash", u.hash()}};
      }
    } catch (const nlohmann::json::exception& e) {
      out = {{"error", e.what()}};
    }
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  }
}
