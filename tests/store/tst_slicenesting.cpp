// SliceNesting on its own: slices of one track given as a script, written into plain
// column arrays, read back lane by lane and level by level.
#include <store/slicenesting.h>

#include <QtTest>

#include <cmath>
#include <vector>

using namespace strata::store;

namespace {

// Slices "name@ts+dur" or "name@ts+dur^pct" (height in percent), in arrival order; a
// slice's type is its index in the script, so rows can be named back.
struct Script {
    QStringList names;
    std::vector<SliceNesting::Slice> slices;

    explicit Script(const QString& text)
    {
        for (const QString& item : text.split(' ', Qt::SkipEmptyParts)) {
            const QStringList hp = item.split('^');
            const QStringList at = hp[0].split('@');
            const QStringList td = at[1].split('+');
            const auto raw = static_cast<uint32_t>(slices.size());
            SliceNesting::Slice s { td[0].toLongLong(), td[1].toLongLong(), TypeId(raw), ArgSetId(raw), raw };
            if (hp.size() > 1)
                s.height = static_cast<uint8_t>(std::lround(hp[1].toDouble() * 2.55));
            slices.push_back(s);
            names << at[0];
        }
    }
    ChunkedVector<RawSlice> raw() const
    {
        ChunkedVector<RawSlice> out;
        for (const SliceNesting::Slice& s : slices)
            out.push_back(RawSlice { s.ts, s.dur, s.type, s.args });
        return out;
    }
    std::vector<uint8_t> heights() const
    {
        std::vector<uint8_t> out;
        for (const SliceNesting::Slice& s : slices)
            out.push_back(s.height);
        return out;
    }
};

// Columns of `rows` rows, filled with a marker so a row never written shows.
struct Rows {
    std::vector<TimeNs> ts, dur;
    std::vector<TypeId> type;
    std::vector<ArgSetId> args;
    std::vector<SliceRow> parent;
    std::vector<uint16_t> depth;
    std::vector<uint8_t> height;

    explicit Rows(size_t rows)
        : ts(rows, -1)
        , dur(rows, -1)
        , type(rows)
        , args(rows)
        , parent(rows)
        , depth(rows, 0xffff)
        , height(rows, 0)
    {
    }
    SliceNesting::Columns columns(bool withHeights)
    {
        return SliceNesting::Columns { ts.data(), dur.data(), type.data(), args.data(), parent.data(), depth.data(),
            withHeights ? height.data() : nullptr };
    }
};

QString laneName(const SliceNesting::Lane& lane)
{
    const char* kind = lane.kind == TrackKind::Thread ? "thread"
        : lane.kind == TrackKind::Overflow            ? "overflow"
        : lane.kind == TrackKind::Async               ? "async"
                                                      : "?";
    return QString("%1%2").arg(kind).arg(lane.lane);
}

// "thread0: a@0+10 | b@2+3<a || overflow1: c@5+10": every lane's levels in row order, a
// child with "<parent", a height as "^pct" when `withHeights`; "!depth" marks a row whose
// depth column disagrees with its level, "!type" one whose args do not follow its type.
QString layout(const Script& sc, const Rows& rows, const std::vector<SliceNesting::Lane>& lanes, bool withHeights)
{
    QStringList out;
    for (const SliceNesting::Lane& lane : lanes) {
        QStringList levels;
        for (size_t d = 0; d < lane.levels.size(); ++d) {
            QStringList items;
            for (uint32_t r = lane.levels[d].begin; r < lane.levels[d].end; ++r) {
                QString item = QString("%1@%2+%3").arg(sc.names[int(rows.type[r].v)]).arg(rows.ts[r]).arg(rows.dur[r]);
                if (withHeights)
                    item += QString("^%1").arg(std::lround(rows.height[r] / 2.55));
                if (rows.parent[r].valid())
                    item += "<" + sc.names[int(rows.type[rows.parent[r].v].v)];
                if (rows.depth[r] != d)
                    item += "!depth";
                if (rows.args[r].v != rows.type[r].v)
                    item += "!type";
                items << item;
            }
            levels << items.join(' ');
        }
        out << laneName(lane) + ": " + levels.join(" | ");
    }
    return out.join(" || ");
}

QString diagText(const Diagnostics& d)
{
    QStringList out;
    for (const auto& [k, n] : d.counts())
        out << QString("%1=%2").arg(QString::fromStdString(k)).arg(n);
    return out.join(',');
}

SliceNesting::Lane firstLane(const QString& kind)
{
    if (kind == "async")
        return SliceNesting::Lane { TrackKind::Async, StringId(), 0, {}, {} };
    if (kind == "last overflow lane")
        return SliceNesting::Lane { TrackKind::Overflow, StringId(), SliceNesting::kMaxOverflowLanes, {}, {} };
    return SliceNesting::Lane { TrackKind::Thread, StringId(), 0, {}, {} };
}

} // namespace

class tst_SliceNesting : public QObject {
    Q_OBJECT
private slots:
    void nest_data()
    {
        QTest::addColumn<QString>("lane"); // the first lane: thread, async or the last overflow lane
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("diag");
        // clang-format off
        QTest::newRow("nothing") << "thread" << "" << "thread0: " << "";
        QTest::newRow("disjoint, in time order") << "thread" << "b@20+10 a@0+10" << "thread0: a@0+10 b@20+10" << "";
        QTest::newRow("touching does not nest") << "thread" << "a@0+10 b@10+5" << "thread0: a@0+10 b@10+5" << "";
        QTest::newRow("child before its parent") << "thread" << "kid@2+3 mom@0+10" << "thread0: mom@0+10 | kid@2+3<mom" << "";
        QTest::newRow("same start: the longer is outer") << "thread" << "a@0+5 b@0+10" << "thread0: b@0+10 | a@0+5<b" << "";
        QTest::newRow("same span: the first to arrive is outer") << "thread" << "a@0+10 b@0+10" << "thread0: a@0+10 | b@0+10<a" << "";
        QTest::newRow("zero length inside") << "thread" << "a@0+10 z@5+0" << "thread0: a@0+10 | z@5+0<a" << "";
        QTest::newRow("three deep, levels by time")
            << "thread" << "c@20+5 a@0+100 b@10+50 d@70+10 e@72+2"
            << "thread0: a@0+100 | b@10+50<a d@70+10<a | c@20+5<b e@72+2<d" << "";
        QTest::newRow("partial overlap to an overflow lane")
            << "thread" << "a@0+10 b@5+10 c@20+5" << "thread0: a@0+10 c@20+5 || overflow1: b@5+10"
            << "overlapping_slice_moved_to_overflow=1";
        QTest::newRow("two lanes down, each slice counted once")
            << "thread" << "a@0+10 b@5+10 c@8+10" << "thread0: a@0+10 || overflow1: b@5+10 || overflow2: c@8+10"
            << "overlapping_slice_moved_to_overflow=2";
        QTest::newRow("overflow lanes nest too")
            << "thread" << "a@0+10 b@5+20 c@6+10" << "thread0: a@0+10 || overflow1: b@5+20 | c@6+10<b"
            << "overlapping_slice_moved_to_overflow=2";
        QTest::newRow("async spills to the next async lane")
            << "async" << "a@0+10 b@5+10" << "async0: a@0+10 || async1: b@5+10" << "overlapping_slice_moved_to_overflow=1";
        QTest::newRow("last overflow lane clips to the parent")
            << "last overflow lane" << "a@0+10 b@5+10 c@12+1" << "overflow32: a@0+10 c@12+1 | b@5+5<a"
            << "slice_clipped_to_parent=1";
        // clang-format on
    }
    void nest()
    {
        QFETCH(QString, lane);
        QFETCH(QString, script);
        QFETCH(QString, expected);
        QFETCH(QString, diag);
        Script sc(script);
        Rows rows(sc.slices.size());
        std::vector<SliceNesting::Lane> lanes;
        Diagnostics d;
        SliceNesting nesting(rows.columns(false), lanes, d);
        nesting.nest(sc.slices, firstLane(lane), 0);
        QCOMPARE(layout(sc, rows, lanes, false), expected);
        QCOMPARE(diagText(d), diag);
        QCOMPARE(nesting.rowsWritten(), uint64_t(sc.names.size()));
        // The lanes cover the rows one after another, each lane's levels its whole range.
        uint32_t next = 0;
        for (const SliceNesting::Lane& l : lanes) {
            QCOMPARE(l.slices.begin, next);
            for (const RowRange& level : l.levels) {
                QCOMPARE(level.begin, next);
                next = level.end;
            }
            QCOMPARE(l.slices.end, next);
        }
    }

    // Rows start at rowBegin; rawToFinal tells where each slice (by arrival) went.
    void rawToFinal_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("rowBegin");
        QTest::addColumn<QList<int>>("rows"); // by arrival
        QTest::newRow("in order") << "a@0+10 b@20+10" << 0 << QList<int> { 0, 1 };
        QTest::newRow("reversed, from row 5") << "b@20+10 a@0+10" << 5 << QList<int> { 6, 5 };
        QTest::newRow("child arrives first") << "kid@2+3 mom@0+10" << 3 << QList<int> { 4, 3 };
        QTest::newRow("overflow rows after the thread's") << "a@0+10 b@5+10 c@20+5" << 0 << QList<int> { 0, 2, 1 };
    }
    void rawToFinal()
    {
        QFETCH(QString, script);
        QFETCH(int, rowBegin);
        QFETCH(QList<int>, rows);
        Script sc(script);
        Rows columns(size_t(rowBegin) + sc.slices.size());
        std::vector<SliceNesting::Lane> lanes;
        Diagnostics d;
        std::vector<uint32_t> map(sc.slices.size(), 0xffffffffu);
        SliceNesting nesting(columns.columns(false), lanes, d, &map);
        nesting.nest(sc.slices, firstLane("thread"), uint32_t(rowBegin));
        QList<int> got;
        for (uint32_t r : map)
            got << int(r);
        QCOMPARE(got, rows);
        for (int r = 0; r < rowBegin; ++r)
            QCOMPARE(columns.ts[size_t(r)], TimeNs(-1)); // rows before rowBegin are left alone
    }

    // A thread's raw slices nest the same whether they arrived in order (nested in place) or
    // not (through a sorted copy); heights follow their slice, and the raw slices are freed.
    void nestThread_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<QString>("expected");
        // clang-format off
        QTest::newRow("nothing") << "" << "thread0: ";
        QTest::newRow("in order") << "a@0+10^50 b@20+10 c@40+10^25" << "thread0: a@0+10^50 b@20+10^100 c@40+10^25";
        QTest::newRow("out of order") << "c@40+10^25 a@0+10^50 b@20+10^10" << "thread0: a@0+10^50 b@20+10^10 c@40+10^25";
        QTest::newRow("nested, in order") << "mom@0+10^60 kid@2+3^30" << "thread0: mom@0+10^60 | kid@2+3^30<mom";
        QTest::newRow("same start, longer first") << "a@0+10 b@0+5" << "thread0: a@0+10^100 | b@0+5^100<a";
        QTest::newRow("same start, shorter first") << "b@0+5 a@0+10" << "thread0: a@0+10^100 | b@0+5^100<a";
        QTest::newRow("with an overflow lane")
            << "a@0+10^40 b@5+10^70 c@20+5" << "thread0: a@0+10^40 c@20+5^100 || overflow1: b@5+10^70";
        // clang-format on
    }
    void nestThread()
    {
        QFETCH(QString, script);
        QFETCH(QString, expected);
        Script sc(script);
        ChunkedVector<RawSlice> raw = sc.raw();
        Rows rows(sc.slices.size());
        std::vector<SliceNesting::Lane> lanes;
        Diagnostics d;
        std::vector<uint32_t> map(sc.slices.size(), 0xffffffffu);
        SliceNesting nesting(rows.columns(true), lanes, d, &map);
        nesting.nestThread(raw, sc.heights(), firstLane("thread"), 0);
        QCOMPARE(layout(sc, rows, lanes, true), expected);
        QVERIFY(raw.empty());
        for (uint32_t i = 0; i < map.size(); ++i)
            QCOMPARE(rows.type[map[i]], TypeId(i));
    }

    // Slices past the last height set are full height.
    void heightsShorterThanSlices()
    {
        Script sc("a@0+10 b@20+10 c@40+10");
        ChunkedVector<RawSlice> raw = sc.raw();
        Rows rows(3);
        std::vector<SliceNesting::Lane> lanes;
        Diagnostics d;
        SliceNesting nesting(rows.columns(true), lanes, d);
        nesting.nestThread(raw, std::vector<uint8_t> { 51 }, firstLane("thread"), 0);
        QCOMPARE(layout(sc, rows, lanes, true), QString("thread0: a@0+10^20 b@20+10^100 c@40+10^100"));
    }
};

QTEST_APPLESS_MAIN(tst_SliceNesting)
#include "tst_slicenesting.moc"
