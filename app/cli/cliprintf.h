#pragma once
#include <string>

namespace strata::app {

// printf formatting into a string, so that a command's text goes to whichever stream it is
// given: std::cout for one profile, a rank's buffer in a job (CliRankOutput).
class CliPrintf {
public:
    static std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
};

} // namespace strata::app
