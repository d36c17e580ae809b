// Tests written inside a source file that is not itself a test file: Rust's `#[cfg(test)] mod
// tests { ... }` beside the code it tests, and functions marked `#[test]` (or a test framework's
// `#[tokio::test]`, `#[rstest]`, `#[test_case(...)]`). A URL there is often wrong on purpose (the
// input a parser is tested on), so the rules make their fixes unsafe, as in a test file. And the
// test cases Zotero's translators carry after their code, between "/** BEGIN TEST CASES **/" and
// "/** END TEST CASES **/": expected items compared with what the translator returns. And the
// test tables of youtube-dl's and yt-dlp's extractors (`_TESTS = [...]`, `_TEST = {...}`): the
// URLs each is tested on, raw as the sites write them, and the fields it must return.
#pragma once

#include "core/codec/url.h"
#include "core/finder/language.h"

#include <string_view>
#include <vector>

namespace pctlint {

// The byte ranges of `source` that are in-file tests, in order, not overlapping: from the line of
// the attribute (or marker) to the end of the line that closes its item. Found by the layout
// rustfmt gives (the item closes with a `}` at the attribute's indentation), not by lexing: a
// layout that does not close so reaches the file's end, which errs on the side of an unsafe fix.
// Empty for languages without in-file tests.
std::vector<Span> in_file_tests(std::string_view source, Language lang);

// Whether the byte at `at` is in a statement that tests, whatever the language or file: a line
// that begins with an assertion (`assert url == "..."`, `assertEquals(...)`, `assert_eq!(...)`, a
// shell function `assert_no_redirect "http://..."`, `expect(...)`), or an interactive session that
// doctest replays (from a `>>> ` line to the next blank line: its input and the output it must
// print, in a Python docstring or a `pycon` block of the docs). A URL there is the input or the
// expected result of a check, often wrong on purpose.
bool in_test_statement(std::string_view source, std::size_t at);

} // namespace pctlint
