#pragma once
#include <analysis/breakdown/breakdownresult.h>

#include <QColor>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

namespace strata::widgets {

// The Time Breakdown dock's bars: a legend, then for each device (and, when asked, each of
// its engines, indented) its label and one horizontal bar of its span cut into the six
// analysis::BreakdownSegments: compute, communication overlapped with compute, communication
// exposed, memory while neither computes nor communicates, other work while none of those
// runs, and idle. Each instant of the span is in one segment, so they add up to it exactly
// (memory and other may overlap compute and each other: the bar shows them where nothing
// ahead of them runs; the table gives their whole unions). A click on a segment reports the
// row (device, engine) and the segment; the height follows the width (heightForWidth), so
// the bars sit in a scroll area.
class BreakdownBars : public QWidget {
    Q_OBJECT
public:
    struct Segment {
        analysis::BreakdownSegment kind;
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
    static QString segmentName(analysis::BreakdownSegment segment);
    // The row's bar rectangle (widget coordinates), and one segment's part of it (empty when
    // the segment has no time there), for a click in tests.
    QRect barRect(int row) const;
    QRect segmentRect(int row, analysis::BreakdownSegment segment) const;
    int deviceOfRow(int row) const { return m_rows.at(size_t(row)).device; }
    int engineOfRow(int row) const { return m_rows.at(size_t(row)).engine; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // device: index into RankBreakdown::devices; engine: into its engines, -1 for the device.
    void segmentClicked(int device, int engine, analysis::BreakdownSegment segment);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override; // tooltips

private:
    struct Row {
        int device = -1;
        int engine = -1; // -1: the device's own row
        QString label;
        analysis::BreakdownTimes times;
    };
    void rebuild();
    int legendHeight(int width) const;
    int rowHeight() const;
    int rowAt(QPoint p) const;
    // The segment under p in the row's bar; false off the bar.
    bool segmentAt(int row, QPoint p, analysis::BreakdownSegment* segment) const;

    std::shared_ptr<const analysis::RankBreakdown> m_breakdown;
    std::vector<Row> m_rows;
    bool m_engines = false;
};

} // namespace strata::widgets
