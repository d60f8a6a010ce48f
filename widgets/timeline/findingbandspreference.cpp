#include "findingbandspreference.h"

#include <QCoreApplication>
#include <QSettings>

namespace strata::widgets {

namespace {
const char* const kKey = "timeline/findingBands";
} // namespace

FindingBandsPreference* FindingBandsPreference::instance()
{
    static FindingBandsPreference* const one = new FindingBandsPreference(QCoreApplication::instance());
    return one;
}

bool FindingBandsPreference::shown() const
{
    return QSettings().value(QLatin1String(kKey), true).toBool();
}

void FindingBandsPreference::setShown(bool on)
{
    QSettings().setValue(QLatin1String(kKey), on);
    emit changed();
}

} // namespace strata::widgets
