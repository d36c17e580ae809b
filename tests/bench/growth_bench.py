"""Cost as the input grows ten-fold, on the inputs that were once quadratic: one long line of
URLs with findings, one URL with many findings, one long line of clean URLs. For `--check`,
`--fix` and the language server (didOpen -> publishDiagnostics, a code action over the whole
line, a hover at its end). Prints seconds and peak RSS per size, and the growth per x10 in size
(linear: about 10x; quadratic: about 100x).

usage: python3 tests/bench/growth_bench.py [PCTLINT] [--sizes 10000,100000,1000000]
"""
import json, os, resource, subprocess, sys, tempfile, time

pctlint = os.path.abspath(next((a for a in sys.argv[1:] if not a.startswith("--") and "," not in a),
                               "build/server/pctlint"))
sizes = [10_000, 100_000, 1_000_000]
if "--sizes" in sys.argv:
    sizes = [int(s) for s in sys.argv[sys.argv.index("--sizes") + 1].split(",")]

INPUTS = {
    "URLs with a finding each, one line": lambda n: "https://x.example/%zz " * (n // 22) + "\n",
    "one URL, a finding every 3 bytes": lambda n: "http://a/" + "%" * (n // 3) + "\n",
    "clean URLs, one line": lambda n: "https://x.example/ok " * (n // 21) + "\n",
    # Each of these was quadratic once: placeholder openers that never close, '[' with no ']'
    # (a search to the end from each), %uXXXX (a scan of all of them per '%').
    "one URL of openers in a literal: {{ ${ <% %( [":
        lambda n: "u = 'http://a/" + "{{${<%%([" * (n // 9) + "'\n",
    "one URL of %u0041 in a literal": lambda n: "u = 'http://a/" + "%u0041" * (n // 6) + "'\n",
    # An attribute's template openers that never close ({{ "x" ...): each looks for its close.
    "an HTML attribute of unclosed {{ with quotes":
        lambda n: '<a href="http://a/' + '{{ "x" ' * (n // 7) + '">\n',
    # Rust's nested block comments opened line after line, all closed at the end: each level
    # looked for its close to the end of the file once (3.4 s at 720 KB).
    "nested block comments holding URLs, closed at the end (Rust)":
        lambda n: "// rust\n" + "/* https://x.example/%c3%a9\n" * (n // 28) + "*/" * (n // 28) + "\n",
    # An unclosed <script> per line, each holding a URL in a string.
    "unclosed <script> elements with URLs (HTML)":
        lambda n: "<!-- html -->\n" + '<script>var u = "https://x.example/%c3%a9";\n' * (n // 44),
}


def child_rss_mb():
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def timed(args, cwd):
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", *args], cwd=cwd, capture_output=True)
    elapsed = time.perf_counter() - start
    rss_kb = int(proc.stderr.decode().strip().splitlines()[-1])
    return elapsed, rss_kb / 1024


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def lsp_times(text, name):
    """didOpen -> diagnostics, whole-line code action, hover at the end; and the server's RSS."""
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", pctlint], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def read():
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += p.stdout.read(1)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(p.stdout.read(length))

    def until(pred):
        while True:
            m = read()
            if pred(m):
                return m

    def send(obj):
        p.stdin.write(frame(obj))
        p.stdin.flush()

    uri = "file:///growth/" + name
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    until(lambda m: m.get("id") == 1)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    t0 = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": {".py": "python", ".html": "html"}.get(os.path.splitext(name)[1], "plaintext"), "version": 1, "text": text}}})
    until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    t1 = time.perf_counter()
    end = len(text.rstrip("\n").encode("utf-16-le")) // 2
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": end}}
    send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": []}}})
    until(lambda m: m.get("id") == 2)
    t2 = time.perf_counter()
    send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": 0, "character": max(0, end - 5)}}})
    until(lambda m: m.get("id") == 3)
    t3 = time.perf_counter()
    send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
    until(lambda m: m.get("id") == 4)
    send({"jsonrpc": "2.0", "method": "exit"})
    p.stdin.close()
    rss_mb = int(p.stderr.read().decode().strip().splitlines()[-1]) / 1024
    p.wait()
    return t1 - t0, t2 - t1, t3 - t2, rss_mb


def growth(values):
    return "  ".join("x%.1f" % (b / a) if a > 0 else "-" for a, b in zip(values, values[1:]))


def main():
    work = tempfile.mkdtemp()
    config = os.path.join(work, ".pctlint.json")
    with open(config, "w") as f:
        json.dump({"maxFileSize": 64 * 1024 * 1024}, f)
    print("pctlint growth benchmark: sizes %s bytes; growth per x10 in size (linear ~x10)" %
          ", ".join(str(s) for s in sizes))
    for name, make in INPUTS.items():
        rows = {k: [] for k in ("check s", "check MB", "fix s", "lsp diag s", "lsp action s",
                                "lsp hover s", "lsp MB")}
        for n in sizes:
            text = make(n)
            fname = ("a.py" if text.startswith("u = '") else
                     "a.rs" if text.startswith("// rust") else
                     "a.html" if text.startswith(("<a ", "<!--")) else "a.txt")
            path = os.path.join(work, fname)
            with open(path, "w") as f:
                f.write(text)
            s, mb = timed([pctlint, "--check", "-q", "--config", config, fname], work)
            rows["check s"].append(s)
            rows["check MB"].append(mb)
            s, _ = timed([pctlint, "--fix", "--unsafe-fixes", "-q", "--config", config, fname], work)
            rows["fix s"].append(s)
            d, a, h, mb = lsp_times(text, fname)
            rows["lsp diag s"].append(d)
            rows["lsp action s"].append(a)
            rows["lsp hover s"].append(h)
            rows["lsp MB"].append(mb)
        print("\n%s" % name)
        for key, values in rows.items():
            fmt = "%8.1f" if key.endswith("MB") else "%8.3f"
            print("  %-13s %s   growth %s" % (key, " ".join(fmt % v for v in values), growth(values)))


main()
