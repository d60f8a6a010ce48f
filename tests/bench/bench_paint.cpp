// Paint benchmark of the device timeline (budget: <= 8 ms per paint at full zoom-out, a mid
// zoom and a deep zoom of a 10M-event trace into 1920x1080, offscreen; and at 100M events),
// then the full view's paints while the window is resized.
//
//   bench_paint TRACE|JOB_DIR [--reps N] [--png DIR] [--size WxH] [--every-paint] [--lane on|off]
//               [--skew on|off]
//
// --lane builds the session's analyses first (the overlap lane's index among them; its build
// time and bytes are printed) and paints with the overlap lane shown or hidden. A folder is
// opened as a job (its ranks merged into one store, clocks as recorded); --skew builds the
// analyses (the job's index among them; its build, the strip's spans and one strip's pixels
// are timed) and paints with the collective skew strip shown or hidden.
//
// For each zoom level it prints the ms of
//   first the first paint at that zoom (fresh image buffers),
//   cold  paints whose visible range moved (geometry rebuilt, as while panning), and
//   warm  repaints of the same range (geometry replayed): median and max of N each,
// then a hover and a selection change, with the count of track images rebuilt by them (0).
#include "benchload.h"

#include <profileloader.h>

#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/overlaplaneindex.h>
#include <analysis/collectives/collectivespans.h>
#include <analysis/collectives/jobindex.h>
#include <analysis/timeline/lodindex.h>
#include <job/jobgrouper.h>
#include <job/jobloader.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/trackfilter.h>
#include <state/viewport.h>
#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QStandardPaths>
#include <QThread>

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace strata;

namespace {
struct Stats {
    double median = 0, max = 0, min = 0;
};

Stats stats(std::vector<double> v)
{
    if (v.empty())
        return {};
    std::sort(v.begin(), v.end());
    return { v[v.size() / 2], v.back(), v.front() };
}

// Wall-clock figures move with whatever else runs on the machine: print its load with them.
QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readLine()).section(QLatin1Char(' '), 0, 2)
                                       : QStringLiteral("n/a");
}

double renderMs(widgets::TimelineWidget& w, QImage& image)
{
    QElapsedTimer t;
    t.start();
    w.render(&image, QPoint(), QRegion(), QWidget::RenderFlags());
    return t.nsecsElapsed() / 1e6;
}

// Where the zooms are centred: the middle slice of the track with most top-level slices
// (tracks without slices, counters and instants, have no level 0), else the trace's middle.
struct BusySpot {
    store::TrackId track;
    store::RowRange topLevel;
    store::TimeNs mid;
};

BusySpot busySpot(const store::EventStore& store)
{
    auto topLevel = [&](store::TrackId t) { return store.levelCount(t) > 0 ? store.level(t, 0) : store::RowRange {}; };
    store::TrackId busiest(0);
    for (uint32_t t = 0; t < store.trackCount(); ++t) {
        if (topLevel(store::TrackId(t)).size() > topLevel(busiest).size())
            busiest = store::TrackId(t);
    }
    const store::RowRange top = topLevel(busiest);
    const store::TimeRange ext = store.extent();
    const store::TimeNs mid
        = top.empty() ? ext.start + ext.duration() / 2 : store.sliceTs(store::SliceRow(top.begin + top.size() / 2));
    return { busiest, top, mid };
}
// The session's analyses, the overlap lane's index among them, then the lane shown or hidden
// (in a settings file of the bench's own, not the user's).
void laneSetUp(model::Session& session, bool on, int width)
{
    QElapsedTimer t;
    t.start();
    session.startAnalyses(session.generation());
    while (!session.analyses()->complete())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    std::printf("analyses     %.1f s until every stage landed\n", t.nsecsElapsed() / 1e9);
    const auto breakdown = session.analyses()->get<analysis::BreakdownIndex>();
    std::vector<double> ms;
    size_t boundaries = 0, bytes = 0;
    bool communication = false;
    for (int i = 0; i < 3; ++i) { // the lane index alone, from the breakdown's unions
        t.restart();
        const analysis::OverlapLaneIndex index(*breakdown);
        ms.push_back(t.nsecsElapsed() / 1e6);
        boundaries = index.boundaryCount();
        bytes = index.residentBytes();
        communication = index.hasCommunication();
    }
    std::printf("lane index   %.1f ms build (median of 3), %zu lanes' boundaries, %.2f MB (%.1f B/boundary), "
                "communication %s; lane %s\n",
        stats(ms).median, boundaries, bytes / 1e6, boundaries ? double(bytes) / double(boundaries) : 0.0,
        communication ? "yes" : "no", on ? "on" : "off");
    // What a cold paint adds per lane image: every lane's pixels across the whole trace.
    const analysis::OverlapLaneIndex index(*breakdown);
    const store::TimeRange ext = session.store()->extent();
    // In this thread's CPU time: on a shared machine the wall clock varies by 4x from run to run.
    const auto cpuMs = [] {
        timespec ts {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
    };
    std::vector<double> pixelMs;
    for (int i = 0; i < 20; ++i) {
        const double t0 = cpuMs();
        for (size_t l = 0; l < index.laneCount(); ++l)
            index.pixels(l, { ext.start + i, ext.end }, width);
        pixelMs.push_back(cpuMs() - t0);
    }
    std::printf("lane pixels  %.3f ms CPU median (%.3f min) for %zu lanes x %d px, the whole trace\n",
        stats(pixelMs).median, stats(pixelMs).min, index.laneCount(), width);
    QStandardPaths::setTestModeEnabled(true);
    widgets::TimelineTogglePreference::overlapLane()->setShown(on);
}

// The session's analyses, the job's index among them, then the skew strip shown or hidden: what
// the strip costs besides its paints (the index, the spans it keeps, one strip's pixels).
void skewSetUp(model::Session& session, bool on, int width)
{
    session.startAnalyses(session.generation());
    while (!session.analyses()->complete())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
    const store::EventStore& store = *session.store();
    QElapsedTimer t;
    t.start();
    const auto index = analysis::JobIndex::build(store);
    const double indexMs = t.nsecsElapsed() / 1e6;
    t.restart();
    const analysis::CollectiveSpans spans(index->analysis());
    const double spansMs = t.nsecsElapsed() / 1e6;
    std::vector<double> pixelMs;
    for (int i = 0; i < 20; ++i) {
        t.restart();
        spans.pixels({ store.extent().start + i, store.extent().end }, width);
        pixelMs.push_back(t.nsecsElapsed() / 1e6);
    }
    std::printf("job index    %zu ranks, %zu collectives: index %.1f ms (own launch and breakdown indexes), "
                "spans %.3f ms, strip pixels %.3f ms median for %d px, the whole trace; strip %s\n",
        index->layout().ranks().size(), spans.size(), indexMs, spansMs, stats(pixelMs).median, width,
        on ? "on" : "off");
    QStandardPaths::setTestModeEnabled(true);
    widgets::TimelineTogglePreference::skewStrip()->setShown(on);
}

importers::LoadResult openJob(const std::string& folder)
{
    QElapsedTimer t;
    t.start();
    const importers::job::JobPlan plan = importers::job::JobGrouper::plan({ folder });
    importers::job::JobLoader::Result job = importers::job::JobLoader::load(plan);
    job.merged.seconds = t.nsecsElapsed() / 1e9;
    return job.merged;
}

struct Options {
    std::string path;
    int reps = 30, width = 1920, height = 1080;
    bool everyPaint = false; // also print each cold paint's ms, in order
    QString pngDir;
    const char* lane = nullptr; // "on", "off": analyses built, the overlap lane shown or not
    const char* skew = nullptr; // the same for a job's skew strip
};

Options options(int argc, char** argv)
{
    Options o;
    o.path = argv[1];
    for (int i = 2; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--reps") && i + 1 < argc)
            o.reps = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--png") && i + 1 < argc)
            o.pngDir = QString::fromLocal8Bit(argv[++i]);
        else if (!std::strcmp(argv[i], "--every-paint"))
            o.everyPaint = true;
        else if (!std::strcmp(argv[i], "--lane") && i + 1 < argc)
            o.lane = argv[++i];
        else if (!std::strcmp(argv[i], "--skew") && i + 1 < argc)
            o.skew = argv[++i];
        else if (!std::strcmp(argv[i], "--size") && i + 1 < argc)
            std::sscanf(argv[++i], "%dx%d", &o.width, &o.height);
    }
    return o;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr,
            "usage: %s TRACE|JOB_DIR [--reps N] [--png DIR] [--size WxH] [--every-paint] [--lane on|off] "
            "[--skew on|off]\n",
            argv[0]);
        return 2;
    }
    const Options o = options(argc, argv);
    const std::string& path = o.path;
    const int reps = o.reps, width = o.width, height = o.height;
    const bool everyPaint = o.everyPaint;
    const QString& pngDir = o.pngDir;
    const char *lane = o.lane, *skew = o.skew;

    const importers::LoadResult loaded
        = QFileInfo(QString::fromStdString(path)).isDir() ? openJob(path) : benchload::open(path);
    if (!loaded.store) {
        std::fprintf(stderr, "%s\n", loaded.error.c_str());
        return 1;
    }
    const auto& store = loaded.store;
    if (store->trackCount() == 0) { // e.g. a Perfetto system trace without track events
        std::printf("trace        %s: no tracks, nothing to paint\n", path.c_str());
        return 0;
    }
    std::printf("trace        %s\n", path.c_str());
    std::printf("slices       %zu  counters %zu samples  instants %zu  tracks %zu\n", store->sliceCount(),
        store->counterSampleCount(), store->instantCount(), store->trackCount());
    std::printf("load         %.2f s\n", loaded.seconds);
    std::printf("machine      %d threads, load average %s\n", QThread::idealThreadCount(), qPrintable(loadAverage()));

    model::Session session;
    model::Viewport& viewport = *session.viewport();
    model::Selection& selection = *session.selection();
    widgets::TimelineWidget w(&session);
    w.resize(width, height);
    w.show();
    QElapsedTimer lodTimer;
    lodTimer.start();
    session.open(store, QString::fromStdString(path), {}, nullptr, /*deferAnalyses=*/true); // the LOD index alone
    while (!w.hasIndex())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    std::printf("lod index    %.1f ms build (%.1f ms until ready on the GUI thread)\n",
        session.analyses()->get<analysis::LodIndex>()->buildMs(), lodTimer.nsecsElapsed() / 1e6);
    if (lane)
        laneSetUp(session, !std::strcmp(lane, "on"), w.frame().canvas.width());
    if (skew)
        skewSetUp(session, !std::strcmp(skew, "on"), w.frame().canvas.width());
    std::printf("skew strip   %s\n", w.skewStripShown() ? "shown" : "absent");
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);

    const store::TimeRange ext = store->extent();
    const BusySpot spot = busySpot(*store);
    const store::TrackId busiest = spot.track;
    const store::RowRange busyTop = spot.topLevel;
    const store::TimeNs mid = spot.mid;
    struct Level {
        const char* name;
        store::TimeNs span;
        bool resize = false; // cold paints change the canvas width instead of the range
    };
    const Level levels[] = {
        { "full", ext.duration() },
        { "mid 1%", std::max<store::TimeNs>(ext.duration() / 100, 1000) },
        { "deep 20us", 20000 },
        { "resize", ext.duration(), true },
    };
    std::printf("\n%-10s %7s %9s %9s %9s %9s %9s  %s\n", "zoom", "first", "cold min", "cold med", "cold max",
        "warm med", "warm max", "(track images rebuilt by warm paints)");
    for (const Level& lv : levels) {
        const store::TimeNs span = std::min(lv.span, ext.duration());
        const store::TimeRange base { mid - span / 2, mid - span / 2 + span };
        std::vector<double> cold, warm;
        viewport.setVisible(base);
        const double first = renderMs(w, image);
        for (int i = 0; i < reps; ++i) {
            // Each cold paint sees a range moved by 1/500 of the span, as a pan would. The full
            // view cannot pan: it alternates between the whole trace and the whole trace but
            // its first nanosecond, as a zoom out to it would, at the same width. The resize
            // row changes the width instead (the label column's), which also reallocates
            // every track image and elides every track label again.
            const store::TimeNs shift = (i % 2 ? 1 : -1) * std::max<store::TimeNs>(1, span / 500) * (i / 2 + 1);
            if (lv.resize)
                w.setLabelWidth(221 + (i % 2));
            else if (lv.span >= ext.duration())
                viewport.setVisible(store::TimeRange { ext.start + (i % 2), ext.end });
            else
                viewport.setVisible(store::TimeRange { base.start + shift, base.end + shift });
            cold.push_back(renderMs(w, image));
        }
        viewport.setVisible(base);
        w.setLabelWidth(220);
        renderMs(w, image);
        const int builds = w.geometryBuilds();
        for (int i = 0; i < reps; ++i)
            warm.push_back(renderMs(w, image));
        if (everyPaint) {
            std::printf("  cold:");
            for (double ms : cold)
                std::printf(" %.1f", ms);
            std::printf("\n");
        }
        const Stats c = stats(cold), h = stats(warm);
        std::printf("%-10s %7.2f %9.2f %9.2f %9.2f %9.2f %9.2f  (%d)\n", lv.name, first, c.min, c.median, c.max,
            h.median, h.max, w.geometryBuilds() - builds);
        if (!pngDir.isEmpty()) {
            QDir().mkpath(pngDir);
            QString name
                = QString::fromLatin1(lv.name).replace(QLatin1Char(' '), QLatin1Char('_')).remove(QLatin1Char('%'));
            image.save(pngDir + QStringLiteral("/timeline_%1.png").arg(name));
        }
    }

    // Overlays only: hover and selection changes must not rebuild geometry.
    const store::TimeNs span = std::max<store::TimeNs>(ext.duration() / 100, 1000);
    const store::TimeRange view { mid - span / 2, mid + span / 2 };
    viewport.setVisible(view);
    renderMs(w, image);
    const int before = w.geometryBuilds();
    std::vector<double> hover, select;
    const store::RowRange onScreen
        = busyTop.empty() ? store::RowRange {} : store->slicesInRange(busiest, 0, view.start, view.end);
    for (uint32_t i = 0; i < uint32_t(reps) && !onScreen.empty(); ++i) {
        const store::SliceRow a(onScreen.begin + i % onScreen.size()), b(onScreen.begin + (i + 1) % onScreen.size());
        selection.setHovered(model::EventRef::slice(a));
        hover.push_back(renderMs(w, image));
        selection.setCurrent(model::EventRef::slice(b));
        select.push_back(renderMs(w, image));
    }
    const Stats hs = stats(hover), ss = stats(select);
    std::printf("\n%-10s %9s %9s  (mid zoom; overlays only)\n", "change", "median", "max");
    std::printf(
        "%-10s %9.2f %9.2f  (track images rebuilt: %d)\n", "hover", hs.median, hs.max, w.geometryBuilds() - before);
    std::printf(
        "%-10s %9.2f %9.2f  (track images rebuilt: %d)\n", "select", ss.median, ss.max, w.geometryBuilds() - before);
    if (!pngDir.isEmpty())
        image.save(pngDir + QStringLiteral("/timeline_selected.png"));
    std::printf("\nload average after: %s\n", qPrintable(loadAverage()));
    return 0;
}
