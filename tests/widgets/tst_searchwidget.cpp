// SearchWidget: a search yields the right count and total, highlights the matches, pages
// through them in time order (buttons, Enter / Shift+Enter), starts from the current event,
// shows errors, clears with Esc, and drives the "show only matches" option.
#include <support/searchdockstore.h>
#include <support/widgettestutil.h>

#include <search/searchform.h>
#include <search/searchwidget.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QCheckBox>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QToolButton>
#include <state/session.h>

#include <QtTest>

using namespace strata;
using model::EventRef;
using widgets::SearchWidget;

namespace {
// A data row of three strings on one line (clang-format breaks a chain of literals at each).
void addRow(const char* tag, const QString& a, const QString& b, const QString& c)
{
    QTest::newRow(tag) << a << b << c;
}
} // namespace

class tst_SearchWidget : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_store = searchtest::makeStore(); }

    void init()
    {
        m_session = std::make_unique<model::Session>();
        m_selection = m_session->selection();
        m_viewport = m_session->viewport();
        m_viewport->setTraceRange(m_store->extent());
        m_w = std::make_unique<SearchWidget>(widgets::DockContext { m_session.get() });
        m_w->resize(360, 320);
        widgettest::open(*m_session, m_store);
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
    }

    void cleanup()
    {
        m_w.reset();
        m_session.reset();
    }

    // fields: the form's entries that are not empty, "field=value" ("regex" alone ticks the
    // regex button); the name is typed last, as a user would.
    void countAndHighlight_data()
    {
        QTest::addColumn<QStringList>("fields");
        QTest::addColumn<int>("slices");
        QTest::addColumn<int>("instants");
        QTest::addColumn<QString>("summary");
        QTest::newRow("name") << QStringList { "name=conv" } << 4 << 1 << "5 matches · 120 ns total";
        QTest::newRow("regex") << QStringList { "name=^conv$", "regex" } << 3 << 0 << "3 matches · 110 ns total";
        QTest::newRow("category") << QStringList { "category=dma" } << 1 << 0 << "1 match · 10 ns total";
        QTest::newRow("track and name") << QStringList { "name=conv", "track=dma" } << 1 << 0
                                        << "1 match · 40 ns total";
        QTest::newRow("arg") << QStringList { "args=bytes>1000" } << 1 << 0 << "1 match · 10 ns total";
        QTest::newRow("two arg lines, AND") << QStringList { "args=bytes>1000\nbytes<2000" } << 0 << 0 << "No matches.";
        QTest::newRow("duration range with units")
            << QStringList { "minDur=0.02us", "maxDur=40ns" } << 3 << 0 << "3 matches · 90 ns total";
        // The trace starts at 100 ns: [150, 300] after it is [250, 400].
        QTest::newRow("time range after the start")
            << QStringList { "name=conv", "from=150ns", "to=300ns" } << 2 << 1 << "3 matches · 60 ns total";
    }

    void countAndHighlight()
    {
        QFETCH(QStringList, fields);
        QFETCH(int, slices);
        QFETCH(int, instants);
        QFETCH(QString, summary);
        QHash<QString, QString> field;
        for (const QString& entry : fields)
            field.insert(entry.section('=', 0, 0), entry.section('=', 1));
        widgets::SearchForm* f = m_w->form();
        QSignalSpy finished(m_w.get(), &SearchWidget::finished);
        f->regexButton()->setChecked(field.contains("regex"));
        f->categoryEdit()->setText(field.value("category"));
        f->trackEdit()->setText(field.value("track"));
        f->argsEdit()->setPlainText(field.value("args"));
        f->minDurEdit()->setText(field.value("minDur"));
        f->maxDurEdit()->setText(field.value("maxDur"));
        f->fromEdit()->setText(field.value("from"));
        f->toEdit()->setText(field.value("to"));
        QTest::keyClicks(f->nameEdit(), field.value("name"));
        QVERIFY(finished.wait()); // typing searches after a pause
        QTRY_VERIFY(!m_w->isRunning());
        QCOMPARE(m_w->summaryText(), summary);
        QVERIFY(m_selection->highlighted());
        QCOMPARE(int(m_selection->highlighted()->size()), slices);
        QCOMPARE(int(m_selection->highlightedInstants()->size()), instants);
        QCOMPARE(m_w->matches()->count(), uint64_t(slices + instants));
        QVERIFY(!m_selection->current().valid()); // results alone select nothing
    }

    void pagesThroughMatches()
    {
        search("conv");
        QCOMPARE(m_w->positionText(), QStringLiteral("– of 5"));
        QSignalSpy reveal(m_selection, &model::Selection::revealRequested);
        const QStringList expected { "conv@100", "conv_inner@110", "conv_mark@250", "conv@300", "conv@400",
            "conv@100" };
        for (int i = 0; i < expected.size(); ++i) {
            QTest::mouseClick(m_w->nextButton(), Qt::LeftButton);
            QCOMPARE(searchtest::describe(*m_store, m_selection->current()), expected[i]);
            QCOMPARE(m_w->positionText(), QStringLiteral("match %1 of 5").arg(i % 5 + 1));
        }
        QCOMPARE(reveal.count(), expected.size()); // each step asks the views to reveal it
        QTest::mouseClick(m_w->previousButton(), Qt::LeftButton);
        QCOMPARE(searchtest::describe(*m_store, m_selection->current()), QStringLiteral("conv@400"));
        QCOMPARE(m_w->positionText(), QStringLiteral("match 5 of 5"));
    }

    void enterSteps_data()
    {
        QTest::addColumn<QString>("keys"); // n: Enter, p: Shift+Enter
        QTest::addColumn<QString>("current");
        QTest::addColumn<QString>("position");
        addRow("Enter", "n", "conv@100", "match 1 of 5");
        addRow("Enter twice", "nn", "conv_inner@110", "match 2 of 5");
        addRow("Shift+Enter wraps back", "p", "conv@400", "match 5 of 5");
        addRow("there and back", "nnnp", "conv_inner@110", "match 2 of 5");
    }

    void enterSteps()
    {
        QFETCH(QString, keys);
        QFETCH(QString, current);
        QFETCH(QString, position);
        search("conv");
        QLineEdit* name = m_w->form()->nameEdit();
        for (QChar k : keys)
            QTest::keyClick(name, Qt::Key_Return, k == 'p' ? Qt::ShiftModifier : Qt::NoModifier);
        QCOMPARE(searchtest::describe(*m_store, m_selection->current()), current);
        QCOMPARE(m_w->positionText(), position);
    }

    // The summary and the position write one count the same way, whatever the system's
    // locale: a German "1.502 matches" would read as a fraction next to "of 1,502".
    void countsReadTheSameInAnyLocale_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::newRow("C") << QLocale::c();
        QTest::newRow("German") << QLocale(QLocale::German, QLocale::Germany);
        QTest::newRow("French") << QLocale(QLocale::French, QLocale::France);
        QTest::newRow("Hindi") << QLocale(QLocale::Hindi, QLocale::India); // groups lakhs: 1,00,000
    }
    void countsReadTheSameInAnyLocale()
    {
        QFETCH(QLocale, locale);
        using namespace strata::store;
        StoreBuilder b;
        const uint32_t t = b.thread(b.process(IdValue::number(1)), IdValue::number(1));
        const TypeId step = b.type(b.intern("step"), b.intern("op"));
        for (TimeNs i = 0; i < 101502; ++i)
            b.completeSlice(t, i * 10, 5, step, ArgSetId());
        widgettest::open(*m_session, StoreFinalizer::finalize(b));
        const auto restore = qScopeGuard([before = QLocale()] { QLocale::setDefault(before); });
        QLocale::setDefault(locale);
        search("step");
        QCOMPARE(m_w->summaryText(), QStringLiteral("101,502 matches · 507.510 µs total"));
        QCOMPARE(m_w->positionText(), QStringLiteral("– of 101,502"));
    }

    void enterBeforeThePauseSearchesAndSelects()
    {
        QSignalSpy finished(m_w.get(), &SearchWidget::finished);
        QTest::keyClicks(m_w->form()->nameEdit(), "matmul");
        QTest::keyClick(m_w->form()->nameEdit(), Qt::Key_Return);
        QVERIFY(finished.count() || finished.wait());
        QTRY_COMPARE(searchtest::describe(*m_store, m_selection->current()), QStringLiteral("matmul@200"));
        QCOMPARE(m_w->positionText(), QStringLiteral("match 1 of 1"));
    }

    void stepsFromTheCurrentEvent()
    {
        search("conv");
        // matmul@200 is no match: Next goes to the first match after it, Previous before it.
        for (uint32_t r = 0; r < m_store->sliceCount(); ++r)
            if (m_store->str(m_store->sliceName(store::SliceRow(r))) == "matmul")
                m_selection->setCurrent(EventRef::slice(store::SliceRow(r)));
        QCOMPARE(m_w->positionText(), QStringLiteral("– of 5"));
        m_w->step(false);
        QCOMPARE(searchtest::describe(*m_store, m_selection->current()), QStringLiteral("conv_mark@250"));
        m_w->step(true);
        m_w->step(true);
        QCOMPARE(searchtest::describe(*m_store, m_selection->current()), QStringLiteral("conv@100"));
        // Selecting a match elsewhere (a click on the timeline) moves the position too.
        const EventRef last = m_w->matches()->at(4);
        m_selection->setCurrent(last);
        QCOMPARE(m_w->positionText(), QStringLiteral("match 5 of 5"));
    }

    void errorsShowAndHighlightNothing_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        addRow("bad regex", "regex", "(", "regular expression");
        addRow("bad duration", "min", "fast", "Minimum duration");
        addRow("bad arg", "args", "=5", "no key");
        addRow("min over max", "minmax", "", "larger than the maximum");
    }

    void errorsShowAndHighlightNothing()
    {
        QFETCH(QString, field);
        QFETCH(QString, text);
        QFETCH(QString, message);
        widgets::SearchForm* f = m_w->form();
        if (field == "regex") {
            f->regexButton()->setChecked(true);
            f->nameEdit()->setText(text);
        } else if (field == "min") {
            f->minDurEdit()->setText(text);
        } else if (field == "args") {
            f->argsEdit()->setPlainText(text);
        } else {
            f->minDurEdit()->setText("2ms");
            f->maxDurEdit()->setText("1ms");
        }
        m_w->search();
        QVERIFY(m_w->summaryText().contains(message));
        QVERIFY(!m_selection->highlighted());
        QVERIFY(!m_w->matches());
    }

    void escapeClears()
    {
        search("conv");
        QVERIFY(m_selection->highlighted());
        QTest::keyClick(m_w->form()->nameEdit(), Qt::Key_Escape);
        QVERIFY(!m_selection->highlighted());
        QVERIFY(!m_w->matches());
        QCOMPARE(m_w->positionText(), QString());
    }

    void anotherHighlightIsLeftAlone()
    {
        search("conv");
        auto other = std::make_shared<const std::vector<store::SliceRow>>(1, store::SliceRow(0));
        m_selection->setHighlighted(other, "operator");
        QTest::keyClick(m_w->form()->nameEdit(), Qt::Key_Escape);
        QCOMPARE(m_selection->highlighted(), other);
    }

    void showOnlyMatches()
    {
        QCheckBox* box = m_w->showOnlyMatchesBox();
        QVERIFY(!m_selection->highlightDimsOthers());
        box->click();
        QVERIFY(m_selection->highlightDimsOthers());
        m_selection->setHighlightDimsOthers(false); // set elsewhere: the box follows
        QVERIFY(!box->isChecked());
    }

    void newSearchCancelsTheRunningOne()
    {
        QSignalSpy finished(m_w.get(), &SearchWidget::finished);
        m_w->form()->nameEdit()->setText("matmul");
        m_w->search();
        m_w->form()->nameEdit()->setText("dma");
        m_w->search(); // the first result is dropped, whenever it arrives
        QVERIFY(finished.wait());
        QTRY_VERIFY(!m_w->isRunning());
        QCOMPARE(m_w->matches()->count(), uint64_t(1));
        QCOMPARE(searchtest::describe(*m_store, m_w->matches()->at(0)), QStringLiteral("dma_copy@150"));
        QCOMPARE(finished.count(), 1);
    }

    void visibleWindowOnly()
    {
        m_viewport->setVisible({ 290, 350 });
        m_w->form()->visibleOnlyBox()->setChecked(true);
        search("conv");
        QCOMPARE(m_w->matches()->count(), uint64_t(1)); // conv@300 only
        QSignalSpy finished(m_w.get(), &SearchWidget::finished);
        m_viewport->setVisible({ 90, 350 }); // the search follows the window
        QVERIFY(finished.wait());
        QTRY_COMPARE(m_w->matches()->count(), uint64_t(4));
    }

    void newStoreClears()
    {
        search("conv");
        widgettest::open(*m_session, nullptr);
        QVERIFY(!m_w->matches());
        QCOMPARE(m_w->summaryText(), QStringLiteral("No profile is open."));
    }

private:
    void search(const QString& name)
    {
        QSignalSpy finished(m_w.get(), &SearchWidget::finished);
        m_w->form()->nameEdit()->setText(name);
        m_w->search();
        QVERIFY(finished.wait());
        QVERIFY(m_w->matches());
    }

    std::shared_ptr<const store::EventStore> m_store;
    std::unique_ptr<model::Session> m_session;
    model::Selection* m_selection = nullptr;
    model::Viewport* m_viewport = nullptr;
    std::unique_ptr<SearchWidget> m_w;
};

QTEST_MAIN(tst_SearchWidget)
#include "tst_searchwidget.moc"
