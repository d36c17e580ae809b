// Runs a program to completion with arguments and standard input, capturing stdout, stderr and
// the exit code. For end-to-end tests of the real `pctlint` binary.
#pragma once

#include <cerrno>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace pctlint::test {

// A process's memory from /proc/PID/status, in KB: "VmRSS" (now) or "VmHWM" (its peak); -1 when
// the process is gone.
inline long status_kb(pid_t pid, const std::string& field = "VmRSS") {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.starts_with(field + ":")) return std::stol(line.substr(field.size() + 1));
  return -1;
}

struct ProcessResult {
  int exit_code = -1; // -1 when killed by a signal
  std::string out;
  std::string err;
};

inline ProcessResult run_process(const std::vector<std::string>& argv,
                                 const std::string& input = {}, const std::string& cwd = {}) {
  int in[2], out[2], err[2];
  if (pipe(in) || pipe(out) || pipe(err)) throw std::runtime_error("pipe failed");
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]})
      close(fd);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
    std::vector<char*> args;
    for (const std::string& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  close(err[1]);
  fcntl(in[1], F_SETFL, O_NONBLOCK);
  ProcessResult result;
  std::size_t written = 0;
  bool in_open = true;
  if (input.empty()) {
    close(in[1]);
    in_open = false;
  }
  bool out_open = true, err_open = true;
  char buf[65536];
  while (out_open || err_open) {
    pollfd fds[3] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {in[1], POLLOUT, 0}};
    const int nfds = in_open ? 3 : 2;
    if (poll(fds, nfds, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    auto drain = [&](int fd, std::string& into, bool& open) {
      const ssize_t n = read(fd, buf, sizeof buf);
      if (n > 0)
        into.append(buf, static_cast<std::size_t>(n));
      else if (n == 0 || errno != EAGAIN)
        open = false;
    };
    if (out_open && (fds[0].revents & (POLLIN | POLLHUP))) drain(out[0], result.out, out_open);
    if (err_open && (fds[1].revents & (POLLIN | POLLHUP))) drain(err[0], result.err, err_open);
    if (in_open && (fds[2].revents & (POLLOUT | POLLERR))) {
      const ssize_t n = write(in[1], input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n < 0 && errno != EAGAIN) written = input.size();
      if (written == input.size()) {
        close(in[1]);
        in_open = false;
      }
    }
  }
  if (in_open) close(in[1]);
  close(out[0]);
  close(err[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// Runs the pctlint binary under test.
inline ProcessResult run_pctlint(const std::vector<std::string>& args,
                                 const std::string& input = {}, const std::string& cwd = {}) {
  std::vector<std::string> argv{PCTLINT_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_process(argv, input, cwd);
}

} // namespace pctlint::test
