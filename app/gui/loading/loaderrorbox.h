#pragma once
#include <QString>

class QWidget;

namespace strata::app {

// The message box of a failed load: the loader's reason ("<path>: reason (at byte N)"
// without the path), the path in a quieter colour, which profile stays open, and the whole
// error as details. Window-modal and deleted on close, so the event loop keeps running.
class LoadErrorBox {
public:
    // `stillOpen`: the name of the profile that stays open, if any.
    static void open(QWidget* parent, const QString& path, const QString& error, const QString& stillOpen);
    // "<path>: reason (at byte N)" → "reason (at byte N)".
    static QString reasonOf(const QString& path, const QString& error);
};

} // namespace strata::app
