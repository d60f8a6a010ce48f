#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/summary/summaryindex.h>
#include <analysis/summary/summaryresult.h>
#include <common/dockcontext.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QStringList>
#include <QWidget>

#include <memory>

class QToolButton;
class QTreeWidget;

namespace strata::model {
class Comparison;
}

namespace strata::widgets {

class CompareSummaryStack;
class SummaryBusyChart;
class SummaryComputer;
class SummaryView;

// The Overall Summary dock (objectName "overallSummary"; as in the Neuron profiler): the
// whole trace's SummaryView — the same numbers as `strata-cli summary FILE` — with a bar
// chart of busy time per engine. Shows "Building summary…" from setStore until
// setSummaryIndex. While two profiles are compared, an A | B | Δ mode (CompareSummaryStack)
// shows both whole traces' engines side by side.
class OverallSummaryWidget : public QWidget {
    Q_OBJECT
public:
    // Follows the context's session; with the context's Comparison, the A | B | Δ mode.
    explicit OverallSummaryWidget(const DockContext& context, QWidget* parent = nullptr);

    std::shared_ptr<const analysis::TraceSummary> summary() const;
    bool isBusy() const;
    SummaryView* view() const { return m_view; }
    SummaryBusyChart* chart() const { return m_chart; }
    // The profile's own facts (EventStore::metadata: a Neuron summary's MFU, a trace's
    // otherData, ...): key and value per row, under the summary; hidden when there are none.
    QTreeWidget* factsView() const { return m_factsView; }
    CompareSummaryStack* compareStack() const { return m_compare; } // null without a comparison
    // How the profile was read, beyond the importer's diagnostics (a cached snapshot refused
    // on the way): listed with them. Each profile brings its own (LoadInfo::notes); this
    // replaces them until the next one.
    void setLoadNotes(const QStringList& notes);

signals:
    void summaryUpdated(); // a new summary is on screen

private:
    void build(model::Comparison* comparison); // null: no A | B | Δ mode
    void setStore(std::shared_ptr<const store::EventStore> store, const QString& filePath = QString(),
        const QString& format = QString());
    // `breakdown` (may be null, still being built) makes device busy each device's union.
    void setSummaryIndex(std::shared_ptr<const analysis::SummaryIndex> index,
        std::shared_ptr<const analysis::BreakdownIndex> breakdown = nullptr);
    void apply(std::shared_ptr<const analysis::TraceSummary> summary);
    void showFacts(const store::EventStore* store);

    SummaryComputer* m_computer;
    SummaryView* m_view;
    SummaryBusyChart* m_chart;
    QToolButton* m_factsToggle;
    QTreeWidget* m_factsView;
    CompareSummaryStack* m_compare = nullptr;
    QString m_path;
};

} // namespace strata::widgets
