#include "annotationsidecar.h"

#include "session.h"

#include <state/annotationsfile.h>
#include <state/annotationsmodel.h>

#include <QFileInfo>

namespace strata::app {

AnnotationSidecar::AnnotationSidecar(Session* session, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_annotations(session->annotations())
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kSaveDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &AnnotationSidecar::flush);
    connect(session, &Session::aboutToOpen, this, &AnnotationSidecar::detach);
    connect(session, &Session::storeChanged, this, &AnnotationSidecar::attach);
    connect(m_annotations, &model::AnnotationsModel::changed, this, &AnnotationSidecar::onChanged);
    attach();
}

AnnotationSidecar::~AnnotationSidecar()
{
    flush();
}

QString AnnotationSidecar::pathFor(const QString& tracePath)
{
    return tracePath.isEmpty() ? QString() : tracePath + QStringLiteral(".strata-annotations.json");
}

void AnnotationSidecar::onChanged()
{
    if (!m_path.isEmpty())
        m_timer.start();
}

bool AnnotationSidecar::flush()
{
    m_timer.stop();
    if (m_path.isEmpty() || !m_annotations || m_annotations->revision() == m_savedRevision)
        return true;
    // A profile nobody marked gets no file; one whose markers were all deleted keeps an
    // empty set, so they do not come back.
    if (m_annotations->count() == 0 && !QFileInfo::exists(m_path)) {
        m_savedRevision = m_annotations->revision();
        return true;
    }
    QString error;
    if (!m_annotations->saveFile(m_path, &error)) {
        emit message(tr("Could not save the markers next to the trace (%1). They are kept while the profile is "
                        "open; use Save… in the Annotations dock to keep them elsewhere.")
                         .arg(error),
            true);
        return false;
    }
    m_savedRevision = m_annotations->revision();
    return true;
}

void AnnotationSidecar::detach()
{
    flush();
    m_path.clear();
}

void AnnotationSidecar::attach()
{
    m_timer.stop();
    m_path.clear();
    const auto& store = m_session->store();
    if (!store || !m_annotations)
        return;
    const QString path = pathFor(m_session->filePath());
    if (QFileInfo::exists(path)) {
        QString error;
        if (!m_annotations->loadFile(path, &error)) {
            emit message(tr("Did not restore the markers: %1. The file is left as it is; new markers are not "
                            "saved next to the trace until it is fixed or removed.")
                             .arg(error),
                true);
            m_savedRevision = m_annotations->revision();
            return;
        }
        m_annotations->resolveAnchors(*store);
        emit message(
            tr("Restored %n marker(s) from %1", nullptr, m_annotations->count()).arg(QFileInfo(path).fileName()),
            false);
    }
    m_savedRevision = m_annotations->revision();
    m_path = path;
}

} // namespace strata::app
