// One side's window of the Compare dock: the whole trace; the current selection, which for B
// is its own time selection, else A's shifted by the alignment offset, else A's visible
// window shifted alike (the tooltip says which); and the pairs of neighbouring markers of
// that side only, falling back to the whole trace when a chosen marker goes.
#include <support/widgettestutil.h>

#include "compare/comparewindowbox.h"

#include <state/annotationsmodel.h>
#include <state/comparison.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using widgets::CompareWindowBox;
using widgettest::Builder;
using Side = CompareWindowBox::Side;

namespace {

// One thread with a slice every µs over [0, 10 µs).
std::shared_ptr<const EventStore> makeStore()
{
    Builder s;
    const uint32_t t = s.thread(1, "p", 1, "t");
    for (int i = 0; i < 10; ++i)
        s.X(t, "work", "cat", i * 1000, 500);
    return StoreFinalizer::finalize(s.b);
}

constexpr TimeNs kOffset = 1000;

} // namespace

class tst_CompareWindowBox : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void wholeTraceByDefault();
    void currentSelection_data();
    void currentSelection();
    void selectionMovesAreReported();
    void markerPairsOfTheSideOnly();
    void removedMarkerFallsBackToWholeTrace();

private:
    std::unique_ptr<model::Session> m_a;
    std::unique_ptr<model::Comparison> m_comparison;
    std::unique_ptr<CompareWindowBox> m_boxA, m_boxB;
};

void tst_CompareWindowBox::init()
{
    m_a = std::make_unique<model::Session>();
    m_comparison = std::make_unique<model::Comparison>(m_a.get());
    widgettest::open(*m_a, makeStore());
    m_comparison->start(makeStore(), QStringLiteral("b.json"), model::LoadInfo {});
    m_comparison->setOffsetNs(kOffset);
    m_boxA = std::make_unique<CompareWindowBox>(m_comparison.get(), Side::A);
    m_boxB = std::make_unique<CompareWindowBox>(m_comparison.get(), Side::B);
}

void tst_CompareWindowBox::cleanup()
{
    m_boxA.reset();
    m_boxB.reset();
    m_comparison.reset();
    m_a.reset();
}

void tst_CompareWindowBox::wholeTraceByDefault()
{
    for (CompareWindowBox* box : { m_boxA.get(), m_boxB.get() }) {
        QCOMPARE(box->mode(), CompareWindowBox::Mode::WholeTrace);
        QCOMPARE(box->window().start, kTimeMin);
        QCOMPARE(box->window().end, kTimeMax);
        QCOMPARE(box->count(), 2); // no markers: no pairs
    }
    QVERIFY(m_boxB->toolTip().contains(QStringLiteral("B's whole trace")));
}

void tst_CompareWindowBox::currentSelection_data()
{
    QTest::addColumn<int>("side");
    QTest::addColumn<bool>("aSelection"); // A has the time selection [2 µs, 4 µs)
    QTest::addColumn<bool>("bSelection"); // B has the time selection [5 µs, 6 µs)
    QTest::addColumn<TimeNs>("start");
    QTest::addColumn<TimeNs>("end");
    QTest::addColumn<QString>("says");
    QTest::newRow("A: its selection") << int(Side::A) << true << true << TimeNs(2000) << TimeNs(4000)
                                      << "A's time selection";
    QTest::newRow("A: its visible window")
        << int(Side::A) << false << true << TimeNs(500) << TimeNs(8000) << "A's visible window";
    QTest::newRow("B: its own selection")
        << int(Side::B) << true << true << TimeNs(5000) << TimeNs(6000) << "B's time selection";
    QTest::newRow("B: A's selection shifted") << int(Side::B) << true << false << TimeNs(2000 + kOffset)
                                              << TimeNs(4000 + kOffset) << "A's time selection shifted";
    QTest::newRow("B: A's visible window shifted") << int(Side::B) << false << false << TimeNs(500 + kOffset)
                                                   << TimeNs(8000 + kOffset) << "A's visible window shifted";
}

void tst_CompareWindowBox::currentSelection()
{
    QFETCH(int, side);
    QFETCH(bool, aSelection);
    QFETCH(bool, bSelection);
    QFETCH(TimeNs, start);
    QFETCH(TimeNs, end);
    QFETCH(QString, says);
    m_a->viewport()->setVisible({ 500, 8000 });
    if (aSelection)
        m_a->selection()->setTimeSelection({ 2000, 4000 });
    if (bSelection)
        m_comparison->b()->selection()->setTimeSelection({ 5000, 6000 });
    CompareWindowBox* box = Side(side) == Side::A ? m_boxA.get() : m_boxB.get();
    QSignalSpy changed(box, &CompareWindowBox::windowChanged);
    box->setCurrentIndex(1);
    QCOMPARE(changed.count(), 1); // a choice in the box: at once
    QCOMPARE(box->mode(), CompareWindowBox::Mode::CurrentSelection);
    QCOMPARE(box->window().start, start);
    QCOMPARE(box->window().end, end);
    QVERIFY2(box->toolTip().contains(says), qPrintable(box->toolTip()));
}

void tst_CompareWindowBox::selectionMovesAreReported()
{
    m_boxB->setCurrentIndex(1);
    QSignalSpy changed(m_boxB.get(), &CompareWindowBox::windowChanged);
    m_a->selection()->setTimeSelection({ 1000, 3000 });
    m_a->selection()->setTimeSelection({ 1000, 3500 }); // a drag: one recomputation for both
    QVERIFY(changed.wait(widgettest::kWaitMs));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_boxB->window().end, 3500 + kOffset);
    // In the whole-trace mode nothing the selection does matters.
    m_boxA->setCurrentIndex(0);
    QSignalSpy changedA(m_boxA.get(), &CompareWindowBox::windowChanged);
    m_a->selection()->setTimeSelection({ 0, 100 });
    m_comparison->setOffsetNs(7);
    QVERIFY(changed.wait(widgettest::kWaitMs)); // B follows the offset
    QCOMPARE(changedA.count(), 0);
}

void tst_CompareWindowBox::markerPairsOfTheSideOnly()
{
    model::AnnotationsModel* a = m_a->annotations();
    const model::MarkerId m1 = a->add(100);
    const model::MarkerId m2 = a->add(400);
    a->add(900);
    m_comparison->b()->annotations()->add(3000);
    QCOMPARE(m_boxA->count(), 4); // whole, selection, M1 – M2, M2 – M3
    QCOMPARE(m_boxA->itemText(2), QStringLiteral("M1 – M2"));
    QCOMPARE(m_boxB->count(), 2); // one marker of B: no pair
    QVERIFY(!m_boxB->selectMarkerPair(m1));
    QSignalSpy changed(m_boxA.get(), &CompareWindowBox::windowChanged);
    QVERIFY(m_boxA->selectMarkerPair(m2));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_boxA->mode(), CompareWindowBox::Mode::Markers);
    QCOMPARE(m_boxA->window().start, TimeNs(400));
    QCOMPARE(m_boxA->window().end, TimeNs(900));
    // Moving a marker of the pair moves the window; the pair stays chosen.
    a->move(m2, 500);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(m_boxA->window().start, TimeNs(500));
    QCOMPARE(m_boxA->mode(), CompareWindowBox::Mode::Markers);
}

void tst_CompareWindowBox::removedMarkerFallsBackToWholeTrace()
{
    model::AnnotationsModel* a = m_a->annotations();
    const model::MarkerId m1 = a->add(100);
    const model::MarkerId m2 = a->add(400);
    QVERIFY(m_boxA->selectMarkerPair(m1));
    QSignalSpy changed(m_boxA.get(), &CompareWindowBox::windowChanged);
    a->remove(m2);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_boxA->mode(), CompareWindowBox::Mode::WholeTrace);
    QCOMPARE(m_boxA->count(), 2);
    QCOMPARE(m_boxA->window().end, kTimeMax);
}

QTEST_MAIN(tst_CompareWindowBox)
#include "tst_comparewindowbox.moc"
