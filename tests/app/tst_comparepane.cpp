#include <compare/comparebar.h>
#include <compare/compareheader.h>
#include <compare/comparepane.h>
#include <window/mainwindow.h>

#include <state/comparison.h>
#include <state/session.h>
#include <state/viewport.h>

#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <support/sourcedir.h>

using namespace strata;
using app::MainWindow;

namespace {

const QString kSample = strata::test::sourcePath("/resources/samples/sample_profile.json");
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

bool loadA(MainWindow& w)
{
    QSignalSpy finished(&w, &MainWindow::loadFinished);
    w.openFile(kSample);
    return finished.wait(kLoadTimeoutMs) && finished.at(0).at(0).toBool();
}

} // namespace

// B's pane inside the window: it appears under A's timeline with B's profile, follows A's
// view, and goes when the comparison ends; a B that cannot be read leaves everything as it was.
class tst_ComparePane : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(QFile::exists(kSample));
    }

    void init() { QSettings().clear(); }

    void compareShowsBUnderA()
    {
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(loadA(w));
        QVERIFY(!w.comparePane()->isVisible());
        QVERIFY(!w.compareBar()->isVisible());
        QSignalSpy compared(&w, &MainWindow::compareFinished);
        w.compareWith(kSample);
        QVERIFY(compared.wait(kLoadTimeoutMs));
        QCOMPARE(compared.at(0).at(0).toBool(), true);
        QVERIFY(w.comparison()->active());
        QVERIFY(w.comparePane()->isVisible());
        QVERIFY(w.compareBar()->isVisible());
        QCOMPARE(w.comparePane()->timeline()->store(), w.comparison()->b()->store());
        // Below A's timeline, both on screen.
        QVERIFY(w.comparePane()->mapTo(&w, QPoint()).y() > w.timeline()->mapTo(&w, QPoint()).y());
        QVERIFY(w.comparePane()->timeline()->height() > 0);

        const store::TimeRange v { w.session()->viewport()->traceRange().start + 1000,
            w.session()->viewport()->traceRange().start + 50000 };
        w.session()->viewport()->setVisible(v);
        QCOMPARE(w.comparison()->b()->viewport()->visible().start, v.start + w.comparison()->offsetNs());

        // B is in the centre, not a dock: layouts neither hold nor disturb it.
        QVERIFY(w.saveLayout(QStringLiteral("while comparing")));
        QVERIFY(w.loadLayout(QStringLiteral("while comparing")));
        QVERIFY(w.comparePane()->isVisible());

        w.comparison()->end();
        QVERIFY(!w.comparePane()->isVisible());
        QVERIFY(!w.compareBar()->isVisible());
        QVERIFY(w.session()->isOpen());
        QVERIFY(w.loadLayout(QStringLiteral("while comparing")));
        QVERIFY(!w.comparePane()->isVisible());
        QVERIFY(!w.compareBar()->isVisible());
    }

    // View > Overlap Lane is one choice for both panes: B's timeline shows its devices' lanes
    // and hides them with A's.
    void overlapLaneInBothPanes()
    {
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(loadA(w));
        QSignalSpy compared(&w, &MainWindow::compareFinished);
        w.compareWith(kSample);
        QVERIFY(compared.wait(kLoadTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->analyses()->complete(), kLoadTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(w.comparison()->b()->analyses()->complete(), kLoadTimeoutMs);
        widgets::TimelineWidget* b = w.comparePane()->timeline();
        const auto lanes = [](const widgets::TimelineWidget* t) {
            int n = 0;
            for (uint32_t p = 0; p < t->store()->processCount(); ++p)
                n += !t->overlapLaneRect(store::ProcessId(p)).isEmpty();
            return n;
        };
        widgets::TimelineTogglePreference::overlapLane()->setShown(true);
        QVERIFY(w.timeline()->overlapLaneShown() && b->overlapLaneShown());
        QVERIFY(lanes(b) > 0);
        QCOMPARE(lanes(b), lanes(w.timeline())); // the same profile on both sides
        widgets::TimelineTogglePreference::overlapLane()->setShown(false);
        QVERIFY(!w.timeline()->overlapLaneShown() && !b->overlapLaneShown());
        QCOMPARE(lanes(b), 0);
    }

    // B's pane has half of the timeline area at first, and the share the user dragged it
    // to the next time (the settings keep it as a fraction, so it suits another screen).
    void splitShareIsRemembered()
    {
        auto compare = [](MainWindow& w) {
            w.setPersistent(false);
            w.resize(1200, 900);
            w.show();
            if (!QTest::qWaitForWindowExposed(&w) || !loadA(w))
                return false;
            QSignalSpy compared(&w, &MainWindow::compareFinished);
            w.compareWith(kSample);
            return compared.wait(kLoadTimeoutMs) && w.comparison()->active();
        };
        auto splitterOf = [](MainWindow& w) { return w.findChild<QSplitter*>(QStringLiteral("compareSplitter")); };
        auto share = [](QSplitter* s) { return double(s->sizes().at(1)) / (s->sizes().at(0) + s->sizes().at(1)); };
        {
            MainWindow w;
            QVERIFY(compare(w));
            QSplitter* split = splitterOf(w);
            QTRY_VERIFY(split->sizes().at(1) > 0);
            QVERIFY2(std::abs(share(split) - 0.5) < 0.05, qPrintable(QString::number(share(split))));
            // A drag on the handle, as a user's, up as far as A's minimum lets it (the offscreen
            // screen is small).
            QSplitterHandle* handle = split->handle(1);
            const QPoint from = handle->rect().center();
            const int dy = -int(split->height() * 0.2);
            QTest::mousePress(handle, Qt::LeftButton, {}, from);
            QMouseEvent move(QEvent::MouseMove, QPointF(from + QPoint(0, dy)),
                handle->mapToGlobal(QPointF(from + QPoint(0, dy))), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
            QCoreApplication::sendEvent(handle, &move);
            QTest::mouseRelease(handle, Qt::LeftButton, {}, from + QPoint(0, dy));
            QVERIFY2(share(split) > 0.54, qPrintable(QString::number(share(split))));
        }
        const double dragged = QSettings().value(QStringLiteral("compare/bShare")).toDouble();
        QVERIFY2(dragged > 0.54, qPrintable(QString::number(dragged)));
        MainWindow w;
        QVERIFY(compare(w));
        QSplitter* split = splitterOf(w);
        QTRY_VERIFY(split->sizes().at(1) > 0);
        QVERIFY2(std::abs(share(split) - dragged) < 0.05, qPrintable(QString::number(share(split))));
    }

    void failedBLeavesA()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("notes.txt"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello world");
        f.close();

        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(loadA(w));
        const auto store = w.session()->store();
        QSignalSpy compared(&w, &MainWindow::compareFinished);
        w.compareWith(bad);
        QVERIFY(compared.wait(kLoadTimeoutMs));
        QCOMPARE(compared.at(0).at(0).toBool(), false);
        QVERIFY(compared.at(0).at(2).toString().contains(QStringLiteral("not a supported profile")));
        QCOMPARE(w.session()->store(), store);
        QVERIFY(!w.comparison()->active());
        QVERIFY(!w.comparePane()->isVisible());
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("loadErrorBox"));
        QVERIFY(box);
        QVERIFY(box->informativeText().contains(QStringLiteral("sample_profile.json stays open")));
        box->close();
    }

    void shiftDropCompares()
    {
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(loadA(w));
        QSignalSpy loads(&w, &MainWindow::loadStarted);
        QSignalSpy compared(&w, &MainWindow::compareFinished);
        QMimeData mime;
        mime.setUrls({ QUrl::fromLocalFile(kSample) });
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(&w, &enter); // the drop goes to the widget the drag entered
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(compared.wait(kLoadTimeoutMs));
        QCOMPARE(compared.at(0).at(0).toBool(), true);
        QCOMPARE(loads.count(), 0); // A was not replaced
        QVERIFY(w.comparison()->active());
    }

    void openingAnotherAKeepsB()
    {
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(loadA(w));
        QSignalSpy compared(&w, &MainWindow::compareFinished);
        w.compareWith(kSample);
        QVERIFY(compared.wait(kLoadTimeoutMs));
        const auto b = w.comparison()->b()->store();
        QVERIFY(loadA(w));
        QVERIFY(w.comparison()->active());
        QCOMPARE(w.comparison()->b()->store(), b);
        QVERIFY(w.comparePane()->isVisible());
        w.closeProfile(); // no A: nothing to compare with
        QVERIFY(!w.comparison()->active());
        QVERIFY(!w.comparePane()->isVisible());
    }
};

QTEST_MAIN(tst_ComparePane)
#include "tst_comparepane.moc"
