#include "timelinetogglepreference.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QSettings>

namespace strata::widgets {

TimelineTogglePreference::TimelineTogglePreference(
    QString key, std::optional<bool> byDefault, QString text, QString toolTip)
    : QObject(QCoreApplication::instance())
    , m_key(std::move(key))
    , m_default(byDefault)
    , m_text(std::move(text))
    , m_toolTip(std::move(toolTip))
{
}

TimelineTogglePreference* TimelineTogglePreference::overlapLane()
{
    static TimelineTogglePreference* const one
        = new TimelineTogglePreference(QStringLiteral("timeline/overlapLane"), std::nullopt, tr("Overlap &Lane"),
            tr("A row above each device's tracks coloured by what the device does: compute, "
               "communication overlapped with compute or exposed, memory, idle"));
    return one;
}

TimelineTogglePreference* TimelineTogglePreference::skewStrip()
{
    static TimelineTogglePreference* const one
        = new TimelineTogglePreference(QStringLiteral("timeline/skewStrip"), true, tr("&Skew Strip"),
            tr("For a job of several ranks, a band under the ruler: per collective, the spread of the "
               "ranks' arrivals, coloured by how long the first rank waits"));
    return one;
}

TimelineTogglePreference* TimelineTogglePreference::findingBands()
{
    static TimelineTogglePreference* const one
        = new TimelineTogglePreference(QStringLiteral("timeline/findingBands"), true, tr("Fin&ding Bands"),
            tr("Thin bands above the tracks where the Findings dock's findings lie: amber for a "
               "warning, red for a critical finding, blue for information"));
    return one;
}

std::optional<bool> TimelineTogglePreference::choice() const
{
    const QVariant v = QSettings().value(m_key);
    if (!v.isValid())
        return std::nullopt;
    return v.toBool();
}

void TimelineTogglePreference::setShown(bool on)
{
    QSettings().setValue(m_key, on);
    emit changed();
}

QAction* TimelineTogglePreference::addTo(QMenu* menu, std::function<bool()> checked)
{
    if (!checked)
        checked = [this] { return shows(); };
    QAction* action = menu->addAction(m_text);
    action->setCheckable(true);
    action->setToolTip(m_toolTip);
    connect(action, &QAction::triggered, this, &TimelineTogglePreference::setShown);
    connect(menu, &QMenu::aboutToShow, action, [action, checked] { action->setChecked(checked()); });
    return action;
}

} // namespace strata::widgets
