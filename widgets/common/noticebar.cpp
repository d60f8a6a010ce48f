#include "noticebar.h"
#include "themepalette.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>

namespace strata::widgets {

namespace {
constexpr int kEdge = 3; // the warning-coloured bar on the left, px
} // namespace

NoticeBar::NoticeBar(QWidget* parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_button(new QPushButton(this))
{
    setObjectName(QStringLiteral("noticeBar"));
    m_label->setObjectName(QStringLiteral("noticeText"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wrapped text: as wide as the dock gives, as tall as the lines need.
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_button->setObjectName(QStringLiteral("noticeAction"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(kEdge + 8, 4, 6, 4);
    layout->setSpacing(8);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_button, 0, Qt::AlignVCenter);
    connect(m_button, &QPushButton::clicked, this, &NoticeBar::actionTriggered);
    hide();
}

void NoticeBar::setNotice(const QString& text, const QString& action)
{
    m_label->setText(text);
    m_label->setToolTip(text);
    m_button->setText(action);
    m_button->setVisible(!action.isEmpty());
    m_button->setEnabled(true);
    show();
}

void NoticeBar::clearNotice()
{
    m_label->clear();
    m_label->setToolTip(QString());
    hide();
}

QString NoticeBar::text() const
{
    return m_label->text();
}

void NoticeBar::paintEvent(QPaintEvent* event)
{
    const ThemePalette pal = ThemePalette::from(palette());
    QPainter p(this);
    p.fillRect(rect(), ThemePalette::mix(pal.base, pal.warning, pal.dark ? 0.22 : 0.14));
    p.fillRect(QRect(0, 0, kEdge, height()), pal.warning);
    QFrame::paintEvent(event);
}

} // namespace strata::widgets
