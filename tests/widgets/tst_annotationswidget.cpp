#include "markerprofile.h"
#include <support/widgettestutil.h>

#include <analysis/summary/summarycalculator.h>
#include <annotations/annotationstablemodel.h>
#include <annotations/annotationswidget.h>
#include <annotations/pairmetricscomputer.h>
#include <annotations/pairmetricsview.h>
#include <common/summaryformat.h>
#include <state/annotationsmodel.h>
#include <state/viewport.h>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <state/session.h>

#include <QtTest>

using namespace strata;
using model::AnnotationsModel;
using model::MarkerId;
using store::TimeNs;
using widgets::AnnotationsTableModel;
using widgets::AnnotationsWidget;

class tst_AnnotationsWidget : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::SummaryIndex> m_index;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    std::unique_ptr<model::Session> m_session;
    model::Viewport* m_viewport = nullptr;
    model::AnnotationsModel* m_annotations = nullptr;
    std::unique_ptr<AnnotationsWidget> m_w;

    QAction* action(const char* name) const { return m_w->findChild<QAction*>(QString::fromLatin1(name)); }
    // Finds the engine row of `track` in the detail pane.
    QTreeWidgetItem* engine(const QString& track) const
    {
        const QList<QTreeWidgetItem*> hits
            = m_w->details()->tree()->findItems(track, Qt::MatchExactly | Qt::MatchRecursive);
        return hits.isEmpty() ? nullptr : hits.front();
    }

private slots:
    void initTestCase()
    {
        m_store = markerprofile::make();
        m_index = std::make_shared<const analysis::SummaryIndex>(*m_store, 1);
        m_catalog = std::make_shared<const analysis::OperatorCatalog>(*m_store);
    }

    void init()
    {
        m_session = std::make_unique<model::Session>();
        m_viewport = m_session->viewport();
        m_viewport->setTraceRange(m_store->extent());
        m_annotations = m_session->annotations();
        m_w = std::make_unique<AnnotationsWidget>(widgets::DockContext { m_session.get() });
        m_w->resize(800, 600);
        widgettest::open(*m_session, m_store, QStringLiteral("/traces/run.json"));
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
    }

    void cleanup()
    {
        m_w.reset();
        m_session.reset();
    }

    void metricsOfThePair()
    {
        QCOMPARE(m_w->objectName(), QStringLiteral("annotations"));
        const MarkerId a = m_annotations->add(1000), b = m_annotations->add(3000);
        m_annotations->setDiffVs(b, a);
        QSignalSpy updated(m_w.get(), &AnnotationsWidget::metricsUpdated);
        m_annotations->setSelected(b); // as a click on the timeline does
        QCOMPARE(m_w->currentMarker(), b);
        QCOMPARE(m_w->table()->currentIndex().row(), m_w->tableModel()->rowOf(b));
        QTRY_VERIFY(m_w->details()->metrics() && !m_w->isBusy());
        const widgets::PairMetrics& m = *m_w->details()->metrics();
        QCOMPARE(m.window.start, TimeNs(1000));
        QCOMPARE(m.window.end, TimeNs(3000));
        // The numbers of strata-cli summary --range for the same interval.
        const analysis::TraceSummary expected
            = analysis::SummaryCalculator::compute(*m_store, *m_index, { 1000, 3000 });
        QCOMPARE(m.summary.tracks.size(), expected.tracks.size());
        for (size_t i = 0; i < expected.tracks.size(); ++i) {
            QCOMPARE(m.summary.tracks[i].events, expected.tracks[i].events);
            QCOMPARE(m.summary.tracks[i].busyNs, expected.tracks[i].busyNs);
        }
        QTreeWidgetItem* main = engine(QStringLiteral("main"));
        QVERIFY(main);
        QCOMPARE(main->text(1), QStringLiteral("2"));
        QCOMPARE(main->text(3), widgets::SummaryFormat::utilization(1.0));
        QTreeWidgetItem* compute = engine(QStringLiteral("Compute"));
        QVERIFY(compute);
        QCOMPARE(compute->text(3), widgets::SummaryFormat::utilization(0.5));
        QVERIFY(m.hasOperators);
        QVERIFY(!m.topOperators.empty());
        QCOMPARE(m_w->details()->operatorsItem()->childCount(), int(m.topOperators.size()));
        QCOMPARE(m_w->details()->operatorsItem()->child(0)->text(0), QString::fromStdString(m.topOperators[0].name));
        QVERIFY2(
            m_w->details()->caption().contains(QStringLiteral("Δt 2.000 µs")), qPrintable(m_w->details()->caption()));

        // Moving a marker recomputes after the debounce.
        m_annotations->move(a, 2000);
        QTRY_COMPARE(m_w->details()->metrics()->window.start, TimeNs(2000));
        QVERIFY(!engine(QStringLiteral("Task DMA"))); // idle in [2000, 3000]: left out
    }

    // The details pane can measure the current selection or the visible range instead of
    // the pair; the pair comes back with its choice.
    void scopeChoices()
    {
        QComboBox* box = m_w->scopeBox();
        QCOMPARE(box->count(), 3);
        QCOMPARE(box->currentText(), QStringLiteral("Marker pair"));
        const MarkerId a = m_annotations->add(1000), b = m_annotations->add(3000);
        m_annotations->setDiffVs(b, a);
        m_annotations->setSelected(b);
        QTRY_VERIFY(m_w->details()->metrics() && !m_w->isBusy());

        m_session->selection()->setTimeSelection({ 4000, 7000 });
        box->setCurrentIndex(box->findText(QStringLiteral("Current selection")));
        QTRY_VERIFY(m_w->details()->metrics() && m_w->details()->metrics()->window.start == 4000 && !m_w->isBusy());
        QCOMPARE(m_w->details()->metrics()->window.end, TimeNs(7000));
        QVERIFY2(m_w->details()->caption().startsWith(QStringLiteral("Time selection")),
            qPrintable(m_w->details()->caption()));
        QCOMPARE(m_w->details()->tree()->headerItem()->text(0), QStringLiteral("In the window"));
        QVERIFY(engine(QStringLiteral("Compute"))); // matmul [5000, 6000]

        m_annotations->move(a, 2000); // the pair is not what is measured now
        QVERIFY(!m_w->isBusy());

        box->setCurrentIndex(box->findText(QStringLiteral("Marker pair")));
        QTRY_VERIFY(m_w->details()->metrics() && m_w->details()->metrics()->window.start == 2000 && !m_w->isBusy());
        QCOMPARE(m_w->details()->metrics()->window.end, TimeNs(3000));
        QCOMPARE(m_w->details()->tree()->headerItem()->text(0), QStringLiteral("Between the markers"));
    }

    void withoutPairShowsHowToGetOne()
    {
        const MarkerId a = m_annotations->add(1000);
        m_annotations->setSelected(a);
        QVERIFY(!m_w->details()->metrics());
        QVERIFY(m_w->details()->caption().contains(QStringLiteral("Diff vs")));
    }

    void diffVsComboPicksTheOther()
    {
        const MarkerId a = m_annotations->add(1000), b = m_annotations->add(6000);
        const QModelIndex cell = m_w->tableModel()->index(m_w->tableModel()->rowOf(b), AnnotationsTableModel::DiffVs);
        m_w->table()->setCurrentIndex(cell);
        m_w->table()->edit(cell);
        auto* combo = m_w->table()->findChild<QComboBox*>(QStringLiteral("diffVsEditor"));
        QVERIFY(combo);
        QCOMPARE(combo->count(), 2); // (none) and the other marker, never itself
        const int i = combo->findData(qint64(a.v));
        QVERIFY(i > 0);
        combo->setCurrentIndex(i);
        emit combo->activated(i);
        QCOMPARE(m_annotations->find(b)->diffVs, a);
        QCOMPARE(cell.siblingAtColumn(AnnotationsTableModel::DiffDelta).data().toString(), QStringLiteral("5.000 µs"));
    }

    void buttons()
    {
        QVERIFY(action("addMarker")->isEnabled());
        QVERIFY(!action("deleteMarker")->isEnabled()); // nothing current
        action("addMarker")->trigger();
        QCOMPARE(m_annotations->count(), 1);
        const model::Marker marker = m_annotations->markers().front();
        QCOMPARE(marker.time, TimeNs(5000)); // the centre of the visible window
        QCOMPARE(m_w->currentMarker(), marker.id);
        QVERIFY(action("deleteMarker")->isEnabled());
        action("renameMarker")->trigger();
        QVERIFY(m_w->table()->findChild<QLineEdit*>()); // the name is being edited in place
        action("deleteMarker")->trigger();
        QCOMPARE(m_annotations->count(), 0);
        QVERIFY(!action("deleteMarker")->isEnabled());
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("set.json"));
        const MarkerId a = m_annotations->add(1000, std::nullopt, QStringLiteral("start"));
        const MarkerId b = m_annotations->add(3000, std::nullopt, QStringLiteral("end"));
        m_annotations->setDiffVs(b, a);
        QSignalSpy status(m_w.get(), &AnnotationsWidget::statusMessage);
        QString error;
        QVERIFY2(m_w->save(path, &error), qPrintable(error));
        m_annotations->remove(a);
        m_annotations->rename(b, QStringLiteral("changed"));
        QVERIFY2(m_w->load(path, &error), qPrintable(error));
        QCOMPARE(m_annotations->count(), 2);
        QCOMPARE(m_annotations->find(a)->name, QStringLiteral("start"));
        QCOMPARE(m_annotations->find(b)->name, QStringLiteral("end"));
        QCOMPARE(m_annotations->find(b)->diffVs, a);
        QCOMPARE(m_w->tableModel()->rowCount(), 2);
        QCOMPARE(status.count(), 2);

        // A corrupt file: a clear error naming it, the markers as they were.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"strata-annotations\", \"version\": 1, \"markers\": [{\"id\": 1,");
        f.close();
        QVERIFY(!m_w->load(bad, &error));
        QVERIFY2(error.startsWith(bad + QStringLiteral(": not valid JSON")), qPrintable(error));
        QCOMPARE(status.last().at(1).toBool(), true);
        QCOMPARE(m_annotations->count(), 2);
        QCOMPARE(m_annotations->find(a)->name, QStringLiteral("start"));
    }

    void loadMovesAnchoredMarkersOntoTheirEvents()
    {
        // A set saved against another recording: "fused_3" on Host/main then started at 4000
        // too, but the marker sat on its end, which was 4600 there.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("anchored.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "strata-annotations", "version": 1, "markers": [{"id": 4, "name": "end of fused_3",
            "time_ns": 4600, "anchor": {"pid": 1, "tid": 10, "track": "main", "event": "fused_3",
            "start_ns": 4000, "edge": "end"}}]})");
        f.close();
        QString error;
        QVERIFY2(m_w->load(path, &error), qPrintable(error));
        QCOMPARE(m_annotations->find(MarkerId(4))->time, TimeNs(5000));
    }
};

QTEST_MAIN(tst_AnnotationsWidget)
#include "tst_annotationswidget.moc"
