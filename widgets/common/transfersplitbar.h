#pragma once
#include "menuchartview.h"

#include <store/types.h>

#include <QWidget>

class QLabel;

QT_BEGIN_NAMESPACE
class QChart;
class QHorizontalPercentBarSeries;
QT_END_NAMESPACE

namespace strata::widgets {

// The Operator Charts dock's split of the busy time by kind of work (store::WorkKind): a
// bold title, one stacked percent bar (execution, communication, data transfer, each
// labelled with its share, in the time breakdown's colours, BreakdownColors) and a caption
// with the times. Execution is compute and what is neither communication nor memory work;
// communication is collectives (NCCL kernels, CC cores); data transfer is memory work. A
// profile without communication reads "Execution vs data transfer", its caption without
// the communication part. The title and the bar hide while there is no busy time. Right
// clicks on the bar go to the owner's menu.
class TransferSplitBar : public QWidget {
    Q_OBJECT
public:
    explicit TransferSplitBar(MenuChartView::MenuFn menu, QWidget* parent = nullptr);

    // Shares of busyNs; nothing drawn when busyNs is 0. The three parts do not overlap.
    void setTimes(
        store::TimeNs busyNs, store::TimeNs executionNs, store::TimeNs communicationNs, store::TimeNs transferNs);
    QHorizontalPercentBarSeries* series() const { return m_series; } // sets: execution, communication, transfer
    QString title() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyStyle();

    QLabel* m_title;
    QChart* m_chart;
    QHorizontalPercentBarSeries* m_series;
    MenuChartView* m_view;
    QLabel* m_caption;
};

} // namespace strata::widgets
