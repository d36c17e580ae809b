#!/usr/bin/env python3
"""The Windows binary under wine: the CLI end to end, and an LSP session over pipes.

usage: windows_test.py WINDOWS_EXE NATIVE_BINARY

The CLI part runs the Windows pctlint.exe and the native Linux pctlint on the same trees and
requires the same reports, byte for byte (after the paths are written alike), and the same exit
codes: the example, the fixtures, CRLF files, non-ASCII file names, backslash paths, --fix with
CRLF and non-ASCII text, JSON and SARIF output. The LSP part starts `pctlint.exe --stdio`,
opens a document with CRLF line ends and non-ASCII text under a Windows file URI
(file:///c%3A/...), and requires the diagnostics at the right UTF-16 columns, a code action whose
edit fixes the text, and a clean shutdown.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
failures = []
checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def wine_env():
    env = dict(os.environ)
    env.setdefault("WINEDEBUG", "-all")
    env.setdefault("WINEDLLOVERRIDES", "mscoree,mshtml=")  # no Mono/Gecko install prompts
    return env


def run(argv, cwd, stdin=b""):
    p = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, env=wine_env(),
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


def same_cli(exe, native, args, cwd, what):
    """Both binaries, the same arguments and tree: the same exit code and standard output (but
    for SARIF's absolute root, which wine sees on drive Z:)."""
    w_rc, w_out, w_err = run(["wine", exe] + args, cwd)
    w_out = w_out.replace(b'"file:///Z:/', b'"file:///')
    n_rc, n_out, n_err = run([native] + args, cwd)
    check(w_rc == n_rc, f"{what}: exit {w_rc} on Windows, {n_rc} natively; stderr: {w_err[-400:]!r}")
    check(w_out == n_out, f"{what}: output differs\n--- windows\n{w_out[:1500]!r}\n--- native\n{n_out[:1500]!r}")
    return w_rc, w_out


def make_tree(root):
    """A small tree with what Windows users have: CRLF, a BOM, non-ASCII names and text."""
    os.makedirs(os.path.join(root, "src", "ünïcode"), exist_ok=True)
    with open(os.path.join(root, "src", "crlf.py"), "wb") as f:
        f.write(b'# \xc3\xa9t\xc3\xa9\r\nA = "https://example.com/%c3%a4/x"\r\nB = "https://example.com/a b"\r\n')
    with open(os.path.join(root, "src", "ünïcode", "página.md"), "wb") as f:
        f.write("\ufeffSee [the page](https://example.com/caf%c3%a9) — and <https://example.com/%C4>.\r\n".encode())
    with open(os.path.join(root, "src", "clean.json"), "wb") as f:
        f.write(b'{"url": "https://example.com/%C3%A4"}\n')


def cli_tests(exe, native):
    # Copies outside any git work tree: wine cannot run the Linux git that the native binary uses
    # for .gitignore, so both walk the tree themselves.
    with tempfile.TemporaryDirectory() as tmp:
        for d in ["example", "fixtures"]:
            shutil.copytree(os.path.join(REPO, "tests", d), os.path.join(tmp, d))
        same_cli(exe, native, ["--check", "example"], tmp, "--check the example")
        same_cli(exe, native, ["--check", "--format", "json", "example"], tmp,
                 "--check --format json")
        same_cli(exe, native, ["--check", "--format", "sarif", "example"], tmp,
                 "--check --format sarif (relative URIs)")
        same_cli(exe, native, ["--check", "fixtures"], tmp, "--check the fixtures")
        same_cli(exe, native, ["--check", "--no-ignore", "--format", "github", "fixtures"], tmp,
                 "--check --format github")
    same_cli(exe, native, ["rules"], REPO, "rules")
    same_cli(exe, native, ["rule", "PCT001"], REPO, "rule PCT001")
    same_cli(exe, native, ["canon", "HTTP://Example.COM/%c3%a4?q=a b"], REPO, "canon")
    same_cli(exe, native, ["encode", "a b/ä"], REPO, "encode (a non-ASCII argument)")
    rc, out = same_cli(exe, native, ["--check", "does-not-exist"], REPO, "a missing path")
    check(rc == 2, f"a missing path exits 2 (got {rc})")
    # Standard input: CRLF bytes in, the same report out.
    crlf = b'x = "https://example.com/%c3%a4"\r\ny = "https://example.com/a|b"\r\n'
    w = subprocess.run(["wine", exe, "--check", "--stdin-filename", "a.py", "-"], input=crlf,
                       capture_output=True, env=wine_env(), timeout=120)
    n = subprocess.run([native, "--check", "--stdin-filename", "a.py", "-"], input=crlf,
                       capture_output=True, timeout=120)
    check((w.returncode, w.stdout) == (n.returncode, n.stdout), f"standard input alike: {w.stdout!r}")

    with tempfile.TemporaryDirectory() as tmp:
        make_tree(tmp)
        rc, out = same_cli(exe, native, ["--check", "."], tmp, "CRLF, BOM and non-ASCII names")
        check(b"p\xc3\xa1gina.md" in out, "the non-ASCII file name is reported in UTF-8")
        check(rc == 1, f"findings exit 1 (got {rc})")
        # A path typed with backslashes names the same files; reports use '/'.
        w_rc, w_out, _ = run(["wine", exe, "--check", "src\\ünïcode"], tmp)
        n_rc, n_out, _ = run([native, "--check", "src/ünïcode"], tmp)
        check((w_rc, w_out) == (n_rc, n_out), "a backslash path reads as the '/' one")
        # An absolute Windows path (wine maps Z: to /).
        w_rc, w_out, _ = run(["wine", exe, "--check", "Z:" + tmp.replace("/", "\\")], tmp)
        check(w_rc == 1 and b"crlf.py" in w_out, f"a drive-letter path is walked (exit {w_rc})")

    # --fix: the same bytes as the native binary's fix, CRLF kept.
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        make_tree(a)
        make_tree(b)
        w_rc, w_out, w_err = run(["wine", exe, "--fix", "."], a)
        n_rc, n_out, _ = run([native, "--fix", "."], b)
        check(w_rc == n_rc, f"--fix exits alike ({w_rc} vs {n_rc}): {w_err[-300:]!r}")
        for rel in ["src/crlf.py", "src/ünïcode/página.md", "src/clean.json"]:
            with open(os.path.join(a, rel), "rb") as f:
                fixed_w = f.read()
            with open(os.path.join(b, rel), "rb") as f:
                fixed_n = f.read()
            check(fixed_w == fixed_n, f"--fix writes {rel} alike\n{fixed_w!r}\n{fixed_n!r}")
        with open(os.path.join(a, "src/crlf.py"), "rb") as f:
            text = f.read()
        check(b"%C3%A4" in text and text.count(b"\r\n") == 3, f"--fix fixed crlf.py, CRLF kept: {text!r}")
        leftovers = [n for _, _, names in os.walk(a) for n in names if ".pctlint-" in n]
        check(not leftovers, f"no temporary file left: {leftovers}")
        # A read-only file is never written.
        ro = os.path.join(a, "src", "ro.py")
        with open(ro, "wb") as f:
            f.write(b'A = "https://example.com/%c3%a4"\n')
        os.chmod(ro, 0o444)  # wine shows it as FILE_ATTRIBUTE_READONLY
        w_rc, w_out, w_err = run(["wine", exe, "--fix", "src/ro.py"], a)
        with open(ro, "rb") as f:
            check(f.read() == b'A = "https://example.com/%c3%a4"\n', "a read-only file is left alone")
        check(b"read-only" in w_out + w_err, f"the read-only file is said: {w_out!r} {w_err!r}")


class Lsp:
    def __init__(self, exe):
        self.p = subprocess.Popen(["wine", exe, "--stdio"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, env=wine_env())
        self.next_id = 1

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            if line == b"\r\n":
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = self.receive()
            if m.get("id") == rid and "method" not in m:
                return m
            self.pending.append(m)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    pending = []

    def wait_for(self, method):
        for i, m in enumerate(self.pending):
            if m.get("method") == method:
                return self.pending.pop(i)
        while True:
            m = self.receive()
            if m.get("method") == method:
                return m
            self.pending.append(m)


def utf16_column(line, byte_offset_in_str):
    return len(line[:byte_offset_in_str].encode("utf-16-le")) // 2


def apply_edits(text, edits):
    lines = text.split("\n")
    def offset(pos):
        # UTF-16 position -> index in the str
        line = lines[pos["line"]]
        units = 0
        for i, ch in enumerate(line):
            if units >= pos["character"]:
                return sum(len(l) + 1 for l in lines[:pos["line"]]) + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return sum(len(l) + 1 for l in lines[:pos["line"]]) + len(line)
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        a, b = offset(e["range"]["start"]), offset(e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text


def lsp_tests(exe):
    lsp = Lsp(exe)
    init = lsp.request("initialize", {"processId": None, "rootUri": "file:///c%3A/work/proj",
                                      "capabilities": {}})
    check("result" in init and init["result"]["capabilities"].get("codeActionProvider"),
          f"initialize answers with code actions: {init}")
    check(init["result"].get("capabilities", {}).get("positionEncoding", "utf-16") == "utf-16",
          "UTF-16 positions by default")
    lsp.notify("initialized", {})
    uri = "file:///c%3A/work/proj/src/caf%C3%A9.py"
    # An emoji (two UTF-16 units) and an é before the URL, CRLF line ends.
    text = '# \u00e9t\u00e9\r\nX = "\U0001F600 https://example.com/%c3%a4/x"\r\n'
    lsp.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python",
                                                         "version": 1, "text": text}})
    diag = lsp.wait_for("textDocument/publishDiagnostics")["params"]
    check(diag["uri"] == uri, f"diagnostics for the URI as sent: {diag['uri']}")
    ds = [d for d in diag["diagnostics"] if d.get("code") == "PCT001"]
    check(len(ds) == 1, f"one PCT001 finding: {diag['diagnostics']}")
    if ds:
        line = text.split("\r\n")[1]
        start = utf16_column(line, line.index("%c3"))
        check(ds[0]["range"]["start"] == {"line": 1, "character": start},
              f"PCT001 at line 1, UTF-16 column {start}: {ds[0]['range']}")
    actions = lsp.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": ds[0]["range"] if ds else {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}},
        "context": {"diagnostics": ds}})
    fixes = [a for a in actions.get("result") or [] if a.get("edit")]
    check(fixes, f"a code action with an edit: {actions}")
    if fixes:
        edits = fixes[0]["edit"]["changes"][uri] if "changes" in fixes[0]["edit"] else \
            fixes[0]["edit"]["documentChanges"][0]["edits"]
        fixed = apply_edits(text, edits)
        check("https://example.com/%C3%A4/x" in fixed and fixed.count("\r\n") == 2,
              f"the edit fixes the URL and keeps CRLF: {fixed!r}")
        lsp.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                              "contentChanges": [{"text": fixed}]})
        after = lsp.wait_for("textDocument/publishDiagnostics")["params"]
        check(not [d for d in after["diagnostics"] if d.get("code") == "PCT001"],
              f"no PCT001 after the fix: {after}")
    shut = lsp.request("shutdown", None)
    check("result" in shut, f"shutdown answers: {shut}")
    lsp.notify("exit", None)
    try:
        rc = lsp.p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        lsp.p.kill()
        rc = None
    check(rc == 0, f"exit after shutdown ends the server with 0 (got {rc})")


def main():
    exe, native = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    subprocess.run(["wineboot", "-i"], env=wine_env(), capture_output=True)  # a prefix, once
    cli_tests(exe, native)
    lsp_tests(exe)
    print(f"windows (wine): {checks - len(failures)} of {checks} checks passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
