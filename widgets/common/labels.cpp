#include "labels.h"

#include <QLabel>

namespace strata::widgets {

QLabel* Labels::placeholder(QWidget* parent, int margin)
{
    auto* label = new QLabel(parent);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setMargin(margin);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

QLabel* Labels::heading(QWidget* parent, qreal scale)
{
    auto* label = new QLabel(parent);
    QFont big = label->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * scale);
    label->setFont(big);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace strata::widgets
