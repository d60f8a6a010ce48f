#include "devicebreakdownlabel.h"

#include <analysis/breakdown/breakdownshares.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <QEvent>
#include <QStringList>

namespace strata::widgets {

namespace {

// The parts of a device's line, as BreakdownShares writes them.
QStringList parts(const analysis::BreakdownTimes& times)
{
    return QString::fromStdString(analysis::BreakdownShares::line(times)).split(QStringLiteral(" · "));
}

QString toolTipOf(const analysis::DeviceBusyRow& d)
{
    const analysis::BreakdownTimes& t = d.breakdown;
    QStringList lines;
    lines << QObject::tr("%1: shares of its span in the window, %2 (from its first work to its last)")
                 .arg(QString::fromStdString(d.label), UnitFormat::duration(t.spanNs));
    lines << QObject::tr("compute %1").arg(UnitFormat::duration(t.computeNs));
    if (const auto pct = t.commOverlapPct())
        lines << QObject::tr("communication %1, of which %2 overlapped with compute (%3 of the communication, "
                             "strata-cli breakdown's comm_overlap_pct); exposed %4")
                     .arg(UnitFormat::duration(t.communicationNs), UnitFormat::duration(t.commOverlapNs),
                         UnitFormat::percent(*pct, 2), UnitFormat::duration(t.commExposedNs));
    if (t.memoryNs > 0)
        lines << QObject::tr("memory %1").arg(UnitFormat::duration(t.memoryNs));
    lines << QObject::tr("idle %1").arg(UnitFormat::duration(t.idleNs));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

DeviceBreakdownLabel::DeviceBreakdownLabel(QWidget* parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("summaryBreakdown"));
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    hide();
}

void DeviceBreakdownLabel::setScope(const analysis::DeviceScope& scope)
{
    m_devices = scope.devices;
    refresh();
}

void DeviceBreakdownLabel::setSide(const QString& side)
{
    m_side = side;
    refresh();
}

QString DeviceBreakdownLabel::name(const analysis::DeviceBusyRow& device) const
{
    if (m_devices.size() > 1)
        return m_side.isEmpty() ? QString::fromStdString(device.label)
                                : m_side + QStringLiteral(" · ") + QString::fromStdString(device.label);
    return m_side.isEmpty() ? tr("Device time") : m_side;
}

QString DeviceBreakdownLabel::plainText() const
{
    QStringList lines;
    for (const analysis::DeviceBusyRow& d : m_devices)
        lines << (m_devices.size() > 1 || !m_side.isEmpty() ? name(d) + QStringLiteral(": ") : QString())
                + parts(d.breakdown).join(QStringLiteral(" · "));
    return lines.join(QLatin1Char('\n'));
}

void DeviceBreakdownLabel::refresh()
{
    setVisible(!m_devices.empty());
    if (m_devices.empty()) {
        clear();
        setToolTip(QString());
        return;
    }
    const QPalette& pal = palette();
    const QString mutedColor
        = TimelineStyle::mix(pal.color(QPalette::Window), pal.color(QPalette::WindowText), 0.62).name();
    auto muted = [&](const QString& html) {
        return QStringLiteral("<span style=\"color:%1\">%2</span>").arg(mutedColor, html);
    };
    auto nb
        = [](const QString& text) { return text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")); };
    QStringList lines, tips;
    for (const analysis::DeviceBusyRow& d : m_devices) {
        // Non-breaking inside a part: a narrow dock wraps between parts.
        QStringList html;
        for (const QString& part : parts(d.breakdown))
            html << nb(part);
        lines << muted(nb(name(d))) + QStringLiteral("&nbsp;&nbsp;") + html.join(QStringLiteral("&nbsp;· "));
        tips << toolTipOf(d);
    }
    setText(lines.join(QStringLiteral("<br>")));
    setToolTip(tips.join(QStringLiteral("\n\n")));
}

void DeviceBreakdownLabel::changeEvent(QEvent* event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        refresh();
}

} // namespace strata::widgets
