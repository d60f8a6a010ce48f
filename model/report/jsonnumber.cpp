#include "jsonnumber.h"

#include <cmath>
#include <cstdint>

namespace strata::report {

namespace {
bool whole(double v)
{
    return std::floor(v) == v && std::fabs(v) < 9.0e15;
}
} // namespace

double JsonNumber::round3(double v)
{
    return std::round(v * 1e3) / 1e3;
}

double JsonNumber::round6(double v)
{
    return std::round(v * 1e6) / 1e6;
}

Json JsonNumber::count(double v)
{
    return whole(v) ? Json(static_cast<int64_t>(v)) : Json(v);
}

Json JsonNumber::nanoseconds(double v)
{
    return whole(v) ? Json(static_cast<int64_t>(v)) : Json(round3(v));
}

} // namespace strata::report
