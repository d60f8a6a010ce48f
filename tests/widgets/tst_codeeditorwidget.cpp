// CodeEditorWidget: the source index is built off the GUI thread, files are found next to
// the trace, clicking a line highlights exactly its events (several lines: the union), the
// current event marks its line, and Ctrl+click on an event in the timeline scrolls the
// editor to its line.
#include <code/codeeditorwidget.h>
#include <code/sourceview.h>
#include <state/selection.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <support/widgettestutil.h>
#include <timeline/timelinewidget.h>

#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <state/session.h>

#include <QtTest>

using namespace strata;
using model::EventRef;
using widgets::CodeEditorWidget;

namespace {

// Thread "Engine": a@100 (k.py:3), b@200 (k.py:3), c@300 (k.py:5), far@400 (k.py:150),
// plain@500 (no source); thread "Other": o@600 (lib/other.py:2); instant i@250 (k.py:5).
std::shared_ptr<const store::EventStore> makeStore()
{
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    const uint32_t engine = b.thread(p, store::IdValue::number(1));
    b.setThreadName(engine, b.intern("Engine"));
    const uint32_t other = b.thread(p, store::IdValue::number(2));
    b.setThreadName(other, b.intern("Other"));
    auto type = [&](const char* name, const char* source) {
        return b.type(b.intern(name), b.intern("op"), source ? b.intern(source) : store::StringId());
    };
    b.completeSlice(engine, 100, 50, type("a", "k.py:3"), {});
    b.completeSlice(engine, 200, 50, type("b", "k.py:3"), {});
    b.completeSlice(engine, 300, 50, type("c", "k.py:5"), {});
    b.completeSlice(engine, 400, 50, type("far", "k.py:150"), {});
    b.completeSlice(engine, 500, 50, type("plain", nullptr), {});
    b.completeSlice(other, 600, 10, type("o", "lib/other.py:2"), {});
    b.threadInstant(engine, 250, type("i", "k.py:5"), {});
    return store::StoreFinalizer::finalize(b);
}

store::SliceRow row(const store::EventStore& s, const char* name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (s.str(s.sliceName(store::SliceRow(r))) == name)
            return store::SliceRow(r);
    return {};
}

QString names(const store::EventStore& s, const model::Selection& sel)
{
    QStringList out;
    if (sel.highlighted())
        for (store::SliceRow r : *sel.highlighted())
            out << QString::fromStdString(std::string(s.str(s.sliceName(r))));
    out.sort();
    if (sel.highlightedInstants())
        for (store::InstantRow r : *sel.highlightedInstants())
            out << QStringLiteral("instant ")
                    + QString::fromStdString(std::string(s.str(s.types().get(s.instantType(r)).name)));
    return out.join(' ');
}

} // namespace

class tst_CodeEditorWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("StrataTest"));
        QVERIFY(m_dir.isValid());
        QFile f(m_dir.path() + "/k.py");
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 1; i <= 200; ++i)
            f.write(QStringLiteral("x%1 = compute(%1)  # line %1\n").arg(i).toUtf8());
        f.close();
        m_trace = m_dir.path() + "/trace.json";
        m_store = makeStore();
    }

    void init()
    {
        m_session = std::make_unique<model::Session>();
        m_selection = m_session->selection();
        m_w = std::make_unique<CodeEditorWidget>(widgets::DockContext { m_session.get() });
        m_w->resize(700, 400);
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
        widgettest::open(*m_session, m_store, m_trace);
        QSignalSpy ready(m_w.get(), &CodeEditorWidget::indexReady);
        QSignalSpy shown(m_w.get(), &CodeEditorWidget::fileShown);
        QVERIFY(ready.wait());
        QVERIFY(shown.count() || shown.wait()); // the file with the most time opens by itself
        QCOMPARE(m_w->view()->fileName(), m_dir.path() + "/k.py");
    }

    void cleanup()
    {
        m_w.reset();
        m_session.reset();
    }

    void listsTheProfilesFiles()
    {
        QCOMPARE(m_w->fileList()->count(), 2);
        QVERIFY(m_w->fileList()->itemText(0).startsWith("k.py — 5 events"));
        QVERIFY(m_w->fileList()->itemText(1).startsWith("lib/other.py — 1 events"));
        QVERIFY(m_w->view()->hasSource());
        const analysis::SourceLine* l3 = m_w->view()->statsFor(3);
        QVERIFY(l3);
        QCOMPARE(l3->slices, 2u);
        QCOMPARE(l3->totalNs, store::TimeNs(100));
        QVERIFY(!m_w->view()->statsFor(4));
    }

    void clickingLinesHighlightsTheirEvents_data()
    {
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<QString>("highlighted");
        QTest::newRow("one line, two slices") << 3 << 3 << "a b";
        QTest::newRow("a slice and an instant") << 5 << 5 << "c instant i";
        QTest::newRow("several lines: the union") << 3 << 5 << "a b c instant i";
    }

    void clickingLinesHighlightsTheirEvents()
    {
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(QString, highlighted);
        widgets::SourceView* v = m_w->view();
        const QRect r = v->lineRect(uint32_t(first));
        QVERIFY(!r.isEmpty());
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, QPoint(40, r.center().y()));
        if (last != first) {
            const QRect z = v->lineRect(uint32_t(last));
            QTest::mouseClick(v->viewport(), Qt::LeftButton, Qt::ShiftModifier, QPoint(40, z.center().y()));
        }
        QTRY_COMPARE(names(*m_store, *m_selection), highlighted);
        QVERIFY(!m_selection->current().valid()); // a line highlights; it selects nothing
    }

    void gutterClickSelectsLines()
    {
        widgets::SourceView* v = m_w->view();
        QWidget* gutter = reinterpret_cast<QWidget*>(v->gutter());
        QTest::mouseClick(gutter, Qt::LeftButton, {}, QPoint(10, v->lineRect(3).center().y()));
        QTRY_COMPARE(names(*m_store, *m_selection), QStringLiteral("a b"));
        QTest::mouseClick(gutter, Qt::LeftButton, Qt::ShiftModifier, QPoint(10, v->lineRect(5).center().y()));
        QCOMPARE(v->selectedLines(), QList<uint>({ 3, 4, 5 }));
        QTRY_COMPARE(names(*m_store, *m_selection), QStringLiteral("a b c instant i"));
    }

    void lineWithoutEventsClearsTheHighlight()
    {
        m_w->view()->selectLines(3, 3);
        QTRY_VERIFY(m_selection->highlighted());
        m_w->view()->selectLines(4, 4);
        QTRY_VERIFY(!m_selection->highlighted());
    }

    void currentEventMarksItsLine_data()
    {
        QTest::addColumn<QString>("event");
        QTest::addColumn<int>("line");
        QTest::newRow("slice") << "c" << 5;
        QTest::newRow("another line") << "a" << 3;
        QTest::newRow("no source") << "plain" << 0;
    }

    void currentEventMarksItsLine()
    {
        QFETCH(QString, event);
        QFETCH(int, line);
        m_selection->setCurrent(EventRef::slice(row(*m_store, qPrintable(event))));
        QCOMPARE(int(m_w->view()->eventLine()), line);
        QVERIFY(!m_selection->highlighted()); // marking a line highlights nothing
    }

    void eventInAnotherFileOpensIt()
    {
        QSignalSpy shown(m_w.get(), &CodeEditorWidget::fileShown);
        m_selection->setCurrent(EventRef::slice(row(*m_store, "o")));
        QVERIFY(shown.wait());
        QCOMPARE(m_w->currentFile(), 1);
        QVERIFY(!m_w->view()->hasSource()); // lib/other.py is not next to the trace
        QVERIFY(m_w->view()->placeholderText().contains("lib/other.py was not found"));
        // With a source root that holds it, it shows.
        QTemporaryDir root;
        QDir().mkpath(root.path() + "/lib");
        QFile f(root.path() + "/lib/other.py");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("import os\nfrom x import y\n");
        f.close();
        m_w->setSourceRoot(root.path());
        QVERIFY(shown.wait());
        QVERIFY(m_w->view()->hasSource());
        QCOMPARE(m_w->view()->eventLine(), 2u);
        m_w->setSourceRoot(QString());
    }

    void ctrlClickOnTheTimelineScrollsToTheLine()
    {
        widgets::TimelineWidget timeline(m_session.get()); // on the profile the fixture opened
        timeline.resize(800, 300);
        timeline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&timeline));
        const EventRef far = EventRef::slice(row(*m_store, "far"));
        QCOMPARE(m_w->view()->firstVisibleLine(), 1u);
        QVERIFY(m_w->view()->lineRect(150).isEmpty()); // off screen

        // A plain click marks the line but leaves the view where it is.
        const QPoint at = timeline.eventRect(far).center().toPoint();
        QTest::mouseClick(&timeline, Qt::LeftButton, {}, at);
        QCOMPARE(m_selection->current(), far);
        QCOMPARE(m_w->view()->eventLine(), 150u);
        QVERIFY(m_w->view()->lineRect(150).isEmpty());

        QSignalSpy raise(m_w.get(), &CodeEditorWidget::raiseRequested);
        QTest::mouseClick(&timeline, Qt::LeftButton, Qt::ControlModifier, at);
        QCOMPARE(raise.count(), 1);
        QVERIFY(!m_w->view()->lineRect(150).isEmpty());
        QVERIFY(m_w->view()->firstVisibleLine() < 150 && m_w->view()->lastVisibleLine() > 150);
    }

    void selectSourceLineWaitsForTheIndex()
    {
        CodeEditorWidget w({ m_session.get() });
        w.resize(600, 300);
        w.show();
        widgettest::open(*m_session, m_store, m_trace); // again: the source index comes later
        QVERIFY(w.isIndexing());
        w.selectSourceLine(QStringLiteral("k.py"), 5);
        QSignalSpy shown(&w, &CodeEditorWidget::fileShown);
        QVERIFY(shown.wait());
        QCOMPARE(w.view()->selectedLines(), QList<uint>({ 5 }));
        QTRY_COMPARE(names(*m_store, *m_selection), QStringLiteral("c instant i"));
    }

private:
    QTemporaryDir m_dir;
    QString m_trace;
    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    model::Selection* m_selection = nullptr;
    std::unique_ptr<CodeEditorWidget> m_w;
};

QTEST_MAIN(tst_CodeEditorWidget)
#include "tst_codeeditorwidget.moc"
