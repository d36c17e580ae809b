// The language server under hostile and careless clients, through the real binary: every bad
// message gets an error of ours (never a library's exception text) or is logged, and the request
// after it is still answered.
#include "lsp_client.h"
#include "process.h"

#include <chrono>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <thread>
#include <unistd.h>

using pctlint::OffsetEncoding;
using pctlint::test::json;
using pctlint::test::LspClient;

namespace {

const char* kUri = "file:///tmp/pctlint-abuse/a.py";

std::string framed(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

json range(int l0, int c0, int l1, int c1) {
  return {{"start", {{"line", l0}, {"character", c0}}}, {"end", {{"line", l1}, {"character", c1}}}};
}

// The server still answers.
bool alive(LspClient& c) {
  const json h = c.call("textDocument/hover", {{"textDocument", {{"uri", kUri}}},
                                               {"position", {{"line", 0}, {"character", 10}}}});
  return h.contains("contents");
}

bool ours(const json& error) {
  const std::string m = error.value("message", "");
  return !m.empty() && m.find("json.exception") == std::string::npos &&
         m.find("[json") == std::string::npos;
}

long rss_kb(pid_t pid) {
  return pctlint::test::status_kb(pid);
}

} // namespace

TEST_CASE("bad header blocks lose only their own message") {
  LspClient c;
  c.initialize();
  c.open_document(kUri, "x = 'https://x.example/%c3%a9'\n", "python");
  const std::string body = R"({"jsonrpc":"2.0","method":"pctlint/unknownNotification"})";
  for (const std::string& headers :
       {std::string("Content-Type: x\r\n\r\n"), std::string("Content-Length: +2\r\n\r\n"),
        std::string("Content-Length: 5\r\nContent-Length: 5\r\n\r\n"),
        std::string("Content-Length: abc\r\n\r\n"), std::string("Garbage\r\n\r\n")}) {
    CAPTURE(headers);
    c.send_raw(headers + body); // the body glued to the next header
    CHECK(alive(c));
  }
  // Blanks around the number are allowed.
  c.send_raw("Content-Length: " + std::to_string(body.size()) + " \r\n\r\n" + body);
  CHECK(alive(c));
}

TEST_CASE("hostile JSON: overflowing numbers, deep nesting, wrong types") {
  LspClient c;
  c.initialize();
  c.open_document(kUri, "x = 'https://x.example/%c3%a9'\n", "python");
  // A number no double holds, in params and in an id.
  c.send_raw(
      framed(R"({"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"x":1e400}})"));
  json e = c.response(nullptr);
  CHECK(e["error"]["code"] == -32700);
  CHECK(ours(e["error"]));
  CHECK(alive(c));
  c.send_raw(framed(R"({"jsonrpc":"2.0","id":1e400,"method":"shutdown"})"));
  CHECK(c.response(nullptr)["error"]["code"] == -32700);
  CHECK(alive(c));
  // Nesting 100,000 deep, in params of an unknown notification, an id, a cancel.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  c.send_raw(framed(R"({"jsonrpc":"2.0","method":"pctlint/x","params":{"a":)" + deep + "}}"));
  CHECK(c.response(nullptr)["error"]["message"].get<std::string>().find("nested more than") !=
        std::string::npos);
  c.send_raw(framed(R"({"jsonrpc":"2.0","id":)" + deep + R"(,"method":"shutdown"})"));
  c.response(nullptr);
  c.send_raw(
      framed(R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":)" + deep + "}}"));
  c.response(nullptr);
  CHECK(alive(c));
  // "jsonrpc" of the wrong type.
  c.send_raw(framed(R"({"jsonrpc":2,"id":9,"method":"shutdown"})"));
  CHECK(c.response(9)["error"]["code"] == -32600);
  c.send_raw(framed(R"({"jsonrpc":null,"method":"exit"})"));
  CHECK(c.response(nullptr)["error"]["code"] == -32600);
  CHECK(alive(c));
  // Params of the wrong shape: InvalidParams naming the field, in words of ours.
  const json bad = c.response(c.request(
      "textDocument/hover", {{"textDocument", {{"uri", 42}}}, {"position", {{"line", -1}}}}));
  CHECK(bad["error"]["code"] == -32602);
  CHECK(bad["error"]["message"] ==
        "textDocument/hover: invalid params: textDocument.uri: expected a string, got an integer");
  const json bad_range = c.response(
      c.request("textDocument/codeAction",
                {{"textDocument", {{"uri", kUri}}},
                 {"range", {{"start", {{"line", 0}, {"character", "x"}}}, {"end", 3}}}}));
  CHECK(bad_range["error"]["code"] == -32602);
  CHECK(ours(bad_range["error"]));
  const json not_open =
      c.response(c.request("textDocument/hover", {{"textDocument", {{"uri", "file:///nope.py"}}},
                                                  {"position", {{"line", 0}, {"character", 0}}}}));
  CHECK(not_open["error"]["message"] == "document not open: file:///nope.py");
  // A notification with bad params is dropped; the document stays as it was.
  c.notify("textDocument/didChange", {{"textDocument", {{"uri", kUri}}}, {"contentChanges", 7}});
  CHECK(alive(c));
}

TEST_CASE("cancellations of ids never sent are not remembered") {
  LspClient c;
  c.initialize();
  c.open_document(kUri, "x = 'https://x.example/%c3%a9'\n", "python");
  CHECK(alive(c));
  const long before = rss_kb(c.pid());
  std::string burst;
  for (int i = 0; i < 300000; ++i)
    burst += framed(R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":)" +
                    std::to_string(1000000 + i) + "}}");
  c.send_raw(burst);
  CHECK(alive(c));
  const long after = rss_kb(c.pid());
  MESSAGE("RSS before " << before << " KB, after 300,000 cancellations " << after << " KB");
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer keeps freed memory in quarantine: RSS says nothing about what is remembered.
  MESSAGE("RSS not checked under AddressSanitizer");
#else
  CHECK(after - before < 20000);
#endif
}

// (Its growth with size is measured in tests/bench/growth_bench.py, not timed here.)
TEST_CASE("a document of 30,000 findings on one line: 1,000 shown and a count, actions bounded") {
  LspClient c;
  c.initialize();
  std::string line;
  for (int i = 0; i < 30000; ++i)
    line += "https://x.example/%zz ";
  const auto t0 = std::chrono::steady_clock::now();
  c.open_document("file:///tmp/pctlint-abuse/long.txt", line + "\n", "plaintext");
  const json p = c.diagnostics("file:///tmp/pctlint-abuse/long.txt", 60000);
  REQUIRE(p["diagnostics"].size() == 1001);
  CHECK(p["diagnostics"][999]["code"] == "PCT007");
  CHECK(p["diagnostics"][1000]["message"] ==
        "29000 more findings in this file not shown (at most 1000 are)");
  CHECK(p["diagnostics"][1000]["range"]["start"]["character"] == 1000 * 22 + 18);
  const json actions = c.call("textDocument/codeAction",
                              {{"textDocument", {{"uri", "file:///tmp/pctlint-abuse/long.txt"}}},
                               {"range", range(0, 0, 0, 700000)},
                               {"context", {{"diagnostics", json::array()}}}});
  // A quick fix for each of the first 100 (plain text has no comment to disable a rule in;
  // PCT007's fix is unsafe: no "Fix all").
  CHECK(actions.size() == 100);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  MESSAGE("30,000 findings on one line: diagnostics and a full-range code action in " << seconds
                                                                                      << " s");
}

// A client that stops reading our output: the server stops reading its input (back-pressure, as
// clangd does) instead of queueing every request it sends (2.9 GB after 3 GB sent, once).
TEST_CASE("a client that stops reading: the server stops reading too, its memory stays bounded") {
  LspClient c;
  c.initialize();
  const std::string uri = "file:///tmp/bp.py";
  c.open_document(uri, "x = 'https://x.example/%c3%a9'\n", "python");
  c.diagnostics(uri);
  const int fd = c.to_server_fd();
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  // Hover requests, each answered with a few hundred bytes nobody reads, with padding in the
  // params to make each request weigh 1 KB.
  const std::string pad(1024, 'p');
  std::size_t written = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int id = 1000; std::chrono::steady_clock::now() - start < std::chrono::seconds(5); ++id) {
    const std::string body = json{
        {"jsonrpc", "2.0"},
        {"id", id},
        {"method", "textDocument/hover"},
        {"params",
         {{"textDocument", {{"uri", uri}}},
          {"position", {{"line", 0}, {"character", 8}}},
          {"pad", pad}}}}.dump();
    const std::string framed = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    std::size_t done = 0;
    while (done < framed.size() &&
           std::chrono::steady_clock::now() - start < std::chrono::seconds(5)) {
      const ssize_t n = write(fd, framed.data() + done, framed.size() - done);
      if (n > 0)
        done += static_cast<std::size_t>(n), written += static_cast<std::size_t>(n);
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  const long rss = rss_kb(c.pid());
  MESSAGE("written " << written / (1 << 20) << " MB in 5 s; server RSS " << rss / 1024 << " MB");
  // Without back-pressure: 115 MB in 8 s and 214 MB of RSS, growing; with it, about 1 MB.
  CHECK(written < std::size_t(32) << 20); // it stopped reading: the pipe filled
#if !defined(__SANITIZE_ADDRESS__)
  CHECK(rss < 100 * 1024);
#endif
}
