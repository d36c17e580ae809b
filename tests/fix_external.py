"""--fix on CPython's standard library with its test suite, checked from outside (run by
.ci/fix-external): after a plain `pctlint --fix` (safe fixes only)

  1. every .py file that compiled before still compiles (and a changed file keeps its syntax
     tree apart from the values of its string literals, and gets no new compiler warning),
  2. every .json file that parsed before still parses,
  3. CPython's own test modules that touch URLs (and every test module the fix changed) still
     pass, run by `python -m test` against the fixed tree; each is run on the unfixed tree too,
     and a module that passed before and does not pass after is a failure.

The library is copied twice (before, after) together with a copy of the interpreter's binary
(bin/python3), so that the copy finds its library by its own location: the standard library,
the test package and every subprocess a test starts use the copy, with -I (no environment, no
user site) and -X frozen_modules=off (os, codecs, ... read from the copy, not from the binary).
Each run checks at its end that every module it imported came from its own tree (but for the
import system itself, importlib._bootstrap*, which the binary always takes frozen).

usage: fix_external.py [PCTLINT] [--python /usr/bin/python3] [--stdlib DIR] [--keep DIR]
                       [--jobs N] [--only test_x,test_y] [--fix-option OPTION]...
"""
import argparse, ast, concurrent.futures, difflib, json, os, re, shutil, subprocess, sys
import tempfile, time, warnings

# The test modules always run, whatever the fix changed: URLs are their data.
URL_TESTS = [
    # the ones the CI step is about
    "test_ssl", "test_urlparse", "test_urllib", "test_urllib2", "test_htmlparser",
    "test_http_cookiejar", "test_httplib", "test_urllib_response", "test_robotparser", "test_email",
    # more that parse, build, quote or serve URLs (the *net ones need the network: they must stay
    # skipped; the localnet, server and xmlrpc ones use 127.0.0.1)
    "test_urllib2_localnet", "test_urllibnet", "test_urllib2net", "test_webbrowser",
    "test_httpservers", "test_wsgiref", "test_mimetypes", "test_http_cookies", "test_xmlrpc",
    "test_docxmlrpc", "test_cgi", "test_html", "test_pydoc", "test_smtplib", "test_ftplib",
    # namespace and DTD URLs in XML and plists; the only .json file of the tree (test_zoneinfo)
    "test_sax", "test_minidom", "test_pulldom", "test_xml_etree", "test_xml_etree_c",
    "test_pyexpat", "test_plistlib", "test_zoneinfo", "test_json",
]
# Slowest first (seconds on a 2-core machine, mostly waiting on sockets, not CPU).
SLOW = {"test_ssl": 45, "test_xmlrpc": 27, "test_ftplib": 10, "test_email": 6, "test_docxmlrpc": 3,
        "test_urllib2_localnet": 2, "test_lib2to3": 3, "test_idle": 10}
# Test directories inside the library that a test module of test/ runs.
PACKAGE_TESTS = {"lib2to3/tests": "test_lib2to3", "idlelib/idle_test": "test_idle",
                 "tkinter/test": "test_tkinter", "ctypes/test": "test_ctypes",
                 "unittest/test": "test_unittest", "distutils/tests": "test_distutils"}

# Run inside the copied interpreter: -m test, then check where every loaded module came from.
RUNNER = r"""
import sys, os
prefixes = (os.path.abspath(sys.prefix) + os.sep, os.path.realpath(sys.prefix) + os.sep)
# The import system itself is always frozen in the binary (its copies in importlib/ are unused).
always_frozen = {"_frozen_importlib", "_frozen_importlib_external", "importlib._bootstrap",
                 "importlib._bootstrap_external", "zipimport"}
import urllib.parse, test
print("imports from:", urllib.parse.__file__, test.__file__, flush=True)
code = 0
try:
    import runpy
    runpy.run_module("test", run_name="__main__", alter_sys=True)
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
finally:
    outside = []
    for name, m in list(sys.modules.items()):
        spec = getattr(m, "__spec__", None)
        origin = getattr(spec, "origin", None) or getattr(m, "__file__", None)
        if origin == "frozen":
            if name not in always_frozen:
                outside.append(name + " (frozen)")
        elif origin and os.path.isabs(origin) and not os.path.abspath(origin).startswith(prefixes):
            outside.append(name + " (" + origin + ")")
    if outside:
        print("MODULES NOT FROM THIS TREE:", ", ".join(sorted(outside)), flush=True)
        code = 99
sys.exit(code)
"""


def walk(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for name in sorted(files):
            path = os.path.join(d, name)
            if os.path.isfile(path) and not os.path.islink(path):
                yield os.path.relpath(path, root)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def compile_source(data, name, tree=True):
    """(tree dump with string values masked, warnings) or None when it does not compile."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            compile(data, name, "exec", dont_inherit=True)
            if not tree:
                return "", []
            tree = ast.parse(data, name)
        except (SyntaxError, ValueError, UnicodeDecodeError):
            return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            node.value = type(node.value)()
    return ast.dump(tree), sorted({f"{w.category.__name__}: {w.message}" for w in caught})


def test_modules_for(rel, test_sources):
    """Test modules that a change to the file rel (relative to the library) may affect."""
    parts = rel.split("/")
    out = set()
    for prefix, module in PACKAGE_TESTS.items():
        if rel.startswith(prefix + "/"):
            out.add(module)
    if parts[0] == "test":
        if len(parts) >= 2 and parts[1].startswith("test_"):
            out.add(parts[1][:-3] if parts[1].endswith(".py") else parts[1])
        else:
            # a helper module or a data file of test/: the test modules that name it
            name = os.path.basename(rel)
            if name == "__init__.py":
                name = parts[-2]
            elif name.endswith(".py"):
                name = name[:-3]
            users = {m for m, src in test_sources.items() if name.encode() in src}
            if len(users) <= 20:  # not test.support: the list stands for it
                out |= users
    else:
        # a library module a/b/c.py: test_a, test_b, test_c where they exist
        for p in parts:
            stem = p[:-3] if p.endswith(".py") else p
            out.add("test_" + stem.lstrip("_"))
    return {m for m in out if m in test_sources}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pctlint", nargs="?", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "server", "pctlint"))
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--stdlib", default=None, help="default: the --python's standard library")
    ap.add_argument("--keep", default=None, help="build the trees in DIR and keep them")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("FIX_EXTERNAL_JOBS", "4")),
                    help="test modules run at once (default 4: they mostly wait on sockets)")
    ap.add_argument("--fix-option", action="append", default=[], metavar="OPTION",
                    help="one more option for pctlint --fix (to explore: --unsafe-fixes, "
                         "--config=FILE); CI runs the plain --fix")
    ap.add_argument("--only", default=None, help="comma-separated test modules instead of the list")
    args = ap.parse_args()
    start = time.time()
    pctlint = os.path.abspath(args.pctlint)
    if not os.access(pctlint, os.X_OK):
        sys.exit(f"fix-external: no pctlint at {pctlint} (build it first)")
    python = os.path.realpath(args.python)
    info = json.loads(subprocess.run(
        [python, "-I", "-c", "import sys, sysconfig, json; print(json.dumps([sysconfig.get_paths()"
         "['stdlib'], sys.version.split()[0], sys.implementation.cache_tag]))"],
        check=True, capture_output=True, text=True).stdout)
    stdlib = os.path.realpath(args.stdlib or info[0])
    libname = os.path.basename(stdlib)  # python3.11
    testdir = os.path.join(stdlib, "test")
    missing = [m for m in ("test_urlparse", "test_ssl", "test_email")
               if not os.path.exists(os.path.join(testdir, m + ".py"))
               and not os.path.isdir(os.path.join(testdir, m))]
    if missing:
        sys.exit(f"fix-external: {testdir} has no {', '.join(missing)}: "
                 "install libpython3.11-testsuite")
    if sys.version_info[:2] != (3, 11):
        print(f"note: this script runs on Python {sys.version.split()[0]}; compile() checks use it")
    work = args.keep or tempfile.mkdtemp(prefix="fix-external-")
    os.makedirs(work, exist_ok=True)
    print(f"pctlint: {pctlint}\npython:  {python} ({info[1]})\nlibrary: {stdlib}\nwork:    {work}")
    try:
        failures = run(args, pctlint, python, stdlib, libname, work, start)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failures else 0)


def run(args, pctlint, python, stdlib, libname, work, start):
    failures = []
    trees = {}
    for which in ("before", "after"):
        prefix = os.path.join(work, which)
        shutil.rmtree(prefix, ignore_errors=True)
        lib = os.path.join(prefix, "lib", libname)
        shutil.copytree(stdlib, lib, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        os.makedirs(os.path.join(prefix, "bin"))
        shutil.copy2(python, os.path.join(prefix, "bin", "python3"))
        trees[which] = (prefix, lib)
    print(f"\n== copied the library twice ({time.time() - start:.0f}s)")

    # The fix, as a user runs it in the tree: cd there, `pctlint --fix .`.
    lib_after = trees["after"][1]
    t = time.time()
    fixed = subprocess.run([pctlint, "--fix", *args.fix_option, "."], cwd=lib_after,
                           capture_output=True, text=True)
    summary = [l for l in fixed.stdout.splitlines() if l.startswith(("Fixed", "Nothing fixed"))]
    print(f"\n== pctlint --fix {' '.join(args.fix_option + ['.'])} ({time.time() - t:.1f}s, "
          f"exit {fixed.returncode}): {summary[-1] if summary else '(no summary)'}")
    if fixed.returncode not in (0, 1):
        failures.append(f"pctlint --fix exited {fixed.returncode}: {fixed.stderr.strip()[:2000]}")
    lib_before = trees["before"][1]
    files = list(walk(lib_before))
    changed = [rel for rel in files if read(os.path.join(lib_before, rel)) !=
               read(os.path.join(lib_after, rel))]
    print(f"{len(files)} files, {len(changed)} changed by the fix")
    for rel in changed:
        print(f"  {rel}")

    # 1. .py files compile.
    t = time.time()
    py = [rel for rel in files if rel.endswith(".py")]
    compiled = not_before = 0
    for rel in py:
        b = read(os.path.join(lib_before, rel))
        a = read(os.path.join(lib_after, rel))
        cb = compile_source(b, rel, tree=a != b)  # the syntax trees only of changed files
        if cb is None:
            not_before += 1
            continue
        ca = cb if a == b else compile_source(a, rel)
        if ca is None:
            try:
                compile(a, rel, "exec", dont_inherit=True)
                why = "?"
            except Exception as e:
                why = f"{type(e).__name__}: {e}"
            failures.append(f"{rel}: compiled before the fix, not after: {why}")
            continue
        compiled += 1
        if ca[0] != cb[0]:
            failures.append(f"{rel}: the fix changed the syntax tree, not only string values")
        new = sorted(set(ca[1]) - set(cb[1]))
        if new:
            failures.append(f"{rel}: new compiler warnings after the fix: {'; '.join(new)}")
    print(f"\n== .py: {compiled} of {len(py)} compile after the fix "
          f"({not_before} did not compile before: bad syntax on purpose; {time.time() - t:.1f}s)")

    # 2. .json files parse.
    js = [rel for rel in files if rel.endswith(".json")]
    parsed = 0
    for rel in js:
        try:
            json.loads(read(os.path.join(lib_before, rel)))
        except ValueError:
            continue
        try:
            json.loads(read(os.path.join(lib_after, rel)))
            parsed += 1
        except ValueError as e:
            failures.append(f"{rel}: parsed before the fix, not after: {e}")
    print(f"\n== .json: {parsed} of {len(js)} parse after the fix")

    # 3. Test modules, before and after.
    testdir = os.path.join(lib_before, "test")
    test_sources = {}
    for name in os.listdir(testdir):
        path = os.path.join(testdir, name)
        if name.startswith("test_") and (name.endswith(".py") or os.path.isdir(path)):
            mod = name[:-3] if name.endswith(".py") else name
            if os.path.isdir(path):
                test_sources[mod] = b"".join(read(os.path.join(path, r)) for r in walk(path)
                                             if r.endswith(".py"))
            else:
                test_sources[mod] = read(path)
    if args.only:
        modules = args.only.split(",")
    else:
        extra = set()
        for rel in changed:
            extra |= test_modules_for(rel, test_sources)
        modules = URL_TESTS + sorted(extra - set(URL_TESTS))
        if extra - set(URL_TESTS):
            print(f"\nalso run, for the files the fix changed: "
                  f"{', '.join(sorted(extra - set(URL_TESTS)))}")
    modules = [m for m in modules if m in test_sources]
    modules.sort(key=lambda m: -SLOW.get(m, 0))
    for which in ("before", "after"):
        prefix = trees[which][0]
        probe = subprocess.run([os.path.join(prefix, "bin", "python3"), "-I", "-X",
                                "frozen_modules=off", "-c",
                                "import urllib.parse, test.support; print(urllib.parse.__file__)"],
                               capture_output=True, text=True, cwd=work)
        where = probe.stdout.strip()
        print(f"{which}: urllib.parse is {where}")
        if not where.startswith(trees[which][1] + os.sep):
            failures.append(f"{which}: urllib.parse imported from {where!r}, not from the copy")
            return report(failures, compiled, parsed, 0, start)
    t = time.time()
    print(f"\n== {len(modules)} test modules, on the tree before and after the fix "
          f"({args.jobs} at a time, -u none: no network)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    results = {}

    def run_one(which, module, *options):
        prefix = trees[which][0]
        tmp = tempfile.mkdtemp(prefix=f"{which}-{module}-", dir=os.path.join(work, "tmp"))
        t0 = time.time()
        try:
            p = subprocess.run([os.path.join(prefix, "bin", "python3"), "-I", "-X",
                                "frozen_modules=off", "-c", RUNNER, "-u", "none", *options, module],
                               cwd=tmp, env=dict(env, TMPDIR=tmp), capture_output=True,
                               text=True, errors="replace", timeout=600)
            out, rc = p.stdout + p.stderr, p.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = str(e.stdout or "") + "\n(timed out after 600s)", -1
        shutil.rmtree(tmp, ignore_errors=True)
        if rc == 0 and "1 test OK." in out:
            state = "passed"
        elif rc == 0 and "skipped" in out:
            state = "skipped"
        elif rc == 0:
            state = "ok?"  # e.g. environment changed
        elif rc == 99:
            state = "wrong imports"
        else:
            state = "failed"
        return which, module, state, time.time() - t0, out

    os.makedirs(os.path.join(work, "tmp"), exist_ok=True)
    jobs = [(w, m) for m in modules for w in ("before", "after")]
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for which, module, state, secs, out in pool.map(lambda j: run_one(*j), jobs):
            results[(which, module)] = (state, secs, out)
    # A module that passed before and not after is run once more, verbose, to tell a flaky test
    # (timing) from a broken one and to show what failed.
    flaky = []
    suspects = [m for m in modules
                if results[("before", m)][0] == "passed" and results[("after", m)][0] != "passed"]
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for which, m, state, secs, out in pool.map(lambda m: run_one("after", m, "-v"), suspects):
            if state == "passed":
                flaky.append(m)
            results[("after", m)] = (state, secs, out)
    passed = 0
    for m in modules:
        b, a = results[("before", m)], results[("after", m)]
        mark = ""
        if b[0] == "passed" and a[0] != "passed":
            mark = "   <-- BROKEN BY THE FIX"
            failures.append(f"{m}: passed before the fix, {a[0]} after")
        elif b[0] != "passed":
            mark = "   (not a pass before the fix: not counted)" if b[0] != "skipped" else ""
        if a[0] == "passed":
            passed += 1
        note = " (flaky: passed when run again)" if m in flaky else ""
        print(f"  {m:24} before: {b[0]:8} {b[1]:5.1f}s   after: {a[0]:8} {a[1]:5.1f}s{note}{mark}")
        if a[0] == "wrong imports" or b[0] == "wrong imports":
            failures.append(f"{m}: imported modules from outside its tree")
    print(f"({time.time() - t:.0f}s)")
    for m in modules:
        b, a = results[("before", m)], results[("after", m)]
        if b[0] == "passed" and a[0] != "passed":
            print(f"\n-- {m} after the fix: what failed")
            lines = a[2].splitlines()
            shown = [l for l in lines if l.startswith(("FAIL:", "ERROR:", "MODULES NOT FROM"))
                     or re.match(r"\w*(Error|Exception)(: |$)", l)][:40]
            for l in shown or lines[-30:]:
                print("   " + l[:300])
            related = [rel for rel in changed if m in test_modules_for(rel, test_sources)]
            for rel in related:
                print(f"   the fix in {rel}:")
                diff = difflib.unified_diff(
                    read(os.path.join(lib_before, rel)).decode("utf-8", "replace").splitlines(),
                    read(os.path.join(lib_after, rel)).decode("utf-8", "replace").splitlines(),
                    "before", "after", n=0, lineterm="")
                for l in list(diff)[2:40]:
                    print("     " + l)
    skipped = sum(results[("after", m)][0] == "skipped" for m in modules)
    print(f"{passed} passed after the fix, {skipped} skipped (resources: none), "
          f"{len(modules) - passed - skipped} neither")
    return report(failures, compiled, parsed, passed, start)


def report(failures, compiled, parsed, passed, start):
    print(f"\n({time.time() - start:.0f}s in all)")
    if failures:
        print(f"{len(failures)} failures:")
        for f in failures:
            print("  " + f)
    print(f"fix-external: {compiled} .py compiled, {parsed} .json parsed, {passed} test modules "
          f"passed after --fix, {len(failures)} failed")
    return failures


if __name__ == "__main__":
    main()
