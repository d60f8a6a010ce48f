// FlowChain: transitive flows both ways to a depth, truncation, cycles, and the `[` `]`
// neighbours, on a hand-made store with exact expected edges.
#include <analysis/flows/flowchain.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <memory>

using namespace strata::store;
using namespace strata::analysis;

namespace {
using Store = std::shared_ptr<const EventStore>;

// "from>to,from>to" on one thread per slice name; slices are 10 ns long at the given start.
Store makeStore(const QList<QPair<QString, TimeNs>>& slices, const QString& flows)
{
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    QHash<QString, SliceHandle> handle;
    int tid = 0;
    for (const auto& [name, ts] : slices) {
        const uint32_t t = b.thread(p, IdValue::number(++tid));
        handle[name] = b.completeSlice(t, ts, 10, b.type(b.intern(name.toStdString()), b.intern("op")), ArgSetId());
    }
    uint64_t key = 0;
    for (const QString& f : flows.split(',', Qt::SkipEmptyParts)) {
        const QStringList ends = f.split('>');
        ++key;
        b.flowV2(handle[ends[0]], key, false, true, b.intern("flow"), b.intern("dep"));
        b.flowV2(handle[ends[1]], key, true, false, b.intern("flow"), b.intern("dep"));
    }
    return StoreFinalizer::finalize(b);
}

SliceRow named(const EventStore& s, const QString& name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (QString::fromStdString(std::string(s.str(s.sliceName(SliceRow(r))))) == name)
            return SliceRow(r);
    return SliceRow();
}

QString nameOf(const EventStore& s, SliceRow r)
{
    return r.valid() ? QString::fromStdString(std::string(s.str(s.sliceName(r)))) : QStringLiteral("-");
}

// "E>A:1b" per link, sorted, so the text does not depend on the order of equal-depth edges.
QString describe(const EventStore& s, const FlowChain& c)
{
    QStringList out;
    for (const FlowLink& l : c.links())
        out << QStringLiteral("%1>%2:%3%4")
                   .arg(nameOf(s, l.from), nameOf(s, l.to))
                   .arg(l.depth)
                   .arg(l.forward ? 'f' : 'b');
    out.sort();
    return out.join(' ');
}

// E→A, X→A, A→B, B→C, B→C2 (C2 starts before C), C→D.
Store chainStore()
{
    return makeStore({ { "E", 0 }, { "X", 50 }, { "A", 100 }, { "B", 200 }, { "C2", 250 }, { "C", 300 }, { "D", 400 } },
        "E>A,X>A,A>B,B>C,B>C2,C>D");
}
} // namespace

class tst_FlowChain : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_store = chainStore(); }

    void depth_data()
    {
        QTest::addColumn<QString>("origin");
        QTest::addColumn<int>("depth");
        QTest::addColumn<QString>("links");
        QTest::addColumn<int>("backward");
        QTest::addColumn<bool>("truncated");
        QTest::newRow("A, its own flows") << "A" << 1 << "A>B:1f E>A:1b X>A:1b" << 2 << true;
        QTest::newRow("A, two hops") << "A" << 2 << "A>B:1f B>C2:2f B>C:2f E>A:1b X>A:1b" << 2 << true;
        QTest::newRow("A, whole chain") << "A" << 3 << "A>B:1f B>C2:2f B>C:2f C>D:3f E>A:1b X>A:1b" << 2 << false;
        QTest::newRow("A, deeper than the chain")
            << "A" << 16 << "A>B:1f B>C2:2f B>C:2f C>D:3f E>A:1b X>A:1b" << 2 << false;
        QTest::newRow("C, both ways") << "C" << 2 << "A>B:2b B>C:1b C>D:1f" << 2 << true;
        QTest::newRow("D, backward only") << "D" << 16 << "A>B:3b B>C:2b C>D:1b E>A:4b X>A:4b" << 5 << false;
        QTest::newRow("depth 0 is 1") << "B" << 0 << "A>B:1b B>C2:1f B>C:1f" << 1 << true;
        QTest::newRow("depth past the maximum is the maximum")
            << "E" << 99 << "A>B:2f B>C2:3f B>C:3f C>D:4f E>A:1f" << 0 << false;
    }

    void depth()
    {
        QFETCH(QString, origin);
        QFETCH(int, depth);
        QFETCH(QString, links);
        QFETCH(int, backward);
        QFETCH(bool, truncated);
        const FlowChain c(*m_store, named(*m_store, origin), unsigned(std::max(depth, 0)));
        QCOMPARE(describe(*m_store, c), links);
        QCOMPARE(int(c.backwardCount()), backward);
        QCOMPARE(c.forwardCount(), c.links().size() - size_t(backward));
        QCOMPARE(c.truncated(), truncated);
        QVERIFY(c.depth() >= 1 && c.depth() <= FlowChain::kMaxDepth);
        // Breadth first: depths never decrease within a direction.
        for (size_t i = 1; i < c.links().size(); ++i)
            if (c.links()[i].forward == c.links()[i - 1].forward)
                QVERIFY(c.links()[i].depth >= c.links()[i - 1].depth);
    }

    void capLimitsLinks()
    {
        const FlowChain c(*m_store, named(*m_store, "A"), 16, 2);
        QCOMPARE(c.links().size(), size_t(2));
        QVERIFY(c.truncated());
    }

    void noFlowsAndInvalidOrigin()
    {
        const Store s = makeStore({ { "lonely", 0 } }, QString());
        QVERIFY(FlowChain(*s, named(*s, "lonely"), 4).empty());
        QVERIFY(!FlowChain(*s, named(*s, "lonely"), 4).truncated());
        QVERIFY(FlowChain(*s, SliceRow(), 4).empty());
        QVERIFY(FlowChain(*s, SliceRow(12345), 4).empty());
    }

    void cyclesEnd()
    {
        const Store s = makeStore({ { "P", 0 }, { "Q", 100 } }, "P>Q,Q>P");
        const FlowChain c(*s, named(*s, "P"), 16);
        QCOMPARE(describe(*s, c), QStringLiteral("P>Q:2b Q>P:1b"));
        QVERIFY(!c.truncated());
    }

    void neighbours_data()
    {
        QTest::addColumn<QString>("origin");
        QTest::addColumn<QString>("following");
        QTest::addColumn<QString>("preceding");
        QTest::newRow("two sources: the later") << "A"
                                                << "B"
                                                << "X";
        QTest::newRow("two targets: the earlier") << "B"
                                                  << "C2"
                                                  << "A";
        QTest::newRow("end of the chain") << "D"
                                          << "-"
                                          << "C";
        QTest::newRow("start of the chain") << "E"
                                            << "A"
                                            << "-";
    }

    void neighbours()
    {
        QFETCH(QString, origin);
        QFETCH(QString, following);
        QFETCH(QString, preceding);
        const SliceRow r = named(*m_store, origin);
        QCOMPARE(nameOf(*m_store, FlowChain::following(*m_store, r)), following);
        QCOMPARE(nameOf(*m_store, FlowChain::preceding(*m_store, r)), preceding);
    }

private:
    Store m_store;
};

QTEST_APPLESS_MAIN(tst_FlowChain)
#include "tst_flowchain.moc"
