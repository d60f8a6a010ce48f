#include "skewstrippreference.h"

#include <QCoreApplication>
#include <QSettings>

namespace strata::widgets {

namespace {
const char* const kKey = "timeline/skewStrip";
} // namespace

SkewStripPreference* SkewStripPreference::instance()
{
    static SkewStripPreference* const one = new SkewStripPreference(QCoreApplication::instance());
    return one;
}

bool SkewStripPreference::shown() const
{
    return QSettings().value(QLatin1String(kKey), true).toBool();
}

void SkewStripPreference::setShown(bool on)
{
    QSettings().setValue(QLatin1String(kKey), on);
    emit changed();
}

} // namespace strata::widgets
