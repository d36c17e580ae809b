// Helpers shared by the Windows implementations (platform_windows.cpp, fix_writer_windows.cpp):
// UTF-8 <-> UTF-16, and error codes in the words POSIX systems use for the same failures, so that
// messages read alike on every platform.
#pragma once
#ifdef _WIN32

#include <string>
#include <string_view>
#include <windows.h>

namespace pctlint::platform::windows {

std::wstring widen(std::string_view utf8);
std::string narrow(std::wstring_view utf16);
// "No such file or directory", "Permission denied", … or the system's own text.
std::string error_text(DWORD code);

} // namespace pctlint::platform::windows

#endif
