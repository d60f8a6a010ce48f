#pragma once
#include <QColor>

namespace strata::widgets {

// The colours of the time breakdown, in one place for every view that draws it: the Time
// Breakdown dock's bars, the timeline's overlap lane and Operator Charts' split. Compute,
// communication and memory take ThemePalette's execution, communication and transfer hues;
// communication overlapped with compute lies between the first two. Fixed colours that read on light and dark bases.
struct BreakdownColors {
    static QColor compute();
    static QColor communication(); // communication, overlapped or not (the operator split)
    static QColor overlapped(); // communication while compute runs
    static QColor exposed(); // communication while no compute runs
    static QColor memory();
    static QColor other(); // sync and markers
    static QColor idle();
};

} // namespace strata::widgets
