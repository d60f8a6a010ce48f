#pragma once
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

namespace strata::model {
class AnnotationsModel;
}

namespace strata::app {

class Session;

// Keeps the open profile's markers in `<trace>.strata-annotations.json` next to the trace
// (DESIGN.md §3): loads it when the profile opens (moving anchored markers onto their
// events in the new store), saves every change after a short debounce and on close, always
// atomically (QSaveFile). A sidecar that cannot be written is reported and retried on the
// next change; the markers stay in memory. A sidecar that cannot be read is reported and
// left alone: it is not overwritten until the user saves markers elsewhere or removes it.
class AnnotationSidecar : public QObject {
    Q_OBJECT
public:
    static constexpr int kSaveDelayMs = 500;

    AnnotationSidecar(Session* session, QObject* parent = nullptr);
    ~AnnotationSidecar() override;

    static QString pathFor(const QString& tracePath);
    QString path() const { return m_path; } // of the open profile; empty when none or blocked
    bool isPending() const { return m_timer.isActive(); }
    // Writes unsaved changes now. False when the write failed (message() says why).
    bool flush();

signals:
    void message(const QString& text, bool warning);

private:
    void detach(); // the profile is about to be replaced: save it, then stop following it
    void attach(); // the session holds a new profile: load its sidecar
    void onChanged();

    Session* m_session;
    QPointer<model::AnnotationsModel> m_annotations;
    QString m_path;
    quint64 m_savedRevision = 0;
    QTimer m_timer;
};

} // namespace strata::app
