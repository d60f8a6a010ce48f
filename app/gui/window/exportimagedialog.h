#pragma once
#include <QDialog>

class QButtonGroup;
class QComboBox;

namespace strata::app {

class MainWindow;

// File > Export Image…: the timeline's visible area or the whole window, at the on-screen
// size or twice it (for slides), as PNG or SVG (by the file's suffix). Then the save
// dialog, starting in the open profile's folder (else the one last used for images), and the
// status bar names the file written.
class ExportImageDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportImageDialog(MainWindow* window);

    bool wholeWindow() const;
    double scale() const;
    // Runs the dialog and the save dialog and writes the file; false when cancelled or failed.
    static bool run(MainWindow* window);

private:
    QButtonGroup* m_what;
    QComboBox* m_size;
};

} // namespace strata::app
