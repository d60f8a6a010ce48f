#pragma once
#include <QString>
#include <QStringList>

namespace strata::app {

// Where a profile's markers are kept. Next to the trace (`<trace>.strata-annotations.json`)
// when its folder can be written and is the user's own; otherwise in the user's data folder
// (`<data>/strata/annotations/<file name>-<key>.strata-annotations.json`, the key a hash of
// the trace's absolute path and size), so markers on a profile in a read-only, system or
// bundled folder never write into it. A sidecar that already exists in either place wins,
// the one next to the trace first, so markers saved before keep being found.
class SidecarLocation {
public:
    enum class Place { None, NextToTrace, DataFolder };
    struct Choice {
        QString path;
        Place place = Place::None;
        QString dataFolderPath; // inDataFolder(trace): where a failed write next to it goes
    };

    // `dataFolder` is the user's writable data folder ($XDG_DATA_HOME, ~/.local/share);
    // `readOnlyRoots` are folders never written into (the system data folders); `bundled`
    // is a file that is never written next to (the bundled sample, wherever it lives).
    SidecarLocation(QString dataFolder, QStringList readOnlyRoots, QString bundled);
    // The places of a running strata: QStandardPaths' data folders and the sample.
    static SidecarLocation forApplication();

    static QString nextToTrace(const QString& tracePath);
    QString inDataFolder(const QString& tracePath) const;
    Choice choose(const QString& tracePath) const;
    // Whether markers may be written next to this trace.
    bool mayWriteNextTo(const QString& tracePath) const;
    QString dataFolder() const { return m_dataFolder; }

private:
    QString m_dataFolder;
    QStringList m_readOnlyRoots;
    QString m_bundled;
};

} // namespace strata::app
