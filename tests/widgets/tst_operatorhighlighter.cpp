// OperatorHighlighter: the slices of one operator that start inside the window become the
// selection's highlight, under the dock's label; a newer request replaces an older one.
#include <operators/operatorhighlighter.h>

#include <state/selection.h>
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;

namespace {

// One thread: conv at 0, 100 and 300; relu at 50 and 200 (each 10 ns).
std::shared_ptr<const store::EventStore> makeStore()
{
    store::StoreBuilder b;
    const uint32_t t = b.thread(b.process(store::IdValue::number(1)), store::IdValue::number(1));
    const store::TypeId conv = b.type(b.intern("conv"), b.intern("op"));
    const store::TypeId relu = b.type(b.intern("relu"), b.intern("op"));
    for (store::TimeNs ts : { 0, 100, 300 })
        b.completeSlice(t, ts, 10, conv, store::ArgSetId());
    for (store::TimeNs ts : { 50, 200 })
        b.completeSlice(t, ts, 10, relu, store::ArgSetId());
    return store::StoreFinalizer::finalize(b);
}

} // namespace

class tst_OperatorHighlighter : public QObject {
    Q_OBJECT
private slots:
    void highlightsTheOperatorInTheWindow_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<qlonglong>("start");
        QTest::addColumn<qlonglong>("end");
        QTest::addColumn<QList<qlonglong>>("starts"); // of the highlighted slices
        QTest::newRow("conv, whole") << "conv" << 0LL << 1000LL << QList<qlonglong>({ 0, 100, 300 });
        QTest::newRow("conv, window") << "conv" << 50LL << 300LL << QList<qlonglong>({ 100 });
        QTest::newRow("relu, whole") << "relu" << 0LL << 1000LL << QList<qlonglong>({ 50, 200 });
        QTest::newRow("relu, none inside") << "relu" << 300LL << 1000LL << QList<qlonglong>();
    }

    void highlightsTheOperatorInTheWindow()
    {
        QFETCH(QString, op);
        QFETCH(qlonglong, start);
        QFETCH(qlonglong, end);
        QFETCH(QList<qlonglong>, starts);
        const auto store = makeStore();
        const auto catalog = std::make_shared<const analysis::OperatorCatalog>(*store);
        const uint32_t key = catalog->findKey(op.toStdString());
        QVERIFY(key != analysis::OperatorCatalog::kNoKey);
        QObject dock;
        model::Selection selection;
        widgets::OperatorHighlighter h(&dock, &selection);
        QSignalSpy changed(&selection, &model::Selection::highlightChanged);
        h.highlight({ store, catalog, analysis::OperatorLevel::Op, key, { start, end }, analysis::OperatorScope::All,
            op + QStringLiteral(" (test)") });
        QVERIFY(changed.wait(10000));
        QCOMPARE(selection.highlightLabel(), op + QStringLiteral(" (test)"));
        QList<qlonglong> got;
        for (store::SliceRow r : *selection.highlighted())
            got << store->sliceTs(r);
        QCOMPARE(got, starts);
    }

    // Two requests in a row: the first one's result is dropped, the second one's shown.
    void newerRequestWins()
    {
        const auto store = makeStore();
        const auto catalog = std::make_shared<const analysis::OperatorCatalog>(*store);
        QObject dock;
        model::Selection selection;
        widgets::OperatorHighlighter h(&dock, &selection);
        QSignalSpy changed(&selection, &model::Selection::highlightChanged);
        for (const char* op : { "conv", "relu" }) {
            h.highlight({ store, catalog, analysis::OperatorLevel::Op, catalog->findKey(op), { 0, 1000 },
                analysis::OperatorScope::All, QString::fromLatin1(op) });
        }
        QVERIFY(changed.wait(10000));
        QCOMPARE(selection.highlightLabel(), QStringLiteral("relu"));
        QCOMPARE(selection.highlighted()->size(), size_t(2)); // the first change is already the second request's
    }
};

QTEST_MAIN(tst_OperatorHighlighter)
#include "tst_operatorhighlighter.moc"
