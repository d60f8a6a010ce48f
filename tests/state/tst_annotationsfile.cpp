#include <state/annotationsfile.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace strata;
using model::AnnotationsFile;
using model::MarkerAnchor;
using model::MarkerId;
using model::MarkerSet;
using store::TimeNs;

class tst_AnnotationsFile : public QObject {
    Q_OBJECT

private slots:
    void roundTrip()
    {
        MarkerSet set;
        model::Marker a;
        a.id = MarkerId(3);
        a.name = QStringLiteral("warm-up done");
        a.time = -42; // before the epoch of the trace's clock is still a time
        a.rgb = 0xabcdef;
        model::Marker b;
        b.id = MarkerId(7);
        b.name = QStringLiteral("M7");
        b.time = 9007199254740993LL; // 2^53 + 1: not exact as a double
        b.diffVs = a.id;
        MarkerAnchor anchor;
        anchor.pid.isString = true;
        anchor.pid.str = QStringLiteral("npu");
        anchor.hasTid = true;
        anchor.tid.num = 7;
        anchor.track = QStringLiteral("Compute");
        anchor.event = QStringLiteral("conv");
        anchor.start = 9007199254740000LL;
        anchor.edge = MarkerAnchor::Edge::End;
        b.anchor = anchor;
        set.markers = { a, b };
        set.selected = b.id;

        QString error;
        const std::optional<MarkerSet> back = AnnotationsFile::parse(AnnotationsFile::serialize(set), "x", &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->markers.size(), size_t(2));
        QCOMPARE(back->selected, b.id);
        QCOMPARE(back->markers[0].time, TimeNs(-42));
        QCOMPARE(back->markers[0].rgb, 0xabcdefu);
        QVERIFY(!back->markers[0].anchor);
        QCOMPARE(back->markers[1].time, b.time);
        QCOMPARE(back->markers[1].diffVs, a.id);
        QVERIFY(back->markers[1].anchor && *back->markers[1].anchor == anchor);
    }

    void asyncAnchorHasNoTid()
    {
        MarkerSet set;
        model::Marker m;
        m.id = MarkerId(1);
        MarkerAnchor a;
        a.pid.num = 4;
        a.track = QStringLiteral("Async 0");
        a.event = QStringLiteral("req");
        m.anchor = a;
        set.markers = { m };
        const QByteArray bytes = AnnotationsFile::serialize(set);
        QVERIFY(!bytes.contains("\"tid\""));
        QString error;
        const auto back = AnnotationsFile::parse(bytes, "x", &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(!back->markers[0].anchor->hasTid);
    }

    void tolerated_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("count");
        QTest::addColumn<int>("diffVsOfFirst"); // -1: none
        QTest::newRow("empty set") << QByteArray(R"({"format":"strata-annotations","version":1,"markers":[]})") << 0
                                   << -1;
        QTest::newRow("unknown keys") << QByteArray(R"({"format":"strata-annotations","version":1,"future":true,
            "markers":[{"id":1,"time_ns":5,"note":"later field"}]})")
                                      << 1 << -1;
        QTest::newRow("dangling diff_vs") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":5,"diff_vs":9}]})")
                                          << 1 << -1;
        QTest::newRow("diff_vs") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":5,"diff_vs":2},{"id":2,"time_ns":6}]})")
                                 << 2 << 2;
    }
    void tolerated()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, count);
        QFETCH(int, diffVsOfFirst);
        QString error;
        const auto set = AnnotationsFile::parse(bytes, "x", &error);
        QVERIFY2(set, qPrintable(error));
        QCOMPARE(int(set->markers.size()), count);
        if (count)
            QCOMPARE(set->markers[0].diffVs.valid() ? int(set->markers[0].diffVs.v) : -1, diffVsOfFirst);
    }

    void rejected_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QByteArray() << "not valid JSON";
        QTest::newRow("garbage") << QByteArray("\x89PNG\r\n") << "not valid JSON";
        QTest::newRow("no format") << QByteArray(R"({"version":1,"markers":[]})") << "not a Strata marker file";
        QTest::newRow("no version") << QByteArray(R"({"format":"strata-annotations","markers":[]})") << "\"version\"";
        QTest::newRow("markers object") << QByteArray(R"({"format":"strata-annotations","version":1,"markers":{}})")
                                        << "\"markers\"";
        QTest::newRow("marker not object") << QByteArray(R"({"format":"strata-annotations","version":1,"markers":[3]})")
                                           << "marker 1: not a JSON object";
        QTest::newRow("fractional time") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":1.5}]})")
                                         << "\"time_ns\"";
        QTest::newRow("time as string") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":"5"}]})")
                                        << "\"time_ns\"";
        QTest::newRow("duplicate id") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":1},{"id":1,"time_ns":2}]})")
                                      << "marker 2: id 1 is used twice";
        QTest::newRow("bad colour") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":1,"color":"red"}]})")
                                    << "\"color\"";
        QTest::newRow("bad anchor") << QByteArray(R"({"format":"strata-annotations","version":1,
            "markers":[{"id":1,"time_ns":1,"anchor":{"pid":1,"track":"t","event":"e","start_ns":1,"edge":"middle"}}]})")
                                    << "anchor: \"edge\"";
    }
    void rejected()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        QString error;
        QVERIFY(!AnnotationsFile::parse(bytes, QStringLiteral("/tmp/m.json"), &error));
        QVERIFY2(error.startsWith(QStringLiteral("/tmp/m.json: ")), qPrintable(error));
        QVERIFY2(error.contains(reason), qPrintable(error));
    }

    void parseErrorNamesTheByte()
    {
        QString error;
        QVERIFY(
            !AnnotationsFile::parse(R"({"format": "strata-annotations", "version": 1, "markers": [}])", "f", &error));
        QVERIFY2(error.contains(QStringLiteral("(at byte ")), qPrintable(error));
    }

    void writeIsAtomic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.json"));
        MarkerSet set;
        model::Marker m;
        m.id = MarkerId(1);
        m.time = 5;
        set.markers = { m };
        QString error;
        QVERIFY2(AnnotationsFile::write(path, set, &error), qPrintable(error));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { "m.json" }); // no temporary left behind
        const auto back = AnnotationsFile::read(path, &error);
        QVERIFY(back && back->markers.size() == 1);
        // A directory that does not exist: an error naming the file, nothing written.
        const QString bad = dir.filePath(QStringLiteral("no/such/dir/m.json"));
        QVERIFY(!AnnotationsFile::write(bad, set, &error));
        QVERIFY2(error.startsWith(bad + QStringLiteral(": cannot write")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(tst_AnnotationsFile)
#include "tst_annotationsfile.moc"
