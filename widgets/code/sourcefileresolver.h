#pragma once
#include <QString>
#include <QStringList>

namespace strata::widgets {

// Finds the files a profile's source locations name (analysis::SourceIndex paths, as written
// in the trace) on this machine. Sources travel with the profile, so the places looked at
// are, in order: the source root the user picked for this trace (remembered per trace in
// QSettings), the trace's own folder, and the folders next to it named "<stem>_sources",
// "<stem>.sources", "sources" and "src" (stem: the trace's name up to its first dot).
// In each, the path as written (relative), then with leading folders dropped one at a time
// ("/home/u/proj/model.py" → "proj/model.py" → "model.py"). An absolute path that exists
// is taken as is. A value type; resolve() does file I/O, so call it off the GUI thread.
class SourceFileResolver {
public:
    explicit SourceFileResolver(const QString& tracePath = QString());

    QString tracePath() const { return m_tracePath; }
    QString sourceRoot() const { return m_root; }
    // Remembers dir for this trace (empty forgets it).
    void setSourceRoot(const QString& dir);
    QStringList searchDirs() const;
    // The local file for a profile path; empty when none exists.
    QString resolve(const QString& profilePath) const;
    // The QSettings key under which the root of a trace is kept.
    static QString settingsKey(const QString& tracePath);

private:
    QString m_tracePath;
    QString m_root;
};

} // namespace strata::widgets
