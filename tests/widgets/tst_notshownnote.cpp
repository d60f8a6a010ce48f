// NotShownNote on the timeline: a profile whose skipped kinds leave something drawn gets the
// sentence as a one-line banner under the ruler (the tracks move down by its height); one with
// nothing to draw gets it centred on the canvas; one whose every event is drawn gets neither.
#include <support/widgettestutil.h>

#include <common/timelinestyle.h>
#include <store/storefinalizer.h>
#include <timeline/notshownnote.h>
#include <timeline/timelinewidget.h>

#include <QtTest>

#include <memory>

using namespace strata;
using widgets::NotShownNote;
using widgets::TimelineStyle;
using widgets::TimelineWidget;

namespace {

enum class Form { None, Banner, Centred };

// A thread with `slices` slices, and `ftrace` ftrace bundles skipped by a Perfetto importer.
std::shared_ptr<const store::EventStore> makeStore(int slices, int ftrace)
{
    storetest::Builder s;
    const uint32_t t = s.thread(1, "proc", 1, "thread");
    for (int i = 0; i < slices; ++i)
        s.X(t, "work", store::TimeNs(i) * 100, 50);
    s.b.skipped().setSource("Perfetto trace", "packets", "TrackEvent data");
    s.b.skipped().setTotal(uint64_t(slices + ftrace));
    s.b.skipped().add("ftrace_events", "ftrace bundle", "ftrace bundles", uint64_t(ftrace));
    return store::StoreFinalizer::finalize(s.b);
}

} // namespace

Q_DECLARE_METATYPE(Form)

class tst_NotShownNote : public QObject {
    Q_OBJECT

private slots:
    void onTimeline_data();
    void onTimeline();
};

void tst_NotShownNote::onTimeline_data()
{
    QTest::addColumn<int>("slices");
    QTest::addColumn<int>("ftrace");
    QTest::addColumn<Form>("form");
    QTest::addColumn<QString>("text");
    QTest::newRow("all drawn") << 3 << 0 << Form::None << "";
    QTest::newRow("some drawn, ftrace skipped")
        << 3 << 25301 << Form::Banner
        << "This Perfetto trace holds 25,301 ftrace bundles; Strata shows TrackEvent data only.";
    QTest::newRow("nothing drawn") << 0 << 2 << Form::Centred
                                   << "Nothing to draw: this Perfetto trace holds 2 ftrace bundles; Strata shows "
                                      "TrackEvent data only.";
}

void tst_NotShownNote::onTimeline()
{
    QFETCH(int, slices);
    QFETCH(int, ftrace);
    QFETCH(Form, form);
    QFETCH(QString, text);
    model::Session session;
    TimelineWidget w(&session);
    w.resize(900, 400);
    widgettest::open(session, makeStore(slices, ftrace));
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(widgettest::waitForAnalyses(session));
    QVERIFY(w.hasIndex());

    QCOMPARE(w.notShownText(), text);
    QCOMPARE(w.notShownAsBanner(), form == Form::Banner);
    const widgets::TimelineFrame f = w.frame();
    const int head = TimelineWidget::kOverviewHeight + TimelineWidget::kRulerHeight;
    QCOMPARE(f.banner.height(), form == Form::Banner ? NotShownNote::kBannerHeight : 0);
    QCOMPARE(f.canvas.top(), head + f.banner.height());
    QCOMPARE(f.labels.top(), f.canvas.top());

    const QImage img = w.grab().toImage();
    const double dpr = img.devicePixelRatio();
    auto pixel = [&](int x, int y) { return QColor(img.pixel(int(x * dpr), int(y * dpr))); };
    const QPalette pal = w.palette();
    const TimelineStyle st = TimelineStyle::from(pal);
    // The banner spans the widget, label column included, in its tint.
    const QColor tint = TimelineStyle::mix(st.window, pal.color(QPalette::Highlight), 0.14);
    if (form == Form::Banner) {
        QCOMPARE(pixel(2, f.banner.center().y()).rgb(), tint.rgb());
        QCOMPARE(pixel(f.banner.right() - 2, f.banner.center().y()).rgb(), tint.rgb());
    } else {
        QVERIFY(pixel(2, head + 3).rgb() != tint.rgb());
    }
    // The centred note is a window-coloured box across the middle of the canvas.
    const int boxLeft = f.canvas.center().x() - (std::min(f.canvas.width() - 32, 640) + 24) / 2;
    const QColor middle = pixel(boxLeft + 4, f.canvas.center().y());
    if (form == Form::Centred)
        QCOMPARE(middle.rgb(), st.window.rgb());
    else
        QVERIFY(middle.rgb() != st.window.rgb());
}

QTEST_MAIN(tst_NotShownNote)
#include "tst_notshownnote.moc"
