#include "overlaplanepreference.h"

#include <QCoreApplication>
#include <QSettings>

namespace strata::widgets {

namespace {
const char* const kKey = "timeline/overlapLane";
} // namespace

OverlapLanePreference* OverlapLanePreference::instance()
{
    static OverlapLanePreference* const one = new OverlapLanePreference(QCoreApplication::instance());
    return one;
}

OverlapLanePreference::Mode OverlapLanePreference::mode() const
{
    const QVariant v = QSettings().value(QLatin1String(kKey));
    if (!v.isValid())
        return Mode::Auto;
    return v.toBool() ? Mode::On : Mode::Off;
}

void OverlapLanePreference::setShown(bool on)
{
    QSettings().setValue(QLatin1String(kKey), on);
    emit changed();
}

} // namespace strata::widgets
