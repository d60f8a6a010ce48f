#pragma once
#include "sidecarlocation.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

namespace strata::model {
class AnnotationsModel;
}

namespace strata::model {
class Session;
}

namespace strata::app {

// Keeps the open profile's markers in a sidecar file: in the user's data folder, or as
// `<trace>.strata-annotations.json` next to the trace when the user prefers that and the
// folder is theirs (SidecarLocation; Edit ▸ Preferences sets which). Loads it when the profile
// opens (moving anchored markers onto their events in the new store), saves every change
// after a short debounce and on close, always atomically (QSaveFile). The first time it
// writes a profile's sidecar, the status bar names the file, so no file appears anywhere
// unannounced. A sidecar next to the trace that cannot be written moves to the data folder.
// One that cannot be written anywhere is reported and retried on the next change; the
// markers stay in memory. A sidecar that cannot be read is reported and left alone: it is
// not overwritten until the user saves markers elsewhere or removes it.
class AnnotationSidecar : public QObject {
    Q_OBJECT
public:
    static constexpr int kSaveDelayMs = 500;

    AnnotationSidecar(model::Session* session, QObject* parent = nullptr); // the saved Preferences' place
    AnnotationSidecar(model::Session* session, SidecarLocation location, QObject* parent = nullptr);
    ~AnnotationSidecar() override;

    static QString pathFor(const QString& tracePath) { return SidecarLocation::nextToTrace(tracePath); }
    QString path() const { return m_path; } // of the open profile; empty when none or blocked
    bool inDataFolder() const { return m_place == SidecarLocation::Place::DataFolder; }
    bool isPending() const { return m_timer.isActive(); }
    // Writes unsaved changes now. False when the write failed (message() says why).
    bool flush();
    // Shows the markers a .strata file carried (annotations JSON) when the open profile has
    // no sidecar of its own yet; one that exists wins. They count as saved, so a sidecar is
    // written only once the user changes them. True when markers were taken.
    bool adopt(const QByteArray& json, const QString& from);
    // The preference changed: profiles opened from now on follow it, and so does the open one
    // while it has no sidecar yet (one already written stays where it is, and is found there).
    void setKeep(SidecarLocation::Keep keep);

signals:
    void message(const QString& text, bool warning);

private:
    void detach(); // the profile is about to be replaced: save it, then stop following it
    void attach(); // the session holds a new profile: load its sidecar
    void onChanged();
    bool write(); // to m_path; false with the message already sent
    QString whereText() const; // the status bar's words for a first write to m_path

    model::Session* m_session;
    QPointer<model::AnnotationsModel> m_annotations;
    SidecarLocation m_location;
    QString m_path;
    SidecarLocation::Place m_place = SidecarLocation::Place::None;
    QString m_fallback; // the data-folder sidecar of the open profile
    bool m_toldWhere = false; // the status bar named the data folder for this profile
    quint64 m_savedRevision = 0;
    QTimer m_timer;
};

} // namespace strata::app
