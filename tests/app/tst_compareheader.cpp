#include <compare/compareheader.h>

#include <state/comparison.h>
#include <state/viewport.h>
#include <state/viewportlink.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QTest>

using namespace strata;
using model::Comparison;

namespace {

std::shared_ptr<const store::EventStore> makeStore(store::TimeNs start)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    b.completeSlice(t, start, 100000, b.type(b.intern("a"), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class tst_CompareHeader : public QObject {
    Q_OBJECT
private slots:
    // Dragging B's header shifts B against A: the offset moves by the pixels dragged at the
    // current zoom, and B's visible range (B's group) follows while A's stays.
    void dragShiftsB_data()
    {
        QTest::addColumn<int>("dx");
        QTest::addColumn<qlonglong>("offsetDelta");
        // A shows 10 000 ns on a 1000-px axis: 10 ns a pixel.
        QTest::newRow("right: B's events move later") << 40 << -400LL;
        QTest::newRow("left") << -25 << 250LL;
    }

    void dragShiftsB()
    {
        QFETCH(int, dx);
        QFETCH(qlonglong, offsetDelta);
        model::Session a;
        a.open(makeStore(0), "a.json", model::LoadInfo());
        Comparison c(&a);
        model::ViewportLink link(&c);
        c.start(makeStore(3000), "b.json", model::LoadInfo());
        a.viewport()->setVisible({ 20000, 30000 });
        c.b()->viewport()->setTimeAxisFrame({ 0, 1000 });
        app::CompareHeader header(&c);
        header.resize(1200, header.sizeHint().height());
        header.show();
        QVERIFY(QTest::qWaitForWindowExposed(&header));

        const QPoint from(300, header.height() / 2);
        QTest::mousePress(&header, Qt::LeftButton, {}, from);
        QTest::mouseMove(&header, from + QPoint(dx, 0));
        QTest::mouseRelease(&header, Qt::LeftButton, {}, from + QPoint(dx, 0));

        const store::TimeNs offset = 3000 + offsetDelta;
        QCOMPARE(c.offsetNs(), offset);
        QCOMPARE(c.alignment(), Comparison::Alignment::Manual);
        QCOMPARE(a.viewport()->visible().start, store::TimeNs(20000));
        QCOMPARE(c.b()->viewport()->visible().start, 20000 + offset);
        QCOMPARE(c.b()->viewport()->visible().end, 30000 + offset);
    }
};

QTEST_MAIN(tst_CompareHeader)
#include "tst_compareheader.moc"
