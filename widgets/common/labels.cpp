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

QString Labels::breakable(const QString& text)
{
    static const QString kAfter = QStringLiteral(":,)>/._");
    static const QString kBefore = QStringLiteral("(<");
    const QChar zwsp(0x200B);
    QString out;
    out.reserve(text.size() + text.size() / 8);
    int run = 0;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (i > 0 && kBefore.contains(c) && !text[i - 1].isSpace() && !out.endsWith(zwsp)) {
            out += zwsp;
            run = 0;
        }
        out += c;
        run = c.isSpace() ? 0 : run + 1;
        const bool last = i + 1 == text.size();
        if (!last && !c.isSpace() && !text[i + 1].isSpace() && (kAfter.contains(c) || run >= kMaxUnbroken)
            && !(c == QLatin1Char(':') && text[i + 1] == QLatin1Char(':'))) {
            out += zwsp;
            run = 0;
        }
    }
    return out;
}

} // namespace strata::widgets
