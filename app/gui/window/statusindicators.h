#pragma once
#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace strata::model {
class Session;
}

namespace strata::app {

// The permanent part of the status bar: file, event count, visible range, zoom level, and
// while loading a progress bar with Cancel. Each label has an objectName ("statusFile",
// "statusEvents", "statusRange", "statusZoom") for tests and style sheets.
class StatusIndicators : public QObject {
    Q_OBJECT
public:
    StatusIndicators(QStatusBar* bar, model::Session* session);

    void setLoading(const QString& fileName);
    void setProgress(double fraction);
    void setCancelling();
    void setIdle();
    // How the next profile was read (from a snapshot, a cached snapshot refused on the way):
    // lines added to the file label's tooltip. Set before the session opens it.
    void setReadNotes(const QString& notes) { m_readNotes = notes; }

signals:
    void cancelRequested();

private:
    void updateProfile();
    void updateRange();

    model::Session* m_session;
    QLabel* m_file;
    QLabel* m_events;
    QLabel* m_range;
    QLabel* m_zoom;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QString m_readNotes;
};

} // namespace strata::app
