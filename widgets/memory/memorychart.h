#pragma once
#include "memoryaddressaxis.h"

#include <state/selection.h>
#include <store/eventstore.h>

#include <QImage>
#include <QWidget>

#include <memory>
#include <vector>

namespace strata::model {
class Viewport;
}

namespace strata::widgets {

// One memory space as a space-time chart (as Sophgo's profile view shows it): x is time
// over the shared Viewport's visible range, y the address (MemoryAddressAxis), one
// rectangle per access, red for writes, green for reads. Accesses are rasterised into an
// image once per (visible range, size): only the window's accesses (binary search), several
// in one pixel folding into it. The current slice's accesses are outlined; clicking one
// makes its instruction current; dragging pans and the wheel zooms the Viewport, as on the
// timeline. When the timeline's time axis (Viewport::timeAxisFrame) lies across this chart,
// the plot takes exactly its pixels, so a time is at the same screen x in both.
class MemoryChart : public QWidget {
    Q_OBJECT
public:
    static constexpr int kAxisWidth = 120;
    static constexpr int kMinAxisWidth = 60; // the address labels' least room when aligned
    static constexpr int kMinPlotWidth = 100; // the least of the timeline's axis worth aligning to
    static constexpr int kHeaderHeight = 20;
    static const QColor kReadColor;
    static const QColor kWriteColor;

    MemoryChart(model::Viewport* viewport, model::Selection* selection, QWidget* parent = nullptr);

    void setSpace(std::shared_ptr<const store::EventStore> store, store::MemorySpaceId space,
        std::vector<MemoryAddressAxis::Band> bands);
    store::MemorySpaceId space() const { return m_space; }
    QString title() const;

    // Where accesses are drawn: from the timeline's axis frame when it starts over this
    // widget (kMinAxisWidth left for the addresses, kMinPlotWidth of plot) to its end or this
    // widget's, else after kAxisWidth to the right edge.
    QRect plotRect() const;
    // The pixels the visible range spans from the plot's left: the frame's width when
    // aligned (the plot may show only its first part), else the plot's.
    int timeAxisWidth() const;
    double xOf(store::TimeNs t) const; // widget x of a time
    const MemoryAddressAxis& axis() const { return m_axis; }
    // Widget rectangle of an access (clipped only by the far-off margin), for tests and outlines.
    QRectF accessRect(uint32_t row) const;
    // The access under a point (the smallest one, within 2 px), -1 when none.
    int accessAt(QPoint pos) const;
    std::vector<uint32_t> outlinedRows() const; // the current slice's accesses in this space
    QString toolTipFor(uint32_t row) const;
    int renders() const { return m_renders; }

    QSize sizeHint() const override { return { 640, 180 }; }
    QSize minimumSizeHint() const override { return { 320, 90 }; }

protected:
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    store::TimeNs timeAt(double x) const;
    void renderAccesses(const QRect& plot, qreal dpr);
    void paintBands(QPainter& p, const QRect& plot) const;
    void paintHeader(QPainter& p, const QRect& plot) const;
    void select(QPoint pos, bool reveal);

    model::Viewport* m_viewport;
    model::Selection* m_selection;
    std::shared_ptr<const store::EventStore> m_store;
    store::MemorySpaceId m_space;
    MemoryAddressAxis m_axis;
    double m_axisHeight = -1; // the plot height m_axis was laid out for

    QImage m_image; // the accesses of the visible range
    struct Key {
        store::TimeNs t0 = 0, t1 = 0;
        QSize size;
        int axisWidth = 0;
        qreal dpr = 0;
        bool operator==(const Key& o) const
        {
            return t0 == o.t0 && t1 == o.t1 && size == o.size && axisWidth == o.axisWidth && dpr == o.dpr;
        }
    } m_key;
    int m_renders = 0;

    int m_hover = -1;
    bool m_dragging = false;
    QPoint m_pressPos;
    store::TimeRange m_pressVisible;
};

} // namespace strata::widgets
