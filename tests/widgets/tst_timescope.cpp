// TimeScope: the window of each of its four modes over a session's viewport, time selection
// and markers; which moves each mode follows; that a run of moves costs one changed() after
// the pause, or after the cap during a drag that never pauses; and the pair's marker
// following the marker selection.
#include <common/timescope.h>

#include <state/annotationsmodel.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <support/widgettestutil.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using widgets::TimeScope;
using Mode = TimeScope::Mode;
using Source = TimeScope::Source;

namespace {

// Trace [1000, 11000], visible [2000, 5000]; markers at 2500 and 6000, the later measured
// against the earlier and selected.
struct Fixture {
    model::Session session;
    model::MarkerId early, late;

    Fixture()
    {
        session.viewport()->setTraceRange({ 1000, 11000 });
        session.viewport()->setVisible({ 2000, 5000 });
        model::AnnotationsModel* markers = session.annotations();
        early = markers->add(2500);
        late = markers->add(6000);
        markers->setDiffVs(late, early);
        markers->setSelected(late);
    }
};

enum class Move { Pan, Select, DragMarker };

void move(Fixture& f, Move what, int step)
{
    switch (what) {
    case Move::Pan: f.session.viewport()->setVisible({ 2000 + step * 10, 5000 + step * 10 }); break;
    case Move::Select: f.session.selection()->setTimeSelection({ 3000, 4000 + step * 10 }); break;
    case Move::DragMarker: f.session.annotations()->move(f.early, 2500 + step * 10); break;
    }
}

} // namespace

class tst_TimeScope : public QObject {
    Q_OBJECT
private slots:
    void window_data();
    void window();
    void followedMoves_data();
    void followedMoves();
    void burstCostsOneChange();
    void capReportsDuringEndlessDrag();
    void modeChangeReportsAtOnce();
    void pairMarkerFollowsSelection();
    void latestOfSliceAndTimeSelection_data();
    void latestOfSliceAndTimeSelection();
};

void tst_TimeScope::window_data()
{
    QTest::addColumn<Mode>("mode");
    QTest::addColumn<bool>("timeSelection");
    QTest::addColumn<bool>("diffVs");
    QTest::addColumn<Source>("source");
    QTest::addColumn<qint64>("start"); // absolute
    QTest::addColumn<qint64>("end");
    QTest::addColumn<QString>("describe"); // its start

    QTest::newRow("whole trace") << Mode::WholeTrace << true << true << Source::WholeTrace << qint64(store::kTimeMin)
                                 << qint64(store::kTimeMax) << "whole trace";
    QTest::newRow("visible range, despite a time selection")
        << Mode::VisibleRange << true << true << Source::Visible << qint64(2000) << qint64(5000) << "visible window";
    QTest::newRow("current selection: the time selection")
        << Mode::CurrentSelection << true << true << Source::TimeSelection << qint64(3000) << qint64(4000)
        << "time selection";
    QTest::newRow("current selection: else the visible range")
        << Mode::CurrentSelection << false << true << Source::Visible << qint64(2000) << qint64(5000)
        << "visible window";
    QTest::newRow("marker pair") << Mode::MarkerPair << true << true << Source::MarkerPair << qint64(2500)
                                 << qint64(6000) << "marker pair";
    QTest::newRow("marker pair without a Diff vs")
        << Mode::MarkerPair << true << false << Source::None << qint64(0) << qint64(0) << "no marker pair";
}

void tst_TimeScope::window()
{
    QFETCH(Mode, mode);
    QFETCH(bool, timeSelection);
    QFETCH(bool, diffVs);
    QFETCH(Source, source);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(QString, describe);

    Fixture f;
    if (timeSelection)
        f.session.selection()->setTimeSelection({ 3000, 4000 });
    if (!diffVs)
        f.session.annotations()->setDiffVs(f.late, model::MarkerId());
    TimeScope scope(&f.session);
    scope.setMode(mode);
    QCOMPARE(scope.source(), source);
    QCOMPARE(scope.hasWindow(), source != Source::None);
    QCOMPARE(scope.window().start, start);
    QCOMPARE(scope.window().end, end);
    const auto relative = scope.relativeRange();
    QCOMPARE(relative.has_value(), source != Source::WholeTrace && source != Source::None);
    if (relative) { // as strata-cli --range takes it: from the trace start
        QCOMPARE(relative->start, start - 1000);
        QCOMPARE(relative->end, end - 1000);
    }
    QVERIFY2(scope.describe().startsWith(describe), qPrintable(scope.describe()));
}

void tst_TimeScope::followedMoves_data()
{
    QTest::addColumn<Mode>("mode");
    QTest::addColumn<Move>("move");
    QTest::addColumn<bool>("follows");

    const std::pair<Mode, const char*> modes[] = { { Mode::WholeTrace, "whole" }, { Mode::VisibleRange, "visible" },
        { Mode::CurrentSelection, "selection" }, { Mode::MarkerPair, "pair" } };
    const std::pair<Move, const char*> moves[]
        = { { Move::Pan, "pan" }, { Move::Select, "select" }, { Move::DragMarker, "drag marker" } };
    for (const auto& [mode, modeName] : modes)
        for (const auto& [what, moveName] : moves) {
            const bool follows = (what == Move::Pan && (mode == Mode::VisibleRange || mode == Mode::CurrentSelection))
                || (what == Move::Select && mode == Mode::CurrentSelection)
                || (what == Move::DragMarker && mode == Mode::MarkerPair);
            QTest::addRow("%s, %s", modeName, moveName) << mode << what << follows;
        }
}

void tst_TimeScope::followedMoves()
{
    QFETCH(Mode, mode);
    QFETCH(Move, move);
    QFETCH(bool, follows);

    Fixture f;
    TimeScope scope(&f.session);
    scope.setMode(mode);
    QSignalSpy changed(&scope, &TimeScope::changed);
    ::move(f, move, 1);
    QCOMPARE(changed.count(), 0); // never at once: after the pause
    QCOMPARE(scope.isPending(), follows);
    if (follows)
        QTRY_COMPARE(changed.count(), 1);
}

void tst_TimeScope::burstCostsOneChange()
{
    Fixture f;
    TimeScope scope(&f.session);
    scope.setMode(Mode::CurrentSelection);
    QSignalSpy changed(&scope, &TimeScope::changed);
    for (int step = 1; step <= 20; ++step)
        move(f, step % 2 ? Move::Pan : Move::Select, step);
    QVERIFY(scope.isPending());
    QTRY_VERIFY(!scope.isPending());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(scope.window().end, 4000 + 20 * 10); // the last move's window

    // A pending move dropped (a new profile replaces it) reports nothing.
    move(f, Move::Pan, 21);
    QVERIFY(scope.isPending());
    scope.discardPending();
    QVERIFY(!scope.isPending());
    QCOMPARE(changed.count(), 1);
}

void tst_TimeScope::capReportsDuringEndlessDrag()
{
    Fixture f;
    TimeScope scope(&f.session);
    scope.setMode(Mode::VisibleRange);
    // A pause never comes within the test's wait, so only the cap can report.
    scope.setPace(3600 * 1000, 20);
    QSignalSpy changed(&scope, &TimeScope::changed);
    int step = 0;
    QTRY_VERIFY((move(f, Move::Pan, ++step), changed.count() >= 1));
    QVERIFY(step > 1); // the first moves were held back
}

void tst_TimeScope::modeChangeReportsAtOnce()
{
    Fixture f;
    TimeScope scope(&f.session);
    scope.setMode(Mode::VisibleRange);
    QSignalSpy changed(&scope, &TimeScope::changed);
    move(f, Move::Pan, 1);
    QVERIFY(scope.isPending());
    scope.setMode(Mode::MarkerPair);
    QCOMPARE(changed.count(), 1);
    QVERIFY(!scope.isPending()); // the held-back move is in this report
    scope.setMode(Mode::MarkerPair);
    QCOMPARE(changed.count(), 1); // no change, no report
}

void tst_TimeScope::pairMarkerFollowsSelection()
{
    Fixture f;
    model::AnnotationsModel* markers = f.session.annotations();
    TimeScope scope(&f.session);
    scope.setMode(Mode::MarkerPair);
    QCOMPARE(scope.marker(), f.late);
    QSignalSpy changed(&scope, &TimeScope::changed);

    markers->setSelected(f.early); // no Diff vs: no window, reported at once
    QCOMPARE(changed.count(), 1);
    QCOMPARE(scope.marker(), f.early);
    QVERIFY(!scope.hasWindow());

    markers->setSelected(f.late);
    QCOMPARE(changed.count(), 2);
    markers->setSelected(model::MarkerId()); // a deselection keeps the pair
    QCOMPARE(changed.count(), 2);
    QCOMPARE(scope.marker(), f.late);
    QCOMPARE(scope.window().start, 2500);

    markers->remove(f.late); // gone: no pair
    QVERIFY(!scope.marker().valid());
    QVERIFY(!scope.hasWindow());
}

QTEST_MAIN(tst_TimeScope)
// The steps of a user, in order: 's' selects the slice [6000, 8500], 't' drags a time
// selection [3000, 4000], 'c' clears the current event, 'x' clears the time selection.
void tst_TimeScope::latestOfSliceAndTimeSelection_data()
{
    QTest::addColumn<QString>("steps");
    QTest::addColumn<Source>("source");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::newRow("slice alone: its exact extent") << "s" << Source::Slice << qint64(6000) << qint64(8500);
    QTest::newRow("drag after the slice: the drag") << "st" << Source::TimeSelection << qint64(3000) << qint64(4000);
    QTest::newRow("slice after the drag: the slice") << "ts" << Source::Slice << qint64(6000) << qint64(8500);
    QTest::newRow("slice picked again: the slice") << "sts" << Source::Slice << qint64(6000) << qint64(8500);
    QTest::newRow("slice deselected: the drag") << "tsc" << Source::TimeSelection << qint64(3000) << qint64(4000);
    QTest::newRow("drag cleared: the slice") << "stx" << Source::Slice << qint64(6000) << qint64(8500);
    QTest::newRow("neither: the view") << "sc" << Source::Visible << qint64(-1) << qint64(-1);
}

void tst_TimeScope::latestOfSliceAndTimeSelection()
{
    QFETCH(QString, steps);
    QFETCH(Source, source);
    QFETCH(qint64, start);
    QFETCH(qint64, end);

    Fixture f;
    store::StoreBuilder b;
    const uint32_t thread = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    b.completeSlice(thread, 6000, 2500, b.type(b.intern("ProfilerStep#6"), b.intern("cat")), store::ArgSetId());
    widgettest::open(f.session, store::StoreFinalizer::finalize(b));
    model::Selection* sel = f.session.selection();
    TimeScope scope(&f.session);
    scope.setMode(Mode::CurrentSelection);
    QSignalSpy changed(&scope, &TimeScope::changed);
    for (const QChar c : steps) {
        const int before = changed.count();
        switch (c.toLatin1()) {
        case 's': sel->setCurrent(model::EventRef::slice(store::SliceRow(0))); break;
        case 't': sel->setTimeSelection({ 3000, 4000 }); break;
        case 'c': sel->setCurrent(model::EventRef()); break;
        case 'x': sel->clearTimeSelection(); break;
        }
        QTRY_COMPARE(changed.count(), before + 1); // every step is followed
    }
    QCOMPARE(scope.source(), source);
    if (start < 0) { // the visible window
        start = f.session.viewport()->visible().start;
        end = f.session.viewport()->visible().end;
    }
    QCOMPARE(scope.window().start, start);
    QCOMPARE(scope.window().end, end);
    QCOMPARE(scope.sliceName(), source == Source::Slice ? QStringLiteral("ProfilerStep#6") : QString());
    if (source == Source::Slice)
        QVERIFY2(scope.describe().startsWith(QStringLiteral("ProfilerStep#6 ")), qPrintable(scope.describe()));
}

#include "tst_timescope.moc"
