#pragma once
#include <nlohmann/json.hpp>

namespace strata::report {

// Every report's JSON: keys in the order they are written, so the files read the same from
// one release to the next.
using Json = nlohmann::ordered_json;

// How the reports write their numbers, in one place so the CLI, the docks' exports and the
// compare report agree: nanosecond figures that are averages keep 3 decimals (a fraction of
// a nanosecond past 1e-3 carries nothing), shares 6, and sums that are whole numbers are
// written as integers. Rounding also drops binary noise such as 97829.25000000001.
class JsonNumber {
public:
    static double round3(double v);
    static double round6(double v);
    // A sum of bytes, FLOPs or counts: an integer when it is a whole number (below 9e15,
    // where a double still holds every integer), else the value as it is.
    static Json count(double v);
    // A sum of nanoseconds that may have been divided per step: an integer when whole,
    // else rounded to 3 decimals.
    static Json nanoseconds(double v);
};

} // namespace strata::report
