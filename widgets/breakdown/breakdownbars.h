#pragma once
#include <analysis/breakdown/breakdownresult.h>

#include <QColor>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

namespace strata::widgets {

// The Time Breakdown dock's bars: a legend, then for each device (and, when asked, each of
// its engines, indented) its label and one horizontal bar of its span split into compute,
// communication overlapped with compute, communication exposed, memory & other work while
// neither computes nor communicates, and idle. The segments add up to the span exactly
// (compute + non-compute + idle), which is why memory and other share one segment: they may
// overlap each other and compute, and only their union outside compute is in the span's sum.
// A click on a device's row reports that device; its height follows its width
// (heightForWidth), so it sits in a scroll area.
class BreakdownBars : public QWidget {
    Q_OBJECT
public:
    struct Segment {
        QString name;
        store::TimeNs ns = 0;
        QColor color;
    };
    // The segments of one bar, in drawing order; their sum is times.spanNs.
    static std::vector<Segment> segments(const analysis::BreakdownTimes& times);

    explicit BreakdownBars(QWidget* parent = nullptr);

    void setBreakdown(std::shared_ptr<const analysis::RankBreakdown> breakdown);
    void setShowEngines(bool on);
    bool showEngines() const { return m_engines; }
    int rowCount() const { return int(m_rows.size()); }
    // The height of the legend and the first `rows` rows at `width`: what the dock keeps
    // visible however short it is.
    int heightFor(int width, int rows) const;
    // The row's bar rectangle (widget coordinates), for a click in tests.
    QRect barRect(int row) const;
    int deviceOfRow(int row) const { return m_rows.at(size_t(row)).device; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void deviceClicked(int device); // index into RankBreakdown::devices

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override; // tooltips

private:
    struct Row {
        int device = -1;
        bool engine = false;
        QString label;
        analysis::BreakdownTimes times;
    };
    void rebuild();
    int legendHeight(int width) const;
    int rowHeight() const;
    int rowAt(QPoint p) const;

    std::shared_ptr<const analysis::RankBreakdown> m_breakdown;
    std::vector<Row> m_rows;
    bool m_engines = false;
};

} // namespace strata::widgets
