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

// The Operator Charts dock's "Execution vs data transfer" part: a bold title, one stacked
// percent bar (execution then transfer, each labelled with its share) and a caption with
// the two times. The title and the bar hide while there is no busy time. Right clicks on
// the bar go to the owner's menu.
class TransferSplitBar : public QWidget {
    Q_OBJECT
public:
    explicit TransferSplitBar(MenuChartView::MenuFn menu, QWidget* parent = nullptr);

    // Shares of busyNs; nothing drawn when busyNs is 0.
    void setTimes(store::TimeNs busyNs, store::TimeNs executionNs, store::TimeNs transferNs);
    QHorizontalPercentBarSeries* series() const { return m_series; }

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
