// WrappingDelegate in a tree view: a long text's row is one line tall in a column wide
// enough, and as many lines as it wraps into in a narrow one; a child's width is its
// column's less the tree's indentation; without word wrap, one line whatever the width.
#include <common/wrappingdelegate.h>

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTest>
#include <QTreeView>

using strata::widgets::WrappingDelegate;

class tst_WrappingDelegate : public QObject {
    Q_OBJECT
    static QString text() { return QStringLiteral("CudnnConvolutionBackward takes 51.9 % of the device time"); }

private slots:
    // `parts`: the column's text width is the text's 1/parts (0: wider than the text).
    void heightFollowsColumnWidth_data()
    {
        QTest::addColumn<int>("parts");
        QTest::addColumn<bool>("wrap");
        QTest::addColumn<int>("minLines");
        QTest::addColumn<int>("maxLines");
        QTest::newRow("wide") << 0 << true << 1 << 1;
        QTest::newRow("half") << 2 << true << 2 << 3;
        QTest::newRow("quarter") << 4 << true << 4 << 6;
        QTest::newRow("no wrap") << 4 << false << 1 << 1;
    }
    void heightFollowsColumnWidth()
    {
        QFETCH(int, parts);
        QFETCH(bool, wrap);
        QFETCH(int, minLines);
        QFETCH(int, maxLines);
        QStandardItemModel model;
        auto* parent = new QStandardItem(text());
        parent->appendRow(new QStandardItem(text()));
        model.appendRow(parent);
        QTreeView view;
        view.setModel(&model);
        view.setWordWrap(wrap);
        view.setUniformRowHeights(false);
        view.setItemDelegate(new WrappingDelegate(&view));
        const QFontMetrics fm(view.font());
        const int advance = fm.horizontalAdvance(text());
        // The first column's text starts after the branch indentation and the text margins.
        const int width = (parts ? advance / parts : 2 * advance) + view.indentation() + 8;
        view.resize(width + 200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.header()->setStretchLastSection(false);
        view.header()->resizeSection(0, width);
        view.expandAll();
        view.doItemsLayout();
        const QModelIndex top = model.index(0, 0);
        const int height = view.visualRect(top).height();
        QVERIFY2(height >= minLines * fm.height() && height < (maxLines + 1) * fm.lineSpacing(),
            qPrintable(QStringLiteral("%1 px, lines of %2").arg(height).arg(fm.lineSpacing())));
        // The child has less room: never shorter than its parent.
        QVERIFY(view.visualRect(model.index(0, 0, top)).height() >= height);
    }
};

QTEST_MAIN(tst_WrappingDelegate)
#include "tst_wrappingdelegate.moc"
