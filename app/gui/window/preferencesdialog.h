#pragma once
#include "preferences.h"

#include <QDialog>

class QButtonGroup;
class QLabel;

namespace strata::app {

// Edit ▸ Preferences…: the user's lasting choices (Preferences), shown as they are saved.
// OK saves them (atomically, through QSettings) and closes; when they cannot be saved the
// dialog stays open and says why, so a choice is never thought kept when it was not.
// Today one choice: where markers are kept (SidecarLocation::Keep).
class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(const Preferences& current, QWidget* parent = nullptr);

    Preferences chosen() const; // what the controls show now
    QString error() const; // why the last OK did not save; empty when it did

signals:
    void saved(const Preferences& preferences); // after OK wrote them

public slots:
    void accept() override;

private:
    QButtonGroup* m_keepMarkers;
    QLabel* m_error;
};

} // namespace strata::app
