#include "transfersplitbar.h"

#include <common/breakdowncolors.h>
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
#include <QStringList>
#include <QVBoxLayout>
#include <QValueAxis>

#include <cmath>

namespace strata::widgets {

namespace {
constexpr double kMinLabelledShare = 0.05; // "4.9 %" does not fit a 5 % part of a 300-px bar
} // namespace

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

void TransferSplitBar::setTimes(
    store::TimeNs busyNs, store::TimeNs executionNs, store::TimeNs communicationNs, store::TimeNs transferNs)
{
    m_series->clear();
    m_caption->clear();
    const bool any = busyNs > 0;
    m_title->setVisible(any);
    m_view->setVisible(any);
    m_title->setText(
        communicationNs > 0 ? tr("Execution, communication and data transfer") : tr("Execution vs data transfer"));
    if (!any)
        return;
    struct Part {
        QString name;
        store::TimeNs ns;
        QColor color;
    };
    const Part parts[] = { { tr("Execution"), executionNs, BreakdownColors::compute() },
        { tr("Communication"), communicationNs, BreakdownColors::communication() },
        { tr("Data transfer"), transferNs, BreakdownColors::memory() } };
    const double busy = double(busyNs);
    const QString swatch = QStringLiteral("<span style=\"color:%1\">\u25a0</span>");
    QStringList caption;
    for (const Part& part : parts) {
        auto* set = new QBarSet(QStringLiteral("%1 %2").arg(part.name, UnitFormat::duration(part.ns)));
        // Values are percentages, rounded for the bar labels ("@value").
        *set << std::round(1000.0 * double(part.ns) / busy) / 10.0;
        set->setColor(part.color);
        set->setBorderColor(palette().color(QPalette::Base));
        // The value on the bar keeps 4.5 : 1. A part too thin for its label has none (it
        // would be cut or overlap its neighbour's); the caption gives its time.
        const bool labelled = double(part.ns) >= kMinLabelledShare * busy;
        set->setLabelColor(labelled ? ThemePalette::textOn(part.color) : QColor(Qt::transparent));
        m_series->append(set);
        // Each time stays on one line; the parts go on several lines in a narrow dock rather
        // than widen its page (which then scrolled sideways and hid the pie legend's shares,
        // on 150 %). Communication is named only when there is some.
        if (&part != &parts[1] || communicationNs > 0)
            caption << QStringLiteral("<span style=\"white-space:nowrap\">%1 %2 %3</span>")
                           .arg(swatch.arg(part.color.name()), part.name, UnitFormat::duration(part.ns));
    }
    m_series->setLabelsFormat(QStringLiteral("@value %"));
    applyStyle();
    m_caption->setText(caption.join(QStringLiteral("&nbsp;&nbsp; ")));
}

QString TransferSplitBar::title() const
{
    return m_title->text();
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
