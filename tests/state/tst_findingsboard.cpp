// FindingsBoard: what the Findings dock publishes and the timeline reads. A new result
// drops the pick; a pick outside the result is ignored; Session::open clears the board.
#include <state/findingsboard.h>
#include <state/session.h>

#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using model::FindingsBoard;

namespace {
std::shared_ptr<const analysis::FindingsResult> resultOf(size_t findings)
{
    auto r = std::make_shared<analysis::FindingsResult>();
    for (size_t i = 0; i < findings; ++i) {
        analysis::Finding f;
        f.id = "device-idle";
        f.atStakeNs = store::TimeNs(100 - i);
        r->findings.push_back(f);
    }
    return r;
}
} // namespace

class tst_FindingsBoard : public QObject {
    Q_OBJECT
private slots:
    void pick_data()
    {
        QTest::addColumn<int>("findings");
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("expected");
        QTest::newRow("first") << 3 << 0 << 0;
        QTest::newRow("last") << 3 << 2 << 2;
        QTest::newRow("past the end") << 3 << 3 << -1;
        QTest::newRow("below none") << 3 << -2 << -1;
        QTest::newRow("empty result") << 0 << 0 << -1;
    }
    void pick()
    {
        QFETCH(int, findings);
        QFETCH(int, index);
        QFETCH(int, expected);
        FindingsBoard board;
        board.publish(resultOf(size_t(findings)));
        QSignalSpy picked(&board, &FindingsBoard::currentChanged);
        board.setCurrent(index);
        QCOMPARE(board.current(), expected);
        QCOMPARE(picked.count(), expected == -1 ? 0 : 1);
        QCOMPARE(board.currentFinding() != nullptr, expected != -1);
        if (expected != -1)
            QCOMPARE(board.currentFinding(), &board.result()->findings[size_t(expected)]);
    }

    void publishDropsThePick()
    {
        FindingsBoard board;
        QSignalSpy changed(&board, &FindingsBoard::changed);
        QSignalSpy picked(&board, &FindingsBoard::currentChanged);
        board.publish(resultOf(2));
        board.setCurrent(1);
        board.setCurrent(1); // the same pick again: no signal
        QCOMPARE(picked.count(), 1);
        const auto next = resultOf(4);
        board.publish(next);
        QCOMPARE(board.result(), next);
        QCOMPARE(board.current(), -1);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(picked.count(), 2);
        QCOMPARE(picked.last().at(0).toInt(), -1);
        board.clear();
        QVERIFY(!board.result());
        QCOMPARE(changed.count(), 3);
        board.clear(); // nothing left: no signal
        QCOMPARE(changed.count(), 3);
        QCOMPARE(picked.count(), 2);
    }

    void openClearsTheBoard()
    {
        model::Session session;
        session.findings()->publish(resultOf(1));
        session.findings()->setCurrent(0);
        store::StoreBuilder b;
        const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
        b.completeSlice(t, 0, 10, b.type(b.intern("s"), b.intern("c")), {});
        const std::shared_ptr<const store::EventStore> s = store::StoreFinalizer::finalize(b);
        session.open(s, QStringLiteral("a.json"), {});
        QVERIFY(!session.findings()->result());
        QCOMPARE(session.findings()->current(), -1);
    }
};

QTEST_GUILESS_MAIN(tst_FindingsBoard)
#include "tst_findingsboard.moc"
