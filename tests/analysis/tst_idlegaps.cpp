// IdleGaps: each gap between consecutive work on an engine gets Holistic Trace Analysis's
// cause, tested in its order (host wait, then kernel wait under the threshold, then other);
// overlapping work leaves no gap; windows cut gaps, which keep their cause; another
// threshold than the built one gives the same answer as an index built with it.
#include <analysis/breakdown/idlegaps.h>

#include <QtTest>

using strata::analysis::IdleCauses;
using strata::analysis::IdleGaps;
using strata::store::TimeNs;
using Works = std::vector<IdleGaps::Work>;

Q_DECLARE_METATYPE(Works)

namespace {

constexpr TimeNs kNone = IdleGaps::kNoLaunch;

QString text(const IdleCauses& c)
{
    return QString("host %1 kernel %2 other %3").arg(c.hostWaitNs).arg(c.kernelWaitNs).arg(c.otherNs);
}

} // namespace

class tst_IdleGaps : public QObject {
    Q_OBJECT

private slots:
    void causes_data();
    void causes();
    void thresholdAtQuery();
};

void tst_IdleGaps::causes_data()
{
    QTest::addColumn<Works>("work");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no work") << Works {} << qint64(0) << qint64(1000) << "host 0 kernel 0 other 0";
    QTest::newRow("one item: no gap") << Works { { 0, 10, 0 } } << qint64(0) << qint64(1000)
                                      << "host 0 kernel 0 other 0";
    // launched at 50, after the previous ended at 10: the host was late.
    QTest::newRow("host wait") << Works { { 0, 10, kNone }, { 60, 70, 50 } } << qint64(0) << qint64(1000)
                               << "host 50 kernel 0 other 0";
    // launched before the previous ended, gap 20 < 30.
    QTest::newRow("kernel wait") << Works { { 0, 10, kNone }, { 30, 40, 5 } } << qint64(0) << qint64(1000)
                                 << "host 0 kernel 20 other 0";
    QTest::newRow("other") << Works { { 0, 10, kNone }, { 100, 110, 5 } } << qint64(0) << qint64(1000)
                           << "host 0 kernel 0 other 90";
    QTest::newRow("no launch is never host wait")
        << Works { { 0, 10, kNone }, { 100, 110, kNone } } << qint64(0) << qint64(1000) << "host 0 kernel 0 other 90";
    // HTA tests host wait first: a short gap the host was late for is host wait.
    QTest::newRow("host wait before kernel wait")
        << Works { { 0, 10, kNone }, { 15, 20, 12 } } << qint64(0) << qint64(1000) << "host 5 kernel 0 other 0";
    QTest::newRow("gap equal to the threshold is other")
        << Works { { 0, 10, kNone }, { 40, 50, 0 } } << qint64(0) << qint64(1000) << "host 0 kernel 0 other 30";
    QTest::newRow("touching work leaves no gap")
        << Works { { 0, 10, kNone }, { 10, 20, 50 } } << qint64(0) << qint64(1000) << "host 0 kernel 0 other 0";
    // The second item ends inside the first: the gap runs from the first's end.
    QTest::newRow("overlapping work") << Works { { 0, 100, kNone }, { 10, 20, kNone }, { 150, 160, kNone } }
                                      << qint64(0) << qint64(1000) << "host 0 kernel 0 other 50";
    QTest::newRow("window cuts a host-wait gap")
        << Works { { 0, 10, kNone }, { 60, 70, 50 } } << qint64(30) << qint64(40) << "host 10 kernel 0 other 0";
    QTest::newRow("window cuts both ends") << Works { { 0, 10, kNone }, { 30, 40, 5 }, { 100, 110, 5 } } << qint64(20)
                                           << qint64(70) << "host 0 kernel 10 other 30";
    QTest::newRow("window inside work") << Works { { 0, 10, kNone }, { 30, 40, 5 } } << qint64(32) << qint64(38)
                                        << "host 0 kernel 0 other 0";
}

void tst_IdleGaps::causes()
{
    QFETCH(Works, work);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(QString, expected);
    const IdleGaps gaps(work, 30);
    QCOMPARE(text(gaps.measure({ start, end }, 30)), expected);
    // The same at a threshold other than the built one (the scanning path).
    const IdleGaps other(work, 1);
    QCOMPARE(text(other.measure({ start, end }, 30)), expected);
}

void tst_IdleGaps::thresholdAtQuery()
{
    const Works work { { 0, 10, kNone }, { 30, 40, 5 }, { 45, 50, 5 }, { 150, 160, 5 } }; // gaps 20, 5, 100
    const IdleGaps gaps(work, 30);
    QCOMPARE(text(gaps.measure({ 0, 1000 }, 30)), QString("host 0 kernel 25 other 100"));
    QCOMPARE(text(gaps.measure({ 0, 1000 }, 10)), QString("host 0 kernel 5 other 120"));
    QCOMPARE(text(gaps.measure({ 0, 1000 }, 0)), QString("host 0 kernel 0 other 125"));
    QCOMPARE(text(gaps.measure({ 0, 1000 }, 1000)), QString("host 0 kernel 125 other 0"));
}

QTEST_GUILESS_MAIN(tst_IdleGaps)
#include "tst_idlegaps.moc"
