#pragma once
#include <string>
#include <string_view>

namespace strata::analysis {

// The identity two profiles share for one operator: its name at a level with the parts that
// number instances removed, so the same operator matches across runs. Removed, repeatedly
// from the outside in: a trailing "#<digits>" (ProfilerStep#7), a trailing "_<digits>"
// (RBLN's instance suffix) and a leading "<digits>_" (RBLN's sequence prefix: 12_conv1_0 and
// 57_conv1_0 are both "conv1"). A name that would become empty is kept as written ("_3",
// "12"). Pure; safe on any thread.
class NameNormalizer {
public:
    static std::string normalize(std::string_view name);
};

} // namespace strata::analysis
