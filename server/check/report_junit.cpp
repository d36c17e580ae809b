// JUnit XML, as CI systems (Jenkins, GitLab, Azure) read test reports: a test suite per file with
// findings, a failing test case per finding; a passing case for a clean run. Checked against an
// XML Schema of the format in the tests (tests/schemas/junit.xsd).
#include "core/codec/utf8.h"
#include "server/check/report.h"

namespace pctlint::check {

namespace {

// Text for an XML 1.0 document: markup characters as entities, and what XML cannot hold (a C0
// control but tab, CR and LF; U+FFFE and U+FFFF; a byte that is not UTF-8, in a message that quotes
// one or a file name) written as a visible escape, "\xNN" or "\uFFFF", so the report stays
// well-formed.
std::string xml_escape(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    switch (c) {
    case '&':
      out += "&amp;";
      ++i;
      continue;
    case '<':
      out += "&lt;";
      ++i;
      continue;
    case '>':
      out += "&gt;";
      ++i;
      continue;
    case '"':
      out += "&quot;";
      ++i;
      continue;
    case '\'':
      out += "&apos;";
      ++i;
      continue;
    default:
      break;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      if (byte < 0x20 && c != '\t' && c != '\n' && c != '\r')
        out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
      else
        out += c;
      ++i;
      continue;
    }
    const Utf8Char u = decode_utf8_char(s, i);
    if (!u.ok()) {
      out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
      ++i;
    } else if (u.value == 0xFFFE || u.value == 0xFFFF) {
      out += u.value == 0xFFFE ? "\\uFFFE" : "\\uFFFF";
      i += u.length;
    } else {
      out.append(s.substr(i, u.length));
      i += u.length;
    }
  }
  return out;
}

class JunitReporter final : public Reporter {
public:
  explicit JunitReporter(std::FILE* out) : Reporter(out) {}
  void file(const FileReport& f) override {
    const std::string path = xml_escape(printable(f.path));
    if (!f.diagnostics.empty()) {
      std::string suite = "  <testsuite name=\"" + path + "\" tests=\"" +
                          std::to_string(f.diagnostics.size()) + "\" failures=\"" +
                          std::to_string(f.diagnostics.size()) + "\" errors=\"0\" skipped=\"0\">\n";
      for (const Reported& r : f.diagnostics) {
        const std::string where =
            std::to_string(r.start.line) + ":" + std::to_string(r.start.column);
        suite += "    <testcase classname=\"" + path + "\" name=\"" + std::string(r.rule->id) +
                 " " + std::string(r.rule->name) + " at " + where + "\" file=\"" + path +
                 "\" line=\"" + std::to_string(r.start.line) + "\">\n      <failure type=\"" +
                 std::string(name_of(r.severity)) + "\" message=\"" + xml_escape(r.message) +
                 "\">" + path + ":" + where + ": " + xml_escape(r.message) +
                 "</failure>\n    </testcase>\n";
        ++failures_;
      }
      suite += "  </testsuite>\n";
      suites_ += suite;
    }
    for (const std::string& e : f.errors) {
      suites_ += "  <testsuite name=\"" + path +
                 "\" tests=\"1\" failures=\"0\" errors=\"1\" "
                 "skipped=\"0\">\n    <testcase classname=\"" +
                 path +
                 "\" name=\"read\">\n"
                 "      <error message=\"" +
                 xml_escape(e) +
                 "\"/>\n    </testcase>\n"
                 "  </testsuite>\n";
      ++errors_;
    }
    // A file not checked is a skipped test case, so a CI's test view shows it.
    if (names_skip(f)) {
      suites_ += "  <testsuite name=\"" + path +
                 "\" tests=\"1\" failures=\"0\" errors=\"0\" "
                 "skipped=\"1\">\n    <testcase classname=\"" +
                 path +
                 "\" name=\"check\">\n"
                 "      <skipped message=\"" +
                 xml_escape("not checked: " + skip_phrase(f)) +
                 "\"/>\n    </testcase>\n  </testsuite>\n";
      ++skipped_;
    }
  }
  void finish(const Summary& s) override {
    std::string out =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"pctlint\" tests=\"" +
        std::to_string(failures_ + errors_ + skipped_ + 1) + "\" failures=\"" +
        std::to_string(failures_) + "\" errors=\"" + std::to_string(errors_) + "\" skipped=\"" +
        std::to_string(skipped_) + "\">\n";
    out += suites_;
    // The run itself, so that a clean run has a test case that passed.
    out += "  <testsuite name=\"pctlint\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
           "    <testcase classname=\"pctlint\" name=\"" +
           xml_escape(std::to_string(s.files_checked) + " files checked") +
           "\"/>\n"
           "  </testsuite>\n</testsuites>\n";
    write(out);
    std::fflush(out_);
  }

private:
  std::string suites_;
  std::size_t failures_ = 0, errors_ = 0, skipped_ = 0;
};

} // namespace

std::unique_ptr<Reporter> make_junit_reporter(std::FILE* out) {
  return std::make_unique<JunitReporter>(out);
}

} // namespace pctlint::check
