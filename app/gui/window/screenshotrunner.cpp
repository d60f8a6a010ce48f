#include "screenshotrunner.h"

#include "mainwindow.h"
#include <state/comparison.h>
#include <state/session.h>

#include <state/backgroundpool.h>
#include <timeline/timelinewidget.h>

#include <QFileInfo>
#include <QPixmap>
#include <QThreadPool>

#include <cstdio>

namespace strata::app {

ScreenshotRunner::ScreenshotRunner(MainWindow* window, OpenRequest request, QString png, QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_request(std::move(request))
    , m_file(m_request.path)
    , m_png(std::move(png))
{
    m_settle.setInterval(kSettleTickMs);
    connect(&m_settle, &QTimer::timeout, this, &ScreenshotRunner::settleTick);
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        fail(3, tr("timed out after %1 s waiting for %2 to load and be drawn").arg(kWatchdogMs / 1000).arg(m_file));
    });
}

void ScreenshotRunner::start()
{
    m_watchdog.start(kWatchdogMs);
    if (m_file.isEmpty()) { // the welcome page: nothing to wait for but the first event loop turn
        QMetaObject::invokeMethod(this, &ScreenshotRunner::capture, Qt::QueuedConnection);
        return;
    }
    connect(m_window, &MainWindow::loadFinished, this, &ScreenshotRunner::onLoadFinished);
    if (!m_request.compare.isEmpty()) { // B's load starts once A is open
        connect(m_window, &MainWindow::compareFinished, this, [this](bool ok, bool cancelled, const QString& message) {
            if (!ok)
                fail(1, cancelled ? tr("loading %1 was cancelled").arg(m_request.compare) : message);
            else
                m_compareLoaded = true;
        });
    }
    m_window->open(m_request);
}

void ScreenshotRunner::onLoadFinished(bool ok, bool cancelled, const QString& message)
{
    if (m_finished)
        return;
    if (!ok) {
        fail(1, cancelled ? tr("loading %1 was cancelled").arg(m_file) : message);
        return;
    }
    // The docks finish their own work off the GUI thread after the load (the summary and
    // operator indexes, then each dock's aggregation, some behind a short debounce). The
    // picture is taken once the session's analyses exist and the thread pool has stayed
    // idle for longer than any debounce.
    m_quietTicks = 0;
    m_settle.start();
}

void ScreenshotRunner::settleTick()
{
    // When comparing, B's analyses (and its timeline's index) are waited for too.
    const bool compared
        = m_request.compare.isEmpty() || (m_compareLoaded && m_window->comparison()->b()->analyses()->complete());
    const bool analysed = m_window->session()->analyses()->complete() && compared;
    const bool idle = QThreadPool::globalInstance()->activeThreadCount() == 0
        && model::BackgroundPool::instance()->activeThreadCount() == 0;
    m_quietTicks = analysed && idle ? m_quietTicks + 1 : 0;
    if (m_quietTicks * kSettleTickMs < kQuietMs)
        return;
    m_settle.stop();
    awaitPaint();
}

void ScreenshotRunner::awaitPaint()
{
    // Everything asked for a repaint, which has not run yet (paints happen from the event
    // loop). The next painted() is therefore a complete picture of the new profile.
    widgets::TimelineWidget* timeline = m_window->timeline();
    m_painted = connect(timeline, &widgets::TimelineWidget::painted, this, [this] {
        disconnect(m_painted);
        // Grab outside the timeline's paint event: grab() paints the window again.
        QMetaObject::invokeMethod(this, &ScreenshotRunner::capture, Qt::QueuedConnection);
    });
    timeline->update();
}

void ScreenshotRunner::capture()
{
    if (m_finished)
        return;
    const QPixmap shot = m_window->grab();
    if (shot.isNull() || !shot.save(m_png, "PNG")) {
        fail(2, tr("could not write the screenshot to %1").arg(m_png));
        return;
    }
    m_finished = true;
    m_watchdog.stop();
    std::fprintf(stdout, "%s\n",
        qPrintable(tr("strata: saved %1 (%2 × %3)")
                       .arg(QFileInfo(m_png).absoluteFilePath())
                       .arg(shot.width())
                       .arg(shot.height())));
    std::fflush(stdout);
    emit done(0);
}

void ScreenshotRunner::fail(int code, const QString& message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_watchdog.stop();
    std::fprintf(stderr, "strata: %s\n", qPrintable(message));
    std::fflush(stderr);
    emit done(code);
}

} // namespace strata::app
