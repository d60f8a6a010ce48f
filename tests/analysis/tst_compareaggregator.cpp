// CompareAggregator: a profile compared with itself, a hand-built pair whose rows are
// computed by hand (slower, faster, added, removed, unchanged), the threshold's boundary,
// the per-step division, the sort order, matching after normalisation, per-side windows,
// and the join agreeing with the operator tables it was given.
#include <support/analysistestutil.h>
#include <support/operatorteststore.h>

#include <analysis/compare/compareaggregator.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/operators/operatorwindowindex.h>

#include <QtTest>

#include <cmath>
#include <limits>

using namespace strata::store;
using namespace strata::analysis;
using analysistest::near;

Q_DECLARE_METATYPE(strata::analysis::OperatorLevel)

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

// A profile of one script with its catalog.
struct Profile {
    std::shared_ptr<const EventStore> store;
    OperatorCatalog catalog;
    explicit Profile(const QString& script)
        : store(analysistest::Script().run(script))
        , catalog(*store)
    {
    }
    CompareInput input(TimeRange window = OperatorAggregator::wholeTrace()) const
    {
        return { store.get(), &catalog, window };
    }
};

const CompareRow* findRow(const CompareResult& r, const char* name)
{
    for (const CompareRow& row : r.rows)
        if (row.name == name)
            return &row;
    return nullptr;
}

// B is A with matmul 1.5x as long, relu half as long, "old" gone, "new" added and "same"
// 1 % longer; the two steps are numbered differently.
const char* kPairA = "X 1 ProfilerStep#1 0 1000; X 1 matmul 100 100; X 1 matmul 300 100; X 1 relu 500 50;"
                     "X 1 old 600 10; X 1 same 700 100; X 1 ProfilerStep#2 2000 500";
const char* kPairB = "X 1 ProfilerStep#5 0 1000; X 1 matmul 100 150; X 1 matmul 300 150; X 1 relu 500 25;"
                     "X 1 new 600 10; X 1 same 700 101; X 1 ProfilerStep#6 2000 500";

CompareOptions options(OperatorLevel level, double thresholdPct = 2.0, bool perStep = false)
{
    CompareOptions o;
    o.level = level;
    o.scope = OperatorScope::All;
    o.thresholdPct = thresholdPct;
    o.perStep = perStep;
    return o;
}

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

} // namespace

class tst_CompareAggregator : public QObject {
    Q_OBJECT

private slots:
    void selfCompare_data();
    void selfCompare();
    void pair_data();
    void pair();
    void pairTotals();
    void threshold_data();
    void threshold();
    void statusNames();
    void zeroBaseline_data();
    void zeroBaseline();
    void perStep_data();
    void perStep();
    void sortOrder();
    void normalisedMatch_data();
    void normalisedMatch();
    void names();
    void windows();
    void joinMatchesTables();
    void stepCounts_data();
    void stepCounts();
    void windowIndex_data();
    void windowIndex();
    void defaultScope();
    void cancelled();
};

// Every level and scope of the shared operator store against itself: nothing changed.
void tst_CompareAggregator::selfCompare_data()
{
    QTest::addColumn<OperatorLevel>("level");
    QTest::addColumn<int>("scope");
    for (int l = 0; l < kOperatorLevelCount; ++l)
        for (OperatorScope s : { OperatorScope::Device, OperatorScope::Host, OperatorScope::All })
            QTest::addRow("%s %s", operatorLevelName(OperatorLevel(l)), operatorScopeName(s))
                << OperatorLevel(l) << int(s);
}

void tst_CompareAggregator::selfCompare()
{
    QFETCH(OperatorLevel, level);
    QFETCH(int, scope);
    const operatortest::HandCatalog hand;
    const CompareInput in { hand.store.get(), &hand.catalog, OperatorAggregator::wholeTrace() };
    CompareOptions o = options(level);
    o.scope = OperatorScope(scope);
    const CompareResult r = CompareAggregator::compare(in, in, o);
    QVERIFY(!r.rows.empty());
    QCOMPARE(r.a.events, r.b.events);
    QCOMPARE(r.a.busyNs, r.b.busyNs);
    QCOMPARE(r.a.steps, uint64_t(3)); // ProfilerStep#1..3
    for (const CompareRow& row : r.rows) {
        QVERIFY2(row.status == CompareStatus::Unchanged, row.name.c_str());
        QCOMPARE(row.deltaNs, 0.0);
        QCOMPARE(row.deltaAvgNs, 0.0);
        QCOMPARE(row.aCount, row.bCount);
        QVERIFY(row.aCount > 0);
        QCOMPARE(row.deltaPct.has_value(), row.aTotalNs != 0);
        if (row.deltaPct)
            QCOMPARE(*row.deltaPct, 0.0);
        QVERIFY(!row.normalisedMatch);
        QCOMPARE(row.aNames, row.bNames);
        QCOMPARE(row.aKeys, row.bKeys);
    }
}

void tst_CompareAggregator::pair_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("status");
    QTest::addColumn<double>("aCount");
    QTest::addColumn<double>("bCount");
    QTest::addColumn<double>("aTotal");
    QTest::addColumn<double>("bTotal");
    QTest::addColumn<double>("deltaPct"); // NaN: none
    QTest::addColumn<bool>("normalised");
    QTest::newRow("scaled by 1.5") << "matmul"
                                   << "slower" << 2.0 << 2.0 << 200.0 << 300.0 << 50.0 << false;
    QTest::newRow("halved") << "relu"
                            << "faster" << 1.0 << 1.0 << 50.0 << 25.0 << -50.0 << false;
    QTest::newRow("removed") << "old"
                             << "removed" << 1.0 << 0.0 << 10.0 << 0.0 << -100.0 << false;
    QTest::newRow("added") << "new"
                           << "added" << 0.0 << 1.0 << 0.0 << 10.0 << kNone << false;
    QTest::newRow("under the threshold") << "same"
                                         << "unchanged" << 1.0 << 1.0 << 100.0 << 101.0 << 1.0 << false;
    QTest::newRow("renumbered step") << "ProfilerStep"
                                     << "unchanged" << 2.0 << 2.0 << 1500.0 << 1500.0 << 0.0 << true;
}

void tst_CompareAggregator::pair()
{
    QFETCH(QString, name);
    QFETCH(QString, status);
    QFETCH(double, aCount);
    QFETCH(double, bCount);
    QFETCH(double, aTotal);
    QFETCH(double, bTotal);
    QFETCH(double, deltaPct);
    QFETCH(bool, normalised);
    const Profile a(kPairA), b(kPairB);
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name));
    QCOMPARE(r.rows.size(), size_t(6));
    const CompareRow* row = findRow(r, name.toUtf8().constData());
    QVERIFY(row);
    QCOMPARE(QString(compareStatusName(row->status)), status);
    QCOMPARE(row->aCount, aCount);
    QCOMPARE(row->bCount, bCount);
    QCOMPARE(row->aTotalNs, aTotal);
    QCOMPARE(row->bTotalNs, bTotal);
    QCOMPARE(row->deltaNs, bTotal - aTotal);
    QCOMPARE(row->aAvgNs, aCount > 0 ? aTotal / aCount : 0.0);
    QCOMPARE(row->bAvgNs, bCount > 0 ? bTotal / bCount : 0.0);
    QCOMPARE(row->deltaAvgNs, row->bAvgNs - row->aAvgNs);
    QCOMPARE(row->deltaPct.has_value(), !std::isnan(deltaPct));
    if (row->deltaPct)
        QVERIFY2(near(*row->deltaPct, deltaPct), qPrintable(QString::number(*row->deltaPct)));
    QCOMPARE(row->normalisedMatch, normalised);
}

// The sides' totals are the operator tables' and the step counts LatencyAnalyzer's.
void tst_CompareAggregator::pairTotals()
{
    const Profile a(kPairA), b(kPairB);
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name));
    QCOMPARE(r.level, OperatorLevel::Name);
    QCOMPARE(r.scope, OperatorScope::All);
    QCOMPARE(r.a.events, uint64_t(7));
    QCOMPARE(r.b.events, uint64_t(7));
    QCOMPARE(r.a.busyNs, TimeNs(1500));
    QCOMPARE(r.b.busyNs, TimeNs(1500));
    QCOMPARE(r.a.steps, uint64_t(2));
    QCOMPARE(r.b.steps, uint64_t(2));
    QCOMPARE(r.a.window.start, TimeNs(0));
    QCOMPARE(r.a.window.end, TimeNs(2500));
    QVERIFY(r.seconds >= 0);
}

// "Unchanged" is |Δ %| strictly under the threshold; exactly on it is a change.
void tst_CompareAggregator::threshold_data()
{
    QTest::addColumn<int>("bTotal"); // A's is 1000
    QTest::addColumn<double>("thresholdPct");
    QTest::addColumn<QString>("status");
    QTest::newRow("on the threshold, slower") << 1020 << 2.0 << "slower";
    QTest::newRow("on the threshold, faster") << 980 << 2.0 << "faster";
    QTest::newRow("just under, slower") << 1019 << 2.0 << "unchanged";
    QTest::newRow("just under, faster") << 981 << 2.0 << "unchanged";
    QTest::newRow("higher threshold") << 1020 << 2.5 << "unchanged";
    QTest::newRow("zero threshold, a change") << 1001 << 0.0 << "slower";
    QTest::newRow("zero threshold, no change") << 1000 << 0.0 << "unchanged";
}

void tst_CompareAggregator::threshold()
{
    QFETCH(int, bTotal);
    QFETCH(double, thresholdPct);
    QFETCH(QString, status);
    const Profile a("X 1 op 0 1000"), b(QString("X 1 op 0 %1").arg(bTotal));
    const CompareResult r
        = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name, thresholdPct));
    QCOMPARE(r.rows.size(), size_t(1));
    QCOMPARE(QString(compareStatusName(r.rows[0].status)), status);
    QCOMPARE(CompareAggregator::status(1, 1, r.rows[0].deltaPct, thresholdPct), r.rows[0].status);
}

void tst_CompareAggregator::statusNames()
{
    for (CompareStatus s : { CompareStatus::Added, CompareStatus::Removed, CompareStatus::Slower, CompareStatus::Faster,
             CompareStatus::Unchanged }) {
        CompareStatus parsed = CompareStatus::Unchanged;
        QVERIFY(parseCompareStatus(compareStatusName(s), &parsed));
        QCOMPARE(parsed, s);
    }
    CompareStatus untouched = CompareStatus::Faster;
    QVERIFY(!parseCompareStatus("quicker", &untouched));
    QCOMPARE(untouched, CompareStatus::Faster);
    QCOMPARE(CompareAggregator::status(0, 3, std::nullopt, 2), CompareStatus::Added);
    QCOMPARE(CompareAggregator::status(3, 0, -100.0, 2), CompareStatus::Removed);
    QCOMPARE(CompareAggregator::status(1, 1, std::nullopt, 2), CompareStatus::Unchanged); // both took no time
}

// A's slices took no time: no Δ %, and slower only when B's took some.
void tst_CompareAggregator::zeroBaseline_data()
{
    QTest::addColumn<int>("bDur");
    QTest::addColumn<QString>("status");
    QTest::newRow("B took some") << 10 << "slower";
    QTest::newRow("B took none") << 0 << "unchanged";
}

void tst_CompareAggregator::zeroBaseline()
{
    QFETCH(int, bDur);
    QFETCH(QString, status);
    const Profile a("X 1 op 0 0"), b(QString("X 1 op 0 %1").arg(bDur));
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name));
    const CompareRow* row = findRow(r, "op");
    QVERIFY(row);
    QCOMPARE(row->aCount, 1.0);
    QVERIFY(!row->deltaPct);
    QCOMPARE(row->deltaNs, double(bDur));
    QCOMPARE(QString(compareStatusName(row->status)), status);
}

// A ran 2 steps, B 4, each step the same: per step nothing changed; in total B doubled.
void tst_CompareAggregator::perStep_data()
{
    QTest::addColumn<bool>("perStep");
    QTest::addColumn<double>("aCount");
    QTest::addColumn<double>("bCount");
    QTest::addColumn<double>("aTotal");
    QTest::addColumn<double>("bTotal");
    QTest::addColumn<QString>("status");
    QTest::newRow("per step") << true << 1.0 << 1.0 << 100.0 << 100.0 << "unchanged";
    QTest::newRow("in total") << false << 2.0 << 4.0 << 200.0 << 400.0 << "slower";
}

void tst_CompareAggregator::perStep()
{
    QFETCH(bool, perStep);
    QFETCH(double, aCount);
    QFETCH(double, bCount);
    QFETCH(double, aTotal);
    QFETCH(double, bTotal);
    QFETCH(QString, status);
    QString scriptA, scriptB;
    for (int s = 0; s < 4; ++s) {
        const QString step = QString("X 1 ProfilerStep#%1 %2 1000; X 1 op %2 100;").arg(s + 1).arg(s * 1000);
        (s < 2 ? scriptA : scriptB) += step;
        scriptB += s < 2 ? step : QString();
    }
    const Profile a(scriptA), b(scriptB);
    QCOMPARE(CompareAggregator::steps(*a.store, a.catalog, OperatorAggregator::wholeTrace()), uint64_t(2));
    QCOMPARE(CompareAggregator::steps(*b.store, b.catalog, OperatorAggregator::wholeTrace()), uint64_t(4));
    QCOMPARE(CompareAggregator::steps(*b.store, b.catalog, { 1000, 3000 }), uint64_t(2));
    const CompareResult r
        = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name, 2.0, perStep));
    QCOMPARE(r.perStep, perStep);
    const CompareRow* row = findRow(r, "op");
    QVERIFY(row);
    QCOMPARE(row->aCount, aCount);
    QCOMPARE(row->bCount, bCount);
    QCOMPARE(row->aTotalNs, aTotal);
    QCOMPARE(row->bTotalNs, bTotal);
    QCOMPARE(row->aAvgNs, 100.0); // the average is per instance either way
    QCOMPARE(row->bAvgNs, 100.0);
    QCOMPARE(QString(compareStatusName(row->status)), status);
    // A side without steps (nothing repeats) is not divided.
    const Profile none("X 1 op 0 200");
    QCOMPARE(CompareAggregator::steps(*none.store, none.catalog, OperatorAggregator::wholeTrace()), uint64_t(0));
    const CompareResult n
        = CompareAggregator::compare(none.input(), b.input(), options(OperatorLevel::Name, 2, perStep));
    QCOMPARE(findRow(n, "op")->aTotalNs, 200.0);
    QCOMPARE(findRow(n, "op")->aCount, 1.0);
    QCOMPARE(findRow(n, "op")->bTotalNs, bTotal);
}

// By |Δ total|, largest first; equal ones by name.
void tst_CompareAggregator::sortOrder()
{
    const Profile a("X 1 up 0 100; X 1 down 200 400; X 1 zeta 700 100; X 1 alpha 900 100; X 1 flat 1100 50");
    const Profile b("X 1 up 0 200; X 1 down 200 100; X 1 zeta 700 150; X 1 alpha 900 50; X 1 flat 1100 50");
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name));
    QStringList order;
    for (const CompareRow& row : r.rows)
        order << qs(row.name) + QString("%1").arg(row.deltaNs, 0, 'f', 0);
    QCOMPARE(order.join(' '), QString("down-300 up100 alpha-50 zeta50 flat0"));
}

// Rows that meet only after normalisation say so; a raw name in common means they did not.
void tst_CompareAggregator::normalisedMatch_data()
{
    QTest::addColumn<QString>("scriptA");
    QTest::addColumn<QString>("scriptB");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("normalised");
    QTest::newRow("rbln sequence") << "X 1 12_conv1_0 0 100"
                                   << "X 1 57_conv1_0 0 100"
                                   << "conv1" << true;
    QTest::newRow("one name in common") << "X 1 conv#1 0 100; X 1 conv#2 200 100"
                                        << "X 1 conv#2 0 100"
                                        << "conv" << false;
    QTest::newRow("same name") << "X 1 conv 0 100"
                               << "X 1 conv 0 100"
                               << "conv" << false;
    QTest::newRow("one side only") << "X 1 conv#1 0 100"
                                   << "X 1 other 0 100"
                                   << "conv" << false;
}

void tst_CompareAggregator::normalisedMatch()
{
    QFETCH(QString, scriptA);
    QFETCH(QString, scriptB);
    QFETCH(QString, name);
    QFETCH(bool, normalised);
    const Profile a(scriptA), b(scriptB);
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name));
    const CompareRow* row = findRow(r, name.toUtf8().constData());
    QVERIFY(row);
    QCOMPARE(row->normalisedMatch, normalised);
}

// Raw names by total time, at most 8; keys all of them.
void tst_CompareAggregator::names()
{
    QString script;
    for (int i = 1; i <= 10; ++i)
        script += QString("X 1 op#%1 %2 %3;").arg(i).arg(i * 1000).arg(i * 10);
    const Profile a(script), b("X 1 op#99 0 100");
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name));
    QCOMPARE(r.rows.size(), size_t(1));
    const CompareRow& row = r.rows[0];
    QCOMPARE(row.aNames.size(), size_t(8));
    QCOMPARE(row.aNames.front(), std::string("op#10"));
    QCOMPARE(row.aNames.back(), std::string("op#3"));
    QCOMPARE(row.aKeys.size(), size_t(10));
    for (uint32_t key : row.aKeys)
        QVERIFY(qs(a.catalog.keyText(key)).startsWith("op#"));
    QCOMPARE(row.bNames, std::vector<std::string> { "op#99" });
    QCOMPARE(qs(b.catalog.keyText(row.bKeys.at(0))), QString("op#99"));
    QCOMPARE(row.aCount, 10.0);
    QCOMPARE(row.aTotalNs, 550.0);
    QVERIFY(row.normalisedMatch);
}

// Each side aggregates its own window: A's second step against B's first.
void tst_CompareAggregator::windows()
{
    const Profile p("X 1 ProfilerStep#1 0 1000; X 1 op 0 100; X 1 ProfilerStep#2 1000 1000; X 1 op 1000 300");
    const CompareResult r
        = CompareAggregator::compare(p.input({ 1000, 2000 }), p.input({ 0, 1000 }), options(OperatorLevel::Name));
    const CompareRow* row = findRow(r, "op");
    QVERIFY(row);
    QCOMPARE(row->aTotalNs, 300.0);
    QCOMPARE(row->bTotalNs, 100.0);
    QCOMPARE(row->status, CompareStatus::Faster);
    QCOMPARE(r.a.window.start, TimeNs(1000));
    QCOMPARE(r.b.window.end, TimeNs(1000));
    QCOMPARE(r.a.steps, uint64_t(1));
    QCOMPARE(r.b.steps, uint64_t(1));
    QCOMPARE(r.a.events, uint64_t(2));
}

// Over the shared store's tables: one raw name per side → the row's totals are the table's.
void tst_CompareAggregator::joinMatchesTables()
{
    const operatortest::HandCatalog hand;
    for (int l = 0; l < kOperatorLevelCount; ++l) {
        const auto level = OperatorLevel(l);
        const OperatorTable t = OperatorAggregator::aggregate(
            *hand.store, hand.catalog, level, OperatorAggregator::wholeTrace(), OperatorScope::All);
        const OperatorTable empty
            = OperatorAggregator::aggregate(*hand.store, hand.catalog, level, { -10, -5 }, OperatorScope::All);
        QVERIFY(empty.rows.empty());
        const CompareResult r = CompareAggregator::join(t, empty, 0, 0, options(level));
        for (const CompareRow& row : r.rows) {
            QCOMPARE(row.status, CompareStatus::Removed);
            QCOMPARE(row.bCount, 0.0);
            if (row.aNames.size() != 1)
                continue;
            for (const OperatorRow& o : t.rows)
                if (o.name == row.aNames[0]) {
                    QCOMPARE(row.aCount, double(o.count));
                    QCOMPARE(row.aTotalNs, double(o.totalNs));
                    QCOMPARE(row.aKeys, std::vector<uint32_t> { o.key });
                }
        }
    }
}

// The three ways to count steps agree with LatencyAnalyzer's instances of the default unit.
void tst_CompareAggregator::stepCounts_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<int>("expected");
    QTest::newRow("whole trace") << qint64(kTimeMin) << qint64(kTimeMax) << 3;
    QTest::newRow("first step") << qint64(0) << qint64(1100) << 1;
    QTest::newRow("a second start included") << qint64(0) << qint64(1101) << 2;
    QTest::newRow("start included, end excluded") << qint64(1100) << qint64(2100) << 1;
    QTest::newRow("after the last start") << qint64(2101) << qint64(5000) << 0;
    QTest::newRow("empty") << qint64(1100) << qint64(1100) << 0;
    QTest::newRow("reversed") << qint64(2000) << qint64(0) << 0;
}

void tst_CompareAggregator::stepCounts()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(int, expected);
    const operatortest::HandCatalog hand;
    const TimeRange w { start, end };
    const std::vector<TimeNs> starts = CompareAggregator::stepStarts(*hand.store, hand.catalog);
    QCOMPARE(starts, (std::vector<TimeNs> { 0, 1100, 2100 }));
    QCOMPARE(CompareAggregator::steps(*hand.store, hand.catalog, w), uint64_t(expected));
    QCOMPARE(CompareAggregator::steps(starts, w), uint64_t(expected));
    const std::string unit = LatencyAnalyzer::defaultUnit(*hand.store, hand.catalog);
    QCOMPARE(unit, std::string("ProfilerStep"));
    QCOMPARE(LatencyAnalyzer::durations(*hand.store, hand.catalog, unit, w).size(), size_t(expected));
    // compare() counts them either way.
    CompareInput in { hand.store.get(), &hand.catalog, w };
    const CompareResult scanned = CompareAggregator::compare(in, in, options(OperatorLevel::Op));
    in.stepStarts = &starts;
    const CompareResult looked = CompareAggregator::compare(in, in, options(OperatorLevel::Op));
    QCOMPARE(scanned.a.steps, uint64_t(expected));
    QCOMPARE(looked.a.steps, uint64_t(expected));
    QCOMPARE(looked.b.steps, uint64_t(expected));
}

// With a window index of the comparison's level and scope the rows are the aggregator's;
// an index of another level is not used.
void tst_CompareAggregator::windowIndex_data()
{
    QTest::addColumn<OperatorLevel>("level");
    QTest::addColumn<int>("scope");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    for (int l = 0; l < kOperatorLevelCount; ++l)
        for (OperatorScope s : { OperatorScope::Device, OperatorScope::All })
            for (auto [from, to] : { std::pair<qint64, qint64> { kTimeMin, kTimeMax }, { 100, 700 }, { 1100, 2000 } })
                QTest::addRow("%s %s [%lld, %lld)", operatorLevelName(OperatorLevel(l)), operatorScopeName(s),
                    static_cast<long long>(from), static_cast<long long>(to))
                    << OperatorLevel(l) << int(s) << from << to;
}

void tst_CompareAggregator::windowIndex()
{
    QFETCH(OperatorLevel, level);
    QFETCH(int, scope);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    const operatortest::HandCatalog hand;
    const Profile other(kPairB);
    CompareOptions o = options(level);
    o.scope = OperatorScope(scope);
    const OperatorWindowIndex index(*hand.store, hand.catalog, level, o.scope);
    const OperatorWindowIndex wrongLevel(
        *hand.store, hand.catalog, level == OperatorLevel::Name ? OperatorLevel::Op : OperatorLevel::Name, o.scope);
    QVERIFY(index.built());
    CompareInput a { hand.store.get(), &hand.catalog, { start, end } };
    const CompareInput b = other.input({ 0, 700 });
    const CompareResult plain = CompareAggregator::compare(a, b, o);
    a.index = &index;
    const CompareResult indexed = CompareAggregator::compare(a, b, o);
    a.index = &wrongLevel;
    const CompareResult fallback = CompareAggregator::compare(a, b, o);
    for (const CompareResult* r : { &indexed, &fallback }) {
        QCOMPARE(r->a.events, plain.a.events);
        QCOMPARE(r->a.busyNs, plain.a.busyNs);
        QCOMPARE(r->a.window.start, plain.a.window.start);
        QCOMPARE(r->a.window.end, plain.a.window.end);
        QCOMPARE(r->rows.size(), plain.rows.size());
        for (size_t i = 0; i < plain.rows.size(); ++i) {
            const CompareRow& x = r->rows[i];
            const CompareRow& y = plain.rows[i];
            QCOMPARE(x.name, y.name);
            QCOMPARE(x.status, y.status);
            QCOMPARE(x.aCount, y.aCount);
            QCOMPARE(x.aTotalNs, y.aTotalNs);
            QCOMPARE(x.bTotalNs, y.bTotalNs);
            QCOMPARE(x.aNames, y.aNames);
            QCOMPARE(x.aKeys, y.aKeys);
        }
    }
}

void tst_CompareAggregator::defaultScope()
{
    const operatortest::HandCatalog hand; // NPU tracks
    const Profile host("X 1 op 0 100");
    QCOMPARE(CompareAggregator::defaultScope(hand.catalog, hand.catalog), OperatorScope::Device);
    QCOMPARE(CompareAggregator::defaultScope(hand.catalog, host.catalog), OperatorScope::All);
    QCOMPARE(CompareAggregator::defaultScope(host.catalog, hand.catalog), OperatorScope::All);
}

void tst_CompareAggregator::cancelled()
{
    const Profile a(kPairA), b(kPairB);
    const std::atomic<bool> cancel { true };
    const CompareResult r = CompareAggregator::compare(a.input(), b.input(), options(OperatorLevel::Name), &cancel);
    QVERIFY(r.rows.empty());
}

QTEST_APPLESS_MAIN(tst_CompareAggregator)
#include "tst_compareaggregator.moc"
