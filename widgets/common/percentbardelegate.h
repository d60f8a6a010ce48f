#pragma once
#include <QStyledItemDelegate>

namespace strata::widgets {

// Draws a share (0–100, read from `role`) as a bar behind the cell's right-aligned text:
// the eye finds the heavy rows of a long table without reading numbers. Colours are mixed
// from the palette (Highlight into Base), so the bar reads on light and dark themes, and
// stays visible on a selected row. With a `colorRole` (a QColor: the engine's colour in
// the summaries) the bar takes that hue and lies on a faint track, so 3 % and 0 % read as
// small shares of something; a cell without a share then draws neither.
class PercentBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit PercentBarDelegate(int role, QObject* parent = nullptr);
    PercentBarDelegate(int role, int colorRole, QObject* parent = nullptr);
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_role;
    int m_colorRole = -1;
};

} // namespace strata::widgets
