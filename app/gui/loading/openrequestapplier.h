#pragma once
#include "jobimport.h"
#include "openrequest.h"

#include <cachedloader.h>

#include <state/analyses.h>
#include <state/latestjob.h>

#include <QObject>

#include <optional>

namespace strata::importers {
struct LoadResult;
}
namespace strata::model {
class Session;
}

namespace strata::app {

class AnnotationSidecar;
class DockSet;
class LoadProgressPanel;
class ProfileOpener;
class SnapshotSaver;

// What happens to a profile once it has loaded, and to the rest of its OpenRequest: the
// profile becomes the session's (with its read notes in LoadInfo), its snapshot keeper and,
// for a .strata file, its markers are set; then, in the request's order, the view kept from
// the job's previous alignment (RealignView, but the timeline's scroll), the visible range,
// the selection by name, the source line (Code dock), the search (Search dock) and the
// comparison with B, whose load, snapshot and alignment are done here too. It reaches the
// state through the session and the docks through their own small API (DockSet), and says
// what happened in statusMessage; the window keeps the docks, menus and layouts.
class OpenRequestApplier : public QObject {
    Q_OBJECT
public:
    // `docks`: the window's, for the Code and Search docks. `compareProgress`: B's progress
    // and Cancel, shown while B loads.
    OpenRequestApplier(
        model::Comparison* comparison, const DockSet* docks, LoadProgressPanel* compareProgress, QObject* parent);
    ~OpenRequestApplier() override;

    // The request's profile, loaded (result.store set), replaces the open one; then the
    // request is applied.
    // `job`: what the load said of a job (its cache snapshot is written under the job's key).
    void apply(const OpenRequest& request, const importers::LoadResult& result, const model::Analyses& prebuilt,
        const JobReport& job = {});
    // Selects the longest slice whose name contains text (case-insensitive) in the open
    // profile; the lookup runs on a worker, and a status message says when nothing matches.
    void selectByName(const QString& text);
    // Loads `path` as B off the GUI thread and compares the open profile with it; `align`:
    // how B is aligned once open. compareFinished follows either way.
    void compareWith(const QString& path, std::optional<model::Comparison::Alignment> align = std::nullopt);
    bool isLoadingComparison() const;
    void cancelComparison(); // B's load; compareFinished still follows
    void setCacheOptions(const importers::CacheOptions& cache); // B's load and both snapshots

    SnapshotSaver* snapshots() const { return m_snapshots; } // A's LoadResult and its snapshots
    AnnotationSidecar* sidecar() const { return m_sidecar; } // the markers' <trace>.strata-annotations.json

signals:
    void statusMessage(const QString& text, int timeoutMs);
    void loadFailed(const QString& path, const QString& error); // B's: the window says why
    void compareFinished(bool ok, bool cancelled, const QString& message);

private:
    void applyRequest(const OpenRequest& request);
    void onCompareLoaded(const OpenRequest& request, const importers::LoadResult& result,
        const model::Analyses& prebuilt, const JobReport& job);
    void notify(const QString& text, bool warning = false);

    model::Comparison* m_comparison;
    model::Session* m_session; // the comparison's A
    const DockSet* m_docks;
    LoadProgressPanel* m_compareProgress;
    AnnotationSidecar* m_sidecar;
    SnapshotSaver* m_snapshots; // A's
    SnapshotSaver* m_compareSnapshots; // B's cache snapshot
    ProfileOpener* m_compareOpener; // B's load, independent of A's
    model::LatestJob m_selectJob; // the name lookup of selectByName
};

} // namespace strata::app
