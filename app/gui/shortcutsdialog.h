#pragma once
#include <QDialog>

namespace strata::app {

// Help ▸ Keyboard Shortcuts: the timeline keys of DESIGN.md §4 and the menu shortcuts.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* parent = nullptr);
};

} // namespace strata::app
