// EventTooltip: the hover card of a track label says what the track's bar heights mean and
// what full height stands for when the importer explained them (Sophgo's GDMA and TIU rows),
// and says nothing about heights on ordinary tracks.
#include <timeline/eventtooltip.h>

#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QtTest>

using namespace strata;
using namespace strata::store;
using widgets::EventTooltip;

namespace {

std::shared_ptr<const EventStore> makeStore()
{
    StoreBuilder b;
    const ProcessId p = b.process(IdValue::number(1));
    const uint32_t gdma = b.thread(p, IdValue::number(4)), tiu = b.thread(p, IdValue::number(5)),
                   host = b.thread(p, IdValue::number(1));
    b.setThreadName(gdma, b.intern("GDMA"));
    b.setThreadName(tiu, b.intern("TIU"));
    b.setThreadName(host, b.intern("Host"));
    const TypeId t = b.type(b.intern("op"), b.intern("c"));
    b.setSliceHeight(b.completeSlice(gdma, 0, 100, t, {}), 0.5f);
    b.completeSlice(gdma, 50, 100, t, {}); // overlaps the first: an overflow lane of GDMA
    b.setSliceHeight(b.completeSlice(tiu, 0, 100, t, {}), 0.25f);
    b.completeSlice(host, 0, 100, t, {});
    b.setThreadHeightLegend(
        gdma, b.intern("bandwidth (bytes moved ÷ duration)"), b.intern("4.2 GB/s, the fastest transfer"));
    b.setThreadHeightLegend(tiu, b.intern("utilisation"), StringId());
    return StoreFinalizer::finalize(b);
}

} // namespace

class tst_EventTooltip : public QObject {
    Q_OBJECT
private slots:
    void trackHeightLegend_data()
    {
        QTest::addColumn<QString>("track");
        QTest::addColumn<int>("lane"); // 0 = the thread, 1 = its first overflow lane
        QTest::addColumn<QString>("barHeight"); // "" = no legend
        QTest::addColumn<QString>("fullHeight");
        QTest::newRow("GDMA") << "GDMA" << 0 << "Bar height: bandwidth (bytes moved ÷ duration)"
                              << "Full height: 4.2 GB/s, the fastest transfer";
        QTest::newRow("GDMA overflow lane") << "GDMA" << 1 << "Bar height: bandwidth (bytes moved ÷ duration)"
                                            << "Full height: 4.2 GB/s, the fastest transfer";
        QTest::newRow("TIU, no scale given") << "TIU" << 0 << "Bar height: utilisation" << QString();
        QTest::newRow("ordinary track") << "Host" << 0 << QString() << QString();
    }

    void trackHeightLegend()
    {
        QFETCH(QString, track);
        QFETCH(int, lane);
        QFETCH(QString, barHeight);
        QFETCH(QString, fullHeight);
        const std::shared_ptr<const EventStore> s = makeStore();
        TrackId id;
        for (uint32_t i = 0; i < s->trackCount(); ++i) {
            const TrackInfo& info = s->track(TrackId(i));
            const TrackId thread = info.kind == TrackKind::Overflow ? info.parent : TrackId(i);
            if (thread.valid() && s->str(s->track(thread).name) == track.toStdString()
                && (info.kind == TrackKind::Overflow) == (lane == 1))
                id = TrackId(i);
        }
        QVERIFY(id.valid());
        const QString text = EventTooltip::forTrack(*s, id).text();
        QVERIFY2(text.contains(track), qPrintable(text));
        if (barHeight.isEmpty())
            QVERIFY2(!text.contains(QStringLiteral("height"), Qt::CaseInsensitive), qPrintable(text));
        else
            QVERIFY2(text.contains(barHeight), qPrintable(text));
        if (fullHeight.isEmpty())
            QVERIFY2(!text.contains(QStringLiteral("Full height")), qPrintable(text));
        else
            QVERIFY2(text.contains(fullHeight), qPrintable(text));
    }
};

QTEST_MAIN(tst_EventTooltip)
#include "tst_eventtooltip.moc"
