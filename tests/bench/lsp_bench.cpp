// Language-server latency, measured against the real binary over pipes: a 1 MiB document holding
// 5,000 URLs (a tenth of them with findings); the time from a one-character didChange to its
// publishDiagnostics (median and p99 over 200 edits; also for edits that open and close a block
// comment running to the end of the document), from process start to the initialize
// response, and the server's peak RSS.
#include "../e2e/lsp_client.h"
#include "../e2e/process.h"

#include <algorithm>
#include <cstdio>

using pctlint::test::json;
using pctlint::test::LspClient;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

long peak_rss_kb(pid_t pid) {
  return pctlint::test::status_kb(pid, "VmHWM");
}

} // namespace

int main() {
  std::vector<double> starts;
  for (int i = 0; i < 20; ++i) {
    const auto t0 = Clock::now();
    LspClient c;
    c.initialize();
    starts.push_back(ms(Clock::now() - t0));
    c.call("shutdown", nullptr);
    c.notify("exit", nullptr);
    c.wait_exit();
  }
  std::sort(starts.begin(), starts.end());

  // 5,000 URLs in 1 MiB: each line pads its URL with ordinary code, one in ten has a finding.
  std::string doc;
  int urls = 0;
  const std::string pad(150, ' ');
  while (urls < 5000) {
    if (urls % 10 == 0)
      doc += "    fetch('https://cdn.example.com/img/caf%c3%a9-" + std::to_string(urls) +
             ".png');" + pad + "\n";
    else
      doc += "    fetch(\"https://api.example.com/v2/users/" + std::to_string(urls) +
             "/orders?page=3\");" + pad + "\n";
    ++urls;
  }
  while (doc.size() < (1u << 20))
    doc += "    const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);\n";
  const std::string uri = "file:///tmp/pctlint-bench/big.js";
  LspClient c;
  c.initialize();
  c.open_document(uri, doc, "javascript");
  c.diagnostics(uri);
  int version = 1;
  // Type `typed` at the start of line i, then delete it again, 100 times each; the latency of each
  // edit until its publishDiagnostics has arrived, and until this client has also parsed it.
  const auto edits = [&](const std::string& typed, std::vector<double>& latency,
                         std::vector<double>& arrival) {
    const int width = static_cast<int>(typed.size());
    for (int i = 0; i < 200; ++i) {
      const int line = i / 2;
      const json change = i % 2 == 0 ? json{{"range",
                                             {{"start", {{"line", line}, {"character", 0}}},
                                              {"end", {{"line", line}, {"character", 0}}}}},
                                            {"text", typed}}
                                     : json{{"range",
                                             {{"start", {{"line", line}, {"character", 0}}},
                                              {"end", {{"line", line}, {"character", width}}}}},
                                            {"text", ""}};
      ++version;
      const auto t0 = Clock::now();
      c.notify("textDocument/didChange", {{"textDocument", {{"uri", uri}, {"version", version}}},
                                          {"contentChanges", {change}}});
      for (;;) {
        const json p = c.diagnostics(uri);
        if (p["version"] == version) break;
      }
      latency.push_back(ms(Clock::now() - t0));
      arrival.push_back(ms(c.last_arrival() - t0));
    }
    std::sort(latency.begin(), latency.end());
    std::sort(arrival.begin(), arrival.end());
  };
  std::vector<double> latency, arrival, comment_latency, comment_arrival;
  edits("x", latency, arrival);
  // "/*" opens a block comment that runs to the end of the document (every URL after it goes,
  // and comes back when it is deleted): the whole rest of the file is lexed again each time.
  edits("/*", comment_latency, comment_arrival);
  const long rss = peak_rss_kb(c.pid());
  std::printf("document: %zu bytes, %d URLs\n", doc.size(), urls);
  // Both figures: until the whole notification has arrived (the server's latency), and until this
  // client has also parsed it with nlohmann::json (an editor's JSON.parse is faster).
  std::printf("didChange -> publishDiagnostics arrived: median %.2f ms, p99 %.2f ms, max %.2f ms "
              "(200 edits)\n",
              arrival[arrival.size() / 2], arrival[arrival.size() * 99 / 100], arrival.back());
  std::printf("didChange -> publishDiagnostics parsed by the client: median %.2f ms, p99 %.2f ms, "
              "max %.2f ms\n",
              latency[latency.size() / 2], latency[latency.size() * 99 / 100], latency.back());
  std::printf("typing and deleting \"/*\" (a block comment to the end): arrived median %.2f ms, "
              "p99 %.2f ms; parsed median %.2f ms, p99 %.2f ms\n",
              comment_arrival[comment_arrival.size() / 2],
              comment_arrival[comment_arrival.size() * 99 / 100],
              comment_latency[comment_latency.size() / 2],
              comment_latency[comment_latency.size() * 99 / 100]);
  std::printf("process start -> initialize response: median %.2f ms (20 starts)\n",
              starts[starts.size() / 2]);
  std::printf("server peak RSS: %.1f MB\n", rss / 1024.0);
  std::printf("targets: median < 5 ms, p99 < 20 ms, start < 20 ms, RSS < 30 MB\n");
}
