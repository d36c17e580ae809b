// `pctlint --check / --fix`: find the files, put each through the document pipeline
// (server/pipeline/) on a pool of workers, and report them in order.
#include "core/finder/language.h"
#include "server/check/baseline.h"
#include "server/check/fix_writer.h"
#include "server/check/options.h"
#include "server/check/report.h"
#include "server/commands.h"
#include "server/pipeline/configs.h"
#include "server/pipeline/document.h"
#include "server/pipeline/files.h"
#include "server/pipeline/walk.h"
#include "server/platform/platform.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <set>
#include <thread>

namespace pctlint {

namespace {

using namespace check;
namespace fs = std::filesystem;

// The configuration as the command line amends it.
Config amended(Config c, const Options& o) {
  if (!o.select.empty())
    for (const Rule* rule : all_rules())
      if (std::find(o.select.begin(), o.select.end(), rule->info().id) == o.select.end())
        c.rule_severity[std::string(rule->info().id)] = Severity::Off;
  for (const std::string& id : o.ignore)
    c.rule_severity[id] = Severity::Off;
  if (o.fail_on) c.fail_on = *o.fail_on;
  return c;
}

std::string absolute_normal(const std::string& path) {
  std::error_code ec;
  return platform::generic_utf8_of(fs::absolute(platform::path_of(path), ec).lexically_normal());
}

// The files changed since `rev` in the work tree holding `dir`, the tree being checked
// (committed, staged, unstaged or new), as absolute paths; nullopt and `error` when git cannot
// say. The revision is never read as an option ("--output=FILE"): --end-of-options.
std::optional<std::set<std::string>> changed_files(const std::string& rev, const std::string& dir,
                                                   std::string& error) {
  const auto git = [&](std::vector<std::string> args) -> std::optional<std::string> {
    args.insert(args.begin(), {"git", "-C", dir});
    bool not_found = false;
    auto run = platform::run_process(args, not_found);
    if (!run || run->exit_code != 0) return std::nullopt;
    return std::move(run->out);
  };
  const auto top = git({"rev-parse", "--show-toplevel"});
  const auto diff = git({"diff", "--name-only", "-z", "--end-of-options", rev, "--"});
  const auto untracked = git({"ls-files", "-z", "--others", "--exclude-standard", "--full-name"});
  if (!top || !diff || !untracked) {
    error = "--changed-since " + rev +
            ": git cannot list the changes (not a git work tree, or "
            "no such revision)";
    return std::nullopt;
  }
  std::set<std::string> files;
  const std::string root = top->substr(0, top->find('\n'));
  for (std::size_t i = 0; i < diff->size();) { // relative to the top of the work tree
    const std::size_t z = diff->find('\0', i);
    files.insert(absolute_normal(root + "/" + diff->substr(i, z - i)));
    i = z == std::string::npos ? diff->size() : z + 1;
  }
  for (std::size_t i = 0; i < untracked->size();) { // relative to the top (--full-name)
    const std::size_t z = untracked->find('\0', i);
    files.insert(absolute_normal(root + "/" + untracked->substr(i, z - i)));
    i = z == std::string::npos ? untracked->size() : z + 1;
  }
  return files;
}

class CheckRun {
public:
  CheckRun(const Options& o, Reporter& reporter, Baseline* baseline, BaselineWriter* writer)
      : o_(o), reporter_(reporter), baseline_(baseline), writer_(writer), configs_(o.config_path) {}

  // The exit code.
  int run() {
    if (o_.changed_since) {
      std::string error;
      // git runs in the tree being checked (the first path's directory), not the current one.
      std::string dir = o_.paths.empty() ? "." : o_.paths.front();
      std::error_code ec;
      if (!fs::is_directory(platform::path_of(dir), ec))
        dir = platform::generic_utf8_of(platform::path_of(dir).parent_path());
      changed_ = changed_files(*o_.changed_since, dir.empty() ? "." : dir, error);
      if (!changed_) {
        std::fprintf(stderr, "pctlint: %s\n", error.c_str());
        return 2;
      }
    }
    if (o_.stdin_filename) check_stdin();
    if (!o_.paths.empty()) check_paths();
    std::sort(config_errors_.begin(), config_errors_.end()); // not in the order threads met them
    config_errors_.erase(std::unique(config_errors_.begin(), config_errors_.end()),
                         config_errors_.end());
    for (const std::string& e : config_errors_)
      std::fprintf(stderr, "pctlint: invalid configuration:\n%s\n", e.c_str());
    reporter_.finish(summary_);
    const bool errors =
        !config_errors_.empty() || summary_.errors || discovery_errors_ || named_not_checked_;
    if (errors) return 2;
    if (o_.write_baseline || o_.exit_zero) return 0;
    return summary_.failed ? 1 : 0;
  }

private:
  void check_stdin() {
    const std::string text((std::istreambuf_iterator<char>(std::cin)),
                           std::istreambuf_iterator<char>());
    FileReport report;
    report.path = *o_.stdin_filename;
    report.named = true;
    const auto resolved = configs_.resolve(report.path == "-" ? "stdin" : report.path);
    if (resolved.entry->error) {
      config_errors_.push_back(*resolved.entry->error);
      return;
    }
    if (o_.force_exclude && !resolved.selected) {
      // Excluded: checked as nothing, so an editor or hook passing every file gets no findings.
      if (o_.fix && !o_.diff) std::fwrite(text.data(), 1, text.size(), stdout);
      return;
    }
    const Config config = amended(resolved.config(), o_);
    report.fail_on = config.fail_on;
    check_text(report, text, config, true);
    summary_.add(report, config.fail_on);
    reporter_.file(report);
  }

  // `jobs` threads read directories and check files, all of them both (pipeline::OrderedWalk):
  // no thread walks while the others wait, and none waits on a walker. Files come out of the
  // walk in report order and are numbered so; their reports live in a deque, whose elements stay
  // put as it grows and shrinks. A report is printed as soon as it and all before it are done, by
  // whichever thread finds it so, one thread at a time (`printing_`): output stays in file order
  // and no printer thread needs waking. A printed report leaves the deque, and the walk gives out
  // no more than kMaxQueued files ahead of the printing, so memory holds the files in flight, not
  // every file of the tree.
  void check_paths() {
    for (const std::string& p : o_.paths) {
      std::error_code ec;
      if (!fs::is_directory(platform::path_of(p), ec)) named_.insert(p);
    }
    walk_.emplace(o_.paths, o_.follow_symlinks, o_.no_ignore);
    {
      std::lock_guard lock(mutex_);
      fill();
    }
    const unsigned jobs = std::max(1u, o_.jobs ? o_.jobs : std::thread::hardware_concurrency());
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < jobs; ++t)
      threads.emplace_back([this, jobs] { worker(jobs); });
    wait_for_workers();
    for (std::thread& t : threads)
      t.join();
    const pipeline::FileList& found = walk_->messages();
    for (const std::string& e : found.errors)
      std::fprintf(stderr, "pctlint: %s\n", printable(e).c_str());
    std::set<std::string> notes(found.notes.begin(), found.notes.end());
    for (const std::string& n : notes)
      std::fprintf(stderr, "pctlint: note: %s\n", printable(n).c_str());
    discovery_errors_ = !found.errors.empty();
  }

  // Under mutex_: takes the files the walk can give, as far as the window allows.
  void fill() {
    const std::size_t before = queued();
    while (queued() - frontier_ < kMaxQueued) {
      std::optional<std::string> path = walk_->next_file();
      if (!path) break;
      if (o_.shard_count > 1 && !pipeline::in_shard(*path, o_.shard_index, o_.shard_count))
        continue;
      if (changed_ && !changed_->count(absolute_normal(*path))) continue;
      FileReport& r = reports_.emplace_back();
      r.named = named_.count(*path) > 0;
      r.listed_without_config = walk_->last_directory_without_config();
      r.path = std::move(*path);
      done_.push_back(0);
    }
    if (queued() != before || walk_->done()) work_.notify_all();
    if (walk_->done() && frontier_ == queued()) finished_.notify_all(); // no file came at all
  }

  // A worker: reads a directory when files to check run low, checks files, prints what is ready.
  void worker(std::size_t jobs) {
    std::array<FileReport*, 16> claimed;
    pipeline::FileBuffer buffer{true};    // reused: this thread's files come one after another
    pipeline::ConfigCache::Recent recent; // and directory by directory
    const std::size_t low_water = 2 * jobs * claimed.size();
    std::unique_lock lock(mutex_);
    for (;;) {
      const std::size_t unclaimed = queued() - claimed_;
      std::optional<pipeline::OrderedWalk::Task> task;
      if (unclaimed < low_water) task = walk_->take();
      if (task) {
        lock.unlock();
        auto listing = pipeline::OrderedWalk::read(*task, o_.follow_symlinks);
        lock.lock();
        walk_->put(*task, std::move(listing));
        fill();
        continue;
      }
      if (unclaimed == 0) {
        if (walk_->done()) return; // every file is claimed: the claimers print them
        work_.wait(lock);          // for a directory another thread reads, or for room
        continue;
      }
      // A few files at a time: a lock per file costs, too many leave the other workers idle.
      const std::size_t first = claimed_;
      const std::size_t count = std::clamp<std::size_t>(unclaimed / (2 * jobs), 1, claimed.size());
      claimed_ += count;
      // Taken under the lock: the deque's bookkeeping changes as files come and go; the reports
      // themselves stay put until printed.
      for (std::size_t k = 0; k < count; ++k)
        claimed[k] = &reports_[first + k - base_];
      lock.unlock();
      for (std::size_t k = 0; k < count; ++k) {
        FileReport& r = *claimed[k];
        check_file(r, buffer, recent);
        if (reporter_.renders_per_file()) {
          r.rendered = reporter_.render(r);
          r.tally.add(r, o_.fail_on ? *o_.fail_on : r.fail_on);
          r.diagnostics = {}; // freed on the thread that made them
        }
      }
      lock.lock();
      for (std::size_t i = first; i < first + count; ++i)
        done_[i - base_] = 1;
      if (first <= frontier_ && frontier_ < first + count) print_ready(lock);
    }
  }

  // Prints the reports that are ready, unless another thread is printing; `lock` holds mutex_.
  void print_ready(std::unique_lock<std::mutex>& lock) {
    if (printing_) return;
    printing_ = true;
    while (frontier_ < queued() && done_[frontier_ - base_]) {
      FileReport& r = reports_[frontier_++ - base_];
      lock.unlock();
      if (progress_shown_) std::fputs("\r\x1b[K", stderr), progress_shown_ = false;
      if (r.rendered)
        summary_.add(r.tally);
      else
        summary_.add(r, o_.fail_on ? *o_.fail_on : r.fail_on);
      if (r.named && r.skipped != SkipReason::None) named_not_checked_ = true;
      reporter_.file(r);
      lock.lock();
      reports_.pop_front(); // r, the front: the reports before it are printed
      done_.pop_front();
      ++base_;
    }
    printing_ = false;
    fill(); // room in the window
    if (walk_->done() && frontier_ == queued()) finished_.notify_all();
  }

  // Waits for the last report to be printed, drawing a progress line on a terminal meanwhile (as
  // the printing thread, so it never lands inside a report).
  void wait_for_workers() {
    std::unique_lock lock(mutex_);
    const bool progress = platform::is_terminal(2) && o_.format == Format::Text;
    const auto started = std::chrono::steady_clock::now();
    while (printing_ || frontier_ < queued() || !walk_->done()) {
      finished_.wait_for(lock, std::chrono::milliseconds(100));
      if (!progress || printing_ ||
          std::chrono::steady_clock::now() - started < std::chrono::seconds(1))
        continue;
      printing_ = true;
      const std::size_t printed = frontier_, total = queued();
      lock.unlock();
      std::fprintf(stderr, "\r\x1b[Kpctlint: %zu/%zu files", printed, total);
      progress_shown_ = true;
      lock.lock();
      printing_ = false;
      print_ready(lock); // what became ready while the line was drawn
    }
    if (progress_shown_) std::fputs("\r\x1b[K", stderr);
  }

  // On a worker thread.
  void check_file(FileReport& report, pipeline::FileBuffer& buffer,
                  pipeline::ConfigCache::Recent& recent) {
    const auto resolved = configs_.resolve(report.path, &recent, report.listed_without_config);
    if (resolved.entry->error) {
      std::lock_guard lock(mutex_);
      config_errors_.push_back(*resolved.entry->error);
      report.skipped = SkipReason::InvalidConfig;
      return;
    }
    if (!resolved.selected && (!report.named || o_.force_exclude)) return; // excluded
    if (!report.named && pipeline::is_program_log(report.path)) {
      report.skipped = SkipReason::ProgramLog;
      return;
    }
    const Config& configured = resolved.config();
    std::string error;
    bool too_large = false, absent = false;
    // A file found (not named) that is no file to read is passed over: git lists links, files
    // deleted in the work tree and submodules, and a walked file may go before it is read.
    if (!buffer.read(report.path, error, configured.max_file_size, &too_large,
                     report.named ? nullptr : &absent, o_.follow_symlinks)) {
      if (!absent) report.errors.push_back(error);
      return;
    }
    if (too_large) {
      report.skipped = SkipReason::TooLarge;
      report.skip_detail =
          "larger than maxFileSize (" + std::to_string(configured.max_file_size) + " bytes)";
      return;
    }
    const std::string_view text = buffer.text();
    if (pipeline::looks_binary(text)) {
      report.skipped = SkipReason::Binary;
      return;
    }
    // A copy of the configuration only when the command line amends it.
    std::optional<Config> copy;
    if (!o_.select.empty() || !o_.ignore.empty() || o_.fail_on) copy = amended(configured, o_);
    const Config& config = copy ? *copy : configured;
    report.fail_on = config.fail_on;
    check_text(report, text, config, false);
  }

  void check_text(FileReport& report, std::string_view text, const Config& config,
                  bool from_stdin) {
    const Language lang = language_for_path(report.path);
    const pipeline::FixMode mode = !o_.fix           ? pipeline::FixMode::None
                                   : o_.unsafe_fixes ? pipeline::FixMode::Unsafe
                                                     : pipeline::FixMode::Safe;
    pipeline::CheckedDocument doc = pipeline::check_document(text, lang, config, mode);
    report.notes = std::move(doc.notes);
    std::string_view current = text;
    if (doc.fixed) {
      if (o_.diff) {
        report.diff = unified_diff(report.path, text, *doc.fixed);
        report.fixes_applied = doc.fix.applied;
        current = *doc.fixed;
      } else if (from_stdin) {
        report.fixes_applied = doc.fix.applied;
        current = *doc.fixed;
      } else if (auto write_error = write_fixed(report.path, text, *doc.fixed)) {
        report.errors.push_back(*write_error);
        // Not written: what is reported is the file as it is.
        doc = pipeline::check_document(text, lang, config, pipeline::FixMode::None);
      } else {
        report.fixes_applied = doc.fix.applied;
        current = *doc.fixed;
      }
    }
    if (from_stdin && o_.fix && !o_.diff) std::fwrite(current.data(), 1, current.size(), stdout);
    std::vector<Diagnostic> diagnostics = std::move(doc.diagnostics);
    if (writer_) writer_->add(report.path, current, diagnostics);
    if (baseline_) report.baselined = baseline_->filter(report.path, current, diagnostics);
    report.total = diagnostics.size();
    if (o_.max_findings && diagnostics.size() > o_.max_findings) {
      report.more = diagnostics.size() - o_.max_findings;
      for (std::size_t i = o_.max_findings; i < diagnostics.size(); ++i)
        report.unlisted.emplace_back(diagnostics[i].rule, diagnostics[i].severity);
      diagnostics.resize(o_.max_findings);
    }
    report.diagnostics = resolve(current, std::move(diagnostics), reporter_.writes_edits());
    report.checked = true;
  }

  const Options& o_;
  Reporter& reporter_;
  Baseline* baseline_;
  BaselineWriter* writer_;
  pipeline::ConfigCache configs_;
  std::optional<std::set<std::string>> changed_;
  Summary summary_;
  // Under mutex_: walk_, the deques' sizes, base_, claimed_, frontier_ (the next report to
  // print), printing_, config_errors_. Files are numbered in report order; reports_ and done_
  // hold those from base_ (the first not printed) on.
  std::mutex mutex_;
  std::condition_variable work_, finished_;
  std::optional<pipeline::OrderedWalk> walk_;
  std::set<std::string> named_; // files named on the command line
  std::deque<FileReport> reports_;
  std::deque<char> done_;
  std::size_t base_ = 0, claimed_ = 0, frontier_ = 0;
  std::size_t queued() const { return base_ + reports_.size(); } // files given out so far
  static constexpr std::size_t kMaxQueued = 8192; // files given out and not yet printed
  bool printing_ = false;
  bool progress_shown_ = false; // by the thread that is printing
  std::vector<std::string> config_errors_;
  bool discovery_errors_ = false;
  std::atomic<bool> named_not_checked_{false};
};

} // namespace

int run_check_command(const Args& args) {
  const ParseResult parsed = parse_options(args);
  if (parsed.help) {
    std::fputs(check_help().c_str(), stdout);
    return 0;
  }
  if (parsed.error) {
    std::fprintf(stderr, "pctlint: %s\nRun 'pctlint --check --help' for the options.\n",
                 parsed.error->c_str());
    return 2;
  }
  Options o = parsed.options;
  install_fix_cleanup();
  std::FILE* out = stdout;
  if (o.output_file) {
    out = platform::open_stdio_file(*o.output_file, "wb");
    if (!out) {
      std::fprintf(stderr, "pctlint: %s: %s\n", o.output_file->c_str(), std::strerror(errno));
      return 2;
    }
  } else if (o.stdin_filename && o.fix && !o.diff) {
    out = stderr; // the fixed text goes to standard output
  }
  const bool color = o.color == Color::Always ||
                     (o.color == Color::Auto && !o.output_file &&
                      platform::terminal_shows_colour(out) && std::getenv("NO_COLOR") == nullptr);
  std::unique_ptr<Baseline> baseline;
  if (o.baseline) {
    std::string error;
    baseline = Baseline::load(*o.baseline, error);
    if (!baseline) {
      std::fprintf(stderr, "pctlint: %s\n", error.c_str());
      return 2;
    }
  }
  BaselineWriter writer;
  auto reporter = make_reporter(o, color, out);
  CheckRun run(o, *reporter, baseline.get(), o.write_baseline ? &writer : nullptr);
  int code = run.run();
  if (o.write_baseline) {
    if (auto error = writer.write(*o.write_baseline)) {
      std::fprintf(stderr, "pctlint: %s\n", error->c_str());
      code = 2;
    } else if (!o.quiet) {
      std::fprintf(stderr, "pctlint: wrote %zu finding%s to the baseline %s\n", writer.size(),
                   writer.size() == 1 ? "" : "s", o.write_baseline->c_str());
    }
  }
  // A report that could not be written whole is an error, not an empty file and exit 0.
  if (out != stdout && out != stderr) {
    const bool failed = std::fflush(out) != 0 || std::ferror(out);
    const int saved = errno;
    if (std::fclose(out) != 0 || failed) {
      std::fprintf(stderr, "pctlint: %s: cannot write the report: %s\n", o.output_file->c_str(),
                   std::strerror(failed ? saved : errno));
      code = 2;
    }
  }
  return code;
}

} // namespace pctlint
