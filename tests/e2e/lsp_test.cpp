#include "lsp_client.h"
#include "temp_dir.h"

#include <doctest/doctest.h>

using pctlint::OffsetEncoding;
using pctlint::test::json;
using pctlint::test::LspClient;

namespace {

const char* kUri = "file:///tmp/pctlint-test/a.py";

json utf(const char* e) {
  return {{"general", {{"positionEncodings", {e}}}}};
}

json range(int l0, int c0, int l1, int c1) {
  return {{"start", {{"line", l0}, {"character", c0}}}, {"end", {{"line", l1}, {"character", c1}}}};
}

} // namespace

TEST_CASE(
    "lifecycle: -32002 before initialize, -32600 after shutdown, exit code 0 only after shutdown") {
  LspClient c;
  auto r = c.response(c.request("textDocument/hover", json::object()));
  CHECK(r["error"]["code"] == -32002);
  const json init = c.initialize();
  CHECK(init["capabilities"]["positionEncoding"] == "utf-16");
  CHECK(init["serverInfo"]["name"] == "pctlint");
  CHECK(c.response(c.request("initialize", json::object()))["error"]["code"] == -32600);
  CHECK(c.call("shutdown", nullptr).is_null());
  CHECK(c.response(c.request("textDocument/hover", json::object()))["error"]["code"] == -32600);
  c.notify("exit", nullptr);
  CHECK(c.wait_exit() == 0);

  LspClient d;
  d.initialize();
  d.notify("exit", nullptr);
  CHECK(d.wait_exit() == 1); // exit without shutdown

  LspClient e;
  e.initialize();
  CHECK(e.close_and_wait() == 1); // end of input ends the server cleanly
}

TEST_CASE("diagnostics: exact positions in UTF-8, UTF-16 and UTF-32 on lines with non-ASCII, tabs, "
          "CRLF") {
  // Line 1: tab, é (2 bytes, 1 unit), 中 (3 bytes, 1 unit), 😀 (4 bytes, 2 UTF-16 units).
  const std::string text = "# intro\r\n\tx = 'é中😀 https://x.example/caf%c3%a9'\r\n";
  struct Case {
    const char* encoding;
    int start;
  };
  // Columns of '%': before it are "\tx = '" (6), "é中😀 " and "https://x.example/caf" (21).
  for (const Case& k :
       {Case{"utf-8", 6 + 2 + 3 + 4 + 1 + 21}, Case{"utf-16", 6 + 1 + 1 + 2 + 1 + 21},
        Case{"utf-32", 6 + 1 + 1 + 1 + 1 + 21}}) {
    CAPTURE(k.encoding);
    LspClient c;
    CHECK(c.initialize(utf(k.encoding))["capabilities"]["positionEncoding"] == k.encoding);
    c.open_document(kUri, text, "python", 7);
    const json p = c.diagnostics(kUri);
    CHECK(p["version"] == 7);
    REQUIRE(p["diagnostics"].size() == 1);
    const json& d = p["diagnostics"][0];
    CHECK(d["range"] == range(1, k.start, 1, k.start + 6));
    CHECK(d["code"] == "PCT001");
    CHECK(d["source"] == "pctlint");
    CHECK(d["severity"] == 2);
    CHECK(d["codeDescription"]["href"].get<std::string>().ends_with("#pct001-lowercase-hex"));
  }
}

TEST_CASE("incremental edits, code actions applied, fix-all, disable for this line") {
  LspClient c;
  c.initialize({{"workspace", {{"workspaceEdit", {{"documentChanges", true}}}}}});
  std::string text = "u = \"https://x.example/a b.pdf\"\nv = 'https://x.example/ok'\n";
  c.open_document(kUri, text, "python");
  CHECK(c.diagnostics(kUri)["diagnostics"].size() == 1);
  // Insert "%c3%a9" into the second URL: line 1, after "v = 'https://x.example/".
  c.notify("textDocument/didChange",
           {{"textDocument", {{"uri", kUri}, {"version", 2}}},
            {"contentChanges", {{{"range", range(1, 23, 1, 23)}, {"text", "%c3%a9"}}}}});
  text = "u = \"https://x.example/a b.pdf\"\nv = 'https://x.example/%c3%a9ok'\n";
  json p = c.diagnostics(kUri);
  CHECK(p["version"] == 2);
  REQUIRE(p["diagnostics"].size() == 2);
  CHECK(p["diagnostics"][1]["range"] == range(1, 23, 1, 29));

  const json actions =
      c.call("textDocument/codeAction", {{"textDocument", {{"uri", kUri}}},
                                         {"range", range(1, 24, 1, 24)},
                                         {"context", {{"diagnostics", json::array()}}}});
  REQUIRE(actions.size() >= 3);
  CHECK(actions[0]["title"] == "Use uppercase hex: %C3%A9");
  CHECK(actions[0]["isPreferred"] == true);
  CHECK(actions[0]["edit"]["documentChanges"][0]["textDocument"]["version"] == 2);
  CHECK(LspClient::apply(text, LspClient::edits_of(actions[0]["edit"], kUri),
                         OffsetEncoding::Utf16) ==
        "u = \"https://x.example/a b.pdf\"\nv = 'https://x.example/%C3%A9ok'\n");
  CHECK(actions[1]["title"] == "Disable PCT001 for this line");
  CHECK(LspClient::apply(text, LspClient::edits_of(actions[1]["edit"], kUri),
                         OffsetEncoding::Utf16) ==
        "u = \"https://x.example/a b.pdf\"\nv = 'https://x.example/%c3%a9ok' # "
        "pctlint-disable-line PCT001\n");
  const json& fix_all = actions.back();
  CHECK(fix_all["kind"] == "source.fixAll.pctlint");
  CHECK(LspClient::apply(text, LspClient::edits_of(fix_all["edit"], kUri), OffsetEncoding::Utf16) ==
        "u = \"https://x.example/a%20b.pdf\"\nv = 'https://x.example/%C3%A9ok'\n");
  // ... and in the quick-fix menu (Ctrl+.) on a fixable finding, as ESLint offers it.
  const json& quick_fix_all = actions[actions.size() - 2];
  CHECK(quick_fix_all["kind"] == "quickfix");
  CHECK(quick_fix_all["title"] == "Fix all pctlint problems in this file");
  CHECK(quick_fix_all["edit"] == fix_all["edit"]);
  // only: source.fixAll
  const json only =
      c.call("textDocument/codeAction",
             {{"textDocument", {{"uri", kUri}}},
              {"range", range(0, 0, 0, 0)},
              {"context", {{"diagnostics", json::array()}, {"only", {"source.fixAll"}}}}});
  REQUIRE(only.size() == 1);
  CHECK(only[0]["kind"] == "source.fixAll.pctlint");
  // Unsafe fixes say so.
  c.notify("textDocument/didChange",
           {{"textDocument", {{"uri", kUri}, {"version", 3}}},
            {"contentChanges", {{{"text", "w = 'https://x.example/?t=%C4rzte'\n"}}}}});
  c.diagnostics(kUri);
  const json unsafe =
      c.call("textDocument/codeAction", {{"textDocument", {{"uri", kUri}}},
                                         {"range", range(0, 28, 0, 28)},
                                         {"context", {{"diagnostics", json::array()}}}});
  CHECK(unsafe[0]["title"] == "Re-encode as UTF-8, assuming Windows-1252: %C3%84 (unsafe)");
  CHECK(unsafe[0]["isPreferred"] == false);
  // Closing clears the diagnostics.
  c.notify("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}});
  CHECK(c.diagnostics(kUri)["diagnostics"].empty());
}

TEST_CASE("pull diagnostics with resultId") {
  LspClient c;
  const json init = c.initialize({{"textDocument", {{"diagnostic", json::object()}}}});
  CHECK(init["capabilities"].contains("diagnosticProvider"));
  c.open_document(kUri, "x = 'https://x.example/%c3%a9'\n", "python");
  json r = c.call("textDocument/diagnostic", {{"textDocument", {{"uri", kUri}}}});
  CHECK(r["kind"] == "full");
  CHECK(r["items"].size() == 1);
  r = c.call("textDocument/diagnostic",
             {{"textDocument", {{"uri", kUri}}}, {"previousResultId", r["resultId"]}});
  CHECK(r["kind"] == "unchanged");
}

TEST_CASE("hover shows components decoded, the canonical form and the findings") {
  LspClient c;
  c.initialize();
  c.open_document(kUri, "x = 'https://x.example/caf%c3%a9?q=a%20b'\n", "python");
  c.diagnostics(kUri);
  const json h = c.call("textDocument/hover", {{"textDocument", {{"uri", kUri}}},
                                               {"position", {{"line", 0}, {"character", 12}}}});
  const std::string md = h["contents"]["value"];
  CHECK(md.find("| path | `/caf%c3%a9` | `/café` | `/caf%c3%a9` |") != std::string::npos);
  CHECK(md.find("| query | `q=a%20b` | `q=a b` | `q=a%20b` |") != std::string::npos);
  CHECK(md.find("**Browsers** (WHATWG URL) `https://x.example/caf%c3%a9?q=a%20b`") !=
        std::string::npos);
  CHECK(md.find("**Canonical form** `https://x.example/caf%C3%A9?q=a%20b`") != std::string::npos);
  CHECK(md.find("PCT001 lowercase-hex") != std::string::npos);
  CHECK(h["range"] == range(0, 5, 0, 40));
  CHECK(c.call("textDocument/hover",
               {{"textDocument", {{"uri", kUri}}}, {"position", {{"line", 0}, {"character", 1}}}})
            .is_null());
}

TEST_CASE("settings: initializationOptions, didChangeConfiguration, workspace/configuration") {
  LspClient c;
  c.initialize({{"workspace", {{"configuration", true}}}}, {{"rules", {{"PCT001", "error"}}}});
  // After `initialized` the server asks for the section.
  const json ask = c.server_request("workspace/configuration");
  CHECK(ask["params"]["items"][0]["section"] == "pctlint");
  c.send({{"jsonrpc", "2.0"},
          {"id", ask["id"]},
          {"result", {{{"rules", {{"lowercase-hex", "error"}}}}}}});
  c.open_document(kUri, "x = 'https://x.example/%c3%a9'\n", "python");
  json p = c.diagnostics(kUri);
  while (p["diagnostics"].empty() || p["diagnostics"][0]["severity"] != 1)
    p = c.diagnostics(kUri);
  CHECK(p["diagnostics"][0]["severity"] == 1);
  c.notify("workspace/didChangeConfiguration",
           {{"settings", {{"pctlint", {{"rules", {{"PCT001", "off"}}}}}}}});
  p = c.diagnostics(kUri);
  CHECK(p["diagnostics"].empty());
}

TEST_CASE("cancellation answers -32800; cancelling what is not in flight is forgotten") {
  LspClient c;
  c.initialize();
  // A long document keeps the worker busy while the hover request waits behind it.
  std::string big;
  while (big.size() < (8u << 20))
    big += "u = 'https://x.example/caf%c3%a9/" + std::to_string(big.size()) + "'\n";
  c.open_document(kUri, big, "python");
  const int id = c.request("textDocument/hover", {{"textDocument", {{"uri", kUri}}},
                                                  {"position", {{"line", 0}, {"character", 0}}}});
  c.notify("$/cancelRequest", {{"id", id}});
  CHECK(c.response(id)["error"]["code"] == -32800);
  // An id never sent is not remembered: the request that later uses it is answered.
  c.notify("$/cancelRequest", {{"id", id + 1}});
  const int later =
      c.request("textDocument/hover",
                {{"textDocument", {{"uri", kUri}}}, {"position", {{"line", 0}, {"character", 0}}}});
  REQUIRE(later == id + 1);
  // It waits for the lint of the 8 MiB document: two minutes for unoptimised sanitizer builds.
  CHECK(c.response(later, 120000).contains("result"));
}

TEST_CASE(
    "bad input: each malformed message is answered or logged, and the next request still works") {
  LspClient c;
  c.initialize();
  c.open_document(kUri, "x = 'https://x.example/%c3%a9'\n", "python");
  c.diagnostics(kUri);
  auto hover_ok = [&] {
    const json h = c.call("textDocument/hover", {{"textDocument", {{"uri", kUri}}},
                                                 {"position", {{"line", 0}, {"character", 10}}}});
    return h.contains("contents");
  };
  auto framed = [](const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  };
  // invalid JSON -> -32700 with id null
  c.send_raw(framed("{not json"));
  json e = c.response(nullptr);
  CHECK(e["error"]["code"] == -32700);
  // ... and the user hears of it: an edit with invalid UTF-8 would leave the draft out of step.
  const json shown = c.notification("window/showMessage");
  CHECK(shown["message"].get<std::string>().find("out of step") != std::string::npos);
  CHECK(hover_ok());
  // valid JSON that is not a request -> -32600
  c.send_raw(framed("[1,2,3]"));
  CHECK(c.response(nullptr)["error"]["code"] == -32600);
  c.send_raw(framed(R"({"jsonrpc":"2.0","id":77,"method":42})"));
  CHECK(c.response(77)["error"]["code"] == -32600);
  CHECK(hover_ok());
  // unknown method -> -32601; unknown notification ignored
  CHECK(c.response(c.request("pctlint/unknown", json::object()))["error"]["code"] == -32601);
  c.notify("pctlint/unknownNotification", json::object());
  // wrong params -> -32602
  CHECK(c.response(c.request("textDocument/hover", {{"textDocument", 5}}))["error"]["code"] ==
        -32602);
  CHECK(c.response(c.request("textDocument/codeAction",
                             {{"textDocument", {{"uri", "file:///not/open"}}},
                              {"range", range(0, 0, 0, 0)}}))["error"]["code"] == -32602);
  // malformed headers, a wrong and a huge Content-Length
  c.send_raw("Content-Length: abc\r\n\r\n");
  c.send_raw("Garbage header line\r\n\r\n");
  c.send_raw("Content-Type: application/json\r\n\r\n");
  CHECK(hover_ok());
  // A Content-Length over the cap: the message is refused and its bytes skipped.
  LspClient fresh;
  fresh.initialize();
  fresh.send_raw("Content-Length: 70000000\r\n\r\n" + std::string(70000000, ' '));
  CHECK(fresh.call("shutdown", nullptr).is_null());
  // lone surrogates in JSON strings -> parse error, then fine
  fresh.send_raw(
      framed(R"({"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{"x":"\ud800"}})"));
  CHECK(fresh.response(nullptr)["error"]["code"] == -32700);
  // didChange range outside the document is clamped
  LspClient clamp;
  clamp.initialize();
  clamp.open_document(kUri, "a\n", "python");
  clamp.diagnostics(kUri);
  clamp.notify("textDocument/didChange",
               {{"textDocument", {{"uri", kUri}, {"version", 2}}},
                {"contentChanges",
                 {{{"range", range(5, 3, 9, 9)}, {"text", "x='https://x.example/%c3'"}}}}});
  // '%c3' is lowercase and cut short: one finding for the span, the more severe one.
  const json clamped = clamp.diagnostics(kUri)["diagnostics"];
  REQUIRE(clamped.size() == 1);
  CHECK(clamped[0]["code"] == "PCT002");
}

TEST_CASE("a 50 MB document and a burst of 10,000 messages") {
  LspClient c;
  c.initialize();
  std::string big;
  big.reserve(50u << 20);
  while (big.size() < (50u << 20))
    big += "line of text with no urls in it at all, just words and words\n";
  big += "x = 'https://x.example/%c3%a9'\n";
  c.open_document(kUri, big, "python");
  // A minute: unoptimised sanitizer builds take seconds over 50 MB.
  CHECK(c.diagnostics(kUri, 60000)["diagnostics"].size() == 1);
  c.open_document("file:///tmp/pctlint-test/b.py", "y = 'https://x.example/%c3%a9'\n", "python");
  c.diagnostics("file:///tmp/pctlint-test/b.py");
  for (int i = 0; i < 10000; ++i)
    c.request("textDocument/hover", {{"textDocument", {{"uri", "file:///tmp/pctlint-test/b.py"}}},
                                     {"position", {{"line", 0}, {"character", 8}}}});
  const json last =
      c.call("textDocument/hover", {{"textDocument", {{"uri", "file:///tmp/pctlint-test/b.py"}}},
                                    {"position", {{"line", 0}, {"character", 8}}}});
  CHECK(last.contains("contents"));
}

TEST_CASE("pctlint.checkWorkspace lints every file with progress") {
  pctlint::test::TempDir dir;
  dir.write("a.cpp", "auto u = \"https://x.example/%c3%a9\";\n");
  dir.write("b.md", "See https://x.example/a%2520b.\n");
  LspClient w;
  w.send({{"jsonrpc", "2.0"},
          {"id", 100},
          {"method", "initialize"},
          {"params",
           {{"rootUri", "file://" + dir.path()},
            {"capabilities", {{"window", {{"workDoneProgress", true}}}}}}}});
  w.response(100);
  w.notify("initialized", json::object());
  const int id = w.request("workspace/executeCommand",
                           {{"command", "pctlint.checkWorkspace"}, {"arguments", json::array()}});
  const json create = w.server_request("window/workDoneProgress/create");
  w.send({{"jsonrpc", "2.0"}, {"id", create["id"]}, {"result", nullptr}});
  const json r = w.result(id);
  CHECK(r["files"] == 2);
  CHECK(r["problems"] == 2);
  CHECK(w.notification("$/progress")["value"]["kind"] == "begin");
}

// publishDiagnostics is written straight into text (for speed); pull diagnostics go through the
// json DOM. Both must say the same, quotes, backslashes, non-ASCII and control characters included.
TEST_CASE("pushed and pulled diagnostics are the same JSON") {
  const std::string text =
      "// d\xC3\xA9j\xC3\xA0 \xF0\x9F\x98\x80 https://x.example/caf\xC3\xA9/%c3%a9/a\"b\\c|d\n"
      "x = 'https://y.example/%C4rzte%u00E4 \x7F'\n"
      "y = 'https://z.example/a b%2520%0D'\n";
  LspClient push;
  push.initialize();
  push.open_document(kUri, text, "python");
  const json pushed = push.diagnostics(kUri)["diagnostics"];
  LspClient pull;
  pull.initialize({{"textDocument", {{"diagnostic", json::object()}}}});
  pull.open_document(kUri, text, "python");
  const json pulled = pull.call("textDocument/diagnostic", {{"textDocument", {{"uri", kUri}}}});
  REQUIRE(pushed.size() >= 6);
  CHECK(pushed == pulled["items"]);
}
