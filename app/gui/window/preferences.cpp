#include "preferences.h"

#include <QCoreApplication>
#include <QSettings>

namespace strata::app {

namespace {

const QString kKeepMarkers = QStringLiteral("preferences/keepMarkers");
const QString kDataFolder = QStringLiteral("dataFolder");
const QString kNextToProfile = QStringLiteral("nextToProfile");

} // namespace

Preferences Preferences::load()
{
    Preferences p;
    const QSettings settings;
    if (settings.value(kKeepMarkers).toString() == kNextToProfile)
        p.keepMarkers = SidecarLocation::Keep::NextToProfile;
    return p;
}

bool Preferences::save(QString* error) const
{
    QSettings settings;
    settings.setValue(kKeepMarkers, keepMarkers == SidecarLocation::Keep::NextToProfile ? kNextToProfile : kDataFolder);
    settings.sync();
    if (settings.status() == QSettings::NoError)
        return true;
    if (error)
        *error = QCoreApplication::translate("Preferences", "The preferences could not be written to %1.")
                     .arg(settings.fileName());
    return false;
}

} // namespace strata::app
