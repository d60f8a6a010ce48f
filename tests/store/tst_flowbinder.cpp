// FlowBinder on a finished store of a few slices: v1 points bound by thread and time, v2
// points by row, both paired into edges; the edge order and the index by `to`.
#include <support/storetestutil.h>

#include <store/flowbinder.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <memory>

using namespace strata::store;
using namespace storetest;

namespace {

// Thread 1: A [0,10] ⊃ A1 [2,6], C [40,50], O [45,55] (partial overlap: its overflow lane),
// H1 [60,70], H2 [70,80]; thread 2: B [20,30]; thread 3 has no slices, so no track. Rows:
// A C H1 H2 A1 (thread 1), O (its overflow lane), B.
struct Fixture {
    std::shared_ptr<const EventStore> store;
    std::vector<TrackId> threadTrack; // by raw thread
    StringId name, category;

    Fixture()
    {
        Script sc;
        const uint32_t t2 = sc.b.thread(sc.pid, IdValue::number(2));
        const uint32_t t3 = sc.b.thread(sc.pid, IdValue::number(3));
        sc.X(sc.tid, "A", 0, 10);
        sc.X(sc.tid, "A1", 2, 4);
        sc.X(sc.tid, "C", 40, 10);
        sc.X(sc.tid, "O", 45, 10);
        sc.X(sc.tid, "H1", 60, 10);
        sc.X(sc.tid, "H2", 70, 10);
        sc.X(t2, "B", 20, 10);
        name = sc.b.intern("fl");
        category = sc.b.intern("fcat");
        store = StoreFinalizer::finalize(sc.b);
        threadTrack.assign(t3 + 1, TrackId());
        threadTrack[sc.tid] = findTrack(*store, "thread 1/1");
        threadTrack[t2] = findTrack(*store, "thread 1/2");
    }
    SliceRow row(const QString& sliceName) const
    {
        for (uint32_t r = 0; r < store->sliceCount(); ++r)
            if (qs(store->str(store->sliceName(SliceRow(r)))) == sliceName)
                return SliceRow(r);
        return SliceRow();
    }
};

QString diagText(const Diagnostics& d)
{
    QStringList out;
    for (const auto& [k, n] : d.counts())
        out << QString("%1=%2").arg(qs(k)).arg(n);
    return out.join(',');
}

QString edgesText(const EventStore& s, const std::vector<FlowEdge>& edges)
{
    QStringList out;
    for (const FlowEdge& e : edges)
        out << qs(s.str(s.sliceName(e.from))) + ">" + qs(s.str(s.sliceName(e.to)));
    return out.join(' ');
}

} // namespace

class tst_FlowBinder : public QObject {
    Q_OBJECT
private slots:
    void v1_data()
    {
        // Steps: "<s|t|f> key thread ts [n]" in file order; n: bind to the next slice that
        // starts instead of the enclosing one.
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("edges");
        QTest::addColumn<QString>("diag");
        // clang-format off
        QTest::newRow("the deepest enclosing slice") << "s 1 1 3; f 1 2 25" << "A1>B" << "";
        QTest::newRow("an ending slice hands over to its sibling") << "s 1 1 70; f 1 2 25" << "H2>B" << "";
        QTest::newRow("the last slice's end still encloses") << "s 1 1 80; f 1 2 25" << "H2>B" << "";
        QTest::newRow("a slice of the overflow lane") << "s 1 1 52; f 1 2 25" << "O>B" << "";
        QTest::newRow("equal depth: the overflow lane's slice") << "s 1 1 47; f 1 2 25" << "O>B" << "";
        QTest::newRow("next slice") << "s 1 2 25; f 1 1 35 n" << "B>C" << "";
        QTest::newRow("next slice at the point's time") << "s 1 2 21; f 1 1 40 n" << "B>C" << "";
        QTest::newRow("next slice: the earliest of all lanes") << "s 1 2 21; f 1 1 41 n" << "B>O" << "";
        QTest::newRow("nothing encloses") << "s 1 1 35; f 1 2 25" << "" << "flow_no_enclosing_slice=1";
        QTest::newRow("nothing starts later") << "s 1 2 25; f 1 1 81 n" << "" << "flow_no_enclosing_slice=1";
        QTest::newRow("a thread without a track") << "s 1 3 5; f 1 2 25" << "" << "flow_no_enclosing_slice=1";
        QTest::newRow("s t f") << "s 1 1 3; t 1 2 25; f 1 1 42" << "A1>B B>C" << "";
        QTest::newRow("two keys interleaved") << "s 1 1 3; s 2 2 22; f 1 2 28; f 2 1 42" << "A1>B B>C" << "";
        QTest::newRow("f before s: paired in time order") << "f 1 2 25; s 1 1 3" << "A1>B" << "";
        QTest::newRow("f without s") << "f 1 1 42" << "" << "flow_end_without_start=1";
        QTest::newRow("s without f") << "s 1 1 3" << "" << "flow_without_end=1";
        QTest::newRow("t without s") << "t 1 1 3" << "" << "flow_step_without_start=1,flow_without_end=1";
        QTest::newRow("s twice: the first never ends") << "s 1 1 3; s 1 1 42; f 1 2 25" << "C>B" << "flow_without_end=1";
        QTest::newRow("the same slice twice: no edge") << "s 1 1 3; f 1 1 4" << "" << "";
        // clang-format on
    }
    void v1()
    {
        QFETCH(QString, script);
        QFETCH(QString, edges);
        QFETCH(QString, diag);
        const Fixture fx;
        std::vector<FlowV1Point> points;
        for (const QString& step : script.split(';', Qt::SkipEmptyParts)) {
            const QStringList a = step.split(' ', Qt::SkipEmptyParts);
            const FlowPhase ph = a[0] == "s" ? FlowPhase::Start : a[0] == "t" ? FlowPhase::Step : FlowPhase::End;
            const auto seq = static_cast<uint32_t>(points.size());
            points.push_back(FlowV1Point { a[1].toULongLong(), a[2].toUInt() - 1, seq, a[3].toLongLong(), ph,
                a.size() < 5, fx.name, fx.category });
        }
        Diagnostics d;
        FlowBinder binder(*fx.store, d);
        binder.addV1(points, fx.threadTrack);
        QVERIFY(points.empty());
        std::vector<FlowEdge> out;
        std::vector<uint32_t> byTo;
        binder.finish(out, byTo);
        QCOMPARE(edgesText(*fx.store, out), edges);
        for (const FlowEdge& e : out) {
            QCOMPARE(e.name, fx.name);
            QCOMPARE(e.category, fx.category);
        }
        QCOMPARE(diagText(d), diag);
    }

    void v2_data()
    {
        // Points: "<slice> <i|o|io> [key]" in file order (key 7 unless given); "-" as the
        // slice: a point whose slice got no row.
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("edges");
        QTest::addColumn<QString>("diag");
        // clang-format off
        QTest::newRow("out → in") << "A o; B i" << "A>B" << "";
        QTest::newRow("steps") << "A o; B io; C io; O i" << "A>B C>O B>C" << "";
        QTest::newRow("in before out: paired in time order") << "B i; A o" << "A>B" << "";
        QTest::newRow("two keys") << "A o 1; C o 2; B i 1; H1 i 2" << "A>B C>H1" << "";
        QTest::newRow("in without out") << "B i" << "" << "flow_end_without_start=1";
        QTest::newRow("out without in") << "A o" << "" << "flow_without_end=1";
        QTest::newRow("a step without a row is skipped") << "A o; - io; B i" << "A>B" << "";
        QTest::newRow("an end without a row") << "A o; - i" << "" << "";
        // clang-format on
    }
    void v2()
    {
        QFETCH(QString, script);
        QFETCH(QString, edges);
        QFETCH(QString, diag);
        const Fixture fx;
        std::vector<FlowV2Point> points;
        std::vector<SliceRow> rows;
        for (const QString& step : script.split(';', Qt::SkipEmptyParts)) {
            const QStringList a = step.split(' ', Qt::SkipEmptyParts);
            const auto seq = static_cast<uint32_t>(points.size());
            const uint64_t key = a.size() > 2 ? a[2].toULongLong() : 7;
            // thread and index are the raw slice: the binder goes by `rows` instead.
            points.push_back(
                FlowV2Point { key, 0, 12345, seq, a[1].contains('i'), a[1].contains('o'), fx.name, fx.category });
            rows.push_back(a[0] == "-" ? SliceRow() : fx.row(a[0]));
        }
        Diagnostics d;
        FlowBinder binder(*fx.store, d);
        binder.addV2(points, rows);
        QVERIFY(points.empty());
        std::vector<FlowEdge> out;
        std::vector<uint32_t> byTo;
        binder.finish(out, byTo);
        QCOMPARE(edgesText(*fx.store, out), edges);
        QCOMPARE(diagText(d), diag);
    }

    // Edges of both generations end up sorted by (from, to); byTo lists them by `to`.
    void edgeOrder()
    {
        const Fixture fx;
        std::vector<FlowV1Point> v1 { { 1, 0, 0, 42, FlowPhase::Start, true, fx.name, fx.category },
            { 1, 1, 1, 25, FlowPhase::End, true, fx.name, fx.category } };
        const char* order[] = { "H2", "A", "H1", "A1" };
        std::vector<FlowV2Point> v2;
        std::vector<SliceRow> rows;
        for (uint32_t i = 0; i < 4; ++i) {
            v2.push_back(FlowV2Point { 9, 0, 0, i + 2, i > 0, i < 3, fx.name, fx.category });
            rows.push_back(fx.row(order[i]));
        }
        Diagnostics d;
        FlowBinder binder(*fx.store, d);
        binder.addV1(v1, fx.threadTrack);
        binder.addV2(v2, rows);
        std::vector<FlowEdge> edges;
        std::vector<uint32_t> byTo;
        binder.finish(edges, byTo);
        QCOMPARE(edgesText(*fx.store, edges), QString("A>H1 C>B H1>A1 H2>A"));
        QCOMPARE(byTo.size(), edges.size());
        QStringList to;
        for (uint32_t i : byTo)
            to << qs(fx.store->str(fx.store->sliceName(edges[i].to)));
        QCOMPARE(to.join(' '), QString("A H1 A1 B"));
        QVERIFY(d.empty());
    }
};

QTEST_APPLESS_MAIN(tst_FlowBinder)
#include "tst_flowbinder.moc"
