#pragma once
#include <QChartView>

#include <functional>

namespace strata::widgets {

// A QChartView that hands right clicks to a callback (its owner's context menu: exports),
// since QChartView itself has no context menu hook.
class MenuChartView : public QChartView {
    Q_OBJECT
public:
    using MenuFn = std::function<void(const QPoint& globalPos)>;
    MenuChartView(QChart* chart, MenuFn menu, QWidget* parent = nullptr);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    MenuFn m_menu;
};

} // namespace strata::widgets
