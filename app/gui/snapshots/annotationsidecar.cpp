#include "annotationsidecar.h"

#include <state/session.h>
#include <window/preferences.h>

#include <state/annotationsfile.h>
#include <state/annotationsmodel.h>

#include <QDir>
#include <QFileInfo>

namespace strata::app {

AnnotationSidecar::AnnotationSidecar(model::Session* session, QObject* parent)
    : AnnotationSidecar(session, SidecarLocation::forApplication(Preferences::load().keepMarkers), parent)
{
}

AnnotationSidecar::AnnotationSidecar(model::Session* session, SidecarLocation location, QObject* parent)
    : QObject(parent)
    , m_session(session)
    , m_annotations(session->annotations())
    , m_location(std::move(location))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kSaveDelayMs);
    connect(&m_timer, &QTimer::timeout, this, &AnnotationSidecar::flush);
    connect(session, &model::Session::aboutToOpen, this, &AnnotationSidecar::detach);
    connect(session, &model::Session::storeChanged, this, &AnnotationSidecar::attach);
    connect(m_annotations, &model::AnnotationsModel::changed, this, &AnnotationSidecar::onChanged);
    attach();
}

AnnotationSidecar::~AnnotationSidecar()
{
    flush();
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
    if (!write())
        return false;
    m_savedRevision = m_annotations->revision();
    return true;
}

bool AnnotationSidecar::write()
{
    QString error;
    bool written = false;
    if (m_place == SidecarLocation::Place::NextToTrace) {
        written = m_annotations->saveFile(m_path, &error);
        // The folder turned out not to be writable: keep the markers in the data folder.
        if (!written && m_fallback.isEmpty()) {
            emit message(tr("Could not save the markers next to the trace (%1). They are kept while the profile is "
                            "open; use Save… in the Annotations dock to keep them elsewhere.")
                             .arg(error),
                true);
            return false;
        }
        if (!written) {
            m_path = m_fallback;
            m_place = SidecarLocation::Place::DataFolder;
            m_toldWhere = false; // it moved: say where to
            error.clear();
        }
    }
    if (!written && (!QDir().mkpath(QFileInfo(m_path).absolutePath()) || !m_annotations->saveFile(m_path, &error))) {
        emit message(tr("Could not save the markers to %1 (%2). They are kept while the profile is open; use "
                        "Save… in the Annotations dock to keep them elsewhere.")
                         .arg(QDir::toNativeSeparators(m_path), error.isEmpty() ? tr("cannot make its folder") : error),
            true);
        return false;
    }
    if (!m_toldWhere) {
        m_toldWhere = true;
        emit message(whereText(), false);
    }
    return true;
}

QString AnnotationSidecar::whereText() const
{
    const QString path = QDir::toNativeSeparators(m_path);
    if (m_place == SidecarLocation::Place::NextToTrace)
        return tr("Markers are saved next to the profile, in %1").arg(path);
    if (m_location.keep() == SidecarLocation::Keep::NextToProfile)
        return tr("Markers are saved in %1, since the profile's folder is not yours to write in").arg(path);
    return tr("Markers are saved in Strata's data folder, in %1 (Edit ▸ Preferences sets where)").arg(path);
}

void AnnotationSidecar::setKeep(SidecarLocation::Keep keep)
{
    m_location.setKeep(keep);
    // Empty while nothing is open or the sidecar could not be read (and is left alone).
    if (m_path.isEmpty() || QFileInfo::exists(m_path))
        return;
    const SidecarLocation::Choice where = m_location.choose(m_session->filePath());
    if (where.path == m_path)
        return;
    m_path = where.path;
    m_place = where.place;
    m_fallback = where.dataFolderPath;
    m_toldWhere = false;
}

bool AnnotationSidecar::adopt(const QByteArray& json, const QString& from)
{
    const auto& store = m_session->store();
    if (json.isEmpty() || !store || !m_annotations || (!m_path.isEmpty() && QFileInfo::exists(m_path)))
        return false;
    QString error;
    std::optional<model::MarkerSet> set = model::AnnotationsFile::parse(json, from, &error);
    if (!set) {
        emit message(tr("Did not show the markers saved in the profile: %1").arg(error), true);
        return false;
    }
    m_annotations->replace(std::move(*set));
    m_annotations->resolveAnchors(*store);
    m_savedRevision = m_annotations->revision();
    if (m_annotations->count() > 0)
        emit message(
            tr("Showing %n marker(s) saved in %1", nullptr, m_annotations->count()).arg(QFileInfo(from).fileName()),
            false);
    return true;
}

void AnnotationSidecar::detach()
{
    flush();
    m_path.clear();
    m_place = SidecarLocation::Place::None;
}

void AnnotationSidecar::attach()
{
    m_timer.stop();
    m_path.clear();
    m_place = SidecarLocation::Place::None;
    m_toldWhere = false;
    const auto& store = m_session->store();
    if (!store || !m_annotations)
        return;
    const SidecarLocation::Choice where = m_location.choose(m_session->filePath());
    const QString& path = where.path;
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
        const bool elsewhere = where.place == SidecarLocation::Place::DataFolder;
        m_toldWhere = true; // the file is there already: this says where
        emit message(tr("Restored %n marker(s) from %1", nullptr, m_annotations->count())
                         .arg(elsewhere ? QDir::toNativeSeparators(path) : QFileInfo(path).fileName()),
            false);
    }
    m_savedRevision = m_annotations->revision();
    m_path = path;
    m_place = where.place;
    m_fallback = where.dataFolderPath; // keyed while the trace is there to be measured
}

} // namespace strata::app
