// FlowBundler: which arrows merge (both ends in the same pixel bins), the merged ends and
// counts, and the pen width growing with the count.
#include <timeline/flowbundler.h>

#include <QtTest>

using strata::widgets::FlowBundle;
using strata::widgets::FlowBundler;
using strata::widgets::FlowSegment;

namespace {
// "x,y>x,y@depth" separated by spaces.
std::vector<FlowSegment> parse(const QString& spec)
{
    std::vector<FlowSegment> out;
    for (const QString& s : spec.split(' ', Qt::SkipEmptyParts)) {
        const QStringList depth = s.split('@');
        const QStringList ends = depth[0].split('>');
        const QStringList a = ends[0].split(','), b = ends[1].split(',');
        out.push_back({ QPointF(a[0].toDouble(), a[1].toDouble()), QPointF(b[0].toDouble(), b[1].toDouble()),
            depth.size() > 1 ? depth[1].toInt() : 1 });
    }
    return out;
}

QString describe(const std::vector<FlowBundle>& bundles)
{
    QStringList out;
    for (const FlowBundle& b : bundles)
        out << QStringLiteral("%1,%2>%3,%4x%5@%6")
                   .arg(b.from.x())
                   .arg(b.from.y())
                   .arg(b.to.x())
                   .arg(b.to.y())
                   .arg(b.count)
                   .arg(b.depth);
    return out.join(' ');
}
} // namespace

class tst_FlowBundler : public QObject {
    Q_OBJECT
private slots:
    void bundle_data()
    {
        QTest::addColumn<QString>("segments");
        QTest::addColumn<QString>("bundles");
        QTest::newRow("none") << ""
                              << "";
        QTest::newRow("one") << "10,20>100,50"
                             << "10,20>100,50x1@1";
        QTest::newRow("same bins merge, ends averaged") << "12,20>96,50 14,20>98,50@2"
                                                        << "13,20>97,50x2@1";
        QTest::newRow("source too far apart") << "1,20>100,50 13,20>100,50"
                                              << "1,20>100,50x1@1 13,20>100,50x1@1";
        QTest::newRow("other target row") << "12,20>100,50 12,20>100,80"
                                          << "12,20>100,50x1@1 12,20>100,80x1@1";
        QTest::newRow("three of four merge, first appearance order")
            << "200,5>300,5@3 12,20>96,50@2 13,20>97,50@4 14,20>98,50@2"
            << "200,5>300,5x1@3 13,20>97,50x3@2";
    }

    void bundle()
    {
        QFETCH(QString, segments);
        QFETCH(QString, bundles);
        QCOMPARE(describe(FlowBundler::bundle(parse(segments))), bundles);
    }

    void binWidthIsAParameter()
    {
        const auto segs = parse("1,20>100,50 13,20>100,50");
        QCOMPARE(FlowBundler::bundle(segs, 32).size(), size_t(1));
        QCOMPARE(FlowBundler::bundle(segs, 4).size(), size_t(2));
    }

    void penWidth()
    {
        QCOMPARE(FlowBundler::penWidth(1), 1.5);
        QVERIFY(FlowBundler::penWidth(2) > FlowBundler::penWidth(1));
        QVERIFY(FlowBundler::penWidth(16) > FlowBundler::penWidth(4));
        QCOMPARE(FlowBundler::penWidth(1000000), 6.0);
        QCOMPARE(FlowBundler::penWidth(0), 1.5);
    }
};

QTEST_APPLESS_MAIN(tst_FlowBundler)
#include "tst_flowbundler.moc"
