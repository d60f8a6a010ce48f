#pragma once
#include "comparesummarycomputer.h"
#include <state/statefwd.h>
#include <store/types.h>

#include <QWidget>

#include <memory>

class QLabel;
class QMenu;
class QModelIndex;
class QStackedWidget;
class QTreeView;

namespace strata::model {
class Comparison;
}

namespace strata::widgets {

class CompareSummaryModel;
class DeviceBreakdownLabel;

// The A | B | Δ mode of the Overall and Current Selection Summary docks (objectName
// "compareSummary"): while a comparison is active, each side's breakdown line per device
// (DeviceBreakdownLabel) and the engines of A and B paired (CompareSummaryModel), for the
// whole traces or for a window of A and the same window of B moved by the alignment offset
// (a B time tB shows at A time tB − offset, so B's window is A's plus the offset). Both
// summaries and the pairing are computed off the GUI thread (CompareSummaryComputer); it
// recomputes when either profile, its summary index, the offset or the window changes, and
// shows "Building summaries…" until both indexes are there. Its context menu pairs a row's
// A engine with any of B's by hand (Comparison::setEnginePartner).
class CompareSummaryTable : public QWidget {
    Q_OBJECT
public:
    explicit CompareSummaryTable(model::Comparison* comparison, QWidget* parent = nullptr);

    // What to compare from now on; each computes at once when it can. stop(): nothing (the
    // dock shows A alone), and a result still running is dropped.
    void showWhole();
    void showWindow(store::TimeRange aWindow); // absolute, on A's clock
    void stop();
    void showPlaceholder(const QString& text); // stop(), with this in place of the table
    // B's window for A's: moved by the offset (B's clock = A's + offset).
    static store::TimeRange bWindowFor(store::TimeRange aWindow, store::TimeNs offset);

    void setCaption(const QString& text, const QString& toolTip = QString());
    QString captionText() const;
    QString factsText() const; // plain text: the files and B's window
    bool isBusy() const; // the latest request has not arrived
    bool isShowingPlaceholder() const;
    // The windows of what is on screen (absolute, each on its own profile's clock).
    store::TimeRange shownAWindow() const;
    store::TimeRange shownBWindow() const;
    CompareSummaryModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }

signals:
    void updated(); // a new comparison is on screen

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class Kind { None, Whole, Window };
    void inputsChanged();
    void request();
    void apply(std::shared_ptr<const CompareSummaryComputer::Result> result);
    void updateFacts();
    void showContextMenu(const QPoint& pos);
    // "Pair With B's ▸" (every engine of B, the partner checked) and "Pair Automatically" for
    // the engine at `index`: the choice goes to the Comparison, so every compare view uses it.
    void addPairMenu(QMenu* menu, const QModelIndex& index);

    model::Comparison* m_comparison;
    CompareSummaryComputer* m_computer;
    CompareSummaryModel* m_model;
    QStackedWidget* m_stack;
    QLabel* m_placeholder;
    QLabel* m_caption;
    QLabel* m_facts;
    DeviceBreakdownLabel* m_breakdown[2]; // A's and B's breakdown lines per device
    QTreeView* m_view;
    Kind m_kind = Kind::None;
    store::TimeRange m_aWindow;
};

} // namespace strata::widgets
