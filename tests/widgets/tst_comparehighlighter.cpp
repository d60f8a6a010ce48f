// Highlighting Compare rows in both timelines: each side gets exactly the slices of its keys
// in its window (several keys merged), a side without keys gets none, a newer request
// overtakes an older one, and clear() takes back only what it set.
#include <support/widgettestutil.h>

#include "compare/comparehighlighter.h"

#include <state/comparison.h>
#include <store/storefinalizer.h>

#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using namespace strata::store;
using analysis::OperatorLevel;
using analysis::OperatorScope;
using widgets::CompareHighlighter;
using widgettest::Builder;

namespace {

// One thread: "a" at 0, 200, 400; "b" at 100, 300; "c" at 500 (each 50 ns).
std::shared_ptr<const EventStore> makeStore()
{
    Builder s;
    const uint32_t t = s.thread(1, "p", 1, "t");
    for (TimeNs ts : { 0, 200, 400 })
        s.X(t, "a", "cat", ts, 50);
    for (TimeNs ts : { 100, 300 })
        s.X(t, "b", "cat", ts, 50);
    s.X(t, "c", "cat", 500, 50);
    return StoreFinalizer::finalize(s.b);
}

std::vector<SliceRow> rowsNamed(const EventStore& store, const QStringList& names, TimeRange window)
{
    std::vector<SliceRow> out;
    for (uint32_t r = 0; r < store.sliceCount(); ++r) {
        const SliceRow row(r);
        const std::string_view n = store.str(store.sliceName(row));
        const QString name = QString::fromUtf8(n.data(), qsizetype(n.size()));
        if (names.contains(name) && store.sliceTs(row) >= window.start && store.sliceTs(row) < window.end)
            out.push_back(row);
    }
    return out;
}

} // namespace

class tst_CompareHighlighter : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void highlightsEachSide_data();
    void highlightsEachSide();
    void newerRequestWins();
    void clearLeavesOthersHighlight();

private:
    CompareHighlighter::Side side(model::Session* s, const QStringList& names, TimeRange window) const;

    std::unique_ptr<model::Session> m_a;
    std::unique_ptr<model::Comparison> m_comparison;
    std::unique_ptr<CompareHighlighter> m_highlighter;
};

void tst_CompareHighlighter::init()
{
    m_a = std::make_unique<model::Session>();
    m_comparison = std::make_unique<model::Comparison>(m_a.get());
    widgettest::open(*m_a, makeStore());
    m_comparison->start(makeStore(), QStringLiteral("b.json"), model::LoadInfo {});
    QVERIFY(widgettest::waitForAnalyses(*m_a));
    QVERIFY(widgettest::waitForAnalyses(*m_comparison->b()));
    m_highlighter = std::make_unique<CompareHighlighter>(m_comparison.get());
}

void tst_CompareHighlighter::cleanup()
{
    m_highlighter.reset();
    m_comparison.reset();
    m_a.reset();
}

CompareHighlighter::Side tst_CompareHighlighter::side(
    model::Session* s, const QStringList& names, TimeRange window) const
{
    CompareHighlighter::Side out { s->store(), s->analyses()->get<analysis::OperatorCatalog>(), {}, window };
    for (const QString& n : names)
        out.keys.push_back(out.catalog->findKey(n.toStdString()));
    return out;
}

void tst_CompareHighlighter::highlightsEachSide_data()
{
    QTest::addColumn<QStringList>("namesA");
    QTest::addColumn<QStringList>("namesB");
    QTest::addColumn<TimeNs>("endB"); // B's window is [0, endB)
    QTest::newRow("one key each") << QStringList { "a" } << QStringList { "a" } << TimeNs(1000);
    QTest::newRow("merged keys") << QStringList { "a", "b" } << QStringList { "b", "c" } << TimeNs(1000);
    QTest::newRow("B's window") << QStringList { "a" } << QStringList { "a" } << TimeNs(250);
    QTest::newRow("removed: none in B") << QStringList { "c" } << QStringList {} << TimeNs(1000);
    QTest::newRow("added: none in A") << QStringList {} << QStringList { "b" } << TimeNs(1000);
}

void tst_CompareHighlighter::highlightsEachSide()
{
    QFETCH(QStringList, namesA);
    QFETCH(QStringList, namesB);
    QFETCH(TimeNs, endB);
    model::Session* b = m_comparison->b();
    // A highlight of an earlier row on both sides: a side without keys must drop it.
    QSignalSpy applied(m_highlighter.get(), &CompareHighlighter::applied);
    m_highlighter->highlight(side(m_a.get(), { "c" }, { 0, 1000 }), side(b, { "c" }, { 0, 1000 }), OperatorLevel::Name,
        OperatorScope::All, QStringLiteral("c"));
    QVERIFY(applied.wait(widgettest::kWaitMs));
    m_highlighter->highlight(side(m_a.get(), namesA, { 0, 1000 }), side(b, namesB, { 0, endB }), OperatorLevel::Name,
        OperatorScope::All, QStringLiteral("row"));
    QVERIFY(applied.wait(widgettest::kWaitMs));
    const auto check = [](model::Selection* selection, const std::vector<SliceRow>& expected) {
        if (expected.empty())
            return !selection->highlighted();
        return selection->highlighted() && *selection->highlighted() == expected
            && selection->highlightLabel() == QStringLiteral("row");
    };
    QVERIFY(check(m_a->selection(), rowsNamed(*m_a->store(), namesA, { 0, 1000 })));
    QVERIFY(check(b->selection(), rowsNamed(*b->store(), namesB, { 0, endB })));
}

void tst_CompareHighlighter::newerRequestWins()
{
    model::Session* b = m_comparison->b();
    QSignalSpy applied(m_highlighter.get(), &CompareHighlighter::applied);
    m_highlighter->highlight(side(m_a.get(), { "a" }, { 0, 1000 }), side(b, { "a" }, { 0, 1000 }), OperatorLevel::Name,
        OperatorScope::All, QStringLiteral("first"));
    m_highlighter->highlight(side(m_a.get(), { "b" }, { 0, 1000 }), side(b, { "b" }, { 0, 1000 }), OperatorLevel::Name,
        OperatorScope::All, QStringLiteral("second"));
    QVERIFY(applied.wait(widgettest::kWaitMs));
    QCOMPARE(applied.count(), 1);
    QCOMPARE(m_a->selection()->highlightLabel(), QStringLiteral("second"));
    QVERIFY(*m_a->selection()->highlighted() == rowsNamed(*m_a->store(), { "b" }, { 0, 1000 }));
}

void tst_CompareHighlighter::clearLeavesOthersHighlight()
{
    model::Session* b = m_comparison->b();
    QSignalSpy applied(m_highlighter.get(), &CompareHighlighter::applied);
    m_highlighter->highlight(side(m_a.get(), { "a" }, { 0, 1000 }), side(b, { "a" }, { 0, 1000 }), OperatorLevel::Name,
        OperatorScope::All, QStringLiteral("row"));
    QVERIFY(applied.wait(widgettest::kWaitMs));
    // Search highlights something in B afterwards: that stays; A's own highlight goes.
    auto other = std::make_shared<const std::vector<SliceRow>>(std::vector<SliceRow> { SliceRow(0) });
    b->selection()->setHighlighted(other, QStringLiteral("search"));
    m_highlighter->clear();
    QVERIFY(!m_a->selection()->highlighted());
    QCOMPARE(b->selection()->highlighted(), other);
}

QTEST_MAIN(tst_CompareHighlighter)
#include "tst_comparehighlighter.moc"
