// NotShownText: the sentence the timeline and `strata-cli info` give for what a profile holds
// but Strata does not draw — the banner form (something drawn), the "nothing to draw" forms,
// counts with thousands separators, singular nouns, and the cap on kinds named one by one.
#include <support/storetestutil.h>

#include <analysis/notshown/notshowntext.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata::store;
using namespace strata::analysis;

namespace {

// "source|unit|shown|total" then ";"-separated "key:count[:kept]" kinds (kept = not skipped).
// A kind's nouns are its key with "s" for the plural.
SkippedContent parse(const QString& spec)
{
    SkippedContent s;
    const QStringList parts = spec.split(';');
    const QStringList head = parts[0].split('|');
    s.setSource(head[0].toStdString(), head[1].toStdString(), head[2].toStdString());
    s.setTotal(head[3].toULongLong());
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QStringList k = parts[i].split(':');
        const std::string key = k[0].toStdString();
        s.add(key, key, key + "s", k[1].toULongLong(), k.size() < 3);
    }
    return s;
}

} // namespace

class tst_NotShownText : public QObject {
    Q_OBJECT

private slots:
    void sentence_data();
    void sentence();
    void count_data();
    void count();
    void addSumsAKind();
    void fromStore();
};

void tst_NotShownText::sentence_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("drawable");
    QTest::addColumn<QString>("expected");
    const QString perfetto = QStringLiteral("Perfetto trace|packets|TrackEvent data|");
    const QString chrome = QStringLiteral("Chrome JSON trace|events||");
    // clang-format off
    QTest::newRow("all drawn: nothing to say") << perfetto + "10" << true << "";
    QTest::newRow("kept kinds only, drawn: nothing to say") << chrome + "10;metadata event:3:kept" << true << "";
    QTest::newRow("banner, the issue's example")
        << perfetto + "28500;ftrace bundle:25301;statsd atom:3112" << true
        << "This Perfetto trace holds 25,301 ftrace bundles and 3,112 statsd atoms; Strata shows TrackEvent data only.";
    QTest::newRow("most numerous first")
        << perfetto + "9;a:1;b:5;c:3" << true
        << "This Perfetto trace holds 5 bs, 3 cs and 1 a; Strata shows TrackEvent data only.";
    QTest::newRow("banner without a shown clause")
        << chrome + "40;object snapshot event:2;metadata event:7:kept" << true
        << "This Chrome JSON trace holds 2 object snapshot events, which Strata does not draw.";
    QTest::newRow("more kinds than are named")
        << perfetto + "100;a:50;b:20;c:10;d:3;e:2" << true
        << "This Perfetto trace holds 50 as, 20 bs, 10 cs and 5 packets of 2 other kinds; "
           "Strata shows TrackEvent data only.";
    QTest::newRow("exactly the named cap")
        << perfetto + "100;a:4;b:3;c:2;d:1" << true
        << "This Perfetto trace holds 4 as, 3 bs, 2 cs and 1 d; Strata shows TrackEvent data only.";
    QTest::newRow("nothing drawn, perfetto")
        << perfetto + "37798;ftrace bundle:25079;statsd atom:3081" << false
        << "Nothing to draw: this Perfetto trace holds 25,079 ftrace bundles and 3,081 statsd atoms; "
           "Strata shows TrackEvent data only.";
    QTest::newRow("nothing drawn, chrome: kept kinds named too")
        << chrome + "63;metadata event:51:kept;CPU profile chunk:12" << false
        << "Nothing to draw: this Chrome JSON trace holds 63 events, none of a kind Strata draws: "
           "51 metadata events and 12 CPU profile chunks.";
    QTest::newRow("nothing drawn, one event")
        << chrome + "1;metadata event:1:kept" << false
        << "Nothing to draw: this Chrome JSON trace holds 1 event, none of a kind Strata draws: 1 metadata event.";
    QTest::newRow("nothing drawn, no kinds") << perfetto + "4" << false
        << "Nothing to draw: this Perfetto trace holds 4 packets, none of a kind Strata draws; "
           "Strata shows TrackEvent data only.";
    QTest::newRow("empty chrome trace") << chrome + "0" << false
        << "Nothing to draw: this Chrome JSON trace holds no events.";
    QTest::newRow("unknown source, empty") << "|||0" << false
        << "Nothing to draw: this profile holds no slices, instants or counters.";
    QTest::newRow("unknown total, kinds") << chrome + "0;x:2" << false
        << "Nothing to draw: this Chrome JSON trace holds nothing of a kind Strata draws: 2 xs.";
    // clang-format on
}

void tst_NotShownText::sentence()
{
    QFETCH(QString, spec);
    QFETCH(bool, drawable);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(NotShownText::sentence(parse(spec), drawable)), expected);
}

void tst_NotShownText::count_data()
{
    QTest::addColumn<quint64>("n");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << quint64(0) << "0";
    QTest::newRow("999") << quint64(999) << "999";
    QTest::newRow("1000") << quint64(1000) << "1,000";
    QTest::newRow("25301") << quint64(25301) << "25,301";
    QTest::newRow("1234567") << quint64(1234567) << "1,234,567";
    QTest::newRow("max") << quint64(UINT64_MAX) << "18,446,744,073,709,551,615";
}

void tst_NotShownText::count()
{
    QFETCH(quint64, n);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(NotShownText::count(n)), text);
}

void tst_NotShownText::addSumsAKind()
{
    SkippedContent s;
    s.add("k", "thing", "things", 2);
    s.add("k", "ignored", "ignored", 3);
    s.add("z", "zero", "zeros", 0); // a kind of none is not a kind
    QCOMPARE(s.kinds().size(), size_t(1));
    QCOMPARE(s.kinds()[0].count, uint64_t(5));
    QCOMPARE(QString::fromStdString(s.kinds()[0].many), QStringLiteral("things"));
    QVERIFY(s.hasSkipped());
}

// Through a store: drawable when it holds a slice, an instant or a counter sample.
void tst_NotShownText::fromStore()
{
    storetest::Builder empty;
    empty.b.skipped().setSource("Perfetto trace", "packets", "TrackEvent data");
    empty.b.skipped().add("sys_stats", "system stats sample", "system stats samples", 1);
    const auto none = StoreFinalizer::finalize(empty.b);
    QVERIFY(!NotShownText::drawable(*none));
    QCOMPARE(QString::fromStdString(NotShownText::sentence(*none)),
        QStringLiteral("Nothing to draw: this Perfetto trace holds 1 system stats sample; Strata shows TrackEvent "
                       "data only."));

    storetest::Builder one;
    one.X(one.thread(1, "p", 1, "t"), "a", 0, 10);
    one.b.skipped().setSource("Perfetto trace", "packets", "TrackEvent data");
    one.b.skipped().add("sys_stats", "system stats sample", "system stats samples", 2);
    const auto some = StoreFinalizer::finalize(one.b);
    QVERIFY(NotShownText::drawable(*some));
    QCOMPARE(QString::fromStdString(NotShownText::sentence(*some)),
        QStringLiteral("This Perfetto trace holds 2 system stats samples; Strata shows TrackEvent data only."));
}

QTEST_APPLESS_MAIN(tst_NotShownText)
#include "tst_notshowntext.moc"
