// TypeTables: the timeline's colours and labels per type, built at once for a store with up
// to kSyncTypes types and on a worker for a bigger one, until whose end the timeline has no
// slice colour and waits to draw tracks (hasIndex); the tables it then uses are those a
// direct build gives.
#include <support/widgettestutil.h>

#include <store/storebuilder.h>
#include <store/storefinalizer.h>
#include <timeline/timelinewidget.h>
#include <timeline/typetables.h>

#include <QtTest>

using namespace strata;
using widgets::TimelineWidget;
using widgets::TypeTables;

namespace {

// One track, one slice per type, each type a name of its own.
std::shared_ptr<const store::EventStore> storeWithTypes(size_t types)
{
    store::StoreBuilder b;
    const store::ProcessId p = b.process(store::IdValue::number(1));
    const uint32_t t = b.thread(p, store::IdValue::number(1));
    for (size_t i = 0; i < types; ++i) {
        const std::string name = (i % 3 ? "conv_" : "dma_copy_") + std::to_string(i);
        b.completeSlice(t, store::TimeNs(i * 10), 5, b.type(b.intern(name), b.intern("op")), {});
    }
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class tst_TypeTables : public QObject {
    Q_OBJECT

private slots:
    void build_data();
    void build();
    void timelineWaitsForThem_data();
    void timelineWaitsForThem();
};

void tst_TypeTables::build_data()
{
    QTest::addColumn<int>("types");
    QTest::addColumn<bool>("onWorker");
    QTest::newRow("one type") << 1 << false;
    QTest::newRow("at the limit") << int(TypeTables::kSyncTypes) << false;
    QTest::newRow("one past it") << int(TypeTables::kSyncTypes) + 1 << true;
}

void tst_TypeTables::build()
{
    QFETCH(int, types);
    QFETCH(bool, onWorker);
    const auto s = storeWithTypes(size_t(types));
    QCOMPARE(TypeTables::buildOnWorker(s.get()), onWorker);
    QVERIFY(!TypeTables::buildOnWorker(nullptr));
    TypeTables t;
    t.build(s.get());
    QCOMPARE(t.labels.names.size(), size_t(types));
    widgets::OperatorColors direct;
    direct.reset(s.get());
    for (uint32_t i = 0; i < uint32_t(types); ++i) {
        const store::TypeId type(i);
        QCOMPARE(t.labels.names[i], QString::fromStdString(std::string(s->str(s->types().get(type).name))));
        QCOMPARE(t.colors.sliceColor(type, store::TrackId(0)), direct.sliceColor(type, store::TrackId(0)));
    }
}

void tst_TypeTables::timelineWaitsForThem_data()
{
    build_data();
}

void tst_TypeTables::timelineWaitsForThem()
{
    QFETCH(int, types);
    QFETCH(bool, onWorker);
    const auto s = storeWithTypes(size_t(types));
    model::Session session;
    TimelineWidget w(&session);
    w.resize(800, 300);
    widgettest::open(session, s);
    // The worker's tables reach the widget from the event loop, not run since open().
    const store::SliceRow last(uint32_t(types - 1));
    QCOMPARE(w.sliceColor(last).isValid(), !onWorker);
    QVERIFY(widgettest::waitForAnalyses(session));
    QVERIFY(QTest::qWaitFor([&] { return w.hasIndex(); }, widgettest::kWaitMs));
    widgets::OperatorColors direct;
    direct.reset(s.get());
    QCOMPARE(w.sliceColor(last).rgba(), direct.sliceColor(s->sliceType(last), s->sliceTrack(last)));
    // Another store drops them at once; a small one has its own before open() returns.
    widgettest::open(session, storeWithTypes(2));
    QVERIFY(w.sliceColor(store::SliceRow(1)).isValid());
}

QTEST_MAIN(tst_TypeTables)
#include "tst_typetables.moc"
