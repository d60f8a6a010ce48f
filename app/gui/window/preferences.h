#pragma once
#include <snapshots/sidecarlocation.h>

#include <QMetaType>
#include <QString>

namespace strata::app {

// The user's choices of Edit > Preferences, kept in QSettings under "preferences/". A value
// the settings do not hold (a first run) or do not know (a newer Strata wrote it) reads as
// its default. Saving writes every value and flushes the settings at once: QSettings writes
// its file whole through a temporary, so a crash leaves the old or the new preferences,
// never half of them.
struct Preferences {
    // Where a profile's markers are saved when it has no sidecar yet. The data folder by
    // default: a marker must never write into a folder the user did not ask to write into.
    SidecarLocation::Keep keepMarkers = SidecarLocation::Keep::DataFolder;

    static Preferences load();
    // False, with `error` saying why, when the settings file could not be written.
    bool save(QString* error = nullptr) const;

    bool operator==(const Preferences& o) const { return keepMarkers == o.keepMarkers; }
    bool operator!=(const Preferences& o) const { return !(*this == o); }
};

} // namespace strata::app

Q_DECLARE_METATYPE(strata::app::Preferences)
