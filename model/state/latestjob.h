#pragma once
#include "backgroundpool.h"

#include "poolrun.h"

#include <QFutureWatcher>
#include <QObject>
#include <QtGlobal>

#include <atomic>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace strata::model {

// The newest of a dock's background jobs: starting one cancels the one before it, and a
// result is applied only while its generation is current, so a slow old result never
// overwrites a newer one. Destroying it cancels the running job; the worker holds its own
// reference to the flag it polls.
//
// run() is the one way the GUI hands work to a thread: the work runs on the low-priority
// BackgroundPool, and its result comes back to `context`'s thread. A LatestJob is a member
// of that context (or outlives it), so the check for a newer job can never outlive it.
class LatestJob {
public:
    struct Ticket {
        quint64 generation;
        std::shared_ptr<std::atomic<bool>> cancel;
    };

    LatestJob() = default;
    LatestJob(const LatestJob&) = delete;
    LatestJob& operator=(const LatestJob&) = delete;
    ~LatestJob() { cancel(); }

    // work(const std::atomic<bool>& cancel) runs on the pool and should return early once
    // cancel is raised; apply(result) (apply() for void work) runs on context's thread only
    // when no job was started or cancelled since, and not at all once context is gone.
    // Interactive work (what the user waits for this instant, such as the first paint's index)
    // runs on the global pool at normal priority instead.
    enum class Priority { Background, Interactive };
    template <typename Work, typename Apply>
    void run(QObject* context, Work work, Apply apply, Priority priority = Priority::Background)
    {
        using Result = std::invoke_result_t<Work&, const std::atomic<bool>&>;
        constexpr bool kVoid = std::is_void_v<Result>;
        // Where the worker leaves the result for context's thread (see runOnPool).
        using Slot = std::conditional_t<kVoid, char, std::optional<std::conditional_t<kVoid, char, Result>>>;
        const auto slot = std::make_shared<Slot>();
        const Ticket ticket = start();
        ++m_inFlight;
        auto* watcher = new QFutureWatcher<void>(context);
        const Handover handover;
        QObject::connect(watcher, &QFutureWatcherBase::finished, context,
            [this, watcher, handover, slot, generation = ticket.generation, apply = std::move(apply)]() mutable {
                handover.receive();
                watcher->deleteLater();
                --m_inFlight;
                if (!isCurrent(generation)) {
                    ++m_dropped; // overtaken by a newer job, or cancelled
                    return;
                }
                if constexpr (kVoid)
                    apply();
                else
                    apply(std::move(**slot));
            });
        auto task = [work = std::move(work), cancel = ticket.cancel, slot]() mutable {
            if constexpr (kVoid)
                work(*cancel);
            else
                slot->emplace(work(*cancel));
        };
        watcher->setFuture(priority == Priority::Background
                ? BackgroundPool::run(handover, std::move(task))
                : runOnPool(QThreadPool::globalInstance(), handover, std::move(task)));
    }

    Ticket start()
    {
        cancel();
        m_cancel = std::make_shared<std::atomic<bool>>(false);
        return { m_generation, m_cancel };
    }
    // Cancels the running job and drops every result still on its way.
    void cancel()
    {
        if (m_cancel)
            m_cancel->store(true);
        ++m_generation;
    }
    bool isCurrent(quint64 generation) const { return generation == m_generation; }
    quint64 generation() const { return m_generation; }
    int inFlight() const { return m_inFlight; } // run() jobs whose result has not come back, stale ones too
    quint64 dropped() const { return m_dropped; } // run() results dropped as stale

private:
    quint64 m_generation = 0;
    int m_inFlight = 0;
    quint64 m_dropped = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace strata::model
