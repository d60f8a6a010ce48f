#pragma once
#include <QDialog>

namespace strata::app {

// Help ▸ Keyboard Shortcuts: the timeline keys (those Perfetto, chrome://tracing and Neuron
// profiler users already know) and the menu shortcuts.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* parent = nullptr);
};

} // namespace strata::app
