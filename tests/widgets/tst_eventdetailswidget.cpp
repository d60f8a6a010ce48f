#include <support/widgettestutil.h>

#include "details/eventdetailswidget.h"

#include <state/selection.h>
#include <state/viewport.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QAbstractButton>
#include <QClipboard>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTreeWidget>

using namespace strata;
using model::EventRef;

namespace {

// Step (2 ms) on "Engine" holds matmul (1.234 ms, with nested args); matmul sends a flow to
// copy (850 ns) on "DMA"; one thread instant "mark" with an arg.
std::shared_ptr<const store::EventStore> makeStore()
{
    widgettest::Builder s;
    store::StoreBuilder& b = s.b;
    const uint32_t engine = s.thread(1, "NPU 0", 1, "Engine");
    const uint32_t dma = s.thread(1, "NPU 0", 2, "DMA");
    const store::StringId cat = b.intern("compute");

    store::Arg args[] = {
        store::Arg::makeInt(b.intern("flops"), 1000),
        store::Arg::makeString(b.intern("shape.in"), b.intern("1x128")),
        store::Arg::makeDouble(b.intern("shape.scale"), 0.5),
        store::Arg::makeDouble(b.intern("ratio"), 21.845333333333333),
    };
    b.completeSlice(engine, 1000, 2000000, b.type(b.intern("step"), cat), store::ArgSetId());
    const store::SliceHandle mm
        = b.completeSlice(engine, 11000, 1234000, b.type(b.intern("matmul"), cat), b.argSet(args, 4));
    const store::SliceHandle cp
        = b.completeSlice(dma, 1500000, 850, b.type(b.intern("copy"), b.intern("dma")), store::ArgSetId());
    b.flowV2(mm, 7, false, true, b.intern("dep"), b.intern("flow"));
    b.flowV2(cp, 7, true, false, b.intern("dep"), b.intern("flow"));
    store::Arg markArg[] = { store::Arg::makeString(b.intern("reason"), b.intern("sync")) };
    b.threadInstant(engine, 3000, b.type(b.intern("mark"), cat), b.argSet(markArg, 1));
    return store::StoreFinalizer::finalize(b);
}

store::SliceRow sliceNamed(const store::EventStore& s, const QString& name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const std::string_view n = s.str(s.sliceName(store::SliceRow(r)));
        if (QString::fromUtf8(n.data(), qsizetype(n.size())) == name)
            return store::SliceRow(r);
    }
    return store::SliceRow();
}

QTreeWidgetItem* findItem(QTreeWidgetItem* parent, const QString& key)
{
    for (int i = 0; i < parent->childCount(); ++i) {
        QTreeWidgetItem* c = parent->child(i);
        if (c->text(0) == key)
            return c;
        if (QTreeWidgetItem* deep = findItem(c, key))
            return deep;
    }
    return nullptr;
}

QTreeWidgetItem* findItem(QTreeWidget* tree, const QString& key)
{
    return findItem(tree->invisibleRootItem(), key);
}

QString fieldValue(QTreeWidget* tree, const QString& key)
{
    QTreeWidgetItem* item = findItem(tree, key);
    return item ? item->text(1) : QStringLiteral("<missing %1>").arg(key);
}

} // namespace

class tst_EventDetailsWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_store = makeStore(); }

    void placeholderWithoutSelection()
    {
        model::Session session;
        widgets::EventDetailsWidget w({ &session });
        QCOMPARE(w.objectName(), QStringLiteral("eventDetails"));
        QVERIFY(w.title().isEmpty());
        widgettest::open(session, m_store);
        QVERIFY(w.title().isEmpty());
        QCOMPARE(w.tree()->topLevelItemCount(), 0);
    }

    void sliceFields_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("category");
        QTest::addColumn<QString>("track");
        QTest::addColumn<QString>("duration");
        QTest::addColumn<QString>("start");
        QTest::addColumn<QString>("depth");
        QTest::addColumn<QString>("selfTime");
        QTest::newRow("parent") << "step"
                                << "compute"
                                << "Engine"
                                << "2.000 ms"
                                << "0 ns"
                                << "0"
                                << "766.000 µs (38.3 %)";
        QTest::newRow("child with args") << "matmul"
                                         << "compute"
                                         << "Engine"
                                         << "1.234 ms"
                                         << "10.000 µs"
                                         << "1"
                                         << "1.234 ms (100.0 %)";
        QTest::newRow("short slice on another track") << "copy"
                                                      << "dma"
                                                      << "DMA"
                                                      << "850 ns"
                                                      << "1.499 000 ms"
                                                      << "0"
                                                      << "850 ns (100.0 %)";
    }

    void sliceFields()
    {
        QFETCH(QString, name);
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store);
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, name)));
        QCOMPARE(w.title(), name);
        QCOMPARE(fieldValue(w.tree(), "Name"), name);
        QTEST(fieldValue(w.tree(), "Category"), "category");
        QTEST(fieldValue(w.tree(), "Track"), "track");
        QCOMPARE(fieldValue(w.tree(), "Process"), QStringLiteral("NPU 0 (1)"));
        QTEST(fieldValue(w.tree(), "Duration"), "duration");
        QTEST(fieldValue(w.tree(), "Start"), "start");
        QTEST(fieldValue(w.tree(), "Depth"), "depth");
        QTEST(fieldValue(w.tree(), "Self time"), "selfTime");
        QVERIFY(!fieldValue(w.tree(), "Start (absolute)").startsWith("<missing"));
        QVERIFY(!fieldValue(w.tree(), "End").startsWith("<missing"));
    }

    // A kernel names its launch and the CPU ops around it once the catalog is built, and a
    // row there selects that op.
    void kernelShowsItsLaunch()
    {
        widgettest::Builder k;
        const uint32_t host = k.thread(100, "python", 100, "main");
        const uint32_t stream = k.thread(0, "python", 7, "stream 7");
        k.X(host, "aten::linear", "cpu_op", 100, 400);
        k.X(host, "cudaLaunchKernel", "cuda_runtime", 200, 10, k.args({ { "correlation", int64_t(1) } }));
        k.X(stream, "gemm", "kernel", 300, 100, k.args({ { "correlation", int64_t(1) } }));
        const auto store = store::StoreFinalizer::finalize(k.b);
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, store);
        QVERIFY(widgettest::waitForAnalyses(session));
        sel.setCurrent(EventRef::slice(sliceNamed(*store, "gemm")));
        QTreeWidgetItem* launched = nullptr;
        for (int i = 0; i < w.tree()->topLevelItemCount(); ++i)
            if (w.tree()->topLevelItem(i)->text(0) == "Launched by")
                launched = w.tree()->topLevelItem(i);
        QVERIFY(launched);
        QTreeWidgetItem* op = findItem(launched, "framework op");
        QVERIFY(op);
        QVERIFY(op->text(1).startsWith("aten::linear"));
        w.tree()->setCurrentItem(op);
        QTest::keyClick(w.tree(), Qt::Key_Return);
        QCOMPARE(sel.current().row, sliceNamed(*store, "aten::linear").v);
    }

    void argsAreNested()
    {
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store);
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, "matmul")));
        QTreeWidgetItem* args = nullptr;
        for (int i = 0; i < w.tree()->topLevelItemCount(); ++i) {
            if (w.tree()->topLevelItem(i)->text(0).startsWith("Arguments"))
                args = w.tree()->topLevelItem(i);
        }
        QVERIFY(args);
        QCOMPARE(findItem(args, "flops")->text(1), QStringLiteral("1000"));
        QTreeWidgetItem* shape = findItem(args, "shape");
        QVERIFY(shape);
        QCOMPARE(shape->parent(), args);
        QCOMPARE(shape->childCount(), 2);
        QCOMPARE(findItem(shape, "in")->text(1), QStringLiteral("1x128"));
        QCOMPARE(findItem(shape, "scale")->text(1), QStringLiteral("0.5"));
        // A float reads to six significant digits; its tooltip holds it exactly.
        QCOMPARE(findItem(args, "ratio")->text(1), QStringLiteral("21.8453"));
        QCOMPARE(findItem(args, "ratio")->toolTip(1), QStringLiteral("21.845333333333333"));
    }

    void instantFields()
    {
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store);
        QCOMPARE(m_store->instantCount(), size_t(1));
        sel.setCurrent(EventRef::instant(store::InstantRow(0)));
        QCOMPARE(w.title(), QStringLiteral("mark"));
        QCOMPARE(fieldValue(w.tree(), "Track"), QStringLiteral("Engine"));
        QCOMPARE(fieldValue(w.tree(), "Scope"), QStringLiteral("thread"));
        QCOMPARE(fieldValue(w.tree(), "Time"), QStringLiteral("2.000 µs"));
        QCOMPARE(fieldValue(w.tree(), "reason"), QStringLiteral("sync"));
    }

    void clickingLinkSelectsTarget_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("target");
        QTest::newRow("incoming flow") << "copy"
                                       << "← from"
                                       << "matmul on Engine"
                                       << "matmul";
        QTest::newRow("outgoing flow") << "matmul"
                                       << "→ to"
                                       << "copy on DMA"
                                       << "copy";
        QTest::newRow("parent") << "matmul"
                                << "↑ parent"
                                << "step · 2.000 ms"
                                << "step";
    }

    void clickingLinkSelectsTarget()
    {
        QFETCH(QString, from);
        QFETCH(QString, row);
        QFETCH(QString, text);
        QFETCH(QString, target);
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        w.resize(480, 640);
        widgettest::open(session, m_store);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, from)));

        QTreeWidgetItem* link = findItem(w.tree(), row);
        QVERIFY(link);
        QCOMPARE(link->text(1), text);
        QSignalSpy reveal(&sel, &model::Selection::revealRequested);
        const QRect rect = w.tree()->visualItemRect(link);
        QVERIFY(rect.isValid());
        QTest::mouseClick(w.tree()->viewport(), Qt::LeftButton, {}, rect.center());

        const EventRef expected = EventRef::slice(sliceNamed(*m_store, target));
        QCOMPARE(sel.current(), expected);
        QCOMPARE(reveal.count(), 1);
        QCOMPARE(reveal.at(0).at(0).value<EventRef>(), expected);
        QCOMPARE(w.title(), target);
    }

    void flowChainFollowsTheDepth()
    {
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* depth = w.findChild<QSpinBox*>(QStringLiteral("flowDepth"));
        QVERIFY(depth);
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, "step"))); // no flows: no depth box
        QVERIFY(!depth->isVisible());
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, "matmul")));
        QVERIFY(depth->isVisible());
        QVERIFY(findItem(w.tree(), "Flows (0 in, 1 out)"));
        depth->setValue(3); // the box drives the shared depth, and the list follows it
        QCOMPARE(sel.flowDepth(), 3);
        QVERIFY(findItem(w.tree(), "Flow chain (0 before, 1 after, depth 3)"));
        QTreeWidgetItem* self = findItem(w.tree(), QStringLiteral("●"));
        QVERIFY(self);
        QCOMPARE(self->text(1), QStringLiteral("matmul (this event)"));
        QCOMPARE(fieldValue(w.tree(), "→ to"), QStringLiteral("copy on DMA"));
        sel.setFlowDepth(1); // set elsewhere (the timeline shares it): the box follows
        QCOMPARE(depth->value(), 1);
        QVERIFY(findItem(w.tree(), "Flows (0 in, 1 out)"));
    }

    void zoomToEvent()
    {
        model::Session session;
        model::Selection& sel = *session.selection();
        model::Viewport& vp = *session.viewport();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store); // the viewport spans the trace
        const store::SliceRow mm = sliceNamed(*m_store, "matmul");
        sel.setCurrent(EventRef::slice(mm));
        QSignalSpy changed(&vp, &model::Viewport::visibleChanged);
        auto* button = w.findChild<QAbstractButton*>();
        QVERIFY(button);
        button->click();
        QCOMPARE(changed.count(), 1);
        QVERIFY(vp.visible().start <= m_store->sliceTs(mm));
        QVERIFY(vp.visible().end >= m_store->sliceEnd(mm));
        QVERIFY(vp.visible().duration() < m_store->extent().duration());
    }

    // Shift+click on the timeline sets the measure event: a "Δ to …" section on top gives
    // the exact gap, the same whichever of the two was selected first, and Copy Δ copies it.
    void measuredPair_data()
    {
        QTest::addColumn<QString>("current");
        QTest::addColumn<QString>("measure"); // a slice, or "mark" (the instant)
        QTest::addColumn<QString>("delta");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("from");
        // matmul ends at 1 245 000 ns, copy starts at 1 500 000: 255 µs.
        QTest::newRow("to a later event") << "matmul"
                                          << "copy"
                                          << "255.000 µs"
                                          << "Δ"
                                          << "end of this event at 1.244\u2009000 ms";
        QTest::newRow("to an earlier event") << "copy"
                                             << "matmul"
                                             << "255.000 µs"
                                             << "Δ"
                                             << "end of that event at 1.244\u2009000 ms";
        QTest::newRow("overlap") << "step"
                                 << "matmul"
                                 << "-1.990\u2009000 ms"
                                 << "Δ (overlap)"
                                 << "end of this event at 2.000\u2009000 ms";
        QTest::newRow("to an instant") << "matmul"
                                       << "mark"
                                       << "8.000 µs"
                                       << "Δ"
                                       << "end of that event at 2.000 µs";
    }
    void measuredPair()
    {
        QFETCH(QString, current);
        QFETCH(QString, measure);
        QFETCH(QString, delta);
        QFETCH(QString, key);
        QFETCH(QString, from);
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store);
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, current)));
        QVERIFY(!findItem(w.tree(), key));
        QVERIFY(w.deltaText().isEmpty());
        sel.setMeasure(measure == QLatin1String("mark") ? EventRef::instant(store::InstantRow(0))
                                                        : EventRef::slice(sliceNamed(*m_store, measure)));
        QTreeWidgetItem* top = w.tree()->topLevelItem(0);
        QCOMPARE(top->text(0), QStringLiteral("Δ to %1").arg(measure));
        QCOMPARE(fieldValue(w.tree(), key), delta);
        QCOMPARE(fieldValue(w.tree(), "From"), from);
        QCOMPARE(w.title(), current); // the selected event stays the one shown
        auto* copy = w.findChild<QAbstractButton*>(QStringLiteral("copyDelta"));
        QVERIFY(copy && !copy->isHidden());
        copy->click();
        QCOMPARE(QGuiApplication::clipboard()->text(), QString(delta).remove(QChar(0x2009)));
        sel.clearMeasure();
        QVERIFY(!findItem(w.tree(), key));
        QVERIFY(copy->isHidden());
    }

    // A C++ kernel name has no spaces: the heading wraps it instead of widening the dock, and
    // the next file's placeholder is not held as wide as the last title.
    void longNamesWrap()
    {
        widgettest::Builder s;
        const uint32_t t = s.thread(1, "GPU 0", 7, "stream 7");
        const std::string name = "void cudnn::ops::scalePackedTensor_kernel<float,float>(cudnnTensorStruct,float*,"
                                 "float)::very_long_template_argument_list_that_goes_on_and_on_and_on";
        s.b.completeSlice(t, 0, 1000, s.b.type(s.b.intern(name), s.b.intern("kernel")), store::ArgSetId());
        const auto longStore = store::StoreFinalizer::finalize(s.b);
        model::Session session;
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, longStore);
        w.resize(320, 400);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const int idle = w.minimumSizeHint().width();
        session.selection()->setCurrent(EventRef::slice(store::SliceRow(0)));
        QCOMPARE(w.title(), QString::fromStdString(name));
        QVERIFY2(w.minimumSizeHint().width() <= std::max(idle, 320),
            qPrintable(QString::number(w.minimumSizeHint().width())));
        QCOMPARE(w.tree()->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
        widgettest::open(session, m_store); // the next file: the placeholder again
        QVERIFY(w.title().isEmpty());
        QVERIFY(w.minimumSizeHint().width() <= std::max(idle, 320));
    }

    void rawTimestamp()
    {
        model::Session session;
        model::Selection& sel = *session.selection();
        widgets::EventDetailsWidget w({ &session });
        widgettest::open(session, m_store);
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, "matmul")));
        QCOMPARE(fieldValue(w.tree(), "Start (absolute)"), QStringLiteral("11 µs"));
        QCOMPARE(fieldValue(w.tree(), "End (absolute)"), QStringLiteral("1245 µs"));
        sel.setCurrent(EventRef::slice(sliceNamed(*m_store, "copy")));
        QCOMPARE(fieldValue(w.tree(), "End (absolute)"), QStringLiteral("1500.85 µs"));
    }

private:
    std::shared_ptr<const store::EventStore> m_store;
};

QTEST_MAIN(tst_EventDetailsWidget)
#include "tst_eventdetailswidget.moc"
