#include <layouts/layoutstore.h>
#include <loading/sampleprofile.h>
#include <state/session.h>
#include <window/appmenus.h>
#include <window/mainwindow.h>

#include <common/lastfolder.h>
#include <timeline/timelinetogglepreference.h>
#include <timeline/timelinewidget.h>

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using strata::app::MainWindow;
using strata::widgets::LastFolder;

namespace {

QMenu* menu(MainWindow& w, const QString& title)
{
    for (QAction* a : w.menuBar()->actions()) {
        if (a->text().remove(QLatin1Char('&')) == title)
            return a->menu();
    }
    return nullptr;
}

QAction* entry(QMenu* m, const QString& text)
{
    if (!m)
        return nullptr;
    for (QAction* a : m->actions()) {
        if (a->text().remove(QLatin1Char('&')) == text)
            return a;
    }
    return nullptr;
}

} // namespace

class tst_AppMenus : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void entries_data()
    {
        QTest::addColumn<QString>("menu");
        QTest::addColumn<QString>("entry");
        QTest::addColumn<bool>("enabledWithoutProfile");
        QTest::newRow("open") << "File"
                              << "Open…" << true;
        QTest::newRow("sample") << "File"
                                << "Open Sample Profile" << true;
        QTest::newRow("recent") << "File"
                                << "Open Recent" << false; // nothing opened yet
        QTest::newRow("close") << "File"
                               << "Close" << false;
        QTest::newRow("quit") << "File"
                              << "Quit" << true;
        QTest::newRow("save as strata") << "File"
                                        << "Save As Strata Profile…" << false; // nothing to save
        QTest::newRow("clear snapshot cache") << "View"
                                              << "Clear Snapshot Cache…" << true;
        QTest::newRow("snapshot cache limit") << "View"
                                              << "Snapshot Cache Limit…" << true;
        QTest::newRow("details dock") << "View"
                                      << "Event Details" << true;
        QTest::newRow("reset zoom") << "View"
                                    << "Reset Zoom" << false;
        QTest::newRow("zoom in") << "View"
                                 << "Zoom In" << false;
        QTest::newRow("back") << "View"
                              << "Back" << false;
        QTest::newRow("theme") << "View"
                               << "Theme" << true;
        QTest::newRow("overlap lane") << "View"
                                      << "Overlap Lane" << false;
        QTest::newRow("skew strip") << "View"
                                    << "Skew Strip" << true;
        QTest::newRow("save layout") << "Layout"
                                     << "Save Layout As…" << true;
        QTest::newRow("load layout") << "Layout"
                                     << "Load Layout" << true;
        QTest::newRow("delete layout") << "Layout"
                                       << "Delete Layout" << false; // none saved
        QTest::newRow("reset layout") << "Layout"
                                      << "Reset to Default" << true;
        QTest::newRow("export") << "Layout"
                                << "Export Layout…" << true;
        QTest::newRow("import") << "Layout"
                                << "Import Layout…" << true;
        QTest::newRow("shortcuts") << "Help"
                                   << "Keyboard Shortcuts" << true;
        QTest::newRow("about") << "Help"
                               << "About Strata" << true;
    }

    void entries()
    {
        QFETCH(QString, menu);
        QFETCH(QString, entry);
        MainWindow w;
        QAction* a = ::entry(::menu(w, menu), entry);
        QVERIFY2(a, qPrintable(menu + QStringLiteral(" ▸ ") + entry));
        QTEST(a->isEnabled(), "enabledWithoutProfile");
    }

    void profileActionsFollowTheSession()
    {
        MainWindow w;
        w.setPersistent(false);
        QAction* reset = entry(menu(w, QStringLiteral("View")), QStringLiteral("Reset Zoom"));
        QAction* close = entry(menu(w, QStringLiteral("File")), QStringLiteral("Close"));
        QAction* saveStrata = entry(menu(w, QStringLiteral("File")), QStringLiteral("Save As Strata Profile…"));
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openSample();
        QVERIFY(close->isEnabled()); // a running load can be closed (cancelled)
        QVERIFY(finished.wait(60000));
        QVERIFY(reset->isEnabled());
        QVERIFY(saveStrata->isEnabled());
        w.closeProfile();
        QVERIFY(!reset->isEnabled());
        QVERIFY(!saveStrata->isEnabled());
        QVERIFY(!close->isEnabled());
    }

    // View > Overlap Lane: unticked on the sample, which has no communication work; ticking
    // it shows the lanes and saves the choice, unticking hides them again.
    void overlapLaneToggle()
    {
        MainWindow w;
        w.setPersistent(false);
        QMenu* view = menu(w, QStringLiteral("View"));
        QAction* lane = entry(view, QStringLiteral("Overlap Lane"));
        QVERIFY(lane && lane->isCheckable());
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openSample();
        QVERIFY(finished.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->analyses()->complete(), 60000);
        emit view->aboutToShow();
        QVERIFY(!lane->isChecked());
        QVERIFY(!w.timeline()->overlapLaneShown());
        lane->trigger();
        QVERIFY(lane->isChecked());
        QVERIFY(w.timeline()->overlapLaneShown());
        QCOMPARE(QSettings().value(QStringLiteral("timeline/overlapLane")).toBool(), true);
        lane->trigger();
        QVERIFY(!w.timeline()->overlapLaneShown());
        QCOMPARE(QSettings().value(QStringLiteral("timeline/overlapLane")).toBool(), false);
        emit view->aboutToShow();
        QVERIFY(!lane->isChecked());
    }

    // View > Skew Strip: ticked until the user unticks it, which saves the choice.
    void skewStripToggle()
    {
        MainWindow w;
        w.setPersistent(false);
        QMenu* view = menu(w, QStringLiteral("View"));
        QAction* skew = entry(view, QStringLiteral("Skew Strip"));
        QVERIFY(skew && skew->isCheckable());
        emit view->aboutToShow();
        QVERIFY(skew->isChecked());
        skew->trigger();
        QVERIFY(!strata::widgets::TimelineTogglePreference::skewStrip()->shows());
        QCOMPARE(QSettings().value(QStringLiteral("timeline/skewStrip")).toBool(), false);
        emit view->aboutToShow();
        QVERIFY(!skew->isChecked());
        skew->trigger();
        QVERIFY(strata::widgets::TimelineTogglePreference::skewStrip()->shows());
    }

    // The file dialogs about the open profile start in its folder: the window's file path is
    // the profile, and none for the bundled sample (its folder is not the user's).
    void dialogsStartNextToTheProfile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"traceEvents": [{"ph": "X", "name": "op", "pid": 1, "tid": 1, "ts": 1, "dur": 2}]})");
        f.close();
        MainWindow w;
        w.setInteractive(false);
        w.setPersistent(false);
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openFile(path);
        QVERIFY(finished.wait(60000));
        QCOMPARE(LastFolder::profileOf(w.timeline()), path);
        QCOMPARE(LastFolder::forProfile(LastFolder::profileOf(&w), LastFolder::kProfile, LastFolder::Access::Read),
            QDir::cleanPath(dir.path()));
        if (!strata::app::SampleProfile::path().isEmpty()) {
            w.openSample();
            QVERIFY(finished.wait(60000));
            QCOMPARE(LastFolder::profileOf(&w), QString());
        }
        w.closeProfile();
        QCOMPARE(LastFolder::profileOf(&w), QString());
    }

    void viewToggleHidesDock()
    {
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.setPersistent(false);
        w.show();
        w.openSample();
        QVERIFY(finished.wait(60000));
        QAction* toggle = entry(menu(w, QStringLiteral("View")), QStringLiteral("Event Details"));
        QVERIFY(toggle->isChecked());
        toggle->trigger();
        QVERIFY(w.dock(QStringLiteral("eventDetailsDock"))->isHidden());
        toggle->trigger();
        QVERIFY(!w.dock(QStringLiteral("eventDetailsDock"))->isHidden());
    }

    void findFocusesTheSearchField_data()
    {
        QTest::addColumn<QKeySequence>("keys");
        QTest::newRow("Ctrl+F") << QKeySequence(QKeySequence::Find);
        QTest::newRow("slash") << QKeySequence(Qt::Key_Slash);
    }

    void findFocusesTheSearchField()
    {
        QFETCH(QKeySequence, keys);
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.setPersistent(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.openSample();
        QVERIFY(finished.wait(60000));
        QWidget* timeline = reinterpret_cast<QWidget*>(w.timeline());
        timeline->setFocus();
        QTRY_VERIFY(timeline->hasFocus());
        QTest::keySequence(timeline, keys);
        auto* name = w.findChild<QLineEdit*>(QStringLiteral("searchName"));
        QVERIFY(name);
        QTRY_VERIFY(name->hasFocus());
        // Typed into a line edit, `/` is text, not the shortcut.
        name->setText(QStringLiteral("a"));
        name->setCursorPosition(1);
        QTest::keyClick(name, Qt::Key_Slash);
        QCOMPARE(name->text(), QStringLiteral("a/"));
    }

    void layoutSubmenusListSavedLayouts()
    {
        MainWindow w;
        w.setPersistent(false);
        QVERIFY(w.saveLayout(QStringLiteral("Beta")));
        QVERIFY(w.saveLayout(QStringLiteral("alpha")));
        QCoreApplication::processEvents(); // the rebuild is queued
        QMenu* load = entry(menu(w, QStringLiteral("Layout")), QStringLiteral("Load Layout"))->menu();
        QStringList names;
        for (QAction* a : load->actions())
            names << a->text();
        QCOMPARE(names, (QStringList { QStringLiteral("alpha"), QStringLiteral("Beta") }));
        QVERIFY(load->actions().at(0)->isChecked()); // the last saved is the current one
        QVERIFY(entry(menu(w, QStringLiteral("Layout")), QStringLiteral("Delete Layout"))->isEnabled());

        QVERIFY(w.deleteLayout(QStringLiteral("alpha")));
        QCoreApplication::processEvents();
        QCOMPARE(load->actions().size(), 1);
        QCOMPARE(load->actions().at(0)->text(), QStringLiteral("Beta"));
    }

    void recentMenuFollowsLoads()
    {
        MainWindow w;
        QSignalSpy finished(&w, &MainWindow::loadFinished);
        w.openSample();
        QVERIFY(finished.wait(60000));
        QCoreApplication::processEvents();
        QAction* recent = entry(menu(w, QStringLiteral("File")), QStringLiteral("Open Recent"));
        QVERIFY(recent->isEnabled());
        QVERIFY(recent->menu()->actions().at(0)->text().contains(QStringLiteral("sample_profile.json")));
    }
};

QTEST_MAIN(tst_AppMenus)
#include "tst_appmenus.moc"
