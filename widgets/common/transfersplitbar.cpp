#include "transfersplitbar.h"

#include <common/chartstyle.h>
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QEvent>
#include <QHorizontalPercentBarSeries>
#include <QLabel>
#include <QLegend>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace strata::widgets {

TransferSplitBar::TransferSplitBar(MenuChartView::MenuFn menu, QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("Execution vs data transfer"), this))
    , m_chart(new QChart)
    , m_series(new QHorizontalPercentBarSeries)
{
    m_series->setBarWidth(0.62);
    m_series->setLabelsVisible(true);
    m_series->setLabelsPosition(QAbstractBarSeries::LabelsCenter);
    m_series->setLabelsFormat(QStringLiteral("@value"));
    m_chart->addSeries(m_series);
    m_chart->setMargins(QMargins(4, 0, 8, 0));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->hide();
    // One hidden category (the bar) and a hidden 0–100 % axis.
    auto* categories = new QBarCategoryAxis(m_chart);
    categories->append(QStringLiteral(" "));
    categories->setVisible(false);
    m_chart->addAxis(categories, Qt::AlignLeft);
    m_series->attachAxis(categories);
    auto* percent = new QValueAxis(m_chart);
    percent->setRange(0, 100);
    percent->setVisible(false);
    m_chart->addAxis(percent, Qt::AlignBottom);
    m_series->attachAxis(percent);
    m_view = new MenuChartView(m_chart, std::move(menu), this);
    m_view->setObjectName(QStringLiteral("operatorSplit"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFixedHeight(44);
    m_view->setFrameShape(QFrame::NoFrame);
    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("operatorSplitCaption"));
    m_caption->setContentsMargins(8, 0, 8, 2);
    m_caption->setTextFormat(Qt::RichText);
    m_caption->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setContentsMargins(8, 6, 8, 0);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_title);
    layout->addWidget(m_view);
    layout->addWidget(m_caption);
    applyStyle();
}

void TransferSplitBar::setTimes(store::TimeNs busyNs, store::TimeNs executionNs, store::TimeNs transferNs)
{
    m_series->clear();
    m_caption->clear();
    const bool any = busyNs > 0;
    m_title->setVisible(any);
    m_view->setVisible(any);
    if (!any)
        return;
    const double busy = double(busyNs);
    auto* exec = new QBarSet(tr("Execution %1").arg(UnitFormat::duration(executionNs)));
    auto* transfer = new QBarSet(tr("Data transfer %1").arg(UnitFormat::duration(transferNs)));
    // Values are percentages, rounded for the bar labels ("@value").
    *exec << std::round(1000.0 * double(executionNs) / busy) / 10.0;
    *transfer << std::round(1000.0 * double(transferNs) / busy) / 10.0;
    exec->setColor(ThemePalette::execution());
    transfer->setColor(ThemePalette::transfer());
    for (QBarSet* s : { exec, transfer }) {
        s->setBorderColor(palette().color(QPalette::Base));
        s->setLabelColor(ThemePalette::textOn(s->color())); // the value on the bar keeps 4.5 : 1
    }
    m_series->append(exec);
    m_series->append(transfer);
    m_series->setLabelsFormat(QStringLiteral("@value %"));
    applyStyle();
    const QString swatch = QStringLiteral("<span style=\"color:%1\">\u25a0</span>");
    // Each time stays on one line; the two go on two lines in a narrow dock rather than widen
    // its page (which then scrolled sideways and hid the pie legend's shares, on 150 %).
    m_caption->setText(tr("<span style=\"white-space:nowrap\">%1 Execution %2</span>&nbsp;&nbsp; "
                          "<span style=\"white-space:nowrap\">%3 Data transfer %4</span>")
                           .arg(swatch.arg(ThemePalette::execution().name()), UnitFormat::duration(executionNs),
                               swatch.arg(ThemePalette::transfer().name()), UnitFormat::duration(transferNs)));
}

void TransferSplitBar::applyStyle()
{
    const QPalette pal = palette();
    ChartStyle::apply(m_chart, pal);
    m_view->setBackgroundBrush(pal.color(QPalette::Base));
    QFont title = font();
    title.setBold(true);
    m_chart->setTitleFont(title);
}

void TransferSplitBar::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyStyle();
}

} // namespace strata::widgets
