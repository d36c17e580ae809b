// Language-server latency, measured against the real binary over pipes, on three documents: 1 MiB
// holding 5,000 URLs (a tenth of them with findings), 10 MiB holding 50,000, and one of 100,000
// short lines. For each: the time from a one-character didChange to its publishDiagnostics
// (median and p99 over 200 edits spread over the document; also for edits that open and close a
// block comment at the top, which runs to the end of the document; and a comment typed there a
// character at a time, closed, and deleted), and the server's peak RSS.
// The peer, in the same run: lint() of the whole document in this process, which is what each
// edit cost before incremental finding. Also process start to the initialize response.
#include "../e2e/lsp_client.h"
#include "../e2e/process.h"
#include "rules/engine.h"

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

namespace {

struct Latency {
  std::vector<double> arrived, parsed;
  void sort() {
    std::sort(arrived.begin(), arrived.end());
    std::sort(parsed.begin(), parsed.end());
  }
  double median(const std::vector<double>& v) const { return v[v.size() / 2]; }
  double p99(const std::vector<double>& v) const { return v[v.size() * 99 / 100]; }
};

// `lines` URLs, one a line padded with `pad` blanks (a tenth with a finding), then ordinary code
// up to `bytes`.
std::string document(int lines, std::size_t pad_width, std::size_t bytes) {
  std::string doc;
  const std::string pad(pad_width, ' ');
  for (int u = 0; u < lines; ++u) {
    if (u % 10 == 0)
      doc += "    fetch('https://cdn.example.com/img/caf%c3%a9-" + std::to_string(u) + ".png');" +
             pad + "\n";
    else
      doc += "    fetch(\"https://api.example.com/v2/users/" + std::to_string(u) +
             "/orders?page=3\");" + pad + "\n";
  }
  while (doc.size() < bytes)
    doc += "    const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);\n";
  return doc;
}

// Sends one didChange and times it until its publishDiagnostics has arrived and until this
// client parsed it.
void timed_change(LspClient& c, const std::string& uri, int& version, const json& change,
                  Latency& l) {
  ++version;
  const auto t0 = Clock::now();
  c.notify("textDocument/didChange",
           {{"textDocument", {{"uri", uri}, {"version", version}}}, {"contentChanges", {change}}});
  for (;;) {
    const json p = c.diagnostics(uri, 60000);
    if (p["version"] == version) break;
  }
  l.parsed.push_back(ms(Clock::now() - t0));
  l.arrived.push_back(ms(c.last_arrival() - t0));
}

// Types `typed` at the start of 100 lines spread over the document and deletes it again: 200
// edits.
Latency edits(LspClient& c, const std::string& uri, int& version, const std::string& typed,
              std::size_t line_count, bool at_top) {
  Latency l;
  const int width = static_cast<int>(typed.size());
  for (int i = 0; i < 200; ++i) {
    const std::size_t line = at_top ? 0 : (static_cast<std::size_t>(i / 2) * 7919) % line_count;
    const json start{{"line", line}, {"character", 0}};
    const json end{{"line", line}, {"character", i % 2 == 0 ? 0 : width}};
    timed_change(c, uri, version,
                 {{"range", {{"start", start}, {"end", end}}}, {"text", i % 2 == 0 ? typed : ""}},
                 l);
  }
  l.sort();
  return l;
}

// Types a block comment at the top a character at a time, "/* note */", then deletes it a
// character at a time, 10 times: what writing a comment costs keystroke by keystroke, from the
// '*' that hides the rest of the document to the '/' that brings it back.
Latency comment_typed(LspClient& c, const std::string& uri, int& version) {
  Latency l;
  const std::string comment = "/* note */";
  for (int round = 0; round < 10; ++round)
    for (std::size_t k = 0; k < 2 * comment.size(); ++k) {
      const bool typing = k < comment.size();
      const int at = static_cast<int>(typing ? k : 2 * comment.size() - k - 1);
      const json start{{"line", 0}, {"character", at}};
      const json end{{"line", 0}, {"character", typing ? at : at + 1}};
      timed_change(c, uri, version,
                   {{"range", {{"start", start}, {"end", end}}},
                    {"text", typing ? comment.substr(k, 1) : ""}},
                   l);
    }
  l.sort();
  return l;
}

void measure(const char* name, const std::string& doc) {
  const std::size_t lines = static_cast<std::size_t>(std::count(doc.begin(), doc.end(), '\n'));
  // The peer: the whole document linted in this process, as each edit was before.
  std::vector<double> full;
  for (int i = 0; i < 5; ++i) {
    const auto t0 = Clock::now();
    const pctlint::LintResult r = pctlint::lint(doc, pctlint::Language::JavaScript, {});
    full.push_back(ms(Clock::now() - t0));
  }
  std::sort(full.begin(), full.end());
  const std::string uri = "file:///tmp/pctlint-bench/big.js";
  LspClient c;
  c.initialize();
  c.open_document(uri, doc, "javascript");
  c.diagnostics(uri, 60000);
  int version = 1;
  const Latency typing = edits(c, uri, version, "x", lines, false);
  const Latency comment = edits(c, uri, version, "/*", lines, true);
  const Latency written = comment_typed(c, uri, version);
  const long rss = peak_rss_kb(c.pid());
  std::printf("%s: %zu bytes, %zu lines; full lint() in process %.2f ms (the peer)\n", name,
              doc.size(), lines, full[full.size() / 2]);
  std::printf("  one character typed or deleted: arrived median %.2f ms (%.3fx the peer), p99 "
              "%.2f ms; parsed by the client median %.2f ms\n",
              typing.median(typing.arrived), typing.median(typing.arrived) / full[full.size() / 2],
              typing.p99(typing.arrived), typing.median(typing.parsed));
  std::printf("  \"/*\" typed and deleted at the top (a comment to the end): arrived median %.2f "
              "ms (%.3fx), p99 %.2f ms\n",
              comment.median(comment.arrived),
              comment.median(comment.arrived) / full[full.size() / 2],
              comment.p99(comment.arrived));
  std::printf("  \"/* note */\" typed and deleted a character at a time at the top: arrived "
              "median %.2f ms, p99 %.2f ms, slowest %.2f ms\n",
              written.median(written.arrived), written.p99(written.arrived),
              written.arrived.back());
  std::printf("  server peak RSS %.1f MB\n", rss / 1024.0);
  c.call("shutdown", nullptr);
  c.notify("exit", nullptr);
  c.wait_exit();
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
  std::printf("process start -> initialize response: median %.2f ms (20 starts)\n",
              starts[starts.size() / 2]);
  measure("1 MiB", document(5000, 150, 1u << 20));
  measure("10 MiB", document(50000, 150, 10u << 20));
  std::string short_lines; // a URL every tenth of 100,000 short lines
  for (int i = 0; i < 100000; ++i)
    short_lines += i % 10 ? "  n += " + std::to_string(i) + ";\n"
                          : "  get('https://e.example/" + std::to_string(i) + "/caf%c3%a9');\n";
  measure("100,000 lines", short_lines);
  std::printf("targets: 1 MiB median < 1 ms, p99 < 3 ms; 10 MiB median < 2 ms; start < 20 ms\n");
}
