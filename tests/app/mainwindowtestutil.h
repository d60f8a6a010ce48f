// Helpers of tst_MainWindow: loading a profile through the real load path, reading the
// status bar, and where the docks are.
#pragma once
#include <state/selection.h>
#include <state/session.h>
#include <timeline/timelinewidget.h>
#include <window/mainwindow.h>

#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMap>
#include <QRect>
#include <QSignalSpy>
#include <QTest>

#include <optional>
#include <support/sourcedir.h>

namespace mainwindowtest {

using strata::app::MainWindow;

inline const QString kSource = strata::test::sourcePath();
inline const QString kSample = kSource + QStringLiteral("/resources/samples/sample_profile.json");
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

inline QString statusText(MainWindow& w, const char* name)
{
    auto* l = w.findChild<QLabel*>(QLatin1String(name));
    return l ? l->text() : QStringLiteral("<no %1>").arg(QLatin1String(name));
}

// Opens `path` through the real load path and waits for loadFinished; returns its arguments.
inline QList<QVariant> load(
    MainWindow& w, const QString& path, std::optional<strata::app::RangeSpec> range = std::nullopt)
{
    QSignalSpy finished(&w, &MainWindow::loadFinished);
    w.openFile(path, range);
    if (!finished.wait(kLoadTimeoutMs))
        return {};
    return finished.takeFirst();
}

inline void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

// Where every shown dock and the timeline are: what a content change must not move.
inline QMap<QString, QRect> geometries(MainWindow& w)
{
    QMap<QString, QRect> out;
    out.insert(QStringLiteral("timeline"), QRect(w.timeline()->mapTo(&w, QPoint()), w.timeline()->size()));
    // A dock behind another's tab is off screen, at whatever size Qt last gave it (Findings,
    // behind Search, keeps the size its group had before a reset): only docks shown count.
    for (QDockWidget* d : w.docks()) {
        if (d->isVisible() && !d->visibleRegion().isEmpty())
            out.insert(d->objectName(), QRect(d->mapTo(&w, QPoint()), d->size()));
    }
    return out;
}

inline QPoint someSliceCentre(MainWindow& w)
{
    const auto& s = *w.session()->store();
    const QRect canvas = w.timeline()->frame().canvas;
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const QRectF rect = w.timeline()->eventRect(strata::model::EventRef::slice(strata::store::SliceRow(r)));
        if (rect.width() > 12 && rect.height() > 6 && canvas.contains(rect.center().toPoint()))
            return rect.center().toPoint();
    }
    return {};
}

} // namespace mainwindowtest
