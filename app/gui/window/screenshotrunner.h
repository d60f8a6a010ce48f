#pragma once
#include <loading/openrequest.h>

#include <QObject>
#include <QString>
#include <QTimer>

namespace strata::app {

class MainWindow;

// --screenshot: open the file (and --compare's B), and once it is loaded (range applied) and the timeline has
// finished its first paint with the new store, grab the whole window to a PNG. Finished
// by signals, never by sleeping; the watchdog only turns a hang into an error exit.
class ScreenshotRunner : public QObject {
    Q_OBJECT
public:
    ScreenshotRunner(MainWindow* window, OpenRequest request, QString png, QObject* parent = nullptr);
    void start();
    static constexpr int kWatchdogMs = 120000;
    static constexpr int kSettleTickMs = 50;
    static constexpr int kQuietMs = 500; // longer than any dock's debounce

signals:
    void done(int exitCode); // 0 saved; 1 load failed; 2 could not save; 3 nothing was painted

private:
    void onLoadFinished(bool ok, bool cancelled, const QString& message);
    void capture();
    void settleTick();
    void awaitPaint();
    void fail(int code, const QString& message);

    MainWindow* m_window;
    OpenRequest m_request;
    QString m_file;
    QString m_png;
    QMetaObject::Connection m_painted;
    QTimer m_watchdog;
    QTimer m_settle; // polls until the docks' background work has finished
    int m_quietTicks = 0;
    bool m_finished = false;
    bool m_compareLoaded = false; // --compare: B is open
};

} // namespace strata::app
