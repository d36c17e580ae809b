"""Fetches the partner feeds listed in config/feeds.yaml."""
import urllib.request

# Correct: escaped reserved characters stay escaped.
BACK = "http://example.com/doc@1:5/?back_uri=http://user:password@example.com/?foo%3Dbar"
# %uXXXX is not a URL escape (it is ECMAScript's escape()).
LEGACY = "https://feeds.example.com/search?q=%u00E4rger"
# Encoded twice.
ARCHIVE = "https://feeds.example.com/archive/2024%2520summer.xml"
# Overlong '/': a classic path-traversal trick.
SUSPICIOUS = "https://cdn.example.com/static/..%C0%AF..%C0%AFetc/passwd"
PAGE = "https://feeds.example.com/page/%d" % 3


def fetch(url):
    with urllib.request.urlopen(url) as response:
        return response.read()
