// GUI-thread stall benchmark of the main window (budget: the GUI thread never stalls more
// than 50 ms during a load; Cancel takes effect within 1 s).
//
//   bench_loadstall TRACE [--reps N] [--cancel-after MS] [--size WxH] [--no-cache] [--keep-open]
//                   [--quit-during-write] [--verbose]
//
// Opens TRACE in a shown MainWindow (offscreen unless QT_QPA_PLATFORM says otherwise) and,
// from the open request until the window has settled (the session's analyses built, every
// dock's aggregation done and the thread pools idle for a second), records the longest time
// the GUI thread spent on one event. Figures are printed for two phases: the load itself
// (progress moving) and after it (first paint, analyses, docks filling in), with the
// slowest events and who received them. --cancel-after MS instead cancels each load after
// MS ms and prints how long the cancel took to be confirmed on the GUI thread.
//
// Snapshots (budgets: no GUI stall > 50 ms while the background snapshot write runs; a 10M
// event profile reopened from its snapshot is painted <= 1.5 s after File > Open): each rep
// also prints the time from the open request to the timeline's first paint, whether the
// profile came from the snapshot cache, and, when its snapshot was written in the background,
// how long that took and the longest GUI event meanwhile. With --reps 2 (and the cache
// folder, XDG_CACHE_HOME, empty at first) rep 0 parses and writes, rep 1 reads the snapshot.
// --no-cache leaves the cache alone, as strata --no-cache does. --keep-open opens each rep
// over the open profile (File > Open again) instead of closing it first. Between reps the
// event loop ends with exit(), not quit(): Qt 6's quit() closes the windows, and a closed
// window is never painted again (reps after the first then waited for the fallback timer).
// --quit-during-write closes the window 100 ms into the first snapshot write and returns
// from main, printing how long the close took: quitting does not wait for the write (its
// temp file is left for SnapshotCache::trim).
#include <snapshots/snapshotsaver.h>
#include <state/session.h>
#include <window/mainwindow.h>

#include <state/backgroundpool.h>
#include <timeline/timelinewidget.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace strata;

namespace {

struct SlowEvent {
    double ms;
    int phase;
    QString what;
};

// Times every event the GUI thread delivers: the longest one is the longest stall.
class TimingApp : public QApplication {
public:
    using QApplication::QApplication;
    int phase = -1; // -1: not measuring; 0: loading; 1: after the load
    double worst[2] = { 0, 0 };
    bool writing = false; // the snapshot write runs on the BackgroundPool
    double worstWriting = 0; // the longest GUI event while it ran
    std::vector<SlowEvent> slow;

    bool notify(QObject* receiver, QEvent* e) override
    {
        if (phase < 0 || QThread::currentThread() != thread())
            return QApplication::notify(receiver, e);
        const int ph = phase;
        QElapsedTimer t;
        t.start();
        const bool handled = QApplication::notify(receiver, e);
        const double ms = t.nsecsElapsed() / 1e6;
        worst[ph] = std::max(worst[ph], ms);
        if (writing)
            worstWriting = std::max(worstWriting, ms);
        if (ms > 20) {
            QString what
                = QStringLiteral("event %1 to %2").arg(int(e->type())).arg(receiver->metaObject()->className());
            if (!receiver->objectName().isEmpty())
                what += QLatin1Char(' ') + receiver->objectName();
            slow.push_back({ ms, ph, what });
        }
        return handled;
    }
};

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readLine()).section(QLatin1Char(' '), 0, 2)
                                       : QStringLiteral("n/a");
}

bool poolsIdle()
{
    return QThreadPool::globalInstance()->activeThreadCount() == 0
        && model::BackgroundPool::instance()->activeThreadCount() == 0;
}

int usage(const char* argv0)
{
    std::fprintf(stderr,
        "usage: %s TRACE [--reps N] [--cancel-after MS] [--size WxH] [--no-cache] [--keep-open] "
        "[--quit-during-write] [--verbose]\n",
        argv0);
    return 2;
}

// The slowest GUI events of a rep, slowest first: five, or all of them with --verbose.
void printSlowest(std::vector<SlowEvent>& slow, bool verbose)
{
    std::sort(slow.begin(), slow.end(), [](const SlowEvent& a, const SlowEvent& b) { return a.ms > b.ms; });
    const size_t show = verbose ? slow.size() : std::min<size_t>(slow.size(), 5);
    for (size_t i = 0; i < show; ++i)
        std::printf(
            "        %6.1f ms  %s  %s\n", slow[i].ms, slow[i].phase ? "after" : "load ", qPrintable(slow[i].what));
}

// The options after TRACE; see usage().
struct Options {
    int reps = 1, width = 1920, height = 1080, cancelAfter = -1;
    bool verbose = false, noCache = false, keepOpen = false, quitDuringWrite = false;
};

Options parseOptions(int argc, char** argv)
{
    Options o;
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
            o.reps = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--cancel-after") && i + 1 < argc)
            o.cancelAfter = std::max(0, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--size") && i + 1 < argc)
            std::sscanf(argv[++i], "%dx%d", &o.width, &o.height);
        else if (!std::strcmp(argv[i], "--verbose"))
            o.verbose = true;
        else if (!std::strcmp(argv[i], "--no-cache"))
            o.noCache = true;
        else if (!std::strcmp(argv[i], "--keep-open"))
            o.keepOpen = true;
        else if (!std::strcmp(argv[i], "--quit-during-write"))
            o.quitDuringWrite = true;
    }
    return o;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimingApp app(argc, argv);
    if (argc < 2)
        return usage(argv[0]);
    const QString path = QString::fromLocal8Bit(argv[1]);
    const Options o = parseOptions(argc, argv);
    const int reps = o.reps, width = o.width, height = o.height, cancelAfter = o.cancelAfter;
    const bool verbose = o.verbose, noCache = o.noCache, keepOpen = o.keepOpen, quitDuringWrite = o.quitDuringWrite;

    app::MainWindow window;
    window.setInteractive(false);
    window.setPersistent(false);
    importers::CacheOptions cache;
    cache.enabled = !noCache;
    window.setCacheOptions(cache);
    window.resize(width, height);
    window.show();
    std::printf("trace        %s\n", qPrintable(path));
    std::printf("window       %d x %d, platform %s, %d threads, load average %s\n", width, height,
        qPrintable(QGuiApplication::platformName()), QThread::idealThreadCount(), qPrintable(loadAverage()));

    int status = 0;
    for (int rep = 0; rep < reps && status == 0; ++rep) {
        app.worst[0] = app.worst[1] = 0;
        app.slow.clear();
        QElapsedTimer clock; // invalid until the open request
        QElapsedTimer cancelClock;
        double loadMs = 0, settleMs = 0, cancelMs = -1, firstPaintMs = -1, writeStartMs = -1, writeMs = -1;
        bool writeOk = false;
        app.worstWriting = 0;
        QElapsedTimer writeClock;
        auto started = QObject::connect(window.snapshotSaver(), &app::SnapshotSaver::cacheWriteStarted, [&] {
            writeStartMs = clock.nsecsElapsed() / 1e6;
            writeClock.start();
            app.writing = true;
            if (quitDuringWrite) {
                QTimer::singleShot(100, &window, [&] {
                    QElapsedTimer closing;
                    closing.start();
                    window.close();
                    std::printf("quit 100 ms into the snapshot write: the window closed in %.1f ms, the write "
                                "still running: %s\n",
                        closing.nsecsElapsed() / 1e6, window.snapshotSaver()->isWritingCache() ? "yes" : "no");
                    std::fflush(stdout);
                    status = 10; // ends the reps; main returns without waiting
                    app.phase = -1;
                    app.exit(0);
                });
            }
        });
        auto written = QObject::connect(
            window.snapshotSaver(), &app::SnapshotSaver::cacheWritten, [&](bool ok, const QString& error) {
                writeMs = writeClock.nsecsElapsed() / 1e6;
                writeOk = ok;
                app.writing = false;
                if (!ok)
                    std::fprintf(stderr, "snapshot write failed: %s\n", qPrintable(error));
            });
        bool finished = false;
        // The first paint of the new profile: what the user waits for after Open. It comes
        // after loadFinished, which MainWindow emits as it swaps the store in; paints before it
        // are of the profile that was open.
        auto painted = QObject::connect(window.timeline(), &widgets::TimelineWidget::painted, [&] {
            if (firstPaintMs < 0 && finished && window.timeline()->hasIndex()) // tracks drawn, not the note
                firstPaintMs = clock.nsecsElapsed() / 1e6;
        });
        QTimer settle;
        int quietTicks = 0;
        settle.setInterval(50);
        QObject::connect(&settle, &QTimer::timeout, [&] {
            const bool analysed = window.session()->analyses()->complete();
            quietTicks = analysed && poolsIdle() ? quietTicks + 1 : 0;
            if (quietTicks * 50 >= 1000) {
                settle.stop();
                settleMs = clock.nsecsElapsed() / 1e6 - loadMs - 1000;
                app.phase = -1;
                app.exit(0);
            }
        });
        auto conn = QObject::connect(
            &window, &app::MainWindow::loadFinished, [&](bool ok, bool cancelled, const QString& message) {
                loadMs = clock.nsecsElapsed() / 1e6;
                finished = true;
                if (cancelled) {
                    cancelMs = cancelClock.nsecsElapsed() / 1e6;
                    app.phase = -1;
                    app.exit(0);
                    return;
                }
                if (!ok) {
                    std::fprintf(stderr, "%s\n", qPrintable(message));
                    status = 1;
                    app.phase = -1;
                    app.exit(0);
                    return;
                }
                app.phase = 1;
                settle.start();
            });
        QTimer::singleShot(200, &window, [&] {
            app.phase = 0;
            clock.start();
            window.openFile(path);
            if (cancelAfter >= 0) {
                QTimer::singleShot(cancelAfter, &window, [&] {
                    if (finished)
                        return;
                    cancelClock.start();
                    window.cancelLoad();
                });
            }
        });
        app.exec();
        for (const QMetaObject::Connection& c : { conn, started, written, painted })
            QObject::disconnect(c);
        if (status != 0)
            break;
        if (cancelAfter >= 0) {
            if (cancelMs < 0)
                std::printf("rep %d  the load finished in %.0f ms before the cancel\n", rep, loadMs);
            else
                std::printf("rep %d  cancel confirmed after %.1f ms; longest GUI event while loading %.1f ms\n", rep,
                    cancelMs, app.worst[0]);
        } else {
            std::printf("rep %d  load %.0f ms: longest GUI event %.1f ms | after the load (settled in %.0f ms): "
                        "longest GUI event %.1f ms\n",
                rep, loadMs, app.worst[0], settleMs, app.worst[1]);
            const importers::LoadResult& r = window.snapshotSaver()->result();
            std::printf("        %s: first paint %.0f ms after the open request\n",
                r.fromSnapshot ? "from the snapshot" : "parsed from the source", firstPaintMs);
            if (writeStartMs >= 0)
                std::printf("        snapshot write (background, nice +10) %s: started at %.0f ms, took %.0f ms; "
                            "longest GUI event meanwhile %.1f ms\n",
                    writeOk ? "ok" : "FAILED", writeStartMs, writeMs, app.worstWriting);
            else
                std::printf("        no snapshot written\n");
        }
        printSlowest(app.slow, verbose);
        if (rep + 1 < reps) {
            if (!keepOpen)
                window.closeProfile();
            QTimer::singleShot(300, &app, [&app] { app.exit(0); }); // let the old store be released
            app.exec();
        }
    }
    return status == 10 ? 0 : status;
}
