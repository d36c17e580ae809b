// `pctlint --check / --fix`: discover files, lint them in parallel, report in order.
#include "core/finder.h"
#include "core/position.h"
#include "core/utf8.h"
#include "rules/engine.h"
#include "server/check/files.h"
#include "server/check/fix_writer.h"
#include "server/check/options.h"
#include "server/check/report.h"
#include "server/commands.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <thread>
#include <unistd.h>

namespace pctlint {

namespace {

using namespace check;

Config effective(Config c, const Options& o) {
  if (!o.select.empty())
    for (const Rule* rule : all_rules())
      if (std::find(o.select.begin(), o.select.end(), rule->info().id) == o.select.end())
        c.rule_severity[std::string(rule->info().id)] = Severity::Off;
  for (const std::string& id : o.ignore)
    c.rule_severity[id] = Severity::Off;
  if (o.fail_on) c.fail_on = *o.fail_on;
  return c;
}

std::string relative_to(const std::filesystem::path& root, const std::string& file) {
  std::error_code ec;
  const auto abs = std::filesystem::absolute(file, ec).lexically_normal();
  return abs.lexically_relative(root).generic_string();
}

bool looks_binary(std::string_view text) {
  return std::memchr(text.data(), '\0', std::min<std::size_t>(text.size(), 8192)) != nullptr;
}

// Lints (and maybe fixes) one file's text; `path` only names it.
void check_text(FileReport& report, const std::string& path, std::string_view text,
                const Config& config, const Options& o, bool write_back) {
  const Language lang = language_for_path(path);
  if (const Utf8Status u = validate_utf8(text); !u.ok()) {
    const LinePosition p = LineIndex(text).position_of(u.offset, OffsetEncoding::Utf32);
    report.notes.push_back("not valid UTF-8 (" + std::string(describe(u.error)) + " at line " +
                           std::to_string(p.line + 1) + ", column " + std::to_string(p.column + 1) +
                           "); checked as bytes, columns count U+FFFD per bad byte");
  }
  std::string_view current = text;
  std::string fixed_text;
  if (o.fix) {
    FixResult r = fix_all(text, lang, config, o.unsafe_fixes);
    if (r.text != text) {
      if (o.diff) {
        report.diff = unified_diff(path, text, r.text);
      } else if (!write_back) {
        fixed_text = std::move(r.text);
        current = fixed_text;
        report.fixes_applied = r.applied;
      } else if (auto error = write_fixed(path, text, r.text)) {
        report.errors.push_back(*error);
      } else {
        fixed_text = std::move(r.text);
        current = fixed_text;
        report.fixes_applied = r.applied;
      }
    }
  }
  // --diff shows what --fix would do, and only that.
  if (!o.diff)
    report.diagnostics = resolve(current, lint(current, lang, config, Urls::Drop).diagnostics);
  report.checked = true;
  if (!write_back && o.fix && !o.diff) {
    std::fwrite(current.data(), 1, current.size(), stdout);
  }
}

// Sets `config_error` instead when the file's configuration is invalid.
void check_file(FileReport& report, ConfigCache& configs, const Options& o,
                std::string& config_error) {
  const auto entry = configs.for_file(report.path);
  if (entry->error) {
    config_error = *entry->error;
    return;
  }
  const Config& configured = entry->config;
  std::optional<Config> overridden;
  const bool has_patterns = !configured.include_globs.empty() ||
                            !configured.exclude_globs.empty() || !configured.overrides.empty();
  const std::string rel = has_patterns ? relative_to(entry->root, report.path) : std::string();
  if (has_patterns && !configured.selects(rel)) return;
  const Config& base = configured.for_path(rel, overridden);
  std::string error;
  thread_local FileBuffer buffer; // reused: files come one after another on each thread
  bool too_large = false;
  if (!buffer.read(report.path, error, base.max_file_size, &too_large)) {
    report.errors.push_back(error);
    return;
  }
  if (too_large) return;
  const std::string_view text = buffer.text();
  if (looks_binary(text)) return;
  // The file's configuration as the command line amends it (a copy only when it does).
  std::optional<Config> amended;
  if (!o.select.empty() || !o.ignore.empty() || o.fail_on) amended = effective(base, o);
  const Config& config = amended ? *amended : base;
  report.fail_on = config.fail_on;
  check_text(report, report.path, text, config, o, true);
}

} // namespace

void Summary::add(const FileReport& f, Severity fail_on) {
  if (f.checked) ++files_checked;
  errors += f.errors.size();
  fixed += f.fixes_applied;
  if (!f.diff.empty()) failed = true;
  for (const Reported& r : f.diagnostics) {
    ++by_severity[static_cast<int>(r.severity)];
    const auto& rules = all_rules();
    for (std::size_t k = 0; k < rules.size(); ++k)
      if (&rules[k]->info() == r.rule) ++by_rule[k];
    if (r.fix) ++(*r.fix == Applicability::Safe ? safe_fixable : unsafe_fixable);
    if (r.severity >= fail_on) failed = true;
  }
}

void Summary::add(const Summary& other) {
  files_checked += other.files_checked;
  for (int i = 0; i < 4; ++i)
    by_severity[i] += other.by_severity[i];
  safe_fixable += other.safe_fixable;
  unsafe_fixable += other.unsafe_fixable;
  fixed += other.fixed;
  for (std::size_t k = 0; k < by_rule.size(); ++k)
    by_rule[k] += other.by_rule[k];
  errors += other.errors;
  failed = failed || other.failed;
}

int run_check_command(const Args& args) {
  const ParseResult parsed = parse_options(args);
  if (parsed.help) {
    std::fputs(kCheckHelp, stdout);
    return 0;
  }
  if (parsed.error) {
    std::fprintf(stderr, "pctlint: %s\n\n%s", parsed.error->c_str(), kCheckHelp);
    return 2;
  }
  const Options& o = parsed.options;
  const bool color = o.color == Color::Always ||
                     (o.color == Color::Auto && isatty(1) && std::getenv("NO_COLOR") == nullptr);
  ConfigCache configs(o.config_path);
  // With --stdin-filename --fix the fixed text goes to stdout, so findings go to stderr.
  std::FILE* out = (o.stdin_filename && o.fix && !o.diff) ? stderr : stdout;
  auto reporter = make_reporter(o, color, out);
  Summary summary;

  if (o.stdin_filename) {
    const std::string text((std::istreambuf_iterator<char>(std::cin)),
                           std::istreambuf_iterator<char>());
    const auto entry = configs.for_file(*o.stdin_filename);
    if (entry->error) {
      std::fprintf(stderr, "pctlint: invalid configuration: %s\n", entry->error->c_str());
      return 2;
    }
    FileReport report;
    report.path = *o.stdin_filename;
    const Config config = effective(entry->config, o);
    check_text(report, report.path, text, config, o, false);
    summary.add(report, config.fail_on);
    reporter->file(report);
    reporter->finish(summary);
    return summary.failed ? 1 : 0;
  }

  // Workers check files while discovery still walks (files come in report order); the reports
  // live in a deque, whose elements stay put as it grows. A report is printed as soon as it and
  // all before it are done, by whichever thread finds it so, one thread at a time (`printing`):
  // output stays in file order and no printer thread needs waking. Under `mutex`: the deques'
  // sizes, `claimed`, `discovered_all`, `frontier` (the next report to print) and `printing`.
  std::deque<FileReport> reports;
  std::deque<char> done;
  std::vector<std::string> config_errors; // each invalid configuration met, once
  std::mutex mutex;
  std::condition_variable work, finished;
  std::size_t claimed = 0, idle = 0, frontier = 0;
  bool discovered_all = false, printing = false;
  bool progress_shown = false; // by the thread that is printing
  const std::optional<Severity> fail_on = o.fail_on;
  const unsigned jobs = std::max(1u, o.jobs ? o.jobs : std::thread::hardware_concurrency());

  // Prints the reports that are ready, unless another thread is printing; `lock` holds `mutex`.
  const auto print_ready = [&](std::unique_lock<std::mutex>& lock) {
    if (printing) return;
    printing = true;
    while (frontier < done.size() && done[frontier]) {
      FileReport& r = reports[frontier++];
      lock.unlock();
      if (progress_shown) std::fputs("\r\x1b[K", stderr), progress_shown = false;
      if (r.rendered)
        summary.add(r.tally);
      else
        summary.add(r, fail_on ? *fail_on : r.fail_on);
      reporter->file(r);
      r = FileReport{};
      lock.lock();
    }
    printing = false;
    if (discovered_all && frontier == done.size()) finished.notify_all();
  };

  auto worker = [&] {
    for (;;) {
      std::size_t i;
      FileReport* report;
      {
        std::unique_lock lock(mutex);
        ++idle;
        work.wait(lock, [&] { return claimed < reports.size() || discovered_all; });
        --idle;
        if (claimed == reports.size()) return;
        i = claimed++;
        report = &reports[i];
      }
      std::string config_error;
      check_file(*report, configs, o, config_error);
      if (reporter->renders_per_file()) {
        FileReport& r = *report;
        r.rendered = reporter->render(r);
        r.tally.add(r, fail_on ? *fail_on : r.fail_on);
        r.diagnostics = {}; // freed on the thread that made them
      }
      std::unique_lock lock(mutex);
      if (!config_error.empty() && std::find(config_errors.begin(), config_errors.end(),
                                             config_error) == config_errors.end())
        config_errors.push_back(std::move(config_error));
      done[i] = 1;
      if (i == frontier) print_ready(lock);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs; ++t)
    threads.emplace_back(worker);

  const std::vector<std::string> discovery_errors =
      discover_each(o.paths, o.follow_symlinks, o.no_ignore, [&](std::string path) {
        if (o.shard_count > 1 && !in_shard(path, o.shard_index, o.shard_count)) return;
        bool wake;
        {
          std::lock_guard lock(mutex);
          reports.emplace_back().path = std::move(path);
          done.push_back(0);
          wake = idle > 0;
        }
        if (wake) work.notify_one();
      });
  for (const std::string& e : discovery_errors)
    std::fprintf(stderr, "pctlint: %s\n", e.c_str());
  {
    std::unique_lock lock(mutex);
    discovered_all = true;
    work.notify_all();
    // Wait for the last report to be printed, drawing a progress line on a terminal meanwhile
    // (as the printing thread, so it never lands inside a report).
    const bool progress = isatty(2) && o.format == Format::Text;
    const auto started = std::chrono::steady_clock::now();
    while (printing || frontier < done.size()) {
      finished.wait_for(lock, std::chrono::milliseconds(100));
      if (!progress || printing ||
          std::chrono::steady_clock::now() - started < std::chrono::seconds(1))
        continue;
      printing = true;
      const std::size_t printed = frontier, total = done.size();
      lock.unlock();
      std::fprintf(stderr, "\r\x1b[Kpctlint: %zu/%zu files", printed, total);
      progress_shown = true;
      lock.lock();
      printing = false;
      print_ready(lock); // what became ready while the line was drawn
    }
  }
  for (std::thread& t : threads)
    t.join();
  if (progress_shown) std::fputs("\r\x1b[K", stderr);

  std::sort(config_errors.begin(), config_errors.end()); // not in the order threads met them
  for (const std::string& e : config_errors)
    std::fprintf(stderr, "pctlint: invalid configuration: %s\n", e.c_str());
  reporter->finish(summary);
  if (!config_errors.empty() || summary.errors || !discovery_errors.empty()) return 2;
  return summary.failed ? 1 : 0;
}

} // namespace pctlint
