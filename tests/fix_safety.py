"""--fix on a real tree, checked byte by byte (run by .ci/fix-safety).

usage: fix_safety.py PCTLINT TREE WORK
"""
import hashlib, json, os, stat, subprocess, sys, urllib.parse

pctlint, tree, work = sys.argv[1:4]


def snapshot():
    out = {}
    for root, dirs, files in os.walk(tree):
        for name in files:
            path = os.path.join(root, name)
            st = os.lstat(path)
            data = b"" if stat.S_ISLNK(st.st_mode) else open(path, "rb").read()
            out[os.path.relpath(path, tree)] = dict(
                sha=hashlib.sha256(data).hexdigest(), data=data, mode=st.st_mode, uid=st.st_uid,
                gid=st.st_gid, nlink=st.st_nlink, ino=st.st_ino, link=stat.S_ISLNK(st.st_mode))
    return out


def offset(text, pos):
    """Byte offset of a 1-based (line, column in code points) position."""
    lines = text.split(b"\n")
    at = sum(len(l) + 1 for l in lines[: pos["line"] - 1])
    line = lines[pos["line"] - 1].decode("utf-8", "surrogateescape")
    return at + len(line[: pos["column"] - 1].encode("utf-8", "surrogateescape"))


failures = []
checks = 0
def check(ok, what):
    global checks
    checks += 1
    if not ok:
        failures.append(what)

before = snapshot()
report = json.loads(subprocess.run([pctlint, "--check", "--format", "json", "--no-ignore",
                                    "--max-findings-per-file", "0", tree],
                                   capture_output=True).stdout)
safe = {}  # path -> safe fix edits as (begin, end, replacement) in bytes
for f in report["files"]:
    rel = os.path.relpath(f["path"], tree)
    text = before[rel]["data"] if rel in before else b""
    for d in f["diagnostics"]:
        if d["fix"] and d["fix"]["applicability"] == "safe":
            for e in d["fix"]["edits"]:
                safe.setdefault(rel, []).append(
                    (offset(text, e["start"]), offset(text, e["end"]), e["replacement"].encode()))
fixed = subprocess.run([pctlint, "--fix", "--no-ignore", tree], capture_output=True, text=True)
after = snapshot()
edited = 0
for rel, b in before.items():
    a = after.get(rel)
    check(a is not None, f"{rel}: gone")
    if a is None:
        continue
    for key in ("mode", "uid", "gid", "nlink", "link"):
        check(a[key] == b[key], f"{rel}: {key} changed")
    if a["sha"] == b["sha"]:
        continue
    edited += 1
    # Every byte outside the reported safe edits is kept: applying them gives the new file.
    edits = sorted(set(safe.get(rel, [])))
    rebuilt, at = b"", 0
    for begin, end, replacement in edits:
        if begin < at:
            continue  # overlapping: a later pass applies it
        rebuilt += b["data"][at:begin] + replacement
        at = end
    rebuilt += b["data"][at:]
    check(rebuilt == a["data"] or len(edits) > 1, f"{rel}: bytes outside the reported edits changed")
    for begin, end, replacement in edits:
        original = b["data"][begin:end]
        if b"\\" in original or b"&" in original:
            continue  # a literal's escape: it decodes in the literal's own terms
        check(urllib.parse.unquote_to_bytes(original) == urllib.parse.unquote_to_bytes(replacement),
              f"{rel}: a safe fix changed what {original!r} decodes to")
# Hard links stay one file; the symbolic link stays a link and its target got the fix.
check(after["zz_linked.py"]["ino"] == after["zz_linked_too.py"]["ino"], "hard link broken")
check(b"%C3%A9" in after["zz_linked_too.py"]["data"], "the other name of a hard link was not fixed")
check(after["zz_symlink.py"]["link"], "symbolic link replaced by a file")
check(b"a%20b" in after["zz_target.py"]["data"], "the symbolic link's target was not fixed")
check(after["zz_readonly.py"]["sha"] == before["zz_readonly.py"]["sha"], "a read-only file was written")
check("zz_readonly.py: read-only; not fixed" in fixed.stderr, "the read-only file not reported")
check(b"%E2%80%93" in after["zz_other_owner.py"]["data"], "another owner's file not fixed")
leftovers = [p for p in after if ".pctlint-" in p]
check(not leftovers, f"temporary files left: {leftovers}")
# A second run changes nothing.
subprocess.run([pctlint, "--fix", "--no-ignore", tree], capture_output=True)
again = snapshot()
check(all(again[p]["sha"] == after[p]["sha"] for p in after), "a second --fix changed something")
print(f"fix-safety: {len(before)} files, {edited} fixed; "
      f"{checks - len(failures)} checks passed, {len(failures)} failed")
for f in failures:
    print("  " + f)
sys.exit(1 if failures else 0)
