// The URL Standard's basic URL parser, state by state as the standard writes it (section 4.4), over
// UTF-8 bytes: a non-ASCII code point is never a delimiter, so its bytes go through the states
// as "any other code point" and are percent-encoded as UTF-8, as the standard encodes them.
#include "core/codec/whatwg_url.h"

#include "core/ascii.h"
#include "core/codec/charset.h"
#include "core/codec/percent.h"
#include "core/codec/utf8.h"

#include <algorithm>
#include <array>
#include <cstring>

#if PCTLINT_IDN2
#include <idn2.h>
#endif

namespace pctlint::whatwg {

namespace {

// --- code point classes and percent-encode sets (section 1.3) ---

bool is_c0_control(unsigned char c) {
  return c <= 0x1F;
}
bool is_alpha(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(unsigned char c) {
  return pctlint::hex_value(static_cast<char>(c)) >= 0;
}
int hex_value(unsigned char c) {
  return pctlint::hex_value(static_cast<char>(c));
}
using ascii::lower;

// A byte as the URL Standard's percent-encode sets have it (section 1.3); `left_literal` is a
// set's complement, from charsets::whatwg.
void append_encoded(std::string& out, unsigned char c, const CharSet& left_literal) {
  if (left_literal.contains(c))
    out += static_cast<char>(c);
  else
    append_escape(out, c);
}

std::string percent_decode(std::string_view s) {
  return decode_lenient(s, {.require_utf8 = false});
}

// UTF-8 with every ill-formed sequence replaced by U+FFFD (one per maximal subpart), as "UTF-8
// decode without BOM" does; the URL parser's input is a string of scalar values.
std::string well_formed_utf8(std::string_view s) {
  return is_valid_utf8(s) ? std::string(s) : replace_invalid_utf8(s);
}

// --- schemes (section 4.2) ---

std::optional<std::uint16_t> default_port(std::string_view scheme) {
  if (scheme == "http" || scheme == "ws") return 80;
  if (scheme == "https" || scheme == "wss") return 443;
  if (scheme == "ftp") return 21;
  return std::nullopt;
}

bool is_special_scheme(std::string_view s) {
  return s == "http" || s == "https" || s == "ws" || s == "wss" || s == "ftp" || s == "file";
}

// --- hosts (section 3) ---

bool forbidden_host(unsigned char c) {
  switch (c) {
  case 0x00:
  case '\t':
  case '\n':
  case '\r':
  case ' ':
  case '#':
  case '/':
  case ':':
  case '<':
  case '>':
  case '?':
  case '@':
  case '[':
  case '\\':
  case ']':
  case '^':
  case '|':
    return true;
  }
  return false;
}
bool forbidden_domain(unsigned char c) {
  return forbidden_host(c) || is_c0_control(c) || c == '%' || c == 0x7F;
}

// An IPv4 number (section 3.5): the value, and whether it was written in a non-decimal form.
std::optional<std::uint64_t> ipv4_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int radix = 10;
  if (s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    radix = 16;
    s.remove_prefix(2);
  } else if (s.size() >= 2 && s[0] == '0') {
    radix = 8;
    s.remove_prefix(1);
  }
  if (s.empty()) return 0;
  std::uint64_t value = 0;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    int digit;
    if (radix == 16 && is_hex(c))
      digit = hex_value(c);
    else if (is_digit(c) && c - '0' < radix)
      digit = c - '0';
    else
      return std::nullopt;
    value = value * static_cast<std::uint64_t>(radix) + static_cast<std::uint64_t>(digit);
    if (value > 0xFFFFFFFFFFull) value = 0xFFFFFFFFFFull; // saturates: far above any valid part
  }
  return value;
}

// The label separators UTS #46 maps to '.': U+002E, U+3002, U+FF0E, U+FF61.
std::vector<std::string_view> split_labels(std::string_view domain) {
  std::vector<std::string_view> labels;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= domain.size();) {
    std::size_t width = 0;
    if (i == domain.size() || domain[i] == '.')
      width = 1;
    else if (domain.substr(i, 3) == "\xE3\x80\x82" || domain.substr(i, 3) == "\xEF\xBC\x8E" ||
             domain.substr(i, 3) == "\xEF\xBD\xA1")
      width = 3;
    if (!width) {
      ++i;
      continue;
    }
    labels.push_back(domain.substr(start, i - start));
    i += width;
    start = i;
  }
  return labels;
}

bool ends_in_a_number(std::string_view host) {
  std::vector<std::string_view> parts = split_labels(host);
  if (parts.back().empty()) {
    if (parts.size() == 1) return false;
    parts.pop_back();
  }
  const std::string_view last = parts.back();
  if (!last.empty() && std::all_of(last.begin(), last.end(),
                                   [](char c) { return is_digit(static_cast<unsigned char>(c)); }))
    return true;
  return ipv4_number(last).has_value();
}

std::string serialize_ipv4(std::uint32_t a) {
  return std::to_string(a >> 24) + '.' + std::to_string((a >> 16) & 255) + '.' +
         std::to_string((a >> 8) & 255) + '.' + std::to_string(a & 255);
}

std::optional<std::array<std::uint16_t, 8>> parse_ipv6(std::string_view in, std::string& why) {
  std::array<std::uint16_t, 8> address{};
  int piece = 0;
  int compress = -1;
  std::size_t p = 0;
  const auto at = [&](std::size_t i) -> int {
    return i < in.size() ? static_cast<unsigned char>(in[i]) : -1;
  };
  if (at(p) == ':') {
    if (at(p + 1) != ':') return why = "IPv6 address starts with a single ':'", std::nullopt;
    p += 2;
    compress = ++piece;
  }
  while (at(p) != -1) {
    if (piece == 8) return why = "IPv6 address has too many pieces", std::nullopt;
    if (at(p) == ':') {
      if (compress != -1) return why = "IPv6 address has two '::'", std::nullopt;
      ++p;
      compress = ++piece;
      continue;
    }
    int value = 0, length = 0;
    while (length < 4 && at(p) != -1 && is_hex(static_cast<unsigned char>(at(p)))) {
      value = value * 16 + hex_value(static_cast<unsigned char>(at(p)));
      ++p;
      ++length;
    }
    if (at(p) == '.') {
      if (length == 0) return why = "IPv4 part of an IPv6 address is empty", std::nullopt;
      p -= static_cast<std::size_t>(length);
      if (piece > 6) return why = "IPv6 address has too many pieces", std::nullopt;
      int numbers_seen = 0;
      while (at(p) != -1) {
        int ipv4_piece = -1;
        if (numbers_seen > 0) {
          if (at(p) == '.' && numbers_seen < 4)
            ++p;
          else
            return why = "invalid IPv4 part of an IPv6 address", std::nullopt;
        }
        if (at(p) == -1 || !is_digit(static_cast<unsigned char>(at(p))))
          return why = "invalid IPv4 part of an IPv6 address", std::nullopt;
        while (at(p) != -1 && is_digit(static_cast<unsigned char>(at(p)))) {
          const int number = at(p) - '0';
          if (ipv4_piece == -1)
            ipv4_piece = number;
          else if (ipv4_piece == 0)
            return why = "leading zero in the IPv4 part of an IPv6 address", std::nullopt;
          else
            ipv4_piece = ipv4_piece * 10 + number;
          if (ipv4_piece > 255)
            return why = "IPv4 part of an IPv6 address out of range", std::nullopt;
          ++p;
        }
        address[static_cast<std::size_t>(piece)] = static_cast<std::uint16_t>(
            address[static_cast<std::size_t>(piece)] * 0x100 + ipv4_piece);
        ++numbers_seen;
        if (numbers_seen == 2 || numbers_seen == 4) ++piece;
      }
      if (numbers_seen != 4) return why = "IPv4 part of an IPv6 address too short", std::nullopt;
      break;
    }
    if (at(p) == ':') {
      ++p;
      if (at(p) == -1) return why = "IPv6 address ends with ':'", std::nullopt;
    } else if (at(p) != -1) {
      return why = "invalid code point in an IPv6 address", std::nullopt;
    }
    address[static_cast<std::size_t>(piece)] = static_cast<std::uint16_t>(value);
    ++piece;
  }
  if (compress != -1) {
    int swaps = piece - compress;
    piece = 7;
    while (piece != 0 && swaps > 0) {
      std::swap(address[static_cast<std::size_t>(piece)],
                address[static_cast<std::size_t>(compress + swaps - 1)]);
      --piece;
      --swaps;
    }
  } else if (piece != 8) {
    return why = "IPv6 address too short", std::nullopt;
  }
  return address;
}

std::string serialize_ipv6(const std::array<std::uint16_t, 8>& a) {
  // The first longest run of two or more zero pieces is compressed.
  int best = -1, best_len = 1;
  for (int i = 0; i < 8;) {
    int j = i;
    while (j < 8 && a[static_cast<std::size_t>(j)] == 0)
      ++j;
    if (j - i > best_len) {
      best = i;
      best_len = j - i;
    }
    i = j == i ? i + 1 : j;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "[";
  bool ignore0 = false;
  for (int i = 0; i < 8; ++i) {
    if (ignore0 && a[static_cast<std::size_t>(i)] == 0) continue;
    ignore0 = false;
    if (i == best) {
      out += i == 0 ? "::" : ":";
      ignore0 = true;
      continue;
    }
    const unsigned v = a[static_cast<std::size_t>(i)];
    bool started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      const unsigned d = (v >> shift) & 15;
      if (d || started || shift == 0) {
        out += kHex[d];
        started = true;
      }
    }
    if (i != 7) out += ':';
  }
  return out + "]";
}

struct Host {
  HostKind kind;
  std::string text;
};

std::optional<Host> parse_host(std::string_view input, bool not_special, std::string& why) {
  if (!input.empty() && input[0] == '[') {
    if (input.back() != ']') return why = "IPv6 address without its closing ']'", std::nullopt;
    const auto a = parse_ipv6(input.substr(1, input.size() - 2), why);
    if (!a) return std::nullopt;
    return Host{HostKind::Ipv6, serialize_ipv6(*a)};
  }
  if (not_special) { // an opaque host
    for (const char c : input)
      if (c != '%' && forbidden_host(static_cast<unsigned char>(c)))
        return why = std::string("forbidden host code point '") + c + "'", std::nullopt;
    std::string out;
    for (const char c : input)
      append_encoded(out, static_cast<unsigned char>(c), charsets::whatwg::c0_control);
    return Host{out.empty() ? HostKind::Empty : HostKind::Opaque, out};
  }
  const std::string domain = well_formed_utf8(percent_decode(input));
  const auto ascii = domain_to_ascii(domain, why);
  if (!ascii) return std::nullopt;
  for (const char c : *ascii)
    if (forbidden_domain(static_cast<unsigned char>(c)))
      return why = "forbidden code point in the domain", std::nullopt;
  if (ends_in_a_number(*ascii)) {
    const auto v4 = parse_ipv4(*ascii, why);
    if (!v4) return std::nullopt;
    return Host{HostKind::Ipv4, serialize_ipv4(*v4)};
  }
  return Host{HostKind::Domain, *ascii};
}

// --- paths (section 4.1) ---

bool is_windows_drive_letter(std::string_view s, bool normalized) {
  return s.size() == 2 && is_alpha(static_cast<unsigned char>(s[0])) &&
         (s[1] == ':' || (!normalized && s[1] == '|'));
}

bool starts_with_windows_drive_letter(std::string_view s) {
  return s.size() >= 2 && is_windows_drive_letter(s.substr(0, 2), false) &&
         (s.size() == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#');
}

bool is_single_dot(std::string_view s) {
  return s == "." || (s.size() == 3 && s[0] == '%' && s[1] == '2' && lower(s[2]) == 'e');
}

bool is_double_dot(std::string_view s) {
  std::string l(s);
  std::transform(l.begin(), l.end(), l.begin(), lower);
  return l == ".." || l == ".%2e" || l == "%2e." || l == "%2e%2e";
}

void shorten_path(Url& url) {
  if (url.scheme == "file" && url.path.size() == 1 && is_windows_drive_letter(url.path[0], true))
    return;
  if (!url.path.empty()) url.path.pop_back();
}

enum class State {
  SchemeStart,
  Scheme,
  NoScheme,
  SpecialRelativeOrAuthority,
  PathOrAuthority,
  Relative,
  RelativeSlash,
  SpecialAuthoritySlashes,
  SpecialAuthorityIgnoreSlashes,
  Authority,
  Host,
  Port,
  File,
  FileSlash,
  FileHost,
  PathStart,
  Path,
  OpaquePath,
  Query,
  Fragment
};

class Parser {
public:
  Parser(std::string input, const Url* base) : in_(std::move(input)), base_(base) {}

  // The standard's loop: run the state for the code point at the pointer (the EOF code point
  // past the end); stop once a run leaves the pointer at EOF, else advance. A state that goes
  // back one before the start leaves the pointer at npos, which the advance wraps to 0.
  ParseResult run() {
    for (;; ++p_) {
      if (!step()) return {std::nullopt, why_};
      if (p_ != std::string::npos && p_ >= in_.size()) break;
    }
    return {std::move(url_), {}};
  }

private:
  int c() const { return p_ < in_.size() ? static_cast<unsigned char>(in_[p_]) : -1; }
  int at(std::size_t i) const { return i < in_.size() ? static_cast<unsigned char>(in_[i]) : -1; }
  std::string_view remaining() const {
    return p_ + 1 <= in_.size() ? std::string_view(in_).substr(p_ + 1) : std::string_view();
  }
  bool eof() const { return p_ >= in_.size(); }
  bool fail(std::string why) {
    why_ = std::move(why);
    return false;
  }

  // The standard's "set state to S and decrease pointer by 1": S reads this code point again.
  void reconsume(State s) {
    state_ = s;
    --p_;
  }

  // One code point (here: one byte) in the current state; false on failure.
  bool step() {
    const int ch = c();
    switch (state_) {
    case State::SchemeStart:
      if (ch != -1 && is_alpha(static_cast<unsigned char>(ch))) {
        buffer_ += lower(static_cast<char>(ch));
        state_ = State::Scheme;
      } else {
        reconsume(State::NoScheme);
      }
      return true;
    case State::Scheme:
      if (ch != -1 &&
          (is_alpha(static_cast<unsigned char>(ch)) || is_digit(static_cast<unsigned char>(ch)) ||
           ch == '+' || ch == '-' || ch == '.')) {
        buffer_ += lower(static_cast<char>(ch));
      } else if (ch == ':') {
        url_.scheme = buffer_;
        buffer_.clear();
        if (url_.scheme == "file") {
          state_ = State::File;
        } else if (url_.special() && base_ && base_->scheme == url_.scheme) {
          state_ = State::SpecialRelativeOrAuthority;
        } else if (url_.special()) {
          state_ = State::SpecialAuthoritySlashes;
        } else if (at(p_ + 1) == '/') {
          state_ = State::PathOrAuthority;
          ++p_;
        } else {
          url_.opaque_path = true;
          url_.path.assign(1, std::string());
          state_ = State::OpaquePath;
        }
      } else {
        buffer_.clear();
        state_ = State::NoScheme;
        p_ = static_cast<std::size_t>(-1); // start over from the first code point
      }
      return true;
    case State::NoScheme:
      if (!base_ || (base_->opaque_path && ch != '#'))
        return fail("relative URL without a base URL to resolve it against");
      if (base_->opaque_path && ch == '#') {
        url_.scheme = base_->scheme;
        url_.path = base_->path;
        url_.opaque_path = true;
        url_.query = base_->query;
        url_.fragment = std::string();
        state_ = State::Fragment;
      } else if (base_->scheme != "file") {
        reconsume(State::Relative);
      } else {
        reconsume(State::File);
      }
      return true;
    case State::SpecialRelativeOrAuthority:
      if (ch == '/' && at(p_ + 1) == '/') {
        state_ = State::SpecialAuthorityIgnoreSlashes;
        ++p_;
      } else {
        reconsume(State::Relative);
      }
      return true;
    case State::PathOrAuthority:
      if (ch == '/') {
        state_ = State::Authority;
      } else {
        reconsume(State::Path);
      }
      return true;
    case State::Relative:
      url_.scheme = base_->scheme;
      if (ch == '/') {
        state_ = State::RelativeSlash;
      } else if (url_.special() && ch == '\\') {
        state_ = State::RelativeSlash;
      } else {
        copy_authority_from_base();
        url_.path = base_->path;
        url_.query = base_->query;
        if (ch == '?') {
          url_.query = std::string();
          state_ = State::Query;
        } else if (ch == '#') {
          url_.fragment = std::string();
          state_ = State::Fragment;
        } else if (ch != -1) {
          url_.query.reset();
          shorten_path(url_);
          reconsume(State::Path);
        }
      }
      return true;
    case State::RelativeSlash:
      if (url_.special() && (ch == '/' || ch == '\\')) {
        state_ = State::SpecialAuthorityIgnoreSlashes;
      } else if (ch == '/') {
        state_ = State::Authority;
      } else {
        copy_authority_from_base();
        reconsume(State::Path);
      }
      return true;
    case State::SpecialAuthoritySlashes:
      if (ch == '/' && at(p_ + 1) == '/') {
        state_ = State::SpecialAuthorityIgnoreSlashes;
        ++p_;
      } else {
        reconsume(State::SpecialAuthorityIgnoreSlashes);
      }
      return true;
    case State::SpecialAuthorityIgnoreSlashes:
      if (ch != '/' && ch != '\\') {
        reconsume(State::Authority);
      }
      return true;
    case State::Authority:
      return authority(ch);
    case State::Host:
      return host(ch);
    case State::Port:
      return port(ch);
    case State::File:
      return file(ch);
    case State::FileSlash:
      if (ch == '/' || ch == '\\') {
        state_ = State::FileHost;
      } else {
        if (base_ && base_->scheme == "file") {
          url_.host_kind = base_->host_kind;
          url_.host = base_->host;
          if (!starts_with_windows_drive_letter(std::string_view(in_).substr(p_)) &&
              !base_->path.empty() && is_windows_drive_letter(base_->path[0], true))
            url_.path.push_back(base_->path[0]);
        }
        reconsume(State::Path);
      }
      return true;
    case State::FileHost:
      return file_host(ch);
    case State::PathStart:
      if (url_.special()) {
        state_ = State::Path;
        if (ch != '/' && ch != '\\') --p_;
      } else if (ch == '?') {
        url_.query = std::string();
        state_ = State::Query;
      } else if (ch == '#') {
        url_.fragment = std::string();
        state_ = State::Fragment;
      } else if (ch != -1) {
        state_ = State::Path;
        if (ch != '/') --p_;
      }
      return true;
    case State::Path:
      return path(ch);
    case State::OpaquePath:
      if (ch == '?') {
        url_.query = std::string();
        state_ = State::Query;
      } else if (ch == '#') {
        url_.fragment = std::string();
        state_ = State::Fragment;
      } else if (ch == ' ') {
        // A space before '?' or '#' (or the end) is encoded, so that it is not lost as trailing.
        const int next = at(p_ + 1);
        url_.path[0] += (next == '?' || next == '#') ? "%20" : " ";
      } else if (ch != -1) {
        append_encoded(url_.path[0], static_cast<unsigned char>(ch), charsets::whatwg::c0_control);
      }
      return true;
    case State::Query:
      if (ch == '#' || ch == -1) {
        if (ch == '#') {
          url_.fragment = std::string();
          state_ = State::Fragment;
        }
      } else {
        append_encoded(*url_.query, static_cast<unsigned char>(ch),
                       url_.special() ? charsets::whatwg::special_query : charsets::whatwg::query);
      }
      return true;
    case State::Fragment:
      if (ch != -1)
        append_encoded(*url_.fragment, static_cast<unsigned char>(ch), charsets::whatwg::fragment);
      return true;
    }
    return true;
  }

  void copy_authority_from_base() {
    url_.username = base_->username;
    url_.password = base_->password;
    url_.host_kind = base_->host_kind;
    url_.host = base_->host;
    url_.port = base_->port;
  }

  bool authority(int ch) {
    if (ch == '@') {
      if (at_sign_seen_) buffer_.insert(0, "%40");
      at_sign_seen_ = true;
      for (const char b : buffer_) {
        if (b == ':' && !password_token_seen_) {
          password_token_seen_ = true;
          continue;
        }
        std::string& to = password_token_seen_ ? url_.password : url_.username;
        append_encoded(to, static_cast<unsigned char>(b), charsets::whatwg::userinfo);
      }
      buffer_.clear();
    } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (url_.special() && ch == '\\')) {
      if (at_sign_seen_ && buffer_.empty()) return fail("credentials without a host");
      p_ -= buffer_.size() + 1;
      buffer_.clear();
      state_ = State::Host;
    } else {
      buffer_ += static_cast<char>(ch);
    }
    return true;
  }

  bool host(int ch) {
    if (ch == ':' && !inside_brackets_) {
      if (buffer_.empty()) return fail("a port without a host");
      if (!set_host()) return false;
      state_ = State::Port;
    } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (url_.special() && ch == '\\')) {
      --p_;
      if (url_.special() && buffer_.empty()) return fail("a special URL without a host");
      if (!set_host()) return false;
      state_ = State::PathStart;
    } else {
      if (ch == '[') inside_brackets_ = true;
      if (ch == ']') inside_brackets_ = false;
      buffer_ += static_cast<char>(ch);
    }
    return true;
  }

  bool set_host() {
    auto h = parse_host(buffer_, !url_.special(), why_);
    if (!h) return false;
    url_.host_kind = h->kind;
    url_.host = std::move(h->text);
    buffer_.clear();
    return true;
  }

  bool port(int ch) {
    if (ch != -1 && is_digit(static_cast<unsigned char>(ch))) {
      buffer_ += static_cast<char>(ch);
    } else if (ch == -1 || ch == '/' || ch == '?' || ch == '#' || (url_.special() && ch == '\\')) {
      if (!buffer_.empty()) {
        unsigned long value = 0;
        for (const char d : buffer_) {
          value = value * 10 + static_cast<unsigned long>(d - '0');
          if (value > 65535) return fail("port out of range (above 65535)");
        }
        if (default_port(url_.scheme) == value)
          url_.port.reset();
        else
          url_.port = static_cast<std::uint16_t>(value);
        buffer_.clear();
      }
      reconsume(State::PathStart);
    } else {
      return fail(std::string("invalid port: '") + static_cast<char>(ch) + "' is not a digit");
    }
    return true;
  }

  bool file(int ch) {
    url_.scheme = "file";
    url_.host_kind = HostKind::Empty;
    url_.host.clear();
    if (ch == '/' || ch == '\\') {
      state_ = State::FileSlash;
    } else if (base_ && base_->scheme == "file") {
      url_.host_kind = base_->host_kind;
      url_.host = base_->host;
      url_.path = base_->path;
      url_.query = base_->query;
      if (ch == '?') {
        url_.query = std::string();
        state_ = State::Query;
      } else if (ch == '#') {
        url_.fragment = std::string();
        state_ = State::Fragment;
      } else if (ch != -1) {
        url_.query.reset();
        if (!starts_with_windows_drive_letter(std::string_view(in_).substr(p_)))
          shorten_path(url_);
        else
          url_.path.clear();
        reconsume(State::Path);
      }
    } else {
      reconsume(State::Path);
    }
    return true;
  }

  bool file_host(int ch) {
    if (ch == -1 || ch == '/' || ch == '\\' || ch == '?' || ch == '#') {
      --p_;
      if (is_windows_drive_letter(buffer_, false)) {
        state_ = State::Path; // the buffer, kept, becomes the path's first segment there
      } else if (buffer_.empty()) {
        url_.host_kind = HostKind::Empty;
        url_.host.clear();
        state_ = State::PathStart;
      } else {
        auto h = parse_host(buffer_, false, why_);
        if (!h) return false;
        if (h->text == "localhost") h->text.clear(), h->kind = HostKind::Empty;
        url_.host_kind = h->kind;
        url_.host = std::move(h->text);
        buffer_.clear();
        state_ = State::PathStart;
      }
    } else {
      buffer_ += static_cast<char>(ch);
    }
    return true;
  }

  bool path(int ch) {
    const bool special = url_.special();
    if (ch == -1 || ch == '/' || (special && ch == '\\') || ch == '?' || ch == '#') {
      if (is_double_dot(buffer_)) {
        shorten_path(url_);
        if (ch != '/' && !(special && ch == '\\')) url_.path.emplace_back();
      } else if (is_single_dot(buffer_) && ch != '/' && !(special && ch == '\\')) {
        url_.path.emplace_back();
      } else if (!is_single_dot(buffer_)) {
        if (url_.scheme == "file" && url_.path.empty() && is_windows_drive_letter(buffer_, false))
          buffer_[1] = ':';
        url_.path.push_back(buffer_);
      }
      buffer_.clear();
      if (ch == '?') {
        url_.query = std::string();
        state_ = State::Query;
      } else if (ch == '#') {
        url_.fragment = std::string();
        state_ = State::Fragment;
      }
    } else {
      append_encoded(buffer_, static_cast<unsigned char>(ch), charsets::whatwg::path);
    }
    return true;
  }

  std::string in_;
  const Url* base_;
  Url url_;
  State state_ = State::SchemeStart;
  std::size_t p_ = 0;
  std::string buffer_;
  bool at_sign_seen_ = false, inside_brackets_ = false, password_token_seen_ = false;
  std::string why_;
};

// Leading and trailing C0 controls and spaces go, and every tab and newline.
std::string preprocess(std::string_view input) {
  std::size_t b = 0, e = input.size();
  while (b < e && static_cast<unsigned char>(input[b]) <= 0x20)
    ++b;
  while (e > b && static_cast<unsigned char>(input[e - 1]) <= 0x20)
    --e;
  std::string out;
  out.reserve(e - b);
  for (std::size_t i = b; i < e; ++i)
    if (input[i] != '\t' && input[i] != '\n' && input[i] != '\r') out += input[i];
  return well_formed_utf8(out);
}

} // namespace

const char* const kIdnaFailure = "domain to ASCII failed (libidn2, IDNA2008): ";

bool Url::special() const {
  return is_special_scheme(scheme);
}

std::string Url::pathname() const {
  if (opaque_path) return path.empty() ? std::string() : path[0];
  std::string out;
  for (const std::string& s : path)
    out += '/' + s;
  return out;
}

std::string Url::search() const {
  return query && !query->empty() ? "?" + *query : std::string();
}

std::string Url::hash() const {
  return fragment && !fragment->empty() ? "#" + *fragment : std::string();
}

std::string Url::host_and_port() const {
  if (host_kind == HostKind::None) return {};
  return port ? host + ':' + std::to_string(*port) : host;
}

std::string Url::href() const {
  std::string out = scheme + ':';
  if (host_kind != HostKind::None) {
    out += "//";
    if (!username.empty() || !password.empty()) {
      out += username;
      if (!password.empty()) out += ':' + password;
      out += '@';
    }
    out += host_and_port();
  } else if (!opaque_path && path.size() > 1 && path[0].empty()) {
    out += "/.";
  }
  out += pathname();
  if (query) out += '?' + *query;
  if (fragment) out += '#' + *fragment;
  return out;
}

ParseResult parse(std::string_view input, const Url* base) {
  ParseResult r = Parser(preprocess(input), base).run();
  r.idna_failure = !r.url && r.failure.starts_with(kIdnaFailure);
  return r;
}

bool idna_available() {
  return PCTLINT_IDN2 != 0;
}

namespace {

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool is_a_label(std::string_view label) {
  return label.size() >= 4 && lower(label[0]) == 'x' && lower(label[1]) == 'n' && label[2] == '-' &&
         label[3] == '-';
}

} // namespace

std::optional<std::string> domain_to_ascii(std::string_view domain, std::string& why) {
  // An ASCII domain is lower-cased: the standard's fast path, and what UTS #46 with CheckHyphens
  // and VerifyDnsLength off makes of one (its A-labels are not refused: "xn--a", "xn--0.com" are
  // hosts to a browser, as the URL Standard's tests say). Otherwise an ASCII label that is not an
  // A-label is left as it is but for case ("-x", "ab--c", a 64-byte label), and the other labels
  // go through IDNA one by one (libidn2 would apply IDNA2008's hyphen and length rules to them).
  const std::vector<std::string_view> labels = split_labels(domain);
  const bool fast = is_ascii(domain);
  std::string out;
  bool first = true;
  for (const std::string_view label : labels) {
    if (!first) out += '.';
    first = false;
    if (is_ascii(label) && (fast || !is_a_label(label))) {
      for (const char c : label)
        out += lower(c);
      continue;
    }
#if PCTLINT_IDN2
    char* ascii = nullptr;
    const std::string z(label);
    const int rc = idn2_to_ascii_8z(z.c_str(), &ascii, IDN2_NONTRANSITIONAL);
    if (rc != IDN2_OK) {
      why = std::string(kIdnaFailure) + idn2_strerror(rc);
      return std::nullopt;
    }
    out += ascii;
    idn2_free(ascii);
#else
    why = std::string(kIdnaFailure) + "this build has no libidn2";
    return std::nullopt;
#endif
  }
  if (out.empty()) return why = "empty host", std::nullopt;
  return out;
}

std::optional<std::uint32_t> parse_ipv4(std::string_view host, std::string& why) {
  std::vector<std::string_view> parts = split_labels(host);
  if (parts.back().empty() && parts.size() > 1) parts.pop_back();
  if (parts.size() > 4) return why = "IPv4 address with more than four parts", std::nullopt;
  std::vector<std::uint64_t> numbers;
  for (const std::string_view part : parts) {
    const auto n = ipv4_number(part);
    if (!n) return why = "invalid IPv4 number '" + std::string(part) + "'", std::nullopt;
    numbers.push_back(*n);
  }
  for (std::size_t i = 0; i + 1 < numbers.size(); ++i)
    if (numbers[i] > 255) return why = "IPv4 part above 255", std::nullopt;
  if (numbers.back() >= (std::uint64_t{1} << (8 * (5 - numbers.size()))))
    return why = "IPv4 address out of range", std::nullopt;
  std::uint64_t ipv4 = numbers.back();
  for (std::size_t i = 0; i + 1 < numbers.size(); ++i)
    ipv4 += numbers[i] << (8 * (3 - i));
  return static_cast<std::uint32_t>(ipv4);
}

} // namespace pctlint::whatwg
