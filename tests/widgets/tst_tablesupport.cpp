#include <common/tablesupport.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QMenu>
#include <QStandardItemModel>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

using strata::widgets::TableSupport;

// What the docks' Copy puts on the clipboard, and how their tables are set up.
class tst_TableSupport : public QObject {
    Q_OBJECT

private slots:
    void selectedRowsTsv_data();
    void selectedRowsTsv();
    void groupedRowsTsv_data();
    void groupedRowsTsv();
    void selectedItemsText_data();
    void selectedItemsText();
    void copyText_data();
    void copyText();
    void copyAction_data();
    void copyAction();
    void menuEntries_data();
    void menuEntries();
    void fitNumberColumns_data();
    void fitNumberColumns();
};

namespace {

using Ints = QList<int>;

// Name, Count, Time; rows a, b, c.
void fillFlat(QStandardItemModel& m)
{
    m.setHorizontalHeaderLabels({ "Name", "Count", "Time" });
    m.appendRow({ new QStandardItem("a"), new QStandardItem("1"), new QStandardItem("2 ms") });
    m.appendRow({ new QStandardItem("b"), new QStandardItem("30"), new QStandardItem("4 µs") });
    m.appendRow({ new QStandardItem("c"), new QStandardItem("5"), new QStandardItem("6 s") });
}

// Groups (processes) p1 {e1, e2} and p2 {e3}; columns Engine, Events, Busy.
void fillGrouped(QStandardItemModel& m)
{
    m.setHorizontalHeaderLabels({ "Engine", "Events", "Busy" });
    auto group = [&m](const QString& name, const QList<QStringList>& rows) {
        auto* g = new QStandardItem(name);
        for (const QStringList& r : rows) {
            QList<QStandardItem*> cells;
            for (const QString& t : r)
                cells << new QStandardItem(t);
            g->appendRow(cells);
        }
        m.appendRow(g);
    };
    group("p1", { { "e1", "10", "1 ms" }, { "e2", "20", "2 ms" } });
    group("p2", { { "e3", "30", "3 ms" } });
}

void hide(QTreeView& view, const Ints& columns)
{
    for (int c : columns)
        view.setColumnHidden(c, true);
}

} // namespace

void tst_TableSupport::selectedRowsTsv_data()
{
    QTest::addColumn<Ints>("selected"); // in the order of selection
    QTest::addColumn<Ints>("hidden");
    QTest::addColumn<QString>("tsv");
    QTest::newRow("nothing selected") << Ints {} << Ints {} << "";
    QTest::newRow("one row") << Ints { 1 } << Ints {} << "Name\tCount\tTime\nb\t30\t4 µs\n";
    QTest::newRow("in the order selected") << Ints { 2, 0 } << Ints {} << "Name\tCount\tTime\nc\t5\t6 s\na\t1\t2 ms\n";
    QTest::newRow("hidden column left out") << Ints { 0 } << Ints { 1 } << "Name\tTime\na\t2 ms\n";
}

void tst_TableSupport::selectedRowsTsv()
{
    QFETCH(Ints, selected);
    QFETCH(Ints, hidden);
    QFETCH(QString, tsv);
    QStandardItemModel m;
    fillFlat(m);
    QTreeView view;
    view.setModel(&m);
    TableSupport::setUp(&view, 12);
    hide(view, hidden);
    for (int r : selected)
        view.selectionModel()->select(m.index(r, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(TableSupport::selectedRowsTsv(&view), tsv);
}

void tst_TableSupport::groupedRowsTsv_data()
{
    QTest::addColumn<QString>("select"); // "g<row>" a group, "<group>.<row>" a row
    QTest::addColumn<bool>("all");
    QTest::addColumn<Ints>("hidden");
    QTest::addColumn<QString>("tsv");
    const QString head = "Process\tEngine\tEvents\tBusy\n";
    QTest::newRow("nothing selected") << "" << false << Ints {} << "";
    QTest::newRow("whole table") << "" << true << Ints {}
                                 << head + "p1\te1\t10\t1 ms\np1\te2\t20\t2 ms\np2\te3\t30\t3 ms\n";
    QTest::newRow("one row") << "0.1" << false << Ints {} << head + "p1\te2\t20\t2 ms\n";
    QTest::newRow("a group: its rows") << "g1" << false << Ints {} << head + "p2\te3\t30\t3 ms\n";
    QTest::newRow("hidden column left out")
        << "g0" << false << Ints { 1 } << "Process\tEngine\tBusy\np1\te1\t1 ms\np1\te2\t2 ms\n";
}

void tst_TableSupport::groupedRowsTsv()
{
    QFETCH(QString, select);
    QFETCH(bool, all);
    QFETCH(Ints, hidden);
    QFETCH(QString, tsv);
    QStandardItemModel m;
    fillGrouped(m);
    QTreeView view;
    view.setModel(&m);
    view.expandAll();
    hide(view, hidden);
    QModelIndex index;
    if (select.startsWith('g'))
        index = m.index(select.mid(1).toInt(), 0);
    else if (!select.isEmpty())
        index = m.index(select.section('.', 1).toInt(), 0, m.index(select.section('.', 0, 0).toInt(), 0));
    if (index.isValid())
        view.selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(TableSupport::groupedRowsTsv(&view, "Process", all), tsv);
}

void tst_TableSupport::selectedItemsText_data()
{
    QTest::addColumn<Ints>("selected"); // top-level items, in the order of selection
    QTest::addColumn<int>("empty");
    QTest::addColumn<QString>("text");
    const int alone = int(TableSupport::EmptyValue::KeyAlone);
    const int tab = int(TableSupport::EmptyValue::KeepTab);
    QTest::newRow("nothing") << Ints {} << alone << "";
    QTest::newRow("key and value") << Ints { 1 } << alone << "Name\tmatmul";
    QTest::newRow("a section alone") << Ints { 0 } << alone << "Event";
    QTest::newRow("a section with a tab") << Ints { 0 } << tab << "Event\t";
    QTest::newRow("no newline after the last") << Ints { 2, 1 } << alone << "Size\t4 KB\nName\tmatmul";
}

void tst_TableSupport::selectedItemsText()
{
    QFETCH(Ints, selected);
    QFETCH(int, empty);
    QFETCH(QString, text);
    QTreeWidget tree;
    tree.setColumnCount(2);
    tree.setSelectionMode(QAbstractItemView::ExtendedSelection);
    const QList<QStringList> items { { "Event" }, { "Name", "matmul" }, { "Size", "4 KB" } };
    for (const QStringList& i : items)
        new QTreeWidgetItem(&tree, i);
    for (int i : selected)
        tree.topLevelItem(i)->setSelected(true);
    QCOMPARE(TableSupport::selectedItemsText(&tree, TableSupport::EmptyValue(empty)), text);
}

void tst_TableSupport::copyText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("whenEmpty");
    QTest::addColumn<QString>("clipboard");
    const int keep = int(TableSupport::WhenEmpty::KeepClipboard);
    const int clear = int(TableSupport::WhenEmpty::ClearClipboard);
    QTest::newRow("a text") << "a\tb\n" << keep << "a\tb\n";
    QTest::newRow("empty keeps") << "" << keep << "before";
    QTest::newRow("empty clears") << "" << clear << "";
}

void tst_TableSupport::copyText()
{
    QFETCH(QString, text);
    QFETCH(int, whenEmpty);
    QFETCH(QString, clipboard);
    QApplication::clipboard()->setText("before");
    TableSupport::copyText(text, TableSupport::WhenEmpty(whenEmpty));
    QCOMPARE(QApplication::clipboard()->text(), clipboard);
}

void tst_TableSupport::copyAction_data()
{
    QTest::addColumn<int>("menu");
    QTest::addColumn<int>("policy");
    QTest::newRow("the owner's menu") << int(TableSupport::Menu::Own) << int(Qt::CustomContextMenu);
    QTest::newRow("the view's actions") << int(TableSupport::Menu::Actions) << int(Qt::ActionsContextMenu);
}

// Ctrl+C on the view only, the same "Copy" in the context menu, and the view set up to
// select whole rows.
void tst_TableSupport::copyAction()
{
    QFETCH(int, menu);
    QFETCH(int, policy);
    QStandardItemModel m;
    fillFlat(m);
    QTreeView view;
    view.setModel(&m);
    TableSupport::setUp(&view, 16);
    QCOMPARE(view.selectionBehavior(), QAbstractItemView::SelectRows);
    QCOMPARE(view.selectionMode(), QAbstractItemView::ExtendedSelection);
    QCOMPARE(view.indentation(), 16);
    int copied = 0;
    QAction* a = TableSupport::addCopyAction(
        &view, &view, [&copied] { ++copied; }, TableSupport::Menu(menu));
    QCOMPARE(a->text(), QString("Copy"));
    QCOMPARE(a->shortcut(), QKeySequence(QKeySequence::Copy));
    QCOMPARE(a->shortcutContext(), Qt::WidgetShortcut);
    QVERIFY(view.actions().contains(a));
    QCOMPARE(int(view.contextMenuPolicy()), policy);
    a->trigger();
    QCOMPARE(copied, 1);
}

void tst_TableSupport::menuEntries_data()
{
    QTest::addColumn<bool>("enabled");
    QTest::newRow("enabled") << true;
    QTest::newRow("disabled") << false;
}

void tst_TableSupport::menuEntries()
{
    QFETCH(bool, enabled);
    QTreeView view;
    QMenu menu;
    int copied = 0;
    QAction* copy = TableSupport::addCopyEntry(
        &menu, &view, [&copied] { ++copied; }, enabled);
    TableSupport::addExpandCollapse(&menu, &view, enabled);
    QStringList texts;
    for (QAction* a : menu.actions()) {
        texts << a->text();
        QCOMPARE(a->isEnabled(), enabled);
    }
    QCOMPARE(texts, QStringList({ "Copy", "Expand All", "Collapse All" }));
    QCOMPARE(copy->shortcut(), QKeySequence(QKeySequence::Copy)); // shown as the hint
    copy->trigger();
    QCOMPARE(copied, enabled ? 1 : 0);
}

void tst_TableSupport::fitNumberColumns_data()
{
    QTest::addColumn<QStringList>("counts"); // top-level rows' counts
    QTest::addColumn<QString>("childCount"); // a collapsed child row's count under the first row
    QTest::addColumn<int>("userWidth"); // the Count column's width before the fit
    QTest::newRow("widest top-level count") << QStringList { "1", "1,234,567,890", "30" } << QString() << 20;
    QTest::newRow("widest in a collapsed child") << QStringList { "1", "2" } << "9,876,543,210,123" << 20;
    QTest::newRow("a wider column stays") << QStringList { "1,234" } << QString() << 400;
}

void tst_TableSupport::fitNumberColumns()
{
    QFETCH(QStringList, counts);
    QFETCH(QString, childCount);
    QFETCH(int, userWidth);
    QStandardItemModel m;
    m.setHorizontalHeaderLabels({ "Name", "Count" });
    auto row = [](const QString& name, const QString& count) {
        auto* c = new QStandardItem(count);
        c->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return QList<QStandardItem*> { new QStandardItem(name), c };
    };
    for (const QString& c : counts)
        m.appendRow(row("op", c));
    if (!childCount.isEmpty())
        m.item(0)->appendRow(row("child", childCount));
    QTreeView view;
    view.setModel(&m);
    view.header()->setStretchLastSection(false);
    view.header()->resizeSection(0, 50);
    view.header()->resizeSection(1, userWidth);
    TableSupport::fitNumberColumns(&view);

    const QFontMetrics fm(view.font());
    int widest = 0;
    for (const QString& c : counts + QStringList { childCount })
        widest = std::max(widest, fm.horizontalAdvance(c));
    QVERIFY2(view.columnWidth(1) > widest, qPrintable(QString::number(view.columnWidth(1))));
    QVERIFY(view.columnWidth(1) >= view.header()->sectionSizeHint(1));
    QVERIFY(view.columnWidth(1) >= userWidth);
    QCOMPARE(view.columnWidth(0), 50); // names are no number column

    // Rows that arrive later are measured too.
    const QString wider = QStringLiteral("123,456,789,012,345,678");
    m.appendRow(row("late", wider));
    QVERIFY(view.columnWidth(1) > fm.horizontalAdvance(wider));
}

QTEST_MAIN(tst_TableSupport)
#include "tst_tablesupport.moc"
