#include <annotations/annotationstablemodel.h>
#include <state/annotationsmodel.h>
#include <state/viewport.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

using namespace strata;
using model::AnnotationsModel;
using model::MarkerId;
using store::TimeNs;
using Table = widgets::AnnotationsTableModel;

class tst_AnnotationsTableModel : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<model::Viewport> m_viewport;
    std::unique_ptr<AnnotationsModel> m_annotations;
    std::unique_ptr<Table> m_table;

    QModelIndex cell(MarkerId id, int column) const { return m_table->index(m_table->rowOf(id), column); }

private slots:
    void init()
    {
        m_viewport = std::make_unique<model::Viewport>();
        m_viewport->setTraceRange({ 1000000, 1100000 });
        m_annotations = std::make_unique<AnnotationsModel>();
        m_table = std::make_unique<Table>(m_annotations.get(), m_viewport.get());
        new QAbstractItemModelTester(
            m_table.get(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_table.get());
    }
    void cleanup()
    {
        m_table.reset();
        m_annotations.reset();
        m_viewport.reset();
    }

    void rowsFollowTimeOrder()
    {
        const MarkerId late = m_annotations->add(1050000), early = m_annotations->add(1010000);
        QCOMPARE(m_table->rowCount(), 2);
        QCOMPARE(m_table->markerAt(0), early);
        QCOMPARE(cell(early, Table::Time).data().toString(), QStringLiteral("10.000 µs")); // from the trace start
        QCOMPARE(cell(early, Table::DeltaPrevious).data().toString(), QStringLiteral("—"));
        QCOMPARE(cell(late, Table::DeltaPrevious).data().toString(), QStringLiteral("40.000 µs"));
        QSignalSpy reset(m_table.get(), &QAbstractItemModel::modelReset);
        m_annotations->move(late, 1001000); // now first
        QCOMPARE(reset.count(), 1);
        QCOMPARE(m_table->markerAt(0), late);
        QSignalSpy data(m_table.get(), &QAbstractItemModel::dataChanged);
        m_annotations->rename(late, QStringLiteral("x")); // same order: no reset
        QCOMPARE(reset.count(), 1);
        QCOMPARE(data.count(), 1);
        QCOMPARE(cell(late, Table::Color).data(Qt::DecorationRole).value<QColor>().rgb() & 0xffffff,
            m_annotations->find(late)->rgb);
    }

    void diffVsDeltaIsTheDifference_data()
    {
        QTest::addColumn<qlonglong>("t1");
        QTest::addColumn<qlonglong>("t2");
        QTest::addColumn<QString>("text");
        QTest::newRow("later") << 1010000LL << 1012500LL << "2.500 µs";
        QTest::newRow("earlier") << 1090000LL << 1000001LL << "-89.999 µs";
        QTest::newRow("ns apart") << 1020000LL << 1020007LL << "7 ns";
    }
    void diffVsDeltaIsTheDifference()
    {
        QFETCH(qlonglong, t1);
        QFETCH(qlonglong, t2);
        QFETCH(QString, text);
        const MarkerId a = m_annotations->add(t1), b = m_annotations->add(t2);
        QCOMPARE(cell(b, Table::DiffDelta).data().toString(), QStringLiteral("—"));
        QVERIFY(!(m_table->flags(cell(b, Table::Zoom)) & Qt::ItemIsUserCheckable)); // no pair yet
        // Picking "Diff vs" as the combo delegate does: the other marker's id as EditRole.
        QVERIFY(m_table->setData(cell(b, Table::DiffVs), qint64(a.v), Qt::EditRole));
        QCOMPARE(cell(b, Table::DiffVs).data().toString(), m_annotations->find(a)->name);
        QCOMPARE(cell(b, Table::DiffVs).data(Qt::EditRole).toLongLong(), qint64(a.v));
        QCOMPARE(m_annotations->diffVsDelta(b), std::optional<TimeNs>(t2 - t1));
        QCOMPARE(cell(b, Table::DiffDelta).data().toString(), text);
        QVERIFY(m_table->setData(cell(b, Table::DiffVs), Table::kNoMarker, Qt::EditRole));
        QCOMPARE(m_annotations->find(b)->diffVs, MarkerId());
    }

    void renameInPlace()
    {
        const MarkerId a = m_annotations->add(1001000);
        QVERIFY(m_table->flags(cell(a, Table::Name)) & Qt::ItemIsEditable);
        QVERIFY(!(m_table->flags(cell(a, Table::Time)) & Qt::ItemIsEditable));
        QVERIFY(m_table->setData(cell(a, Table::Name), QStringLiteral("warm-up"), Qt::EditRole));
        QCOMPARE(m_annotations->find(a)->name, QStringLiteral("warm-up"));
        QCOMPARE(cell(a, Table::Name).data(Qt::EditRole).toString(), QStringLiteral("warm-up"));
    }

    void zoomCheckboxShowsThePair()
    {
        const MarkerId a = m_annotations->add(1020000), b = m_annotations->add(1060000),
                       c = m_annotations->add(1090000);
        m_annotations->setDiffVs(b, a);
        m_annotations->setDiffVs(c, a);
        QVERIFY(m_table->flags(cell(b, Table::Zoom)) & Qt::ItemIsUserCheckable);
        QCOMPARE(cell(b, Table::Zoom).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        QVERIFY(m_table->setData(cell(b, Table::Zoom), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(m_viewport->visible().start, TimeNs(1020000));
        QCOMPARE(m_viewport->visible().end, TimeNs(1060000));
        QCOMPARE(cell(b, Table::Zoom).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        // Another row's checkbox takes over; the first one reads unchecked again.
        QVERIFY(m_table->setData(cell(c, Table::Zoom), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(m_viewport->visible().end, TimeNs(1090000));
        QCOMPARE(cell(b, Table::Zoom).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        // Unchecking goes back to the view before.
        QVERIFY(m_table->setData(cell(c, Table::Zoom), Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(m_viewport->visible().end, TimeNs(1060000));
        // Panning away unchecks.
        QVERIFY(m_table->setData(cell(b, Table::Zoom), Qt::Checked, Qt::CheckStateRole));
        QSignalSpy changed(m_table.get(), &QAbstractItemModel::dataChanged);
        m_viewport->pan(1000);
        QVERIFY(changed.count() >= 1);
        QCOMPARE(cell(b, Table::Zoom).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    }

    void removedRowsGoAway()
    {
        const MarkerId a = m_annotations->add(1001000), b = m_annotations->add(1002000);
        m_annotations->setDiffVs(b, a);
        m_annotations->remove(a);
        QCOMPARE(m_table->rowCount(), 1);
        QCOMPARE(cell(b, Table::DiffVs).data().toString(), QStringLiteral("—"));
        m_annotations->clear();
        QCOMPARE(m_table->rowCount(), 0);
    }
};

QTEST_MAIN(tst_AnnotationsTableModel)
#include "tst_annotationstablemodel.moc"
