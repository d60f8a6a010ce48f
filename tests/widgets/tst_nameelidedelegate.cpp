// The name column's delegate: names that share a long start are shown by what tells them
// apart, each within its cell and never two alike; names that fit are shown whole; a change
// to the model is shown at once; painting draws the fitted text, not Qt's middle cut.
#include <common/nameelidedelegate.h>

#include <QAbstractItemModelTester>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QStandardItemModel>
#include <QTreeView>
#include <QtTest>

using strata::widgets::NameElideDelegate;

namespace {

const QString autograd = QStringLiteral("autograd::engine::evaluate_function: torch::autograd::generated::");

QStandardItemModel* modelOf(const QStringList& names, QObject* parent)
{
    auto* model = new QStandardItemModel(int(names.size()), 1, parent);
    for (int r = 0; r < names.size(); ++r) {
        model->setData(model->index(r, 0), names[r]);
        model->setData(model->index(r, 0), names[r], Qt::ToolTipRole);
    }
    return model;
}

} // namespace

class tst_NameElideDelegate : public QObject {
    Q_OBJECT
private slots:
    void shownText_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<int>("chars"); // the cell's width, in average characters
        QTest::addColumn<QString>("startsWith"); // what every long name's text starts with
        QTest::newRow("autograd functions") << QStringList { autograd + "AddmmBackward0", autograd + "MmBackward0",
            autograd + "AddBackward0", autograd + "MulBackward0", "aten::mm" }
                                            << 30 << QStringLiteral("\u2026");
        QTest::newRow("narrow") << QStringList { autograd + "AddmmBackward0", autograd + "MmBackward0" } << 20
                                << QStringLiteral("\u2026");
        QTest::newRow("kernels") << QStringList {
            "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
            "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, at::detail::Array<char*, 1>)",
            "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<int>, "
            "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<int>, at::detail::Array<char*, 1>)"
        } << 40 << QStringLiteral("\u2026");
        QTest::newRow("all fit") << QStringList { "aten::mm", "aten::addmm" } << 30 << QString();
    }

    void shownText()
    {
        QFETCH(QStringList, names);
        QFETCH(int, chars);
        QFETCH(QString, startsWith);
        QObject owner;
        QStandardItemModel* model = modelOf(names, &owner);
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const NameElideDelegate delegate;
        const QFontMetrics fm(QFont(QStringLiteral("Sans"), 9));
        const int width = fm.averageCharWidth() * chars;
        QSet<QString> seen;
        for (int r = 0; r < names.size(); ++r) {
            const QString shown = delegate.shownText(model->index(r, 0), fm, width);
            QVERIFY2(fm.horizontalAdvance(shown) <= width, qPrintable(shown));
            QVERIFY2(!seen.contains(shown), qPrintable(shown));
            seen << shown;
            if (fm.horizontalAdvance(names[r]) <= width)
                QCOMPARE(shown, names[r]);
            else
                QVERIFY2(shown.startsWith(startsWith), qPrintable(shown));
            QCOMPARE(model->index(r, 0).data(Qt::ToolTipRole).toString(), names[r]); // the full name
        }
    }

    // A renamed row is fitted anew, with its siblings.
    void followsModelChanges()
    {
        QObject owner;
        QStandardItemModel* model = modelOf({ autograd + "AddmmBackward0", autograd + "MmBackward0" }, &owner);
        const NameElideDelegate delegate;
        const QFontMetrics fm(QFont(QStringLiteral("Sans"), 9));
        const int width = fm.averageCharWidth() * 24;
        QVERIFY(delegate.shownText(model->index(1, 0), fm, width).endsWith("MmBackward0"));
        model->setData(model->index(1, 0), autograd + "TanhBackward0");
        QVERIFY(delegate.shownText(model->index(1, 0), fm, width).endsWith("TanhBackward0"));
        model->setData(model->index(1, 0), QStringLiteral("aten::mm"));
        QCOMPARE(delegate.shownText(model->index(1, 0), fm, width), QStringLiteral("aten::mm"));
    }

    // In a view, the cell paints the fitted text: the two rows' pictures differ although
    // Qt's own middle cut would draw "autograd::en…Backward0" in both.
    void paintsTheFittedText()
    {
        QObject owner;
        QStandardItemModel* model
            = modelOf({ autograd + "AddmmBackward0", autograd + "MmBackward0", autograd + "AddBackward0" }, &owner);
        QTreeView view;
        view.setModel(model);
        view.setRootIsDecorated(false);
        view.setHeaderHidden(true);
        auto* delegate = new NameElideDelegate(&view);
        view.setItemDelegateForColumn(0, delegate);
        view.resize(200, 120);
        view.setColumnWidth(0, 180);
        const QRect cellA = view.visualRect(model->index(0, 0)), cellC = view.visualRect(model->index(2, 0));
        QCOMPARE(cellA.size(), cellC.size());
        QImage image(view.viewport()->size(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        view.viewport()->render(&image);
        QVERIFY(image.copy(cellA) != image.copy(cellC));
        const QString shown = delegate->shownText(model->index(0, 0), view.fontMetrics(), cellA.width());
        QVERIFY2(shown.endsWith("AddmmBackward0"), qPrintable(shown));
    }
};

QTEST_MAIN(tst_NameElideDelegate)
#include "tst_nameelidedelegate.moc"
