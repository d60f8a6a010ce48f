#pragma once
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <functional>

namespace strata::app {

// Where a profile's markers are kept: in the user's data folder
// (`<data>/strata/annotations/<file name>-<key>.strata-annotations.json`, the key a hash of
// the trace's absolute path and size), or, when the user prefers it (Keep::NextToProfile),
// next to the trace (`<trace>.strata-annotations.json`) if its folder is the user's own and
// can be written. A folder is the user's own when its owner is the user the process runs as:
// writable alone is not enough, since root (or a member of a shared group) may write into
// another user's folder, and a sidecar left there belongs to the wrong user. Markers on a
// profile in a read-only, system or bundled folder never write into it. A sidecar that
// already exists in either place wins, the one next to the trace first, so markers saved
// before (whatever the preference was then) keep being found.
class SidecarLocation {
public:
    enum class Place { None, NextToTrace, DataFolder };
    enum class Keep { DataFolder, NextToProfile }; // where a profile's first sidecar goes
    struct Choice {
        QString path;
        Place place = Place::None;
        QString dataFolderPath; // inDataFolder(trace): where a failed write next to it goes
    };
    // Whether a folder is the user's own; the default compares its owner with the process's
    // effective user (tests inject their own).
    using OwnerCheck = std::function<bool(const QFileInfo& folder)>;
    static bool ownedByUser(const QFileInfo& folder);

    // `dataFolder` is the user's writable data folder ($XDG_DATA_HOME, ~/.local/share);
    // `readOnlyRoots` are folders never written into (the system data folders); `bundled`
    // is a file that is never written next to (the bundled sample, wherever it lives).
    SidecarLocation(QString dataFolder, QStringList readOnlyRoots, QString bundled, Keep keep = Keep::DataFolder,
        OwnerCheck owned = &SidecarLocation::ownedByUser);
    // The places of a running strata: QStandardPaths' data folders and the sample.
    static SidecarLocation forApplication(Keep keep);

    static QString nextToTrace(const QString& tracePath);
    QString inDataFolder(const QString& tracePath) const;
    Choice choose(const QString& tracePath) const;
    // Whether markers may be written next to this trace: its folder is the user's own and
    // writable, and neither bundled nor under a read-only root. The preference aside.
    bool mayWriteNextTo(const QString& tracePath) const;
    QString dataFolder() const { return m_dataFolder; }
    Keep keep() const { return m_keep; }
    void setKeep(Keep keep) { m_keep = keep; }

private:
    QString m_dataFolder;
    QStringList m_readOnlyRoots;
    QString m_bundled;
    Keep m_keep;
    OwnerCheck m_owned;
};

} // namespace strata::app
