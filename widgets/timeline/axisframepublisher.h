#pragma once
#include <state/viewport.h>

#include <QObject>
#include <QPointer>
#include <QRect>

#include <functional>
#include <vector>

class QWidget;

namespace strata::widgets {

// Keeps Viewport::timeAxisFrame() equal to where a widget draws the visible range, in global
// pixels, so other time charts can put their axis on the same pixels without knowing the
// widget. A global position changes without the widget itself moving (its dock, splitter or
// window moves), so every ancestor up to the window is watched for moves and resizes, and
// a hidden widget publishes the empty frame.
class AxisFramePublisher : public QObject {
    Q_OBJECT
public:
    using AreaFn = std::function<QRect()>; // the data area, in the widget's coordinates

    AxisFramePublisher(QWidget* widget, model::Viewport* viewport, AreaFn area);
    ~AxisFramePublisher() override;

    // Publishes the current frame (nothing is emitted when it did not change).
    void publish();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void watchAncestors();

    QWidget* m_widget;
    QPointer<model::Viewport> m_viewport;
    AreaFn m_area;
    std::vector<QPointer<QWidget>> m_watched; // the widget and its ancestors
    bool m_recheck = false; // a publish() is queued
};

} // namespace strata::widgets
