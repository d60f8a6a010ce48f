#pragma once
#include <analysis/timeline/lodindex.h>

#include <store/eventstore.h>

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace strata::widgets {

// The timeline's level-of-detail index for its current store: one made off the GUI thread
// by the load job is taken as it is; a small store's is built at once (tests and small
// profiles paint without waiting); a big one's is built on the thread pool, and ready()
// says when it has arrived. A build for a store that has since been replaced is dropped.
class LodIndexLoader : public QObject {
    Q_OBJECT
public:
    static constexpr size_t kInlineRows = 200000; // slices + counter samples built inline

    explicit LodIndexLoader(QObject* parent = nullptr);
    ~LodIndexLoader() override; // waits for a build under way

    // `prebuilt` is used when it was made for `store`; a null store clears.
    void reset(
        std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::LodIndex> prebuilt = nullptr);
    const analysis::LodIndex* index() const { return m_lod.get(); } // null while building
    void wait(); // blocks until the current store's index is there
    double buildMs() const { return m_lod ? m_lod->buildMs() : 0; }

signals:
    void ready();

private:
    void onFinished();

    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::LodIndex> m_lod;
    QFutureWatcher<std::shared_ptr<const analysis::LodIndex>> m_watcher;
};

} // namespace strata::widgets
