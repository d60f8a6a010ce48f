#pragma once
#include <analysis/operators/operatorcatalog.h>
#include <analysis/summary/summaryindex.h>
#include <store/eventstore.h>

#include <QObject>
#include <QString>

#include <memory>

namespace strata::model {
class AnnotationsModel;
class Selection;
class TrackFilter;
class Viewport;
} // namespace strata::model

namespace strata::app {

// What the status bar shows about how a profile was read.
struct LoadInfo {
    QString format;
    quint64 fileBytes = 0;
    double seconds = 0;
};

// The open profile and the shared state every dock is given (one Viewport, Selection and
// AnnotationsModel for all). A Session outlives profiles: opening another one swaps the
// store and resets the state objects in place, so docks keep their pointers.
class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    model::Viewport* viewport() const { return m_viewport; }
    model::Selection* selection() const { return m_selection; }
    model::TrackFilter* trackFilter() const { return m_trackFilter; }
    model::AnnotationsModel* annotations() const { return m_annotations; }

    bool isOpen() const { return m_store != nullptr; }
    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }
    QString filePath() const { return m_path; }
    QString fileName() const;
    const LoadInfo& loadInfo() const { return m_info; }
    quint64 eventCount() const; // slices + instants + counter samples

    // Takes a finished store: resets selection, filter and markers, shows the whole trace, then
    // emits storeChanged. The previous store is released on a worker thread, since freeing
    // a few GB of columns takes long enough to stutter the GUI.
    // deferAnalyses: the analyses wait for startAnalyses(), so that the caller can give the
    // first paint of the new profile the CPU to itself.
    void open(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
        bool deferAnalyses = false);
    // Starts building the analyses of the open profile, once: a no-op when they are under
    // way or built, or when `generation` is no longer the open profile's.
    void startAnalyses(quint64 generation);
    quint64 generation() const { return m_generation; }
    bool analysesStarted() const { return m_store && m_analysedGeneration == m_generation; }
    void close();

    // Indexes derived from the store for the summaries and the operator table. They are
    // built on a worker thread after every open; null until analysesReady() (or when the
    // store was replaced meanwhile — a stale build is dropped).
    std::shared_ptr<const analysis::SummaryIndex> summaryIndex() const { return m_summaryIndex; }
    std::shared_ptr<const analysis::OperatorCatalog> operatorCatalog() const { return m_catalog; }

signals:
    void aboutToOpen(); // before open() or close() resets the state: the last look at the old profile
    void storeChanged();
    void analysesReady();

private:
    void release(std::shared_ptr<const store::EventStore> old);

    model::Viewport* m_viewport;
    model::Selection* m_selection;
    model::TrackFilter* m_trackFilter;
    model::AnnotationsModel* m_annotations;
    std::shared_ptr<const store::EventStore> m_store;
    QString m_path;
    LoadInfo m_info;
    std::shared_ptr<const analysis::SummaryIndex> m_summaryIndex;
    std::shared_ptr<const analysis::OperatorCatalog> m_catalog;
    quint64 m_generation = 0; // bumped on every open; analyses of an older store are dropped
    quint64 m_analysedGeneration = 0; // the generation whose analyses were started
};

} // namespace strata::app
