#include <analysis/summary/summaryindex.h>
#include <layouts/windowfit.h>
#include <state/backgroundpool.h>
#include <state/selection.h>
#include <state/session.h>
#include <support/bigchrometrace.h>
#include <support/jobfolder.h>
#include <window/dockregistry.h>
#include <window/mainwindow.h>

#include "mainwindowtestutil.h"

#include <common/unitformat.h>
#include <details/eventdetailswidget.h>
#include <search/searchform.h>
#include <search/searchwidget.h>
#include <state/viewport.h>
#include <timeline/timelinewidget.h>

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QTreeView>
#include <QUrl>

using namespace strata;
using app::MainWindow;

using namespace mainwindowtest;

class tst_MainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(QFile::exists(kSample));
        QVERIFY(m_dir.isValid());
    }

    void init() { QSettings().clear(); }

    void startsOnWelcomePage()
    {
        MainWindow w;
        QCOMPARE(w.windowTitle(), QStringLiteral("Strata"));
        auto* stack = w.findChild<QStackedWidget*>(QStringLiteral("centralStack"));
        QVERIFY(stack);
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("welcomePage"));
        QVERIFY(w.findChild<QDockWidget*>(QStringLiteral("eventDetailsDock")));
        QCOMPARE(w.eventDetails()->objectName(), QStringLiteral("eventDetails"));
        QCOMPARE(w.timeline()->objectName(), QStringLiteral("timeline"));
        QVERIFY(w.findChild<QPushButton*>(QStringLiteral("openFolderButton")));
        auto* bar = w.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(bar);
        QStringList texts;
        for (QAction* a : bar->actions())
            texts << a->iconText();
        for (const char* t : { "Open", "Open Folder", "Search", "Add Marker", "Export Image" })
            QVERIFY2(texts.contains(QLatin1String(t)), t);
    }

    void loadUpdatesTitleAndStatus_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("sample") << kSample;
        QTest::newRow("flows") << kSource + QStringLiteral("/tests/data/chrome_flows_v2.json");
        QTest::newRow("array form") << kSource + QStringLiteral("/tests/data/chrome_array_form.json");
    }

    void loadUpdatesTitleAndStatus()
    {
        QFETCH(QString, path);
        MainWindow w;
        w.setInteractive(false);
        w.show();
        QSignalSpy started(&w, &MainWindow::loadStarted);
        const QList<QVariant> result = load(w, path);
        QVERIFY(!result.isEmpty());
        QCOMPARE(started.count(), 1);
        QCOMPARE(result.at(0).toBool(), true);
        QVERIFY(!w.isLoading());

        const QString name = QFileInfo(path).fileName();
        QCOMPARE(w.windowTitle(), QStringLiteral("Strata — %1").arg(name));
        QVERIFY(w.session()->isOpen());
        QCOMPARE(w.timeline()->store(), w.session()->store());
        QCOMPARE(statusText(w, "statusFile"), name);
        QCOMPARE(statusText(w, "statusEvents"),
            QStringLiteral("%1 events").arg(widgets::UnitFormat::count(w.session()->eventCount())));
        QVERIFY(w.session()->eventCount() > 0);
        QCOMPARE(statusText(w, "statusZoom"), QStringLiteral("Zoom 1.0×"));
        QVERIFY(statusText(w, "statusRange").contains(QStringLiteral(" – ")));
        auto* stack = w.findChild<QStackedWidget*>(QStringLiteral("centralStack"));
        QCOMPARE(stack->currentWidget(), static_cast<QWidget*>(w.timeline()));
        QVERIFY(w.dock(QStringLiteral("eventDetailsDock"))->isVisible());
    }

    // The first paint of a fresh profile gets the CPU to itself: the analyses start after
    // it, or after a fallback delay when the timeline is never painted (hidden window).
    void analysesWaitForFirstPaint_data()
    {
        QTest::addColumn<bool>("shown");
        QTest::newRow("shown: after the first paint") << true;
        QTest::newRow("hidden: after the fallback") << false;
    }

    void analysesWaitForFirstPaint()
    {
        QFETCH(bool, shown);
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        if (shown) {
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
        }
        bool startedAtLoad = true;
        int paintsAtStart = -1;
        int paints = 0;
        connect(w.timeline(), &widgets::TimelineWidget::painted, &w, [&] { ++paints; });
        connect(&w, &MainWindow::loadFinished, &w, [&] { startedAtLoad = w.session()->analysesStarted(); });
        QSignalSpy ready(w.session(), &model::Session::analysesChanged);
        connect(w.session(), &model::Session::analysesChanged, &w, [&] {
            if (paintsAtStart < 0)
                paintsAtStart = paints;
        });
        QVERIFY(!load(w, kSample).isEmpty());
        QVERIFY(!startedAtLoad);
        QVERIFY(ready.wait(kLoadTimeoutMs));
        QVERIFY(w.session()->analysesStarted());
        QVERIFY(w.session()->analyses()->get<analysis::SummaryIndex>());
        if (shown)
            QVERIFY(paintsAtStart >= 1);
        else
            QCOMPARE(paintsAtStart, 0);
    }

    void failingLoadKeepsPreviousProfile_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes"); // empty: the file does not exist
        QTest::addColumn<QString>("reason");
        QTest::newRow("missing file") << "missing.json" << QByteArray() << "No such file";
        QTest::newRow("not a profile") << "notes.txt" << QByteArray("hello world") << "not a supported profile";
        QTest::newRow("no traceEvents") << "object.json" << QByteArray("{\"traceEvents\": 5}") << "(at byte 0)";
        QTest::newRow("corrupt gzip") << "broken.json.gz" << QByteArray("\x1f\x8b\x08\x00garbagegarbage", 18)
                                      << "(at byte ";
        // A .strata file is recognised by its magic; a cut one is an error naming the offset.
        QTest::newRow("cut .strata") << "cut.strata" << QByteArray("STRATASN\x01\x00garbage", 17) << "at byte ";
        // A folder of traces that are not one job: refused, its files listed.
        QTest::newRow("unrelated traces") << "mixed" << QByteArray("<folder>") << "sample.json: no distributedInfo";
    }

    void failingLoadKeepsPreviousProfile()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        const QString bad = m_dir.filePath(fileName);
        if (bytes == "<folder>")
            jobfolder::unrelated(bad);
        else if (!bytes.isEmpty())
            writeFile(bad, bytes);

        MainWindow w;
        w.setPersistent(false);
        w.show();
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        const auto store = w.session()->store();
        const QString title = w.windowTitle();

        const QList<QVariant> result = load(w, bad);
        QVERIFY(!result.isEmpty());
        QCOMPARE(result.at(0).toBool(), false); // ok
        QCOMPARE(result.at(1).toBool(), false); // cancelled
        const QString error = result.at(2).toString();
        QVERIFY2(error.startsWith(bad + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(reason), qPrintable(error));

        QCOMPARE(w.session()->store(), store);
        QCOMPARE(w.timeline()->store(), store);
        QCOMPARE(w.windowTitle(), title);
        QCOMPARE(statusText(w, "statusFile"), QStringLiteral("sample_profile.json"));

        auto* box = w.findChild<QMessageBox*>(QStringLiteral("loadErrorBox"));
        QVERIFY(box);
        QVERIFY(box->text().contains(fileName));
        QVERIFY2(box->informativeText().contains(reason.toHtmlEscaped()), qPrintable(box->informativeText()));
        QVERIFY(box->informativeText().contains(QStringLiteral("sample_profile.json stays open")));
        box->close();
    }

    void rangeIsAppliedAfterLoad_data()
    {
        QTest::addColumn<QString>("range");
        QTest::addColumn<qlonglong>("start"); // ns after the trace start
        QTest::addColumn<qlonglong>("end"); // -1: the trace end
        QTest::newRow("units") << "1ms:3.5ms" << 1000000LL << 3500000LL;
        QTest::newRow("nanoseconds") << "250000:750000" << 250000LL << 750000LL;
        QTest::newRow("open end") << "20ms:" << 20000000LL << -1LL;
    }

    void rangeIsAppliedAfterLoad()
    {
        QFETCH(QString, range);
        QFETCH(qlonglong, start);
        QFETCH(qlonglong, end);
        const auto spec = app::CommandLine::parseRange(range);
        QVERIFY(spec);
        MainWindow w;
        w.setPersistent(false);
        QCOMPARE(load(w, kSample, spec).value(0).toBool(), true);
        const store::TimeRange trace = w.session()->store()->extent();
        const store::TimeRange vis = w.session()->viewport()->visible();
        QCOMPARE(vis.start, trace.start + start);
        QCOMPARE(vis.end, end < 0 ? trace.end : trace.start + end);
        QVERIFY(statusText(w, "statusZoom") != QStringLiteral("Zoom 1.0×"));
    }

    void cancelKeepsStateAndAppResponsive_data()
    {
        QTest::addColumn<bool>("withPrevious");
        QTest::newRow("over an open profile") << true;
        QTest::newRow("from the welcome page") << false;
    }

    void cancelKeepsStateAndAppResponsive()
    {
        QFETCH(bool, withPrevious);
        MainWindow w;
        w.setPersistent(false);
        w.setInteractive(false);
        w.show();
        if (withPrevious)
            QCOMPARE(load(w, kSample).value(0).toBool(), true);
        const auto store = w.session()->store();
        const QString title = w.windowTitle();

        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(bigTrace());
        QVERIFY(w.isLoading());
        auto* panel = w.findChild<QWidget*>(QStringLiteral("loadProgressPanel"));
        QVERIFY(panel && panel->isVisible());
        w.cancelLoad(); // sets the flag; the worker stops at its next poll
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), false);
        QVERIFY2(finished.at(0).at(1).toBool(), qPrintable(finished.at(0).at(2).toString()));
        QVERIFY(!w.isLoading());
        QVERIFY(!panel->isVisible());
        QCOMPARE(w.session()->store(), store);
        QCOMPARE(w.windowTitle(), title);
        QVERIFY(!w.findChild<QMessageBox*>(QStringLiteral("loadErrorBox")));

        // Still usable: the next load goes through.
        const QString flows = kSource + QStringLiteral("/tests/data/chrome_flows_v2.json");
        QCOMPARE(load(w, flows).value(0).toBool(), true);
        QCOMPARE(w.windowTitle(), QStringLiteral("Strata — chrome_flows_v2.json"));
    }

    void newerLoadReplacesRunningOne()
    {
        MainWindow w;
        w.setPersistent(false);
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(bigTrace());
        w.openFile(kSample); // the first load is abandoned without a loadFinished
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QCOMPARE(w.windowTitle(), QStringLiteral("Strata — sample_profile.json"));
    }

    // A file opens; a folder or several files open as one job, named by their folder.
    void dropOpensFile_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QString>("title");
        QTest::newRow("a file") << QStringList { kSample } << "Strata — sample_profile.json";
        QTest::newRow("a job's folder") << QStringList { jobfolder::kJob } << "Strata — job_straggler — 4 ranks";
        QTest::newRow("a job's files") << jobfolder::files().mid(1) << "Strata — job_straggler — 3 ranks";
    }

    void dropOpensFile()
    {
        QFETCH(QStringList, files);
        MainWindow w;
        w.setPersistent(false);
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        QMimeData mime;
        QList<QUrl> urls;
        for (const QString& f : files)
            urls << QUrl::fromLocalFile(f);
        mime.setUrls(urls);
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QCOMPARE(finished.at(0).at(0).toBool(), true);
        QTEST(w.windowTitle(), "title");
    }

    void recentFilesAndClose()
    {
        MainWindow w;
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList(),
            QStringList { QFileInfo(kSample).absoluteFilePath() });
        w.closeProfile();
        QVERIFY(!w.session()->isOpen());
        QCOMPARE(w.windowTitle(), QStringLiteral("Strata"));
        QVERIFY(!w.timeline()->store());
        auto* stack = w.findChild<QStackedWidget*>(QStringLiteral("centralStack"));
        QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("welcomePage"));
        QVERIFY(w.findChild<QLabel*>(QStringLiteral("recentFiles"))
                    ->text()
                    .contains(QStringLiteral("sample_profile.json")));
    }

    // An OpenRequest's `select` picks the longest slice whose name contains the text (case
    // folded), once the profile is open; the lookup runs off the GUI thread.
    void requestSelectsTheLongestMatch_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("found");
        QTest::newRow("a name part, other case") << "CONV" << true;
        QTest::newRow("no such name") << "no-such-slice-name" << false;
    }

    void requestSelectsTheLongestMatch()
    {
        QFETCH(QString, text);
        QFETCH(bool, found);
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        app::OpenRequest request;
        request.path = kSample;
        request.select = text;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        QSignalSpy current(w.session()->selection(), &model::Selection::currentChanged);
        w.open(request);
        QVERIFY(finished.wait(kLoadTimeoutMs));
        QCOMPARE(finished.first().value(0).toBool(), true);
        if (!found) {
            model::BackgroundPool::instance()->waitForDone();
            QCoreApplication::processEvents();
            QVERIFY(!w.session()->selection()->current().valid());
            return;
        }
        QVERIFY(current.count() || current.wait(kLoadTimeoutMs));
        const auto& s = *w.session()->store();
        const model::EventRef e = w.session()->selection()->current();
        QCOMPARE(e.kind, model::EventRef::Kind::Slice);
        const store::SliceRow chosen(e.row);
        QVERIFY(QString::fromStdString(std::string(s.str(s.sliceName(chosen)))).contains(text, Qt::CaseInsensitive));
        for (uint32_t r = 0; r < s.sliceCount(); ++r) { // an independent check: none is longer
            const store::SliceRow row(r);
            if (QString::fromStdString(std::string(s.str(s.sliceName(row)))).contains(text, Qt::CaseInsensitive))
                QVERIFY(s.sliceDur(row) <= s.sliceDur(chosen));
        }
    }

    // The window's habits (issue: the window gets in the way). Content never resizes a dock:
    // a click on an event fills Event Details, and no dock (nor the timeline) moves.
    void clickOnEventKeepsDockGeometry()
    {
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        QCoreApplication::processEvents();
        const QMap<QString, QRect> before = geometries(w);
        const QPoint at = someSliceCentre(w);
        QVERIFY(!at.isNull());
        QTest::mouseClick(w.timeline(), Qt::LeftButton, Qt::NoModifier, at);
        QVERIFY(w.session()->selection()->current().valid());
        QCoreApplication::processEvents();
        QCOMPARE(geometries(w), before);
    }

    // Timeline keys act on the timeline under the mouse wherever the focus is, unless a
    // text field is being edited.
    void timelineKeysFollowTheMouse_data()
    {
        QTest::addColumn<QString>("focus"); // objectName of the widget clicked first
        QTest::addColumn<bool>("zooms");
        QTest::newRow("after a click in the Operator Table") << "operatorTable" << true;
        QTest::newRow("while typing a search") << "searchName" << false;
    }

    void timelineKeysFollowTheMouse()
    {
        QFETCH(QString, focus);
        QFETCH(bool, zooms);
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        QWidget* target = focus == QLatin1String("searchName")
            ? static_cast<QWidget*>(w.searchWidget()->form()->nameEdit())
            : static_cast<QWidget*>(w.dock(QStringLiteral("operatorTableDock"))->findChild<QTreeView*>());
        w.dock(
             focus == QLatin1String("searchName") ? QStringLiteral("searchDock") : QStringLiteral("operatorTableDock"))
            ->raise();
        QCoreApplication::processEvents();
        target->setFocus(Qt::MouseFocusReason); // as the click in it does
        QTRY_VERIFY(QApplication::focusWidget() && QApplication::focusWidget() != w.timeline());
        QTest::mouseMove(w.timeline(), w.timeline()->rect().center());
        const store::TimeNs span = w.session()->viewport()->visible().duration();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_W);
        QCOMPARE(w.session()->viewport()->visible().duration() < span, zooms);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget*>(w.timeline()));
    }

    // A query belongs to the profile it was typed for.
    void openingAnotherProfileClearsTheSearch()
    {
        MainWindow w;
        w.setPersistent(false);
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        w.searchWidget()->form()->nameEdit()->setText(QStringLiteral("aten"));
        w.session()->selection()->setCurrent(model::EventRef::slice(store::SliceRow(0)));
        QCOMPARE(load(w, kSource + QStringLiteral("/tests/data/chrome_flows_v2.json")).value(0).toBool(), true);
        QVERIFY(w.searchWidget()->form()->isEmpty());
        QVERIFY(!w.session()->selection()->current().valid());
        QVERIFY(!w.session()->viewport()->canGoBack());
    }

    // Reset to Default keeps a maximised window maximised and gives the first-run docks.
    void resetWhileMaximisedGivesFirstRunGeometry()
    {
        QMap<QString, QRect> firstRun;
        {
            MainWindow w;
            w.setPersistent(false);
            w.showMaximized();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCOMPARE(load(w, kSample).value(0).toBool(), true);
            QCoreApplication::processEvents();
            firstRun = geometries(w);
        }
        MainWindow w;
        w.setPersistent(false);
        w.showMaximized();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        QDockWidget* details = w.dock(QStringLiteral("eventDetailsDock"));
        w.addDockWidget(Qt::BottomDockWidgetArea, details); // as a user's drag would
        w.resizeDocks({ w.dock(QStringLiteral("operatorTableDock")) }, { 90 }, Qt::Vertical);
        QCoreApplication::processEvents();
        QVERIFY(geometries(w) != firstRun);
        w.resetLayout();
        QCoreApplication::processEvents();
        QVERIFY(w.isMaximized());
        QCOMPARE(geometries(w), firstRun);
    }

    // A 1366×768 laptop (less a 32-px panel and the frame: WindowFit::kMaxMinimum) and a
    // 1920×1080 screen at 150 % (1280×720, less the frame) hold the window in every built-in
    // arrangement, comparing or not: B's pane, the compare bar and a long file name included.
    void minimumSizeFitsSmallScreens_data()
    {
        QTest::addColumn<bool>("compare");
        QTest::newRow("one profile") << false;
        QTest::newRow("comparing") << true;
    }
    void minimumSizeFitsSmallScreens()
    {
        QFETCH(bool, compare);
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        if (compare) {
            const QString longName = m_dir.filePath(
                QStringLiteral("a_rather_long_profile_name_of_rank_1_from_the_second_run_of_the_job.json"));
            QFile::remove(longName);
            QVERIFY(QFile::copy(kSample, longName));
            QSignalSpy compared(&w, &MainWindow::compareFinished);
            w.compareWith(longName);
            QVERIFY(compared.wait(kLoadTimeoutMs));
            QVERIFY(w.comparison()->active());
            QCoreApplication::processEvents();
        }
        const QSize scaled1080 = QSize(1280, 720) - QSize(0, 40); // 150 % of 1920×1080, less a frame
        for (const app::DockSpec& spec : app::DockRegistry::all()) { // each dock in front of its tabs
            w.dock(QLatin1String(spec.id))->raise();
            const QSize m = w.minimumSizeHint().expandedTo(w.minimumSize());
            QVERIFY2(m.boundedTo(app::WindowFit::kMaxMinimum) == m,
                qPrintable(QStringLiteral("%1: %2×%3").arg(QLatin1String(spec.id)).arg(m.width()).arg(m.height())));
            QVERIFY2(m.boundedTo(scaled1080) == m, spec.id);
        }
    }

    // A dock tab elided on a small or 150 % screen still names its dock, in its tooltip.
    void dockTabsNameTheirDocks()
    {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1024, 640);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        int tabs = 0;
        for (QTabBar* bar : w.findChildren<QTabBar*>()) {
            for (int i = 0; bar->parentWidget() == &w && i < bar->count(); ++i, ++tabs)
                QCOMPARE(bar->tabToolTip(i), bar->tabText(i));
        }
        QVERIFY(tabs >= 3);
    }

    // File > Export Image writes what is on screen, at its size or twice it, PNG or SVG.
    void exportImageWritesPngAndSvg_data()
    {
        QTest::addColumn<bool>("wholeWindow");
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("scale");
        QTest::newRow("timeline, PNG") << false << "t.png" << 1.0;
        QTest::newRow("timeline, PNG at 2x") << false << "t2.png" << 2.0;
        QTest::newRow("window, SVG") << true << "w.svg" << 1.0;
    }

    void exportImageWritesPngAndSvg()
    {
        QFETCH(bool, wholeWindow);
        QFETCH(QString, file);
        QFETCH(double, scale);
        MainWindow w;
        w.setPersistent(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(load(w, kSample).value(0).toBool(), true);
        const QString path = m_dir.filePath(file);
        QString error;
        QVERIFY2(w.exportImage(wholeWindow, path, scale, &error), qPrintable(error));
        QVERIFY(w.statusBar()->currentMessage().contains(QDir::toNativeSeparators(path))); // confirmed
        const QSize shown = wholeWindow ? w.size() : w.timeline()->size();
        if (file.endsWith(QLatin1String(".svg"))) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray svg = f.readAll();
            QVERIFY(
                svg.contains(QStringLiteral("viewBox=\"0 0 %1 %2\"").arg(shown.width()).arg(shown.height()).toUtf8()));
        } else {
            const QImage image(path);
            QCOMPARE(image.size(), shown * scale);
            QVERIFY(image.pixel(image.width() / 2, image.height() / 2) != image.pixel(2, image.height() - 2)
                || image.pixel(image.width() / 3, image.height() / 3) != image.pixel(2, 2));
        }
    }

private:
    QString bigTrace() { return testsupport::bigChromeTrace(QDir(m_dir.path())); }

    QTemporaryDir m_dir;
};

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
