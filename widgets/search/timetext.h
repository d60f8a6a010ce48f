#pragma once
#include <store/types.h>

#include <QString>

#include <optional>

namespace strata::widgets {

// Durations and times typed into the docks: "1500" (ns), "1500ns", "1.5us", "1.5 µs",
// "2ms", "0.25s". Exact decimal (no float rounding); the digits past the nanosecond round.
class TimeText {
public:
    static std::optional<store::TimeNs> parse(const QString& text, QString* error = nullptr);
};

} // namespace strata::widgets
