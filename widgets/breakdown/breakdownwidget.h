#pragma once
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/breakdown/breakdownresult.h>
#include <common/dockcontext.h>
#include <common/timescope.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QScrollArea;
class QStackedWidget;

namespace strata::widgets {

class BreakdownBars;
class BreakdownComputer;
class BreakdownTable;
class TimeScopeBox;

// The Time Breakdown dock (objectName "timeBreakdown"): whether the devices compute,
// communicate, move memory or stand idle over a TimeScope's window (whole trace by default,
// the visible range, the current selection or a marker pair) — the numbers of strata-cli
// breakdown, computed off the GUI thread from the profile's BreakdownIndex. Per device (and,
// with "Engines", per engine) a stacked bar of its span (BreakdownBars) and the durations and
// shares under it (BreakdownTable). A click on a device's bar selects that device's work in
// the window (first start to last end) on the timeline.
class BreakdownWidget : public QWidget {
    Q_OBJECT
public:
    explicit BreakdownWidget(const DockContext& context, QWidget* parent = nullptr);

    std::shared_ptr<const analysis::RankBreakdown> breakdown() const { return m_shown; }
    bool isBusy() const;
    QString placeholderText() const; // "" while the breakdown is shown
    TimeScope* scope() const { return m_scope; }
    BreakdownBars* bars() const { return m_bars; }
    BreakdownTable* table() const { return m_table; }

signals:
    void breakdownUpdated(); // a new breakdown is on screen

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void setStore(std::shared_ptr<const store::EventStore> store);
    void setIndex(std::shared_ptr<const analysis::BreakdownIndex> index);
    void refresh();
    void apply(std::shared_ptr<const analysis::RankBreakdown> breakdown);
    void showPlaceholder(const QString& text);
    void fitBars();
    void selectDevice(int device);

    model::Session* m_session;
    TimeScope* m_scope;
    TimeScopeBox* m_scopeBox;
    BreakdownComputer* m_computer;
    QCheckBox* m_engines;
    QLabel* m_caption;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QScrollArea* m_barsArea;
    BreakdownBars* m_bars;
    BreakdownTable* m_table;
    std::shared_ptr<const analysis::RankBreakdown> m_shown;
};

} // namespace strata::widgets
