#!/usr/bin/env python3
"""Recall of pctlint by mutation: plant one known percent-encoding mistake in a real URL of a real
file that pctlint is quiet on, and check that pctlint reports it.

    recall.py [--pctlint BIN] [--per-kind N] [--seed S] [--groups G,G...] [--misses FILE]
              [--no-synthetic] [--keep-temp] CORPUS [GROUP=DIR ...]

CORPUS is a directory built by build_corpus.sh (its groups: main = repos/ npm/ debian/, holdout/,
fresh/ ... fresh10/, as precision.py counts them); GROUP=DIR puts every file of DIR in GROUP (e.g.
local=/work/local-corpus, built by local-corpus.sh).

1. `BIN --check --no-ignore --format json -j2 DIR` on each tree; the files it says nothing about
   (no finding of any severity, not skipped), outside test paths (precision.py's is_test_path),
   valid UTF-8, of a known kind (code, JSON/YAML/TOML, XML/HTML, Markdown, BibTeX), are the
   population.
2. Per group, a seeded sample: the group's repositories (or packages) in a shuffled order, one file
   from each in turn; in each file the real URLs that are a whole single-line quoted string literal
   (outside comments and docstrings), a whole YAML value, a whole XML/HTML attribute value, a
   Markdown link destination, or a BibTeX url field (`url = {…}`, verbatim).
3. One trial = one mutation of one kind in one URL of one file, at most one trial per kind per
   file, written to a temporary tree under the file's own relative path (so its language is the
   same). A trial is found when `BIN --check --format json` reports a finding (any rule) whose range
   covers the mutated bytes. Each sampled file is also copied unmutated (a control): if the copy is
   not clean, its trials are excluded.
4. Mutations a correct pctlint need not report are excluded before the run, by rules that mirror
   pctlint's documented behaviour: a URL holding template placeholder syntax ({ } $ < > [ ] * `,
   a % without two hex digits, /:name); a regex (regex syntax in the text, a literal given to a
   regex API, a config key named like a pattern); a backslash escape in the literal; a lowercased
   escape or a %uXXXX that would read as a printf conversion (%2f, %3d, %u) in a format string; a
   raw space or raw non-ASCII in a literal joined to text before it (C, C++ and Python adjacent
   literals: the URL is in a sentence, read as running text); a raw space in a URL elided with
   "..." (what was left out). Their counts are printed by reason.

Kinds (expected rule): a lowercase an escape (PCT001); b a UTF-8 pair as its Latin-1 byte, or
"/caf%E9" inserted (PCT002); c an escape as %uXXXX, or "/b%u00E4r" inserted (PCT006); d a UTF-8
sequence truncated, or "%C3" inserted before a "/" (PCT002); e a raw space: "/my file",
"/King of turtles", or " =" in the query (PCT003; literals, config values and attributes only:
CommonMark has no raw space in a link destination); f a raw "ä" in "/bär" (PCT004; literals,
config values and attributes only: prose IRIs are not reported by default).

A synthetic group adds every kind on two URLs in small files of 18 shapes (languages and quoting),
and the known hard shapes (a YAML flow mapping, literal braces in a Python f-string, a raw space
before a lowercase word). It is reported apart from the corpus total.

Standard library only. See README.md, "Recall by mutation".
"""
import argparse
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the benchmark
from precision import group_of, is_test_path, run_pctlint  # noqa: E402

MAX_FILE = 4194304

# --- languages ------------------------------------------------------------------------------------

FAMILY = {}
for _fam, _exts in {
        "python": "py pyi gd",
        "js": "js mjs cjs jsx ts tsx mts cts",
        "go": "go",
        "clike": "c h cc cpp cxx hpp hh java kt kts scala groovy gradle cs swift zig sol proto",
        "rust": "rs",
        "ruby": "rb rake gemspec cr",
        "haskell": "hs elm purs",
        "ml": "fs fsi fsx ml mli",
        "elixir": "ex exs",
        "erlang": "erl hrl",
        "julia": "jl",
        "php": "php",
        "json": "json",
        "yaml": "yaml yml",
        "toml": "toml",
        "xml": "xml svg xsd xsl plist",
        "html": "html htm xhtml",
        "md": "md markdown",
        "bib": "bib",
}.items():
    for _e in _exts.split():
        FAMILY[_e] = _fam


def family_of(path):
    name = os.path.basename(path)
    ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return FAMILY.get(ext)


LINE_COMMENTS = {"python": ("#",), "ruby": ("#",), "toml": ("#",), "php": ("//", "#"),
                 "js": ("//",), "go": ("//",), "clike": ("//",), "rust": ("//",), "json": ("//",),
                 "haskell": ("--",), "ml": ("//",), "elixir": ("#",), "erlang": ("%",),
                 "julia": ("#",)}
# Block comments: (open, close, nested).
BLOCK_COMMENTS = {fam: ("/*", "*/", fam == "rust") for fam in ("php", "js", "go", "clike", "rust",
                                                               "json")}
BLOCK_COMMENTS.update({"haskell": ("{-", "-}", True), "ml": ("(*", "*)", True),
                       "julia": ("#=", "=#", True)})
QUOTES = {"python": "\"'", "ruby": "\"'", "toml": "\"'", "php": "\"'", "js": "\"'`",
          "go": "\"`", "clike": "\"'", "rust": "\"'", "json": "\"", "haskell": "\"", "ml": "\"",
          "elixir": "\"'", "erlang": "\"'", "julia": "\""}
# A prefix that makes the next character a character literal: Erlang's $" $%, Elixir's ?" ?#.
CHAR_PREFIX = {"erlang": "$", "elixir": "?"}
CHAR_LITERAL_FAMS = {"go", "clike", "rust"}  # ' opens a character literal (or a Rust lifetime)
CHAR_LIT = re.compile(r"'(?:\\[^'\n]{1,10}|[^\\'\n])'")
TRIPLE_FAMS = {"python", "toml", "clike", "haskell", "ml", "elixir", "julia"}  # """ (and ''') blocks: docstrings, text blocks
CONFIG_FAMS = {"json", "yaml", "toml"}

# --- URL shape and exclusion rules --------------------------------------------------------------

# A candidate: the whole literal is one http(s) URL of printable ASCII without spaces or quotes.
CANDIDATE = re.compile(r"https?://[A-Za-z0-9\[][\x21-\x7e]*\Z")
URL_PARTS = re.compile(r"(https?://)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?\Z", re.S)
ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")
# Template placeholder syntax of any style pctlint knows ({id} ${x} {{x}} <%= %> <bucket> :id
# [opt] %s %NAME% #{x} `cmd` =#Name&), and characters pctlint would report in a URL it checks.
PLACEHOLDER = re.compile(
    r"[{}$<>\[\]*`^|\"]|%(?![0-9A-Fa-f]{2})|/:[A-Za-z_]|=#[A-Za-z]\w{0,31}&|/#[A-Za-z]\w{0,31}[&?]"
)
# A key or attribute named a placeholder, its value just after it on the line (pctlint's
# placeholder_key(): the word "placeholder" among the key's words).
PLACEHOLDER_KEY = re.compile(r"(?i)(?:^|[\s{,\-_.\"'])(?:[\w.-]*[-_.])?placeholders?[\"']?\s*[:=]\s*[\"']?$"
                             r"|[a-z]Placeholders?[\"']?\s*[:=]\s*[\"']?$")
REGEX_EXACT = ("RegExp", "Regex", "regex", "Regexp.new", "Regexp.compile", "Regex.new",
               "Regex::new", "RegexBuilder::new", "RegexSet::new", "regex!", "QRegularExpression",
               "QRegExp", "RE2", "NSRegularExpression", "toRegex", "re_path", "std::regex",
               "std::wregex", "boost::regex", "preg_match", "preg_match_all", "preg_replace",
               "preg_replace_callback", "preg_split", "preg_grep", "Pattern.compile",
               "Pattern.matches")
FORMAT_CALLEES = {"printf", "sprintf", "snprintf", "fprintf", "vsprintf", "vsnprintf", "asprintf",
                  "sprint", "errorf", "fatalf", "panicf", "logf", "infof", "warnf", "warningf",
                  "debugf", "tracef", "skipf", "format"}


def is_ident(c):
    return c.isalnum() or c == "_"


def regex_syntax(t):
    """pctlint's regex_syntax(): regex-only constructs in a literal's text."""
    if not t:
        return False
    if t[0] == "^":
        return True
    if len(t) > 3 and t[0] == "s" and t[1] in "/|#,:@!" and t.count(t[1]) >= 3:
        return True
    for i in range(len(t) - 1):
        c, n = t[i], t[i + 1]
        if c == "\\" and n in ".dDwWsSbB/?*+()[]{}|^$0123456789":
            return True
        if (c, n) in (("[", "^"), ("(", "?"), (".", "*"), (".", "+")):
            return True
        if c == "{" and n.isdigit() and re.match(r"\{[0-9,]+\}", t[i:]):
            return True
    return False


def regex_callee(callee):
    for name in REGEX_EXACT:
        if callee.endswith(name) and (len(callee) == len(name) or callee[-len(name) - 1] in ". "):
            return True
    dot = callee.rfind(".")
    if dot < 0:
        return False
    obj, method = callee[:dot], callee[dot + 1:]
    if obj in ("re", "regex", "regexp") or obj.endswith(".re"):
        return True
    return method in ("matches", "replaceAll", "replaceFirst", "MustCompile", "MustCompilePOSIX")


def regex_call_before(prefix):
    """pctlint's regex_call_before(): the literal is an argument of a regex API or follows =~."""
    w = prefix[-240:]
    depth = 0
    for i in range(len(w), 0, -1):
        c = w[i - 1]
        if c == ")":
            depth += 1
        if c == "~" and i >= 2 and w[i - 2] in "=!" and depth == 0:
            return True
        if c != "(":
            continue
        if depth > 0:
            depth -= 1
            continue
        e = i - 1
        while e > 0 and w[e - 1] in " \t":
            e -= 1
        b = e
        while b > 0 and (is_ident(w[b - 1]) or w[b - 1] in ".:!"):
            b -= 1
        if b >= 4 and w[b - 4:b] == "new ":
            b -= 4
        if b < e and regex_callee(w[b:e]):
            return True
    return False


def key_before(prefix):
    """pctlint's key_before(): the key a config value belongs to."""
    p = prefix.rstrip(" \t")
    if not p or p[-1] not in ":=":
        return ""
    p = p[:-1].rstrip(" \t")
    if p and p[-1] in "\"'":
        q = p[-1]
        b = p.rfind(q, 0, len(p) - 1)
        return p[b + 1:-1] if b >= 0 else p[:-1]
    m = re.search(r"[\w.-]*\Z", p)
    return m.group(0)


def regex_key(key):
    k = key.lower()
    return (k in ("pattern", "patterns", "match") or k.endswith("pattern") or k.endswith("regex")
            or k.endswith("regexp") or k.endswith("_re"))


def formatted_literal(prefix, suffix, fam):
    """pctlint's formatted_literal(): the first argument of a printf-family call, or followed by
    Python's/Ruby's % operator, or Java's .format(."""
    p = prefix.rstrip(" \t")
    call = p.endswith("(")
    if call:
        p = p[:-1].rstrip(" \t")
    # Scanned backwards by hand: re.search(r"[\w.:]*\Z") is quadratic on a long line.
    i = len(p)
    while i > 0 and (p[i - 1] in ".:" or p[i - 1].isalnum() or p[i - 1] == "_"):
        i -= 1
    callee = p[i:]
    name = re.split(r"[.:]", callee)[-1]
    if call and name.lower() in FORMAT_CALLEES:
        return True
    if not call and (callee == "printf" or callee.endswith(".printf")):
        return True
    rest = suffix.lstrip(" \t")
    if fam in ("python", "ruby") and rest.startswith("%") and not rest.startswith("%="):
        return True
    if fam == "clike" and (rest.startswith(".formatted(") or rest.startswith(".format(")):
        return True
    return False


# --- finding the URLs of a file -------------------------------------------------------------------

class Cand:
    __slots__ = ("start", "end", "url", "context", "regex", "formatted", "joined", "continues",
                 "joined_text")

    def __init__(self, start, end, url, context, regex=False, formatted=False, joined=False,
                 continues=False, joined_text=""):
        self.start, self.end, self.url, self.context = start, end, url, context
        self.regex, self.formatted, self.joined = regex, formatted, joined
        self.continues = continues
        self.joined_text = joined_text  # what the line joins after the literal


ADJACENT_QUOTES = {"clike": "\"'", "python": "\"'", "ruby": "\"'", "erlang": "\""}


def continues_adjacent(text, open_, fam):
    """pctlint's continues_adjacent_literal(): in C, C++, Python, Ruby and Erlang a literal right
    after another (blanks, line breaks and Ruby's line-continuing backslash between) is the same
    string; after a piece that holds text (not empty, not ending in \\n) the URL is in the middle
    of a sentence. (Erlang's single quotes are atoms, not strings.)"""
    quotes = ADJACENT_QUOTES.get(fam)
    if not quotes:
        return False
    k = open_
    while k > 0 and open_ - k < 2 and text[k - 1] in "rRbBuUfFL8":  # r'', f"", u8"", L""
        k -= 1
    while k > 0 and (text[k - 1] in " \t\r\n" or (text[k - 1] == "\\" and text[k] in "\r\n")):
        k -= 1
    if k == 0 or text[k - 1] not in quotes:
        return False
    quote = text[k - 1]
    line_start = text.rfind("\n", 0, k - 1) + 1
    before = text[line_start:k - 1]
    opened = before.rfind(quote)
    if opened < 0:
        return False
    piece = before[opened + 1:]
    return piece != "" and not piece.endswith("\\n")


def line_bounds(text, i):
    ls = text.rfind("\n", 0, i) + 1
    le = text.find("\n", i)
    return ls, (len(text) if le < 0 else le)


def literal_cand(text, open_, start, end, fam, context):
    url = text[start:end]
    if not CANDIDATE.match(url):
        return None
    ls, le = line_bounds(text, open_)
    prefix, suffix = text[ls:open_], text[end + 1:le]
    regex = regex_call_before(prefix)
    if fam in CONFIG_FAMS and regex_key(key_before(prefix)):
        regex = True
    rest = suffix.lstrip(" \t")
    # more text joined after the literal: a + operator, PHP's ".", an adjacent literal
    if rest == "" and fam not in CONFIG_FAMS:  # the operator may open the next line
        rest = text[le + 1:le + 200].lstrip(" \t")
    joined = (rest.startswith("+") or rest[:1] in ("'", '"') or (fam == "php" and rest[:1] == "."))
    return Cand(start, end, url, context, regex, formatted_literal(prefix, suffix, fam), joined,
                continues_adjacent(text, open_, fam), rest if joined else "")


MULTILINE_QUOTES = {"rust": "\"", "ruby": "\"'", "php": "\"'", "js": "`", "go": "`"}
SPECIAL_TOKENS = {
    # heredocs: skipped whole (their text is a string, not code)
    "ruby": [r"(?P<heredoc><<[~-]?(?P<hq>['\"`])?(?P<hid>(?(hq)[A-Za-z_]\w*|[A-Z_][A-Z_0-9]*))(?(hq)(?P=hq)))",
             r"(?P<begin>^=begin\b)"],
    "php": [r"(?P<heredoc><<<[ \t]*(?P<hq>['\"]?)(?P<hid>[A-Za-z_]\w*)(?P=hq))"],
    # raw strings: Rust r#"..."#, C++ R"x(...)x", C# @"..."
    "rust": [r"(?P<rraw>(?<![A-Za-z0-9_])b?r(?P<hashes>#*)\")"],
    "clike": [r"(?P<craw>(?<![A-Za-z0-9_])(?:u8|u|U|L)?R\"(?P<delim>[^()\\\s]{0,16})\()",
              r"(?P<verbatim>(?:\$@|@\$|@)\")"],
}
CODE_TOKEN = {}


def code_token(fam):
    if fam not in CODE_TOKEN:
        alts = list(SPECIAL_TOKENS.get(fam, ()))
        block = BLOCK_COMMENTS.get(fam)
        alts.append("(?P<block>%s)" % re.escape(block[0]) if block else "(?P<block>(?!x)x)")
        alts.append("(?P<line>%s)" % "|".join(re.escape(m) for m in LINE_COMMENTS[fam]))
        alts.append("(?P<quote>[%s])" % re.escape(QUOTES[fam]))
        CODE_TOKEN[fam] = re.compile("|".join(alts), re.M)
    return CODE_TOKEN[fam]


def block_comment_end(text, i, open_, close, nested):
    """Just past the block comment opening at i (or the text's end), nesting where it nests."""
    depth, j = 1, i + len(open_)
    while True:
        c = text.find(close, j)
        if c < 0:
            return len(text)
        o = text.find(open_, j) if nested else -1
        if 0 <= o < c:
            depth, j = depth + 1, o + len(open_)
            continue
        depth, j = depth - 1, c + len(close)
        if depth == 0:
            return j


def scan_code(text, fam):
    """Whole single-line string literals outside comments, docstrings, heredocs and multi-line
    strings."""
    tok = code_token(fam)
    out = []
    n = len(text)
    i = 0
    while i < n:
        m = tok.search(text, i)
        if not m:
            break
        i = m.start()
        gi = tok.groupindex
        prefix = CHAR_PREFIX.get(fam)
        if prefix and i > 0 and text[i - 1] == prefix and (i < 2 or text[i - 2] != prefix):
            i += 1  # a character literal ($" in Erlang), not a quote or a comment
            continue
        if m.group("block"):
            i = block_comment_end(text, i, *BLOCK_COMMENTS[fam])
            continue
        if "begin" in gi and m.group("begin"):
            j = text.find("\n=end", i)
            i = n if j < 0 else j + 5
            continue
        if "heredoc" in gi and m.group("heredoc"):
            ident = re.escape(m.group("hid"))
            eol = text.find("\n", m.end())
            if eol < 0:
                break
            t = re.compile(r"^[ \t]*%s\b" % ident, re.M).search(text, eol + 1)
            i = n if not t else t.end()
            continue
        if "rraw" in gi and m.group("rraw"):
            close = '"' + m.group("hashes")
            j = text.find(close, m.end())
            i = n if j < 0 else j + len(close)
            continue
        if "craw" in gi and m.group("craw"):
            close = ")" + m.group("delim") + '"'
            j = text.find(close, m.end())
            i = n if j < 0 else j + len(close)
            continue
        if "verbatim" in gi and m.group("verbatim"):
            j = m.end()
            while True:
                j = text.find('"', j)
                if j < 0 or text[j + 1:j + 2] != '"':
                    break
                j += 2
            i = n if j < 0 else j + 1
            continue
        if m.group("line"):
            t = m.group("line")
            if fam == "php" and text.startswith("#[", i):
                i += 1
                continue
            if t == "#" and fam == "ruby" and i > 0 and text[i - 1] in "$?":
                i += 1
                continue
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        q = m.group("quote")
        if q == "'" and fam in CHAR_LITERAL_FAMS:
            cm = CHAR_LIT.match(text, i)
            i = cm.end() if cm else i + 1
            continue
        if fam in TRIPLE_FAMS and text.startswith(q * 3, i):
            j = text.find(q * 3, i + 3)
            i = n if j < 0 else j + 3
            continue
        multiline = q in MULTILINE_QUOTES.get(fam, "")
        escapes = not (q == "`" and fam == "go") and not (q == "'" and fam == "toml")
        j = i + 1
        ok = False
        while j < n:
            d = text[j]
            if d == "\\" and escapes:
                j += 2
                continue
            if d == q:
                ok = True
                break
            if d == "\n" and not multiline:
                break
            j += 1
        if not ok:
            i += 1  # no closing quote on the line: not a literal (a regex, an apostrophe...)
            continue
        if "\n" not in text[i + 1:j]:
            c = literal_cand(text, i, i + 1, j, fam,
                             "config" if fam in CONFIG_FAMS else "literal")
            if c:
                out.append(c)
        i = j + 1
    return out


YAML_BLOCK = re.compile(r"(?:^|[:\-]\s)\s*[|>][+\-0-9]*\s*(?:#.*)?$")
# A plain value after a key or an item's dash (a line that is only a URL continues a plain scalar
# begun above: prose, as pctlint reads it).
YAML_PLAIN = re.compile(r"^(\s*(?:-\s+(?:[\w.\-/\"' ]+:\s+)?|[\w.\-/\"' ]+:\s+))(https?://\S+)\s*(?:\s#.*)?$")


def quoted_scalar_end(body, quote, k):
    """The offset of the quote that closes a YAML quoted scalar in body from k, or None."""
    j = k
    while j < len(body):
        if quote == '"' and body[j] == "\\":
            j += 2
            continue
        if body[j] == quote:
            if quote == "'" and body[j + 1:j + 2] == "'":
                j += 2
                continue
            return j
        j += 1
    return None


def scan_yaml(text):
    out = []
    pos = 0
    block_indent = None
    open_quote = None  # a quoted scalar that runs on over lines: its text is prose, not keys
    for line in text.split("\n"):
        ls = pos
        pos += len(line) + 1
        body = line.rstrip("\r")
        stripped = body.lstrip(" ")
        indent = len(body) - len(stripped)
        if open_quote:
            if quoted_scalar_end(body, open_quote, 0) is not None:
                open_quote = None
            continue
        if block_indent is not None:
            if not stripped.strip() or indent > block_indent:
                continue
            block_indent = None
        if not stripped or stripped.startswith("#"):
            continue
        if YAML_BLOCK.search(body):
            block_indent = indent
        m = YAML_PLAIN.match(body)
        # A "key" with an unclosed quote is a quoted scalar's text ("- 'support: https://…'").
        unclosed = m and (m.group(1).count("'") % 2 or m.group(1).count('"') % 2)
        if m and not m.group(2).endswith(("'", '"')) and not unclosed:
            s = ls + m.start(2)
            url = m.group(2)
            if CANDIDATE.match(url):
                out.append(Cand(s, s + len(url), url, "config",
                                regex_key(key_before(body[:m.start(2)]))))
            continue
        # quoted scalars starting a token: after indentation, ": ", "- ", "[", "{", ","
        k = 0
        depth = 0  # inside a flow collection ({...}, [...]) on this line
        while k < len(body):
            c = body[k]
            if c == "#" and (k == 0 or body[k - 1] in " \t"):
                break
            if c in "[{":
                depth += 1
            elif c in "]}":
                depth = max(0, depth - 1)
            if c in "\"'":
                before = body[:k].rstrip(" \t")
                if before and before[-1] not in ":-[{,":
                    k += 1
                    continue
                j = quoted_scalar_end(body, c, k + 1)
                if j is None:
                    open_quote = c
                    break
                cand = literal_cand(text, ls + k, ls + k + 1, ls + j, "yaml",
                                    "config-flow" if depth else "config")
                if cand:
                    out.append(cand)
                k = j + 1
                continue
            k += 1
    return out


def mask(text, pattern):
    """Blanks out (keeping newlines and offsets) what pattern matches."""
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


XML_MASK = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<(script|style)\b[^>]*>.*?</\1\s*>",
                      re.S | re.I)
XML_TAG = re.compile(r"<[A-Za-z][^<>]*>")
XML_ATTR = re.compile(r"\s[\w:.\-]+\s*=\s*([\"'])([^\"'<>\n]*)\1")


URL_ATTRS = {"href", "src", "action", "formaction", "cite", "poster", "background", "codebase",
             "longdesc", "manifest", "icon", "usemap", "xlink:href", "itemtype", "itemid"}
LIST_ATTRS = {"srcset", "ping", "archive", "content", "requiredFeatures",
              "requiredExtensions"}


def scan_xml(text, fam):
    out = []
    masked = mask(text, XML_MASK)
    for tag in XML_TAG.finditer(masked):
        for a in XML_ATTR.finditer(masked, tag.start(), tag.end()):
            name = a.group(0)[1:].split("=")[0].strip()
            # A <meta>'s content is one value (a URL, or text), as pctlint reads it.
            listed = name in LIST_ATTRS and not (name == "content" and
                                                 tag.group(0)[:6].lower() == "<meta ")
            context = ("attr-url" if name.lower() in URL_ATTRS else "attr-list"
                       if listed or name.endswith("schemaLocation") else "attr")
            c = literal_cand(text, a.start(1), a.start(2), a.end(2), fam, context)
            if c:
                out.append(c)
    return out


MD_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,}).*?(?:^ {0,3}\1[`~]*[ \t]*$|\Z)", re.S | re.M)
MD_MASK = re.compile(r"<!--.*?-->|(`+)[^`\n]*?\1|^(?: {4}|\t).*$", re.S | re.M)
MD_LINK = re.compile(r"\]\((https?://[^\s()<>]+)\)")
MD_DEF = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*(https?://\S+)[ \t]*$", re.M)


def scan_md(text):
    masked = mask(mask(text, MD_FENCE), MD_MASK)
    out = []
    for rx in (MD_LINK, MD_DEF):
        for m in rx.finditer(masked):
            url = m.group(1)
            if CANDIDATE.match(url):
                out.append(Cand(m.start(1), m.end(1), url, "mdlink"))
    return out


# A BibTeX url field whose value is the URL, verbatim (no TeX in it): url = {…} or url = "…".
BIB_URL = re.compile(r"^[ \t]*url[ \t]*=[ \t]*(?:\{([^{}\\\n]*)\}|\"([^\"{}\\\n]*)\")", re.M | re.I)


def scan_bib(text):
    out = []
    for m in BIB_URL.finditer(text):
        g = 1 if m.group(1) is not None else 2
        c = literal_cand(text, m.start(g) - 1, m.start(g), m.end(g), "bib", "config")
        if c:
            out.append(c)
    return out


def scan(text, fam):
    if "://" not in text:
        return []
    if fam == "bib":
        return scan_bib(text)
    if fam == "yaml":
        return scan_yaml(text)
    if fam in ("xml", "html"):
        return scan_xml(text, fam)
    if fam == "md":
        return scan_md(text)
    return scan_code(text, fam)


# --- mutations ------------------------------------------------------------------------------------

KINDS = ("a", "b", "c", "d", "e", "f")
KIND_TITLE = {"a": "a lowercase hex (PCT001)", "b": "b Latin-1 escape (PCT002)",
              "c": "c %uXXXX (PCT006)", "d": "d truncated UTF-8 (PCT002)",
              "e": "e raw space (PCT003)", "f": "f raw non-ASCII (PCT004)"}
EXPECTED = {"a": "PCT001", "b": "PCT002", "c": "PCT006", "d": "PCT002", "e": "PCT003",
            "f": "PCT004"}
E_VARIANTS = ("space-segment", "space-capitalised", "space-before-equals")
PROSE_CONTEXTS = {"mdlink"}  # kinds e and f apply only outside these


def parts(url):
    m = URL_PARTS.match(url)
    auth_end = len(m.group(1)) + len(m.group(2))
    return m, auth_end, m.group(3), m.group(4) or ""


def segment_positions(url):
    """Where a "/segment" can be inserted: before each "/" of the path, or at its end."""
    m, a, path, _ = parts(url)
    pos = [a + j for j, ch in enumerate(path) if ch == "/"]
    if not path or not path.endswith("/"):
        pos.append(a + len(path))
    return pos


def sequences(url):
    """The UTF-8 sequences written as escapes: (start, end, [bytes]) with 2+ bytes."""
    out = []
    escs = [(m.start(), int(m.group(0)[1:], 16)) for m in ESCAPE.finditer(url)]
    i = 0
    while i < len(escs):
        s, b = escs[i]
        need = 1 if 0xC2 <= b <= 0xDF else 2 if 0xE0 <= b <= 0xEF else 3 if 0xF0 <= b <= 0xF4 else 0
        seq = [b]
        k = i + 1
        while need and k < len(escs) and len(seq) <= need and escs[k][0] == escs[k - 1][0] + 3 \
                and 0x80 <= escs[k][1] <= 0xBF:
            seq.append(escs[k][1])
            k += 1
        if need and len(seq) == need + 1:
            out.append((s, s + 3 * len(seq), seq))
            i = k
        else:
            i += 1
    return out


def insert(url, at, text, key_off, key_len):
    return url[:at] + text + url[at:], at + key_off, at + key_off + key_len


def mutate(url, kind, variant, rng):
    """(mutated url, key start, key end, variant) or None when the kind does not apply."""
    if kind == "a":
        escs = [m for m in ESCAPE.finditer(url) if re.search(r"[A-F]", m.group(0))]
        if not escs:
            return None
        m = rng.choice(escs)
        return url[:m.start()] + m.group(0).lower() + url[m.end():], m.start(), m.end(), "lowercase"
    if kind == "b":
        pairs = [(s, e, seq) for s, e, seq in sequences(url) if len(seq) == 2 and seq[0] in (0xC2, 0xC3)]
        if pairs:
            s, e, seq = rng.choice(pairs)
            byte = seq[1] if seq[0] == 0xC2 else seq[1] + 0x40
            new = "%%%02X" % byte
            return url[:s] + new + url[e:], s, s + 3, "latin1-pair"
        at = rng.choice(segment_positions(url))
        return insert(url, at, "/caf%E9", 4, 3) + ("insert-caf%E9",)
    if kind == "c":
        seqs = [(s, e, seq) for s, e, seq in sequences(url) if len(seq) <= 3]
        singles = [(m.start(), m.end(), [int(m.group(0)[1:], 16)]) for m in ESCAPE.finditer(url)
                   if int(m.group(0)[1:], 16) < 0x80]
        if (seqs or singles) and rng.random() < 0.5:
            s, e, seq = rng.choice(seqs + singles)
            cp = bytes(seq).decode("utf-8")
            new = "%%u%04X" % ord(cp)
            return url[:s] + new + url[e:], s, s + len(new), "escape-to-%u"
        at = rng.choice(segment_positions(url))
        return insert(url, at, "/b%u00E4r", 2, 6) + ("insert-%u00E4",)
    if kind == "d":
        seqs = sequences(url)
        if seqs:
            s, e, seq = rng.choice(seqs)
            return url[:e - 3] + url[e:], s, s + 3, "truncate"
        m, a, path, _ = parts(url)
        pos = [a + j for j in range(1, len(path)) if path[j] == "/" and path[j - 1] != "/"]
        if path and not path.endswith("/"):
            pos.append(a + len(path))
        if pos:
            return insert(url, rng.choice(pos), "%C3", 0, 3) + ("insert-%C3",)
        if not path:
            return insert(url, a, "/%C3", 1, 3) + ("insert-%C3",)
        return insert(url, a + len(path), "%C3", 0, 3) + ("insert-%C3",)
    if kind == "e":
        if variant == "space-before-equals":
            m, a, path, query = parts(url)
            eqs = [a + len(path) + j for j, ch in enumerate(query) if ch == "=" and j > 1
                   and query[j - 1] not in "&?"]
            if not eqs:
                return None
            return insert(url, rng.choice(eqs), " ", 0, 1) + (variant,)
        at = rng.choice(segment_positions(url))
        if variant == "space-segment":
            return insert(url, at, "/my file", 3, 1) + (variant,)
        return insert(url, at, "/King of turtles", 5, 1) + (variant,)
    if kind == "f":
        at = rng.choice(segment_positions(url))
        return insert(url, at, "/b\u00e4r", 2, 1) + ("insert-b\u00e4r",)
    raise ValueError(kind)


def exclusion(cand, kind, new_url, key):
    """Why a mutation of this URL is not a fair trial (mirrors what pctlint documents), or None."""
    u = cand.url
    if "\\" in u:
        return "backslash escape in the literal"
    if cand.regex or regex_syntax(u):
        return "regex (regex syntax, a regex API's argument or a pattern key)"
    if PLACEHOLDER.search(u):
        return "template placeholder syntax in the URL"
    if kind == "e" and "..." in u:
        # "https://your-company.example/..." (an API spec's example value): the dots stand for
        # what was left out, and words before them are not read as the URL's.
        return "an elided URL ('...'): a raw blank in it is not judged"
    if kind in ("e", "f") and cand.context in PROSE_CONTEXTS:
        return "prose context (Markdown link)"  # not drawn: kept for completeness
    if kind == "a" and cand.formatted and re.fullmatch(r"%[0-9][dfx]", new_url[key[0]:key[1]]):
        return "lowercased escape reads as a printf conversion in a format string"
    if kind == "c" and cand.formatted and re.search(r"%u", new_url):
        return "%u reads as a printf conversion in a format string"
    if kind == "e" and cand.joined and PLACEHOLDER.search(cand.joined_text):
        # pctlint reads the literals joined ('?query=' '{{query}}&x={y}') as one URL, a template,
        # in which a raw character's verdict rests on an extent it does not know.
        return "template placeholder syntax in a literal joined to the URL"
    if kind in ("e", "f") and cand.continues:
        return "a literal joined to text before it (C, C++, Python): the URL is in a sentence"
    if kind in ("b", "d") and key[1] == len(new_url) and cand.joined:
        return "UTF-8 lead byte at the end of a literal joined to more text (which may complete it)"
    if kind == "e" and cand.context == "attr-list":
        return "raw space in a list-valued attribute (content, srcset...) separates its entries"
    if kind == "f" and cand.context == "attr-list":
        # Each entry of a list ends at a blank, an extent pctlint guesses; PCT004 is silent on a
        # guessed extent unless nonAsciiInProse (rules/README.md, PCT004).
        return "raw non-ASCII in a list-valued attribute (an entry's extent is guessed)"
    return None


def applicable(cand, kind, variant):
    if kind in ("e", "f") and cand.context in PROSE_CONTEXTS:
        return False
    if kind == "a":
        return any(re.search(r"[A-F]", m.group(0)) for m in ESCAPE.finditer(cand.url))
    if kind == "e" and variant == "space-before-equals":
        q = parts(cand.url)[3]
        return bool(re.search(r"[^?&=]=", q))
    return True


def prefers(url, kind):
    if kind == "b":
        return any(len(q) == 2 and q[0] in (0xC2, 0xC3) for _, _, q in sequences(url))
    if kind == "c":
        return bool(ESCAPE.search(url))
    if kind == "d":
        return bool(sequences(url))
    return False


# --- the sample -----------------------------------------------------------------------------------

class Trial:
    __slots__ = ("id", "group", "kind", "variant", "rel", "src", "line", "col", "end_line",
                 "end_col", "context", "url", "new_url", "text", "fam", "found", "rules",
                 "line_findings", "excluded")


def pos_of(text, off):
    line = text.count("\n", 0, off) + 1
    col = off - (text.rfind("\n", 0, off) + 1) + 1
    if line == 1 and text.startswith("\ufeff"):
        col -= 1  # pctlint's columns start after a byte order mark
    return line, col


def run_check(binary, path):
    return run_pctlint(binary, path, ("--max-findings-per-file", "0"))


def flagged_files(report, root):
    """Absolute paths pctlint said anything about (findings, errors, not checked)."""
    out = set()
    for f in report.get("files", []):
        if f.get("diagnostics") or f.get("errors") or f.get("notChecked") or f.get("moreFindings"):
            p = f["path"]
            out.add(os.path.normpath(p if os.path.isabs(p) else os.path.join(root, p)))
    return out


def population(root, fixed_group, flagged, groups):
    """{group: {unit: [(rel, abs)]}} of the files that can host trials."""
    pop = collections.defaultdict(lambda: collections.defaultdict(list))
    root = os.path.abspath(root)
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in (".stamps", ".git"))
        for name in sorted(files):
            p = os.path.join(d, name)
            if os.path.islink(p) or not family_of(name):
                continue
            rel = os.path.relpath(p, root).replace(os.sep, "/")
            if is_test_path(rel) or p in flagged:
                continue
            try:
                size = os.path.getsize(p)
            except OSError:
                continue
            if size == 0 or size > MAX_FILE:
                continue
            g = fixed_group or group_of(rel)
            if groups and g not in groups:
                continue
            comps = rel.split("/")
            unit = "/".join(comps[:2]) if len(comps) > 2 else comps[0]
            pop[g][unit].append((rel, p))
    return pop


def read_text(path):
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if re.search(r"\r(?!\n)|[\u2028\u2029\x85\x0b\x0c]", text):
        return None  # line breaks other than \n and \r\n: columns would be ambiguous
    return text


def sample_group(group, units, per_kind, seed, stats, max_per_file):
    """Trials for one group. First pass: the units (repositories, packages) in a shuffled order,
    one file of each in turn, at most one trial per kind per file. Later passes (for kinds still
    short) go over the files that had candidates again, one more trial per kind per file each
    time, on URLs not used for that kind, up to max_per_file."""
    rng = random.Random("%s:%s" % (seed, group))
    order = sorted(units)
    rng.shuffle(order)
    queues = {}
    for u in order:
        files = sorted(units[u])
        rng.shuffle(files)
        queues[u] = files
    need = {k: per_kind for k in KINDS}
    state = {"e_next": 0}
    trials = []
    files_used = {}
    used = set()  # (rel, candidate start, kind)

    def draw(rel, src, fam, text, cands):
        drew = False
        for kind in KINDS:
            if not need[kind]:
                continue
            variant = E_VARIANTS[state["e_next"] % 3] if kind == "e" else None
            ok = [c for c in cands if (rel, c.start, kind) not in used
                  and applicable(c, kind, variant)]
            if not ok:
                continue
            # b, c, d rewrite an escape the URL has when a URL in the file has one, else insert
            ok = [c for c in ok if prefers(c.url, kind)] or ok
            c = rng.choice(ok)
            mu = mutate(c.url, kind, variant, rng)
            if mu is None:
                continue
            used.add((rel, c.start, kind))
            drew = True
            new_url, ks, ke, var = mu
            t = Trial()
            t.group, t.kind, t.variant, t.rel, t.src, t.fam = group, kind, var, rel, src, fam
            t.context, t.url, t.new_url = c.context, c.url, new_url
            t.excluded = exclusion(c, kind, new_url, (ks, ke))
            if (not t.excluded and kind == "f" and fam == "js" and c.context == "literal"
                    and re.search(r"(?<![\w$])encodeURI\(", text)):
                # PCT004 leaves the literals of a JavaScript or TypeScript file that gives whole
                # URLs to encodeURI(): readable IRIs, encoded where used (as documented).
                t.excluded = "raw non-ASCII in a literal of a file that calls encodeURI()"
            if not t.excluded and kind == "f" and PLACEHOLDER_KEY.search(
                    text[text.rfind("\n", 0, c.start) + 1:c.start]):
                # PCT004 leaves the value of a key or attribute named a placeholder: text a form
                # shows before the reader types (a GitHub issue form's placeholder:), as documented.
                t.excluded = "raw non-ASCII in the value of a key or attribute named a placeholder"
            new_text = text[:c.start] + new_url + text[c.end:]
            t.line, t.col = pos_of(new_text, c.start + ks)
            t.end_line, t.end_col = pos_of(new_text, c.start + ke)
            t.text = new_text
            t.found, t.rules, t.line_findings = False, [], []
            stats["drawn"] += 1
            trials.append(t)
            if t.excluded:
                continue
            need[kind] -= 1
            if kind == "e":
                state["e_next"] += 1
            files_used[rel] = text
        return drew

    with_cands = []
    live = list(order)
    while live and any(need.values()):
        nxt = []
        for u in live:
            if not any(need.values()):
                break
            q = queues[u]
            if not q:
                continue
            nxt.append(u)
            rel, src = q.pop()
            fam = family_of(rel)
            text = read_text(src)
            stats["files scanned"] += 1
            if text is None:
                continue
            cands = scan(text, fam)
            stats["candidate URLs"] += len(cands)
            if not cands:
                continue
            stats["files with candidates"] += 1
            with_cands.append((rel, src, fam, cands))
            draw(rel, src, fam, text, cands)
        live = nxt
    for _ in range(max_per_file - 1):
        if not any(need.values()):
            break
        progress = False
        for rel, src, fam, cands in with_cands:
            if not any(need.values()):
                break
            if not any(need[k] and any((rel, c.start, k) not in used and applicable(c, k, None)
                                       for c in cands) for k in KINDS):
                continue
            progress = draw(rel, src, fam, read_text(src), cands) or progress
        if not progress:
            break
    return trials, files_used, need


# --- synthetic trials -----------------------------------------------------------------------------

SYN_URLS = ("https://example.com/docs/caf%C3%A9/index.html?lang=en&q=a%2Fb#top",
            "https://example.com/a/b")
SYN_SHAPES = [  # (file name, text with URL, context)
    ("s.py", 'u = "URL"\n', "literal"),
    ("s1.py", "u = 'URL'\n", "literal"),
    ("s.js", "const u = 'URL';\n", "literal"),
    ("s.ts", 'export const u: string = "URL";\n', "literal"),
    ("s.go", 'package main\n\nconst u = "URL"\n', "literal"),
    ("S.java", 'class S { String u = "URL"; }\n', "literal"),
    ("s.rb", "U = 'URL'\n", "literal"),
    ("s.php", "<?php\n$u = 'URL';\n", "literal"),
    ("s.c", 'const char *u = "URL";\n', "literal"),
    ("s.json", '{"url": "URL"}\n', "config"),
    ("s.yaml", "url: URL\n", "config"),
    ("s1.yaml", 'url: "URL"\n', "config"),
    ("s.toml", 'url = "URL"\n', "config"),
    ("s.xml", '<link href="URL"/>\n', "attr-url"),
    ("s.html", '<a href="URL">x</a>\n', "attr-url"),
    ("s1.html", '<div data-url="URL"></div>\n', "attr"),
    ("s2.yaml", 'b: {"x": "URL"}\n', "config-flow"),
    ("s.md", "See [x](URL).\n", "mdlink"),
]
HARD_SHAPES = [  # (file name, text, the bytes that must be covered, note)
    ("flow.yaml", 'b: {"x": "https://example.com/my file.pdf"}\n', " ",
     "URL in a YAML flow mapping (quoted)"),
    ("flow1.yaml", "b: {x: https://example.com/my file.pdf}\n", " ",
     "URL in a YAML flow mapping (plain)"),
    ("fstring.py", 'u = f"https://example.com/a{{b}}"\n', "{{",
     "literal braces in a Python f-string (may legitimately differ)"),
    ("king.py", "u = 'https://www.example.com/search/king of turtles/videos'\n", " ",
     "raw space before a lowercase word, Python"),
    ("king.js", "const u = 'https://www.example.com/search/king of turtles/videos';\n", " ",
     "raw space before a lowercase word, JavaScript"),
    ("king1.py", 'u = "https://www.example.com/search/King of turtles"\n', " ",
     "raw space after a capitalised word, Python"),
]


def synthetic_trials(seed):
    rng = random.Random("%s:synthetic" % seed)
    trials = []
    for name, tmpl, context in SYN_SHAPES:
        for n, url in enumerate(SYN_URLS):
            for kind in KINDS:
                variants = E_VARIANTS if kind == "e" else (None,)
                for variant in variants:
                    if kind in ("e", "f") and context in PROSE_CONTEXTS:
                        continue
                    mu = mutate(url, kind, variant, rng)
                    if mu is None:
                        continue
                    new_url, ks, ke, var = mu
                    base = tmpl.index("URL")
                    text = tmpl.replace("URL", new_url)
                    t = Trial()
                    t.group, t.kind, t.variant, t.fam = "synthetic", kind, var, family_of(name)
                    t.rel = "synthetic/u%d-%s/%s" % (n, kind + (variant or ""), name)
                    t.src = None
                    t.context, t.url, t.new_url, t.excluded = context, url, new_url, None
                    t.line, t.col = pos_of(text, base + ks)
                    t.end_line, t.end_col = pos_of(text, base + ke)
                    t.text, t.found, t.rules, t.line_findings = text, False, [], []
                    trials.append(t)
    for name, text, key, note in HARD_SHAPES:
        t = Trial()
        t.group, t.kind, t.variant, t.fam = "hard", "e" if key == " " else "-", note, family_of(name)
        t.rel = "hard/%s" % name
        t.src = None
        m = re.search(r"https?://[^\"'}]*", text)
        t.context, t.url, t.new_url, t.excluded = "hard", m.group(0), m.group(0), None
        off = text.index(key, m.start())
        t.line, t.col = pos_of(text, off)
        t.end_line, t.end_col = pos_of(text, off + len(key))
        t.text, t.found, t.rules, t.line_findings = text, False, [], []
        trials.append(t)
    return trials


# --- running and reporting ------------------------------------------------------------------------

def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)


def evaluate(binary, trials, controls, tmp):
    """Writes the trials (and the controls) under tmp, runs pctlint once, fills in the results."""
    paths = {}
    for n, t in enumerate(trials):
        if t.excluded:
            continue
        t.id = n
        p = os.path.join(tmp, "t", "%05d" % n, t.rel)
        write(p, t.text)
        paths[os.path.normpath(p)] = t
    cpaths = {}
    for n, (rel, text) in enumerate(sorted(controls.items())):
        p = os.path.join(tmp, "c", "%05d" % n, rel)
        write(p, text)
        cpaths[os.path.normpath(p)] = rel
    report = run_check(binary, tmp)
    dirty = set()
    for f in report.get("files", []):
        p = os.path.normpath(f["path"] if os.path.isabs(f["path"]) else os.path.join(tmp, f["path"]))
        if p in cpaths:
            if f.get("diagnostics") or f.get("notChecked") or f.get("errors"):
                dirty.add(cpaths[p])
            continue
        t = paths.get(p)
        if t is None:
            continue
        if f.get("notChecked"):
            t.line_findings.append("not checked: %s" % f.get("notChecked"))
        for d in f.get("diagnostics", []):
            s = (d["start"]["line"], d["start"]["column"])
            e = (d["end"]["line"], d["end"]["column"])
            if s <= (t.line, t.col) and e >= (t.end_line, t.end_col):
                t.found = True
                t.rules.append(d["rule"])
            elif s[0] <= t.line <= e[0]:
                t.line_findings.append("%s %d:%d-%d:%d" % (d["rule"], s[0], s[1], e[0], e[1]))
    for t in trials:
        if not t.excluded and t.src is not None and t.rel in dirty:
            t.excluded = "the unmutated copy is not clean"
    return len(dirty)


def likely_cause(t):
    """A first classification of a miss, from what pctlint is known to do (README.md, "Recall by
    mutation"); "unclassified" for anything else, to be looked at."""
    if t.context == "config-flow":
        return "YAML flow collection read as prose (a raw space ends the URL, PCT004 not reported)"
    if t.context == "attr-list" and t.kind == "f":
        return "list-valued attribute (content=) read as prose: PCT004 not reported"
    if t.kind == "e" and t.variant == "space-capitalised" and t.context != "mdlink":
        return "raw space in a literal/value ends the URL: the words after it read as a sentence"
    if t.kind == "e" and t.variant == "space-before-equals" and t.context != "mdlink":
        return "raw space before '=' ends the URL: a word starting with '=' reads as code"
    return "unclassified"


def recall_str(found, n):
    return "%.3f" % (found / n) if n else "-"


def print_table(title, trials):
    fmt = "%-28s %6s %6s %6s %8s %9s"
    print()
    print("== %s" % title)
    print(fmt % ("kind", "trials", "found", "missed", "recall", "expected"))
    tot = collections.Counter()
    for k in KINDS:
        ts = [t for t in trials if t.kind == k and not t.excluded]
        f = sum(t.found for t in ts)
        exp = sum(EXPECTED[k] in t.rules for t in ts)
        tot.update(n=len(ts), f=f, exp=exp)
        print(fmt % (KIND_TITLE[k], len(ts), f, len(ts) - f, recall_str(f, len(ts)),
                     recall_str(exp, len(ts))))
    print(fmt % ("total", tot["n"], tot["f"], tot["n"] - tot["f"], recall_str(tot["f"], tot["n"]),
                 recall_str(tot["exp"], tot["n"])))
    return tot


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpora", nargs="+", metavar="CORPUS|GROUP=DIR")
    ap.add_argument("--pctlint", default="/work/main/build/server/pctlint")
    ap.add_argument("--per-kind", type=int, default=100, help="trials per kind per group (100)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--max-per-file", type=int, default=10,
                    help="at most this many trials of one kind in one file (10)")
    ap.add_argument("--groups", help="only these groups (comma-separated)")
    ap.add_argument("--misses", metavar="FILE", help="write every miss to FILE")
    ap.add_argument("--trials", metavar="FILE", help="write every trial (TSV) to FILE")
    ap.add_argument("--no-synthetic", action="store_true")
    ap.add_argument("--keep-temp", action="store_true")
    ap.add_argument("--require-recall", type=float, metavar="R",
                    help="exit 1 when the corpus total is below R")
    a = ap.parse_args()
    t0 = time.time()
    binary = os.path.abspath(a.pctlint)
    groups = set(a.groups.split(",")) if a.groups else None

    pops = collections.defaultdict(dict)
    for spec in a.corpora:
        fixed, root = (spec.split("=", 1) if "=" in spec and not os.path.exists(spec)
                       else (None, spec))
        root = os.path.abspath(root)
        report = run_check(binary, root)
        flagged = flagged_files(report, root)
        print("%s: %d files checked, %d with something to say" % (
            root, report.get("summary", {}).get("filesChecked", 0), len(flagged)))
        for g, units in population(root, fixed, flagged, groups).items():
            for u, files in units.items():
                pops[g].setdefault(u, []).extend(files)

    t1 = time.time()
    trials = []
    controls = {}
    stats = {}
    short = {}
    for g in sorted(pops, key=lambda g: (g != "main", g)):
        st = stats[g] = collections.Counter()
        st["population"] = sum(len(v) for v in pops[g].values())
        ts, used, need = sample_group(g, pops[g], a.per_kind, a.seed, st, a.max_per_file)
        trials.extend(ts)
        controls.update(used)
        short[g] = {k: v for k, v in need.items() if v}
    if not a.no_synthetic:
        trials.extend(synthetic_trials(a.seed))

    t2 = time.time()
    tmp = tempfile.mkdtemp(prefix="pctlint-recall-")
    try:
        dirty = evaluate(binary, trials, controls, tmp)
    finally:
        if a.keep_temp:
            print("trial files kept in %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    t3 = time.time()
    corpus_groups = [g for g in sorted(pops, key=lambda g: (g != "main", g))]
    print("time: %.0f s linting the corpora and listing files, %.0f s sampling, %.0f s the trial run"
          % (t1 - t0, t2 - t1, t3 - t2))
    print("pctlint: %s  seed %s  %d per kind per group" % (binary, a.seed, a.per_kind))
    print("recall = found / trials; found = a finding (any rule) covers the mutated bytes;"
          " expected = the kind's own rule does")
    for g in corpus_groups:
        st = stats[g]
        ts = [t for t in trials if t.group == g]
        print()
        print("-- %s: %d eligible files, %d scanned, %d with candidate URLs, %d candidates;"
              " %d trials drawn, %d excluded" % (
                  g, st["population"], st["files scanned"], st["files with candidates"],
                  st["candidate URLs"], st["drawn"], sum(1 for t in ts if t.excluded)))
        if short[g]:
            print("   short of trials (files ran out): %s" % ", ".join(
                "%s %d" % (k, v) for k, v in sorted(short[g].items())))
        print_table(g, ts)
    tot = print_table("corpus total (%s)" % ", ".join(corpus_groups),
                      [t for t in trials if t.group in pops])
    # per variant, all corpus groups
    print()
    print("== by variant (corpus total)")
    var = collections.defaultdict(collections.Counter)
    for t in trials:
        if t.group in pops and not t.excluded:
            var[(t.kind, t.variant)].update(n=1, f=int(t.found))
    for (k, v), c in sorted(var.items()):
        print("  %s %-22s %5d trials %5d found  recall %s" % (k, v, c["n"], c["f"],
                                                              recall_str(c["f"], c["n"])))
    print()
    print("== by context (corpus total)")
    ctx = collections.defaultdict(collections.Counter)
    for t in trials:
        if t.group in pops and not t.excluded:
            ctx[(t.context, t.fam)].update(n=1, f=int(t.found))
    for (c, fam), cn in sorted(ctx.items()):
        print("  %-8s %-7s %5d trials %5d found  recall %s" % (c, fam, cn["n"], cn["f"],
                                                              recall_str(cn["f"], cn["n"])))
    print()
    print("== excluded trials (corpus, before the run unless said)")
    ex = collections.Counter((t.group, t.excluded) for t in trials if t.excluded)
    exr = collections.Counter(t.excluded for t in trials if t.excluded)
    for r, n in exr.most_common():
        print("  %5d  %s  (%s)" % (n, r, ", ".join("%s %d" % (g, c) for (g, rr), c in
                                                   sorted(ex.items()) if rr == r)))
    print("  unmutated copies not clean: %d" % dirty)
    if not a.no_synthetic:
        syn = [t for t in trials if t.group == "synthetic"]
        print_table("synthetic (%d shapes x %d URLs; not in the total)" % (len(SYN_SHAPES),
                                                                           len(SYN_URLS)), syn)
        print()
        print("== hard shapes")
        for t in trials:
            if t.group == "hard":
                print("  %-6s %-60s %s  %s" % ("found" if t.found else "MISSED", t.variant,
                                              t.text.strip(), " ".join(t.rules + t.line_findings)))
    misses = [t for t in trials if not t.excluded and not t.found and t.group != "hard"]
    print()
    print("== misses by likely cause (corpus; see --misses)")
    causes = collections.Counter(likely_cause(t) for t in misses if t.group in pops)
    for c, n in causes.most_common():
        print("  %5d  %s" % (n, c))
    if a.misses:
        with open(a.misses, "w", encoding="utf-8") as fh:
            fh.write("# group\tkind\tvariant\tcontext\tfile:line:col\tmutated URL\toriginal URL"
                     "\tother findings on the line\tlikely cause\n")
            for t in misses:
                fh.write("\t".join([t.group, t.kind, t.variant, t.context,
                                    "%s:%d:%d" % (t.rel, t.line, t.col), t.new_url, t.url,
                                    "; ".join(t.line_findings), likely_cause(t)]) + "\n")
        print()
        print("wrote %d misses to %s" % (len(misses), a.misses))
    if a.trials:
        with open(a.trials, "w", encoding="utf-8") as fh:
            for t in trials:
                fh.write("\t".join([t.group, t.kind, t.variant, t.context, t.fam or "",
                                    "%s:%d:%d" % (t.rel, t.line, t.col),
                                    "excluded: " + t.excluded if t.excluded else
                                    ("found " + ",".join(t.rules) if t.found else "MISSED"),
                                    t.new_url]) + "\n")
    print()
    print("corpus total: %d trials, %d found, recall %s; %.0f s" % (
        tot["n"], tot["f"], recall_str(tot["f"], tot["n"]), time.time() - t0))
    if a.require_recall is not None and (not tot["n"] or tot["f"] / tot["n"] < a.require_recall):
        print("FAIL: recall below %.3f" % a.require_recall)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
