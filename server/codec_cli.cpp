// `pctlint encode | decode | canon | explain`: the codec on the command line. Output is exactly
// the bytes, one line per input; with TEXT '-' every line of standard input is one input.
// `explain` prints what hover shows in an editor: both readings of a URL and its findings.
#include "core/codec/canon.h"
#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "rules/explain.h"
#include "server/commands.h"

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

namespace pctlint {

namespace {

constexpr std::string_view kCodecUsage = R"(usage:
  pctlint encode [--component C] TEXT   C: component (default) form segment path query fragment
  pctlint decode [--form] [--lenient] TEXT
  pctlint canon URL
  pctlint explain URL   its components as written, decoded and as browsers read them, findings
TEXT or URL '-' reads standard input and answers one line per input line.
)";

int usage_error(std::string_view message) {
  std::fprintf(stderr, "pctlint: %.*s\n%.*s", static_cast<int>(message.size()), message.data(),
               static_cast<int>(kCodecUsage.size()), kCodecUsage.data());
  return 2;
}

std::optional<EncodeComponent> parse_component(std::string_view name) {
  if (name == "component") return EncodeComponent::Component;
  if (name == "form") return EncodeComponent::Form;
  if (name == "segment") return EncodeComponent::Segment;
  if (name == "path") return EncodeComponent::Path;
  if (name == "query") return EncodeComponent::Query;
  if (name == "fragment") return EncodeComponent::Fragment;
  return std::nullopt;
}

void write_line(std::string_view bytes) {
  std::fwrite(bytes.data(), 1, bytes.size(), stdout);
  std::fputc('\n', stdout);
}

// Runs `one` on TEXT, or on every line of stdin when TEXT is '-'. `one` returns the output or
// nullopt after printing its error (given the 1-based line number, 0 for an argument).
template <typename Fn> int for_each_input(const std::string& text, Fn one) {
  if (text != "-") {
    const auto out = one(text, 0);
    if (!out) return 1;
    write_line(*out);
    return 0;
  }
  int status = 0;
  std::string line;
  std::size_t number = 0;
  while (std::getline(std::cin, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto out = one(line, number);
    if (!out) status = 1;
    write_line(out ? *out : std::string());
  }
  return status;
}

int run_encode(const Args& args) {
  EncodeComponent component = EncodeComponent::Component;
  std::optional<std::string> text;
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string_view a = args[i];
    std::string value;
    if (a == "--component" || a == "-c") {
      if (i + 1 >= args.size()) return usage_error("--component needs a value");
      value = args[++i];
    } else if (a.starts_with("--component=")) {
      value = a.substr(12);
    } else if (a.starts_with("-") && a != "-") {
      return usage_error("unknown option '" + std::string(a) + "'");
    } else if (text) {
      return usage_error("encode takes one TEXT (quote it, or use '-' for standard input)");
    } else {
      text = a;
      continue;
    }
    const auto c = parse_component(value);
    if (!c) return usage_error("unknown component '" + value + "'");
    component = *c;
  }
  if (!text) return usage_error("encode needs TEXT");
  const EncodeOptions options{.space_as_plus = component == EncodeComponent::Form};
  return for_each_input(*text, [&](std::string_view in, std::size_t) -> std::optional<std::string> {
    return percent_encode(in, allowed_set(component), options);
  });
}

int run_decode(const Args& args) {
  DecodeOptions options;
  bool lenient = false;
  std::optional<std::string> text;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--form")
      options.plus_as_space = true;
    else if (a == "--lenient")
      lenient = true;
    else if (a.starts_with("-") && a != "-")
      return usage_error("unknown option '" + std::string(a) + "'");
    else if (text)
      return usage_error("decode takes one TEXT (quote it, or use '-' for standard input)");
    else
      text = a;
  }
  if (!text) return usage_error("decode needs TEXT");
  return for_each_input(
      *text, [&](std::string_view in, std::size_t line) -> std::optional<std::string> {
        if (lenient) return decode_lenient(in, options);
        auto r = decode_strict(in, options);
        if (r.ok()) return std::move(r.bytes);
        const std::string where = line ? "line " + std::to_string(line) + ": " : "";
        std::fprintf(stderr, "pctlint: decode: %s%s\n", where.c_str(),
                     describe(*r.error, in).c_str());
        return std::nullopt;
      });
}

int run_canon(const Args& args) {
  if (args.size() != 2 || (args[1].starts_with("-") && args[1] != "-"))
    return usage_error("canon takes one URL");
  return for_each_input(args[1],
                        [](std::string_view in, std::size_t) -> std::optional<std::string> {
                          return canonicalize(in);
                        });
}

// The URL as the only content of a JSON string: the syntax gives its extent, as in a config file.
std::string as_json_string(std::string_view url) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : url) {
    const auto b = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (b < 0x20) {
      out += "\\u00";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

int run_explain(const Args& args) {
  if (args.size() != 2 || (args[1].starts_with("-") && args[1] != "-"))
    return usage_error("explain takes one URL");
  int status = 0;
  const int read = for_each_input(
      args[1], [&](std::string_view in, std::size_t line) -> std::optional<std::string> {
        const std::string source = as_json_string(in);
        const LintResult r = lint(source, Language::Json, Config{});
        if (r.urls.empty()) {
          const std::string where = line ? "line " + std::to_string(line) + ": " : "";
          std::fprintf(stderr,
                       "pctlint: explain: %s'%.*s' is not a URL pctlint checks (no scheme)\n",
                       where.c_str(), static_cast<int>(in.size()), in.data());
          status = 2;
          return std::nullopt;
        }
        std::string text = explanation_plaintext(explain_url(r.urls.front(), r));
        if (!text.empty() && text.back() == '\n') text.pop_back();
        return text;
      });
  return status != 0 ? status : read;
}

} // namespace

int run_codec_command(const Args& args) {
  for (const std::string& a : args)
    if (a == "-h" || a == "--help") {
      std::fwrite(kCodecUsage.data(), 1, kCodecUsage.size(), stdout);
      return 0;
    }
  if (args[0] == "encode") return run_encode(args);
  if (args[0] == "decode") return run_decode(args);
  if (args[0] == "explain") return run_explain(args);
  return run_canon(args);
}

} // namespace pctlint
