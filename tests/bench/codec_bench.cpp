// Codec throughput, side by side with Boost.URL 1.81 on the same inputs:
//  (a) ASCII-heavy, real-looking URLs; (b) escape-dense non-ASCII text.
// pctlint's decode is strict: it also validates the decoded bytes as UTF-8 (Table 3-6), which
// Boost.URL does not do. A summary of MB/s and pctlint/Boost ratios is printed at the end.
#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "core/codec/utf8.h"

#include <benchmark/benchmark.h>
#include <boost/url/encode.hpp>
#include <boost/url/pct_string_view.hpp>
#include <boost/url/rfc/unreserved_chars.hpp>
#include <cstdio>
#include <map>
#include <random>
#include <string>

namespace {

using namespace pctlint;

std::string ascii_urls_encoded() {
  const char* samples[] = {
      "https://api.example.com/v2/users/12345/orders?page=3&sort=created_at&filter=status%3Dopen\n",
      "https://cdn.example.net/assets/img/logo-2x.png?v=20240101\n",
      "https://www.example.org/search?q=percent%20encoding&lang=en&safe=off#results\n",
      "http://localhost:8080/api/health\n",
      "https://docs.example.com/guide/getting-started/installation.html#linux\n",
      "https://example.com/files/annual%20report%202024.pdf\n",
  };
  std::string s;
  while (s.size() < (4u << 20))
    for (const char* x : samples)
      s += x;
  return s;
}

std::string non_ascii_text() {
  std::mt19937 rng(1);
  const char32_t ranges[][2] = {
      {0xE0, 0xFF}, {0x4E00, 0x9FFF}, {0x0400, 0x04FF}, {0x1F600, 0x1F64F}};
  std::string s;
  while (s.size() < (1u << 20)) {
    const auto& r = ranges[rng() % 4];
    append_utf8(s, r[0] + static_cast<char32_t>(rng() % (r[1] - r[0])));
    if (rng() % 8 == 0) s += ' ';
  }
  return s;
}

const std::string& input(int which, bool encoded) {
  static const std::string a_enc = ascii_urls_encoded();
  static const std::string a_dec = decode_lenient(a_enc);
  static const std::string b_dec = non_ascii_text();
  static const std::string b_enc = percent_encode(b_dec, charsets::unreserved);
  if (which == 0) return encoded ? a_enc : a_dec;
  return encoded ? b_enc : b_dec;
}

void decode_pctlint(benchmark::State& state) {
  const std::string& in = input(static_cast<int>(state.range(0)), true);
  for (auto _ : state) {
    auto r = decode_strict(in);
    if (!r.ok()) state.SkipWithError("decode failed");
    benchmark::DoNotOptimize(r.bytes.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * in.size()));
}

void decode_boost(benchmark::State& state) {
  const std::string& in = input(static_cast<int>(state.range(0)), true);
  for (auto _ : state) {
    auto pv = boost::urls::make_pct_string_view(in);
    if (!pv) state.SkipWithError("decode failed");
    std::string out = pv->decode();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * in.size()));
}

void encode_pctlint(benchmark::State& state) {
  const std::string& in = input(static_cast<int>(state.range(0)), false);
  for (auto _ : state) {
    std::string out = percent_encode(in, charsets::unreserved);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * in.size()));
}

void encode_boost(benchmark::State& state) {
  const std::string& in = input(static_cast<int>(state.range(0)), false);
  for (auto _ : state) {
    std::string out = boost::urls::encode(in, boost::urls::unreserved_chars);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * in.size()));
}

// Arg 0: ASCII-heavy URLs; arg 1: escape-dense non-ASCII.
BENCHMARK(decode_pctlint)->Arg(0)->Arg(1);
BENCHMARK(decode_boost)->Arg(0)->Arg(1);
BENCHMARK(encode_pctlint)->Arg(0)->Arg(1);
BENCHMARK(encode_boost)->Arg(0)->Arg(1);

// Prints the usual table, then MB/s side by side with the ratio.
class RatioReporter : public benchmark::ConsoleReporter {
public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      const auto it = r.counters.find("bytes_per_second");
      if (it != r.counters.end()) rates_[r.benchmark_name()] = it->second.value;
    }
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    const char* names[] = {"ASCII-heavy URLs", "escape-dense non-ASCII"};
    std::printf("\n%-8s %-24s %14s %14s %8s\n", "op", "input", "pctlint MB/s", "Boost MB/s",
                "ratio");
    for (const char* op : {"decode", "encode"})
      for (int arg = 0; arg < 2; ++arg) {
        const double ours = rates_[std::string(op) + "_pctlint/" + std::to_string(arg)] / 1e6;
        const double peer = rates_[std::string(op) + "_boost/" + std::to_string(arg)] / 1e6;
        std::printf("%-8s %-24s %14.0f %14.0f %7.2fx\n", op, names[arg], ours, peer,
                    peer > 0 ? ours / peer : 0);
      }
  }

private:
  std::map<std::string, double> rates_;
};

} // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
}
