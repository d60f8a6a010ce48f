#pragma once
// The main window the layout fuzz target applies layouts to, and its seeds are captured
// from: a central widget and four docks named as the product's are. Needs a QApplication.
class QMainWindow;

namespace strata::fuzz {

class FuzzWindow {
public:
    static QMainWindow* instance(); // made on first use, never destroyed
};

} // namespace strata::fuzz
