#!/usr/bin/env python3
"""Precision of pctlint on the real-world corpus, against the human review in reviewed.tsv.

    precision.py [--pctlint BIN] [--reviewed FILE] [--from-json FILE] [--dump-unreviewed FILE]
                 [--emit-findings FILE] [--require-precision P] [--require-all-true] DEST

Runs `BIN --check --no-ignore --format json -j2 DEST` (or reads a saved report with --from-json),
joins the findings with reviewed.tsv (path, line, col, rule, verdict, note; exact key first, then
the same path + line + rule, then a cluster row: a directory path ending in '/' with line and col
0, one verdict for every finding of its rule under that directory, for a generated tree that
repeats one mistake thousands of times and was reviewed by script) and prints per rule and overall figures and the reviewed TRUE findings
that are no longer reported (regressions). The figures are given for the main corpus (repos/,
npm/, debian/), for each held-out group (holdout/, fresh/, fresh2/, ...: one list each beside this
script, each added after the one before had been used for tuning) and for all together.
See README.md in this directory. Standard library only.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

TEST_DIRS = {"test", "tests", "testing", "__tests__", "spec", "specs", "fixtures", "fixture",
             "testdata", "test-data", "t", "unittests", "e2e", "fuzz", "fuzzing"}
# directories named tests with a suffix, as pctlint's (rules/config.cpp): NzbDrone.Core.Test,
# App.UnitTests, unit_tests, hpack-tests
TEST_DIR_SUFFIX = re.compile(r"(\.tests?|[_-]tests|\.(unittests|integrationtests|specs))$", re.I)
# file names of tests: test_x.py, x_test.go, x_test.py, x.test.js, x.spec.ts, x_spec.rb,
# FooTest.java, FooTests.kt, FooTest.php
TEST_FILE = re.compile(
    r"^(test_.+\.py|.+_test\.(py|go|rs|rb|c|cc|cpp|js|ts)|.+\.(test|spec)\.[cm]?[jt]sx?"
    r"|.+_spec\.rb|.+Tests?\.(java|kt|php|cs|scala|groovy)"
    # a source file named a test (Django's tests.py, a C library's test.c), as pctlint's
    r"|tests?\.(py|rs|rb|c|cc|cpp|[cm]?[jt]sx?)|test-.+\.[cm]?[jt]sx?|test[-_].+\.(c|cc|cpp)"
    # data files that name themselves tests, as pctlint's default test paths (rules/config.cpp)
    r"|(tests|.+[_-]tests|.*testdata|test_?cases)\.json|(tests|.+_tests)\.ya?ml)$")

VERDICTS = ("true", "false", "test-data")
RULES = ["PCT%03d" % i for i in range(1, 12)]


def is_test_path(rel):
    parts = rel.split("/")
    if any(p.lower() in TEST_DIRS or TEST_DIR_SUFFIX.search(p) for p in parts[:-1]):
        return True
    return bool(TEST_FILE.match(parts[-1]))


def run_pctlint(binary, dest, extra=()):
    cmd = [binary, "--check", "--no-ignore", "--format", "json", "-j2", *extra, dest]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in (0, 1):
        sys.exit("precision.py: %s exited %d: %s" % (" ".join(cmd), proc.returncode,
                                                     proc.stderr.decode(errors="replace")[:2000]))
    return json.loads(proc.stdout)


def relpath(path, dest):
    absdest = os.path.abspath(dest)
    p = path if os.path.isabs(path) else os.path.abspath(path)
    # A saved report's relative paths are relative to where pctlint ran: the corpus itself when
    # it was run there (`cd DEST && pctlint --check … fresh148`), whatever this script's cwd.
    if not os.path.isabs(path) and not os.path.exists(p) and \
            os.path.exists(os.path.join(absdest, path)):
        p = os.path.join(absdest, path)
    r = os.path.relpath(p, absdest)
    return r.replace(os.sep, "/")


def load_findings(report, dest):
    out = []
    for f in report.get("files", []):
        rel = relpath(f["path"], dest)
        for d in f.get("diagnostics", []):
            out.append({
                "path": rel, "line": int(d["start"]["line"]), "col": int(d["start"]["column"]),
                "rule": d["rule"], "severity": d["severity"], "message": d.get("message", ""),
                "end": d.get("end"),
            })
    out.sort(key=lambda x: (x["path"], x["line"], x["col"], x["rule"]))
    return out


def load_reviewed(path):
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#") or line.startswith("path\t"):
                continue
            cols = line.split("\t")
            if len(cols) < 5:
                sys.exit("%s:%d: expected path, line, col, rule, verdict, note" % (path, n))
            verdict = cols[4]
            if verdict not in VERDICTS:
                sys.exit("%s:%d: verdict %r is not one of %s" % (path, n, verdict, VERDICTS))
            rows.append({"path": cols[0], "line": int(cols[1]), "col": int(cols[2]),
                         "rule": cols[3], "verdict": verdict,
                         "note": cols[5] if len(cols) > 5 else ""})
    return rows


def join(findings, reviewed):
    exact = {}
    loose = {}
    clusters = []
    for r in reviewed:
        if r["line"] == 0 and r["col"] == 0 and r["path"].endswith("/"):
            clusters.append(r)
            continue
        exact.setdefault((r["path"], r["line"], r["col"], r["rule"]), r)
        loose.setdefault((r["path"], r["line"], r["rule"]), r)
    matched = set()
    for f in findings:
        r = exact.get((f["path"], f["line"], f["col"], f["rule"]))
        if r is None:
            r = loose.get((f["path"], f["line"], f["rule"]))
        if r is None:
            r = next((c for c in clusters
                      if f["rule"] == c["rule"] and f["path"].startswith(c["path"])), None)
        f["review"] = r
        if r is not None:
            matched.add(id(r))
    return matched


_lines_cache = {}


def file_lines(dest, rel):
    if rel not in _lines_cache:
        try:
            with open(os.path.join(dest, rel), "rb") as fh:
                text = fh.read().decode("utf-8", errors="replace")
            _lines_cache.clear()  # findings are sorted by path: one file at a time is enough
            # Line ends as pctlint counts them (LSP's): CRLF, LF, or a lone CR.
            _lines_cache[rel] = re.split(r"\r\n|\r|\n", text)
        except OSError:
            _lines_cache[rel] = []
    return _lines_cache[rel]


# "main", then the held-out groups in the order they were added: holdout, fresh, fresh2, ... (one
# list each beside this script, as build_corpus.sh builds them).
GROUPS = ("main", "holdout") + tuple(sorted(
    (f[:-4] for f in os.listdir(HERE) if re.fullmatch(r"fresh\d*\.tsv", f)),
    key=lambda g: int(g[5:] or 1)))


def group_of(rel):
    """The held-out group ('holdout', 'fresh', 'fresh2', ...) of a path under DEST/<group>/, 'main'
    for everything else."""
    top = rel.split("/", 1)[0]
    return top if top in GROUPS[1:] else "main"


def corpus_bytes(dest):
    """Bytes of file content per group (symlinks and .stamps left out)."""
    total = collections.Counter()
    for root, dirs, files in os.walk(dest):
        dirs[:] = [d for d in dirs if d != ".stamps"]
        for name in files:
            p = os.path.join(root, name)
            if not os.path.islink(p):
                total[group_of(relpath(p, dest))] += os.path.getsize(p)
    return total


def precision_of(c):
    return c["true"] / (c["true"] + c["false"]) if c["true"] + c["false"] else None


def print_table(title, per, mb):
    """Prints the per-rule table of one group; returns its totals."""
    hdr = ("rule", "all", "info", "in-tests", "scored", "scored/MB", "true", "false", "test-data",
           "unrev", "precision")
    fmt = "%-7s %7s %6s %8s %7s %9s %6s %6s %9s %6s %9s"
    print()
    print("== %s  (%.1f MB)" % (title, mb))
    print(fmt % hdr)
    mb = mb or 1.0
    tot = collections.Counter()
    for rule in sorted(set(RULES) | set(per)):
        c = per.get(rule, collections.Counter())
        tot.update(c)
        prec = precision_of(c)
        print(fmt % (rule, c["all"], c["info"], c["in-tests"], c["scored"],
                     "%.2f" % (c["scored"] / mb), c["true"], c["false"], c["test-data"],
                     c["unreviewed"], "-" if prec is None else "%.3f" % prec))
    prec = precision_of(tot)
    print(fmt % ("total", tot["all"], tot["info"], tot["in-tests"], tot["scored"],
                 "%.2f" % (tot["scored"] / mb), tot["true"], tot["false"], tot["test-data"],
                 tot["unreviewed"], "-" if prec is None else "%.3f" % prec))
    return tot


def overall_line(title, tot):
    prec = precision_of(tot)
    if prec is None:
        return "%-9s precision: -       (%d scored, nothing reviewed; %d unreviewed)" % (
            title, tot["scored"], tot["unreviewed"])
    return ("%-9s precision: %.4f  (%d scored: %d true, %d false, %d test-data, %d unreviewed)"
            % (title, prec, tot["scored"], tot["true"], tot["false"], tot["test-data"],
               tot["unreviewed"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dest", help="the corpus directory built by build_corpus.sh")
    ap.add_argument("--pctlint", default="/work/main/build/server/pctlint")
    ap.add_argument("--reviewed", default=os.path.join(HERE, "reviewed.tsv"))
    ap.add_argument("--from-json", help="read this saved JSON report instead of running pctlint")
    ap.add_argument("--save-json", help="also write the JSON report to this file")
    ap.add_argument("--dump-unreviewed", metavar="FILE",
                    help="write each unreviewed warning/error finding outside test dirs, with context")
    ap.add_argument("--emit-findings", metavar="FILE",
                    help="write every warning/error finding outside test dirs as TSV (review input)")
    ap.add_argument("--require-precision", type=float, metavar="P")
    ap.add_argument("--require-all-true", action="store_true",
                    help="fail when a reviewed TRUE finding is no longer reported")
    a = ap.parse_args()

    dest = a.dest
    if a.from_json:
        with open(a.from_json, encoding="utf-8") as fh:
            report = json.load(fh)
    else:
        report = run_pctlint(a.pctlint, dest)
    if a.save_json:
        with open(a.save_json, "w", encoding="utf-8") as fh:
            json.dump(report, fh)
    findings = load_findings(report, dest)
    reviewed = load_reviewed(a.reviewed)
    matched = join(findings, reviewed)
    size = corpus_bytes(dest)
    mb = {g: size[g] / 1e6 for g in GROUPS}
    mb["all"] = sum(size.values()) / 1e6

    per = {g: collections.defaultdict(collections.Counter) for g in GROUPS + ("all",)}
    for f in findings:
        test = is_test_path(f["path"])
        f["test"] = test
        f["group"] = group_of(f["path"])
        for c in (per[f["group"]][f["rule"]], per["all"][f["rule"]]):
            c["all"] += 1
            if f["severity"] == "info":
                c["info"] += 1
                continue
            if test:
                c["in-tests"] += 1
                continue
            c["scored"] += 1
            r = f["review"]
            if r is None:
                c["unreviewed"] += 1
            else:
                c[r["verdict"]] += 1

    print("corpus: %s  %.1f MB  %d files checked" % (
        dest, mb["all"], report.get("summary", {}).get("filesChecked", 0)))
    print("scored = warning/error findings outside test directories; precision = true/(true+false)"
          " over reviewed scored findings")
    tots = {}
    tots["main"] = print_table("main corpus (repos/, npm/, debian/)", per["main"], mb["main"])
    for g in GROUPS[1:]:
        if mb[g] or per[g]:
            tots[g] = print_table("%s (%s/)" % (g, g), per[g], mb[g])
    tots["all"] = print_table("combined", per["all"], mb["all"])
    print()
    for g, title in [(g, g) for g in GROUPS] + [("all", "combined")]:
        if g in tots:
            print(overall_line(title, tots[g]))
    prec = precision_of(tots["all"])

    # regressions: reviewed TRUE findings no longer reported
    reported = {(f["path"], f["line"], f["col"], f["rule"]) for f in findings}
    reported_loose = {(f["path"], f["line"], f["rule"]) for f in findings}
    def still_reported(r):
        if r["line"] == 0 and r["path"].endswith("/"):  # a cluster row: any of its findings
            return any(f["rule"] == r["rule"] and f["path"].startswith(r["path"])
                       for f in findings)
        return ((r["path"], r["line"], r["col"], r["rule"]) in reported
                or (r["path"], r["line"], r["rule"]) in reported_loose)
    lost = [r for r in reviewed if r["verdict"] == "true" and not still_reported(r)]
    n_true = sum(1 for r in reviewed if r["verdict"] == "true")
    print()
    print("reviewed TRUE findings still reported: %d of %d" % (n_true - len(lost), n_true))
    if lost:
        print("REGRESSIONS (reviewed TRUE, no longer reported):")
        for r in lost:
            print("  %s:%d:%d %s  %s" % (r["path"], r["line"], r["col"], r["rule"], r["note"]))

    scored = [f for f in findings if f["severity"] != "info" and not f["test"]]
    if a.emit_findings:
        with open(a.emit_findings, "w", encoding="utf-8") as fh:
            for f in scored:
                lines = file_lines(dest, f["path"])
                text = lines[f["line"] - 1] if 0 < f["line"] <= len(lines) else ""
                r = f["review"]
                fh.write("\t".join([f["path"], str(f["line"]), str(f["col"]), f["rule"],
                                    r["verdict"] if r else "", r["note"] if r else "",
                                    f["severity"], f["message"].replace("\t", " "),
                                    text[:f["col"] + 500].replace("\t", " ")]) + "\n")
    if a.dump_unreviewed:
        n = 0
        with open(a.dump_unreviewed, "w", encoding="utf-8") as fh:
            for f in scored:
                if f["review"] is not None:
                    continue
                n += 1
                lines = file_lines(dest, f["path"])
                fh.write("=== %s:%d:%d %s %s: %s\n" % (f["path"], f["line"], f["col"], f["rule"],
                                                       f["severity"], f["message"]))
                for i in range(max(1, f["line"] - 2), min(len(lines), f["line"] + 2) + 1):
                    fh.write("%s%6d | %s\n" % (">" if i == f["line"] else " ", i, lines[i - 1]))
                    if i == f["line"]:
                        # the caret under the column (code points; tabs kept so it lines up)
                        pad = "".join(c if c == "\t" else " " for c in lines[i - 1][:f["col"] - 1])
                        fh.write("%s| %s^\n" % (" " * 8, pad))
        print("wrote %d unreviewed findings to %s" % (n, a.dump_unreviewed))

    rc = 0
    if a.require_precision is not None and (prec is None or prec < a.require_precision):
        print("FAIL: precision %s < required %.3f" % ("-" if prec is None else "%.4f" % prec,
                                                       a.require_precision))
        rc = 1
    if a.require_all_true and lost:
        print("FAIL: %d reviewed TRUE findings are no longer reported" % len(lost))
        rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
