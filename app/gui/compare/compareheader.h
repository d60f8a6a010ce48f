#pragma once
#include <store/types.h>

#include <QWidget>

namespace strata::model {
class Comparison;
}

namespace strata::app {

// The label strip above B's timeline ("B: file name"). Dragging it sideways shifts B against
// A: the pixels dragged become nanoseconds at the current zoom (B's visible span over the
// width its time axis is drawn on), and the offset becomes Manual.
class CompareHeader : public QWidget {
    Q_OBJECT
public:
    explicit CompareHeader(model::Comparison* comparison, QWidget* parent = nullptr);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    double nsPerPixel() const;

    model::Comparison* m_comparison;
    bool m_dragging = false;
    double m_pressX = 0;
    store::TimeNs m_pressOffset = 0;
    double m_pressNsPerPx = 0; // fixed for the drag, so B's moving view cannot feed back
};

} // namespace strata::app
