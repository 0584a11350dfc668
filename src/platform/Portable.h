// What differs between operating systems, in one place.
//
// Paths: the engine passes paths as UTF-8 std::strings (SDL takes UTF-8 on
// every platform). Converting to std::filesystem goes through these helpers,
// because on Windows a path's native form is UTF-16 and a plain
// std::string constructor would read the bytes in the ANSI code page.
//
// Numbers: read in the classic "C" locale, never the user's (a decimal comma
// would turn 1.5 into 1).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace stagehand {

std::filesystem::path pathFromUtf8(std::string_view utf8);
// With '/' separators on every platform (Windows accepts them), so messages
// and transcripts read the same everywhere.
std::string utf8Path(const std::filesystem::path& path);
// `base` joined with a relative path written with '/' ("assets/images").
std::string joinPath(std::string_view base, std::string_view relative);

// The whole of `text` as a finite decimal number; false for "", "nan",
// "inf", trailing text or a value out of double's range.
bool parseFiniteNumber(std::string_view text, double& value);
// The whole of `text` as a whole number in [low, high].
bool parseWholeNumber(std::string_view text, long long low, long long high, long long& value);

// Standard output and error write "\n" as it is on every platform (Windows
// would otherwise write "\r\n", and transcripts must match byte for byte).
void useBinaryStandardStreams();

// The process's memory in RAM now and at its peak, in megabytes (-1 where
// the system does not say): the soak and the slow-driver test watch them.
double residentMegabytes();
double peakResidentMegabytes();

// A problem as standard error tells it: as it is when it starts with the file
// it is about (`file:line: message`, what compilers write, so an editor's
// quickfix opens the file at the line), else after the program's name
// ("stagehand: message"), as command-line tools say what is about no file.
std::string problemLine(const std::string& message);
bool startsWithFile(std::string_view message);
// A warning: `file:line: warning: message` (else "stagehand: warning: message").
std::string warningLine(const std::string& message);

// Text for HTML, as element content or a quoted attribute: & < > " ' escaped.
std::string htmlEscaped(std::string_view text);

}  // namespace stagehand
