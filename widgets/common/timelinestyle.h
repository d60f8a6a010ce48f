#pragma once
#include <common/themepalette.h>

namespace strata::widgets {

// The timeline's name for the shared palette object: its colours are ThemePalette's.
using TimelineStyle = ThemePalette;

} // namespace strata::widgets
