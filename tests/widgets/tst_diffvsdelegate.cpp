#include <annotations/annotationstablemodel.h>
#include <annotations/diffvsdelegate.h>
#include <state/annotationsmodel.h>
#include <state/viewport.h>

#include <QComboBox>
#include <QtTest>

#include <memory>

using namespace strata;
using model::MarkerId;
using Table = widgets::AnnotationsTableModel;

// The Diff vs editor over a narrow cell: as wide as its longest item, inside the view.
class tst_DiffVsDelegate : public QObject {
    Q_OBJECT

private slots:
    void editorFitsItsItems_data()
    {
        QTest::addColumn<QStringList>("names"); // the markers; the first row's editor is opened
        QTest::addColumn<int>("cellLeft");
        QTest::newRow("short names: (none) is the longest") << QStringList { "A", "B" } << 10;
        QTest::newRow("a long marker name")
            << QStringList { "A", "Start of the third decoder block's attention" } << 10;
        QTest::newRow("cell at the view's right edge")
            << QStringList { "A", "Start of the third decoder block's attention" } << 370;
    }

    void editorFitsItsItems()
    {
        QFETCH(QStringList, names);
        QFETCH(int, cellLeft);
        model::Viewport viewport;
        viewport.setTraceRange({ 0, 100000 });
        model::AnnotationsModel annotations;
        std::vector<MarkerId> ids;
        for (int i = 0; i < names.size(); ++i) {
            ids.push_back(annotations.add(1000 * (i + 1)));
            annotations.rename(ids.back(), names[i]);
        }
        Table table(&annotations, &viewport);
        widgets::DiffVsDelegate delegate(&annotations);
        QWidget view; // stands for the table's viewport
        view.resize(400, 200);
        view.show();

        QStyleOptionViewItem option;
        option.rect = QRect(cellLeft, 20, 30, 22); // a cell narrower than any item
        const QModelIndex cell = table.index(table.rowOf(ids.front()), Table::DiffVs);
        std::unique_ptr<QWidget> editor(delegate.createEditor(&view, option, cell));
        auto* combo = qobject_cast<QComboBox*>(editor.get());
        QVERIFY(combo);
        delegate.setEditorData(combo, cell);
        delegate.updateEditorGeometry(combo, option, cell);

        QCOMPARE(combo->count(), names.size()); // "(none)" and every other marker
        const QFontMetrics fm(combo->font());
        for (int i = 0; i < combo->count(); ++i)
            QVERIFY2(combo->width() > fm.horizontalAdvance(combo->itemText(i)),
                qPrintable(QStringLiteral("%1 px for \"%2\"").arg(combo->width()).arg(combo->itemText(i))));
        QVERIFY(combo->width() >= combo->sizeHint().width());
        QVERIFY(combo->geometry().contains(option.rect)); // it covers its cell
        QVERIFY(combo->geometry().left() >= 0);
        if (combo->width() <= view.width())
            QVERIFY(combo->geometry().right() < view.width()); // and stays inside the view
    }
};

QTEST_MAIN(tst_DiffVsDelegate)
#include "tst_diffvsdelegate.moc"
