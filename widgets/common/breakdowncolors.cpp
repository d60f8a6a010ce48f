#include "breakdowncolors.h"

#include "themepalette.h"

namespace strata::widgets {

QColor BreakdownColors::compute()
{
    return ThemePalette::execution();
}

QColor BreakdownColors::communication()
{
    return ThemePalette::communication();
}

QColor BreakdownColors::overlapped()
{
    return ThemePalette::mix(ThemePalette::communication(), ThemePalette::execution(), 0.45);
}

QColor BreakdownColors::exposed()
{
    return communication();
}

QColor BreakdownColors::memory()
{
    return ThemePalette::transfer();
}

QColor BreakdownColors::other()
{
    return QColor(0x5f, 0xa8, 0x8e);
}

QColor BreakdownColors::idle()
{
    return QColor(0x9e, 0x9e, 0x9e);
}

} // namespace strata::widgets
