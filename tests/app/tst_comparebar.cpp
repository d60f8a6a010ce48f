#include <compare/comparebar.h>

#include <state/annotationsmodel.h>
#include <state/comparison.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace strata;
using model::Comparison;

namespace {

std::shared_ptr<const store::EventStore> makeStore(store::TimeNs start)
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    b.completeSlice(t, start, 1000, b.type(b.intern("a"), b.intern("c")), store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class tst_CompareBar : public QObject {
    Q_OBJECT
private slots:
    void hiddenUntilComparing()
    {
        model::Session a;
        a.open(makeStore(0), "/p/a.json", model::LoadInfo());
        Comparison c(&a);
        QWidget top;
        auto* bar = new app::CompareBar(&c, &top);
        top.show();
        QVERIFY(!bar->isVisible());
        c.start(makeStore(2000000), "/p/b.json", model::LoadInfo());
        QVERIFY(bar->isVisible());
        QVERIFY(bar->aLabel()->text().contains("a.json"));
        QVERIFY(bar->bLabel()->text().contains("b.json"));
        // Aligned at the trace starts: B's start is drawn at A's, whatever the clocks say.
        QCOMPARE(bar->offsetLabel()->text(), QStringLiteral("B starts at A +0 ns"));
        QVERIFY(bar->offsetLabel()->toolTip().contains(QStringLiteral("2000000 ns")));
        QTest::mouseClick(bar->endButton(), Qt::LeftButton);
        QVERIFY(!c.active());
        QVERIFY(!bar->isVisible());
    }

    void swapSwapsNames()
    {
        model::Session a;
        a.open(makeStore(500), "/p/a.json", model::LoadInfo());
        Comparison c(&a);
        app::CompareBar bar(&c);
        c.start(makeStore(0), "/p/b.json", model::LoadInfo());
        QCOMPARE(c.offsetNs(), store::TimeNs(-500));
        QCOMPARE(bar.offsetLabel()->text(), QStringLiteral("B starts at A +0 ns"));
        QTest::mouseClick(bar.swapButton(), Qt::LeftButton);
        QVERIFY(bar.aLabel()->text().contains("b.json"));
        QVERIFY(bar.bLabel()->text().contains("a.json"));
        QCOMPARE(a.fileName(), QStringLiteral("b.json"));
        QCOMPARE(c.offsetNs(), store::TimeNs(500));
        QCOMPARE(bar.offsetLabel()->text(), QStringLiteral("B starts at A +0 ns"));
    }

    void pickerCallsAlign_data()
    {
        QTest::addColumn<bool>("withMarkers");
        QTest::addColumn<int>("shownRow"); // the picker's row after the choice
        QTest::addColumn<qlonglong>("offset");
        QTest::newRow("markers in both") << true << 2 << 300LL;
        QTest::newRow("no markers: refused") << false << 0 << 0LL;
    }

    void pickerCallsAlign()
    {
        QFETCH(bool, withMarkers);
        QFETCH(int, shownRow);
        QFETCH(qlonglong, offset);
        model::Session a;
        a.open(makeStore(0), "/p/a.json", model::LoadInfo());
        Comparison c(&a);
        app::CompareBar bar(&c);
        c.start(makeStore(0), "/p/b.json", model::LoadInfo());
        if (withMarkers) {
            a.annotations()->add(100);
            c.b()->annotations()->add(400);
        }
        QSignalSpy messages(&bar, &app::CompareBar::message);
        QComboBox* picker = bar.alignmentPicker();
        QCOMPARE(picker->currentIndex(), 0);
        picker->setCurrentIndex(2);
        emit picker->activated(2); // what a user's choice of "Markers" sends
        QCOMPARE(picker->currentIndex(), shownRow);
        QCOMPARE(c.offsetNs(), store::TimeNs(offset));
        QCOMPARE(messages.count(), withMarkers ? 0 : 1);
        QCOMPARE(c.alignment(), withMarkers ? Comparison::Alignment::Markers : Comparison::Alignment::TraceStart);
    }

    void manualOffsetShowsInPicker()
    {
        model::Session a;
        a.open(makeStore(0), "/p/a.json", model::LoadInfo());
        Comparison c(&a);
        app::CompareBar bar(&c);
        c.start(makeStore(0), "/p/b.json", model::LoadInfo());
        c.setOffsetNs(1500);
        QCOMPARE(bar.alignmentPicker()->currentText(), QStringLiteral("Manual"));
        // B time t is drawn at A time t − 1500: B's start (0) sits 1.5 µs before A's.
        QCOMPARE(bar.offsetLabel()->text(), QStringLiteral("B starts at A −1.500 µs"));
    }
};

QTEST_MAIN(tst_CompareBar)
#include "tst_comparebar.moc"
