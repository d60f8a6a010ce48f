#pragma once
#include "pairmetrics.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace strata::widgets {

// The Annotations dock's detail pane: what ran between the selected marker and its Diff-vs
// marker, as one compact tree — "Engines" (events, busy time and utilisation of each
// engine that ran, grouped by process) and "Top operators" (count, total time and share of
// the busy time) — under a caption naming the pair and its interval.
class PairMetricsView : public QWidget {
    Q_OBJECT
public:
    enum Column { Name, Events, Time, Share, ColumnCount };

    explicit PairMetricsView(QWidget* parent = nullptr);

    // `title`: which pair and how long, shown above the tree.
    void setMetrics(std::shared_ptr<const PairMetrics> metrics, const QString& title);
    void showPlaceholder(const QString& text);
    void setHeading(const QString& text); // the tree's first column: "Between the markers"
    const std::shared_ptr<const PairMetrics>& metrics() const { return m_metrics; }
    QTreeWidget* tree() const { return m_tree; }
    QTreeWidgetItem* enginesItem() const; // null while a placeholder shows
    QTreeWidgetItem* operatorsItem() const;
    QString caption() const;

private:
    void fillEngines(const PairMetrics& m, QTreeWidgetItem* root);
    void fillOperators(const PairMetrics& m, QTreeWidgetItem* root);

    std::shared_ptr<const PairMetrics> m_metrics;
    QLabel* m_caption;
    QTreeWidget* m_tree;
};

} // namespace strata::widgets
