// Language-server features as real clients use them (issue: "The editors, proven in the real
// ones"): configuration files watched, fix-all as one edit per fix, code actions for the
// diagnostics the client names, links, tags, resolve, encoding overrides, workspace diagnostics.
#include "lsp_client.h"
#include "temp_dir.h"

#include <chrono>
#include <doctest/doctest.h>
#include <thread>

using pctlint::OffsetEncoding;
using pctlint::test::json;
using pctlint::test::LspClient;
using pctlint::test::TempDir;

namespace {

json range(int l0, int c0, int l1, int c1) {
  return {{"start", {{"line", l0}, {"character", c0}}}, {"end", {{"line", l1}, {"character", c1}}}};
}

std::string uri_of(const TempDir& dir, const std::string& rel) {
  return "file://" + dir.file(rel);
}

} // namespace

TEST_CASE("an edit of .pctlint.json reaches open documents: watched through dynamic registration") {
  TempDir dir;
  dir.write("a.py", "u = 'https://x.example/%c3%a9'\n");
  LspClient c;
  c.initialize({{"workspace", {{"didChangeWatchedFiles", {{"dynamicRegistration", true}}}}}});
  const json registration = c.server_request("client/registerCapability");
  CHECK(registration["params"]["registrations"][0]["method"] == "workspace/didChangeWatchedFiles");
  CHECK(
      registration["params"]["registrations"][0]["registerOptions"]["watchers"][0]["globPattern"] ==
      "**/.pctlint.json");
  c.send({{"jsonrpc", "2.0"}, {"id", registration["id"]}, {"result", nullptr}});
  const std::string uri = uri_of(dir, "a.py");
  c.open_document(uri, dir.read("a.py"), "python");
  CHECK(c.diagnostics(uri)["diagnostics"][0]["severity"] == 2);
  dir.write(".pctlint.json", R"({"rules": {"PCT001": "error"}})");
  c.notify("workspace/didChangeWatchedFiles",
           {{"changes", {{{"uri", uri_of(dir, ".pctlint.json")}, {"type", 2}}}}});
  CHECK(c.diagnostics(uri)["diagnostics"][0]["severity"] == 1);
  // Saved invalid: the user is told (showMessage, once), with the line; the defaults apply.
  dir.write(".pctlint.json", "{\n  \"rules\": {\"PCT001\": \"eror\"}\n}\n");
  c.notify("workspace/didChangeWatchedFiles",
           {{"changes", {{{"uri", uri_of(dir, ".pctlint.json")}, {"type", 2}}}}});
  const json shown = c.notification("window/showMessage");
  CHECK(shown["type"] == 1);
  CHECK(shown["message"].get<std::string>().find(".pctlint.json:2:") != std::string::npos);
  CHECK(c.diagnostics(uri)["diagnostics"][0]["severity"] == 2);
}

TEST_CASE("fix-all: one edit per fix, not one edit over the whole span") {
  LspClient c;
  c.initialize();
  const std::string uri = "file:///tmp/pctlint-lsp/fixall.py";
  std::string text = "a = 'https://x.example/%c3%a9'\n";
  for (int i = 0; i < 50; ++i)
    text += "x = " + std::to_string(i) + "\n";
  text += "b = 'https://x.example/a b'\n";
  c.open_document(uri, text, "python");
  c.diagnostics(uri);
  const json actions =
      c.call("textDocument/codeAction",
             {{"textDocument", {{"uri", uri}}},
              {"range", range(0, 0, 0, 0)},
              {"context", {{"diagnostics", json::array()}, {"only", {"source"}}}}});
  REQUIRE(actions.size() == 1);
  const json edits = LspClient::edits_of(actions[0]["edit"], uri);
  REQUIRE(edits.size() == 2);
  CHECK(edits[0]["range"] == range(0, 23, 0, 29));
  CHECK(edits[1]["range"] == range(51, 24, 51, 25));
  CHECK(LspClient::apply(text, edits, OffsetEncoding::Utf16).find("a%20b") != std::string::npos);
}

TEST_CASE("code actions answer for the diagnostics the client names; context.only as a string") {
  LspClient c;
  c.initialize();
  const std::string uri = "file:///tmp/pctlint-lsp/ctx.py";
  c.open_document(uri, "u = 'https://x.example/%c3%a9'  # a comment\n", "python");
  const json d = c.diagnostics(uri)["diagnostics"][0];
  // The cursor is in the comment, away from the finding; the client passes the diagnostic.
  json actions =
      c.call("textDocument/codeAction", {{"textDocument", {{"uri", uri}}},
                                         {"range", range(0, 36, 0, 36)},
                                         {"context", {{"diagnostics", json::array({d})}}}});
  REQUIRE(actions.size() >= 2);
  CHECK(actions[0]["title"] == "Use uppercase hex: %C3%A9");
  // A client that counts the diagnostic's columns in bytes (Neovim 0.7's own request): matched
  // by code and message on its line; a message of its own is not.
  c.open_document("file:///tmp/pctlint-lsp/ctx2.py", "u = 'é https://x.example/%c3%a9'  # é\n",
                  "python");
  json d2 = c.diagnostics("file:///tmp/pctlint-lsp/ctx2.py")["diagnostics"][0];
  d2["range"]["start"]["character"] = d2["range"]["start"]["character"].get<int>() + 1;
  d2["range"]["end"]["character"] = d2["range"]["end"]["character"].get<int>() + 1;
  const json ctx2 = {{"textDocument", {{"uri", "file:///tmp/pctlint-lsp/ctx2.py"}}},
                     {"range", range(0, 38, 0, 38)},
                     {"context", {{"diagnostics", json::array({d2})}}}};
  actions = c.call("textDocument/codeAction", ctx2);
  REQUIRE(!actions.empty());
  CHECK(actions[0]["title"].get<std::string>().starts_with("Use uppercase hex: %C3%A9"));
  json other = ctx2;
  other["context"]["diagnostics"][0]["message"] = "something else";
  actions = c.call("textDocument/codeAction", other);
  for (const json& a : actions)
    CHECK_FALSE(a["title"].get<std::string>().starts_with("Use uppercase hex"));
  // "only" as one string (Neovim 0.7's documented form).
  actions = c.call("textDocument/codeAction",
                   {{"textDocument", {{"uri", uri}}},
                    {"range", range(0, 24, 0, 24)},
                    {"context", {{"diagnostics", json::array()}, {"only", "quickfix"}}}});
  REQUIRE(!actions.empty());
  for (const json& a : actions)
    CHECK(a["kind"] == "quickfix");
}

TEST_CASE("\"disable for this line\" follows the file's extension, not a wrong languageId") {
  LspClient c;
  c.initialize();
  const std::string json_uri = "file:///tmp/pctlint-lsp/data.json";
  c.open_document(json_uri, "{\"u\": \"https://x.example/%c3%a9\"}\n", "python");
  c.diagnostics(json_uri);
  json actions = c.call("textDocument/codeAction", {{"textDocument", {{"uri", json_uri}}},
                                                    {"range", range(0, 25, 0, 25)},
                                                    {"context", {{"diagnostics", json::array()}}}});
  for (const json& a : actions)
    CHECK(a["title"].get<std::string>().find("Disable") == std::string::npos); // JSON: no comments
  const std::string md_uri = "file:///tmp/pctlint-lsp/doc.md";
  c.open_document(md_uri, "See <https://x.example/%c3%a9>.\n", "python");
  c.diagnostics(md_uri);
  actions = c.call("textDocument/codeAction", {{"textDocument", {{"uri", md_uri}}},
                                               {"range", range(0, 25, 0, 25)},
                                               {"context", {{"diagnostics", json::array()}}}});
  bool found = false;
  for (const json& a : actions)
    if (a["title"] == "Disable PCT001 for this line") {
      found = true;
      CHECK(LspClient::edits_of(a["edit"], md_uri)[0]["newText"] ==
            " <!-- pctlint-disable-line PCT001 -->");
    }
  CHECK(found);
}

TEST_CASE("pull diagnostics: a document not open gets a report, not an error") {
  TempDir dir;
  dir.write("closed.py", "u = 'https://x.example/%c3%a9'\n");
  LspClient c;
  c.initialize({{"textDocument", {{"diagnostic", json::object()}}}});
  const json r =
      c.call("textDocument/diagnostic", {{"textDocument", {{"uri", uri_of(dir, "closed.py")}}}});
  CHECK(r["kind"] == "full");
  CHECK(r["items"].size() == 1);
  const json none =
      c.call("textDocument/diagnostic", {{"textDocument", {{"uri", "file:///nowhere/x.py"}}}});
  CHECK(none["items"].empty());
}

TEST_CASE("workspace: checkWorkspace counts open documents; workspace/diagnostic in pull mode") {
  TempDir dir;
  dir.write("a.py", "u = 'https://x.example/%c3%a9'\n");
  dir.write("b.py", "v = 'https://x.example/ok'\n");
  dir.write("big.py", std::string(300, ' ') + "w = 'https://x.example/%c3%a9'\n");
  dir.write("run.log", "fetched https://x.example/%c3%a9\n"); // a program's log: as --check
  dir.write(".pctlint.json", R"({"maxFileSize": 200})");
  LspClient c;
  c.initialize({{"textDocument", {{"diagnostic", json::object()}}}}, nullptr,
               "file://" + dir.path());
  c.open_document(uri_of(dir, "b.py"), "v = 'https://x.example/%7euser'\n", "python");
  const json result = c.call("workspace/executeCommand", {{"command", "pctlint.checkWorkspace"}});
  CHECK(result["files"] == 3); // a.py, b.py (as open), .pctlint.json
  CHECK(result["problems"] == 2);
  CHECK(result["notChecked"] == 2); // big.py, run.log
  const json report = c.call("workspace/diagnostic", {{"previousResultIds", json::array()}});
  std::size_t with_items = 0;
  for (const json& item : report["items"])
    with_items += !item["items"].empty();
  CHECK(with_items == 2);
}

TEST_CASE("document links, the Unnecessary tag, codeAction/resolve, a position encoding override") {
  LspClient c;
  c.initialize({{"textDocument",
                 {{"publishDiagnostics", {{"tagSupport", {{"valueSet", {1, 2}}}}}},
                  {"codeAction", {{"resolveSupport", {{"properties", {"edit"}}}}}}}}},
               {{"positionEncoding", "utf-8"}});
  const std::string uri = "file:///tmp/pctlint-lsp/links.py";
  const std::string text = "# é https://x.example/%7Euser/a b\nu = 'https://x.example/{id}'\n";
  c.open_document(uri, text, "python");
  const json d = c.diagnostics(uri)["diagnostics"];
  REQUIRE(d.size() == 1);
  CHECK(d[0]["code"] == "PCT008");
  CHECK(d[0]["tags"] == json::array({1}));
  CHECK(d[0]["range"]["start"]["character"] == 23); // UTF-8: "é" counts 2
  const json links = c.call("textDocument/documentLink", {{"textDocument", {{"uri", uri}}}});
  REQUIRE(links.size() == 1); // the template {id} is no address
  CHECK(links[0]["target"] == "https://x.example/~user/a");
  const json actions =
      c.call("textDocument/codeAction", {{"textDocument", {{"uri", uri}}},
                                         {"range", range(0, 24, 0, 24)},
                                         {"context", {{"diagnostics", json::array()}}}});
  REQUIRE(!actions.empty());
  CHECK_FALSE(actions[0].contains("edit"));
  CHECK(actions[0].contains("data"));
  const json resolved = c.call("codeAction/resolve", actions[0]);
  CHECK(LspClient::apply(text, LspClient::edits_of(resolved["edit"], uri), OffsetEncoding::Utf8)
            .starts_with("# é https://x.example/~user/a b\n"));
}

TEST_CASE(
    "hover in the client's format: Markdown by default, plain text when that is all it takes") {
  const std::string uri = "file:///tmp/pctlint-lsp/hover.py";
  const std::string text = "u = 'https://z.example/a%2Fb?q=%c3%a4'\n";
  const json position = {{"textDocument", {{"uri", uri}}},
                         {"position", {{"line", 0}, {"character", 10}}}};
  SUBCASE("no contentFormat: Markdown") {
    LspClient c;
    c.initialize();
    c.open_document(uri, text, "python");
    const json h = c.call("textDocument/hover", position);
    CHECK(h["contents"]["kind"] == "markdown");
    CHECK(h["contents"]["value"].get<std::string>().find("|---|---|---|") != std::string::npos);
  }
  SUBCASE("plaintext only (Vim's ALE): no table, no backticks") {
    LspClient c;
    c.initialize({{"textDocument", {{"hover", {{"contentFormat", {"plaintext"}}}}}}});
    c.open_document(uri, text, "python");
    const json h = c.call("textDocument/hover", position);
    CHECK(h["contents"]["kind"] == "plaintext");
    const std::string v = h["contents"]["value"];
    CHECK(v.find('`') == std::string::npos);
    CHECK(v.find('|') == std::string::npos);
    CHECK(v.find("URL https://z.example/a%2Fb?q=%c3%a4\n") == 0);
    CHECK(v.find("  query   q=%c3%a4  ->  q=\xc3\xa4\n") != std::string::npos);
    CHECK(v.find("PCT001 lowercase-hex") != std::string::npos);
  }
  SUBCASE("both, plaintext preferred") {
    LspClient c;
    c.initialize({{"textDocument", {{"hover", {{"contentFormat", {"plaintext", "markdown"}}}}}}});
    c.open_document(uri, text, "python");
    CHECK(c.call("textDocument/hover", position)["contents"]["kind"] == "plaintext");
  }
}

namespace {

// A workspace whose walk takes seconds: 1,500 files of 400 URLs with a finding each.
void fill_big_workspace(TempDir& dir) {
  std::string body;
  for (int i = 0; i < 400; ++i)
    body += "u" + std::to_string(i) + " = 'https://x.example/%c3%a9/" + std::to_string(i) + "'\n";
  for (int f = 0; f < 1500; ++f)
    dir.write("f" + std::to_string(f) + ".py", body);
}

} // namespace

TEST_CASE("$/cancelRequest ends a running workspace/diagnostic; the next pull is answered") {
  TempDir dir;
  fill_big_workspace(dir);
  LspClient c;
  c.initialize({{"textDocument", {{"diagnostic", json::object()}}}}, nullptr,
               "file://" + dir.path());
  const auto start = std::chrono::steady_clock::now();
  const int id = c.request("workspace/diagnostic", {{"previousResultIds", json::array()}});
  // While it runs (the whole walk takes seconds): the cancel reaches the work in progress.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  c.notify("$/cancelRequest", {{"id", id}});
  const json answer = c.response(id, 120000);
  const auto took = std::chrono::steady_clock::now() - start;
  MESSAGE("answered in " << std::chrono::duration_cast<std::chrono::milliseconds>(took).count()
                         << " ms");
  CHECK(answer["error"]["code"] == -32800);
  CHECK(took < std::chrono::seconds(5));
  CHECK(c.call("textDocument/diagnostic",
               {{"textDocument", {{"uri", "file://" + dir.path() + "/f1.py"}}}})["items"]
            .size() == 400);
}

TEST_CASE("a workspace/diagnostic runs in slices: an edit and a pull are answered while it runs") {
  TempDir dir;
  fill_big_workspace(dir);
  LspClient c;
  c.initialize({{"textDocument", {{"diagnostic", json::object()}}}}, nullptr,
               "file://" + dir.path());
  const std::string uri = "file://" + dir.path() + "/open.py";
  c.open_document(uri, "u = 'https://x.example/%c3%a9'\n", "python");
  const int walk = c.request("workspace/diagnostic", {{"previousResultIds", json::array()}});
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  c.notify("textDocument/didChange",
           {{"textDocument", {{"uri", uri}, {"version", 2}}},
            {"contentChanges",
             {{{"text", "u = 'https://x.example/%c3%a9'\nv = 'https://x.example/%e2%82%ac'\n"}}}}});
  // Answered between two slices of the walk, with the edit applied.
  const json pulled = c.call("textDocument/diagnostic", {{"textDocument", {{"uri", uri}}}});
  CHECK(pulled["items"].size() == 3); // %c3%a9, then %e2 and %ac of the line the edit added
  CHECK_THROWS(c.response(walk, 50)); // the walk is still going on
  const json whole = c.response(walk, 120000);
  REQUIRE(whole.contains("result"));
  CHECK(whole["result"]["items"].size() == 1501);
}
