#pragma once
#include "analyses.h"
#include "latestjob.h"

#include <analysis/indexes/lazyindexes.h>
#include <store/eventstore.h>

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace strata::analysis {
class LodIndex;
} // namespace strata::analysis

namespace strata::model {

class AnnotationsModel;
class FindingsBoard;
class Selection;
class TrackFilter;
class Viewport;

// What the status bar shows about how a profile was read.
struct LoadInfo {
    QString format;
    quint64 fileBytes = 0;
    double seconds = 0;
    // How the profile was read, beyond the importer's diagnostics (a cached snapshot refused
    // on the way): the Overall Summary lists these with them.
    QStringList notes;
};

// The open profile, the indexes derived from it and the shared state every dock is given
// (one Viewport, Selection and AnnotationsModel for all). Every dock takes the session and
// subscribes itself: storeChanged for a new profile (or none), analysesChanged for each
// stage of its Analyses. A Session outlives profiles: opening another one swaps the store
// and resets the state objects in place, so docks keep their pointers.
//
// The indexes are built in the stages of analysis::IndexRegistry's list, in its order.
// Threads: the first stage (the level-of-detail index of a big store, when the load did not
// bring one) is built on the global pool at normal priority, since the first paint waits for
// it; the later stages run on the low-priority BackgroundPool. Results of a profile that was
// replaced meanwhile are dropped.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    Viewport* viewport() const { return m_viewport; }
    Selection* selection() const { return m_selection; }
    TrackFilter* trackFilter() const { return m_trackFilter; }
    FindingsBoard* findings() const { return m_findings; } // cleared by open()
    AnnotationsModel* annotations() const { return m_annotations; }

    bool isOpen() const { return m_store != nullptr; }
    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }
    QString filePath() const { return m_path; }
    QString fileName() const;
    const LoadInfo& loadInfo() const { return m_info; }
    quint64 eventCount() const; // slices + instants + counter samples
    // Never null; the indexes not built yet are null. Replaced (never changed) by each stage.
    const std::shared_ptr<const Analyses>& analyses() const { return m_analyses; }
    // The open profile's lazy indexes (IndexStage::OnRequest): a dock hands this and
    // analyses() to its worker, whose get<T>() builds the index once, there, for every dock.
    // A new one for every profile; never null.
    const std::shared_ptr<analysis::LazyIndexes>& lazyIndexes() const { return m_lazy; }

    // Takes a finished store: resets selection, filter and markers, shows the whole trace, then
    // emits storeChanged. `lod` is the store's level-of-detail index when the load built it;
    // otherwise a small store gets one before storeChanged and a big one on a worker. The
    // previous store is released on a worker thread, since freeing a few GB of columns takes
    // long enough to stutter the GUI.
    // deferAnalyses: the stages after the LOD index wait for startAnalyses(), so that the
    // caller can give the first paint of the new profile the CPU to itself.
    void open(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
        std::shared_ptr<const analysis::LodIndex> lod = nullptr, bool deferAnalyses = false);
    // As above, with whatever indexes came with the store (a snapshot's, restored by the load
    // job): the LOD index is used at once; the summary and catalog are published at their
    // stage, when startAnalyses() lets it run, instead of being built.
    void open(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
        const Analyses& prebuilt, bool deferAnalyses);
    // Lets the stages after the LOD index run, once: a no-op when they are under way or
    // built, or when `generation` is no longer the open profile's.
    void startAnalyses(quint64 generation);
    quint64 generation() const { return m_generation; }
    bool analysesStarted() const { return m_store && m_analysedGeneration == m_generation; }
    void close();

    // How a dock subscribes: onStore() on every storeChanged and onAnalyses() on every
    // analysesChanged, delivered on receiver's thread while it lives; each also runs once now,
    // for what is open already.
    template <typename OnStore, typename OnAnalyses>
    void follow(QObject* receiver, OnStore onStore, OnAnalyses onAnalyses)
    {
        connect(this, &Session::analysesChanged, receiver, onAnalyses);
        follow(receiver, std::move(onStore));
        onAnalyses();
    }
    template <typename OnStore> void follow(QObject* receiver, OnStore onStore)
    {
        connect(this, &Session::storeChanged, receiver, onStore);
        onStore();
    }
    // How a dock follows one index: fn(index) runs once now, and then whenever
    // analyses()->get<T>() is another index than the one fn was last given, delivered on
    // receiver's thread while it lives. A new profile is a change even when the index is null
    // before and after, so the dock also hears of the new store (read it from store()).
    template <typename T, typename Fn> void followIndex(QObject* receiver, Fn fn)
    {
        struct Last {
            std::shared_ptr<const T> index;
            quint64 generation = 0;
        };
        auto last = std::make_shared<Last>();
        auto check = [this, last, fn]() mutable {
            std::shared_ptr<const T> index = m_analyses->template get<T>();
            if (index == last->index && m_generation == last->generation)
                return;
            last->index = index;
            last->generation = m_generation;
            fn(index);
        };
        connect(this, &Session::storeChanged, receiver, check);
        connect(this, &Session::analysesChanged, receiver, check);
        last->generation = m_generation;
        last->index = m_analyses->template get<T>();
        fn(last->index);
    }

    // A job's docks ask the window to open the job again with another clock alignment
    // ("recorded", "collectives", "first-step"): the store is immutable, so its times move
    // only in a new load (whose ranks come from their snapshots).
    void requestAlignment(const QString& alignment) { emit alignmentRequested(alignment); }
    // A dock asks the timeline to scroll a track (e.g. a rank's first track) into view; the
    // time range does not change.
    void revealTrack(store::TrackId track) { emit trackRevealRequested(track); }

signals:
    void alignmentRequested(const QString& alignment);
    void trackRevealRequested(strata::store::TrackId track);
    void aboutToOpen(); // before open() or close() resets the state: the last look at the old profile
    void storeChanged();
    void analysesChanged(); // analyses() holds one more stage

private:
    // Builds the indexes of `stage` (IndexRegistry) the profile lacks, on a worker, then
    // lands them; the stage's indexes that came with the profile are taken instead.
    void runStage(analysis::IndexStage stage);
    // Publishes a copy of the current Analyses with the indexes of `stage` from `built`, then
    // runs the next stage.
    void land(analysis::IndexStage stage, const analysis::IndexSet& built);
    void release(std::shared_ptr<const store::EventStore> old);

    Viewport* m_viewport;
    Selection* m_selection;
    TrackFilter* m_trackFilter;
    FindingsBoard* m_findings;
    AnnotationsModel* m_annotations;
    std::shared_ptr<const store::EventStore> m_store;
    QString m_path;
    LoadInfo m_info;
    std::shared_ptr<const Analyses> m_analyses;
    Analyses m_prebuilt; // the open profile's indexes that came with it, until their stage
    std::shared_ptr<analysis::LazyIndexes> m_lazy;
    quint64 m_generation = 0; // bumped on every open; analyses of an older store are dropped
    quint64 m_analysedGeneration = 0; // the generation whose later stages were allowed to start
    LatestJob m_job; // the stage under way; open() cancels it, so a stale result never lands
};

} // namespace strata::model
