#include "loadprogresspanel.h"

#include <QEvent>
#include <QGraphicsDropShadowEffect>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace strata::app {

LoadProgressPanel::LoadProgressPanel(QWidget* parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("loadProgressPanel"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Window);
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet(QStringLiteral("#loadProgressPanel { border: 1px solid palette(mid); border-radius: 8px;"
                                 " background: palette(window); }"));
    auto* shadow = new QGraphicsDropShadowEffect(this);
    shadow->setBlurRadius(24);
    shadow->setOffset(0, 4);
    shadow->setColor(QColor(0, 0, 0, 80));
    setGraphicsEffect(shadow);

    m_title = new QLabel(this);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_detail = new QLabel(this);
    m_detail->setForegroundRole(QPalette::PlaceholderText);
    m_bar = new QProgressBar(this);
    m_bar->setRange(0, 1000);
    m_bar->setTextVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelLoadButton"));
    connect(m_cancel, &QPushButton::clicked, this, &LoadProgressPanel::cancelRequested);

    auto* row = new QHBoxLayout;
    row->addWidget(m_detail, 1);
    row->addWidget(m_cancel);
    auto* col = new QVBoxLayout(this);
    col->setContentsMargins(20, 16, 20, 16);
    col->setSpacing(10);
    col->addWidget(m_title);
    col->addWidget(m_bar);
    col->addLayout(row);
    setFixedWidth(420);

    parent->installEventFilter(this);
    hide();
}

void LoadProgressPanel::start(const QString& fileName)
{
    m_title->setText(tr("Opening %1").arg(fileName));
    m_title->setToolTip(fileName);
    m_detail->setText(tr("Reading…"));
    m_ranks = 0;
    m_bar->setValue(0);
    m_cancel->setEnabled(true);
    adjustSize();
    recentre();
    show();
    raise();
}

void LoadProgressPanel::setProgress(double fraction)
{
    const int v = int(fraction * 1000);
    m_bar->setValue(v);
    if (!m_cancel->isEnabled())
        return;
    if (m_ranks > 0) {
        // The job's progress is the ranks' shares added up: whole shares are ranks loaded.
        const int loaded = std::clamp(int(fraction * m_ranks + 1e-9), 0, m_ranks);
        m_detail->setText(loaded < m_ranks ? tr("%1 of %2 ranks loaded… %3 %").arg(loaded).arg(m_ranks).arg(v / 10)
                                           : tr("%1 ranks loaded; aligning their clocks…").arg(m_ranks));
        return;
    }
    m_detail->setText(fraction < 0.9 ? tr("Reading… %1 %").arg(v / 10) : tr("Indexing… %1 %").arg(v / 10));
}

void LoadProgressPanel::setRanks(int ranks)
{
    m_ranks = ranks;
    setProgress(m_bar->value() / 1000.0);
}

QString LoadProgressPanel::detailText() const
{
    return m_detail->text();
}

void LoadProgressPanel::setCancelling()
{
    m_cancel->setEnabled(false);
    m_detail->setText(tr("Cancelling…"));
}

bool LoadProgressPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        recentre();
    return QFrame::eventFilter(watched, event);
}

void LoadProgressPanel::recentre()
{
    const QWidget* p = parentWidget();
    move((p->width() - width()) / 2, (p->height() - height()) / 2);
}

} // namespace strata::app
