#pragma once
#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

namespace strata::widgets {

// The legend of the share donut: one row per slice — swatch, name (elided to fit), share
// right-aligned. Painted from the palette. Hovering a row reports it (the donut pulls the
// slice out); clicking reports it (the timeline highlights its events).
class PieLegend : public QWidget {
    Q_OBJECT
public:
    struct Entry {
        QColor color;
        QString name;
        QString value; // "14.6 %"
        QString toolTip;
        bool clickable = true;
    };

    explicit PieLegend(QWidget* parent = nullptr);
    void setEntries(std::vector<Entry> entries);
    const std::vector<Entry>& entries() const { return m_entries; }
    void setHot(int row); // the row the donut's hover points at, -1 none
    // Where long names lose characters: the right end for layers ("fused(layer3.1.bn1+…"),
    // the middle for commands, whose index is at the end.
    void setElideMode(Qt::TextElideMode mode);
    int rowAt(const QPoint& pos) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void hovered(int row); // -1 when the mouse leaves the rows
    void clicked(int row);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    int rowHeight() const;
    std::vector<Entry> m_entries;
    int m_hot = -1;
    Qt::TextElideMode m_elide = Qt::ElideRight;
};

} // namespace strata::widgets
