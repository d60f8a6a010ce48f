#pragma once
#include <QWidget>

namespace strata::widgets {

class SourceView;

// The margin at the left of the source view: line numbers and, for lines with events, their
// count and total time over a bar as long as the line's share of the file's busiest line.
// It paints and handles clicks through its SourceView, which knows the blocks and stats.
class SourceGutter : public QWidget {
    Q_OBJECT
public:
    explicit SourceGutter(SourceView* view);
    QSize sizeHint() const override;

protected:
    bool event(QEvent* e) override;
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    SourceView* m_view;
};

} // namespace strata::widgets
