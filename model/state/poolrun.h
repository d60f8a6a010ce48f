#pragma once
#include "handover.h"

#include <QFuture>
#include <QFutureInterface>
#include <QRunnable>
#include <QThreadPool>

#include <type_traits>
#include <utility>

namespace strata::model {

namespace detail {
template <typename Fn> class PoolTask : public QRunnable {
public:
    explicit PoolTask(Fn fn)
        : m_fn(std::move(fn))
    {
    }
    void run() override
    {
        handoverReceive(this); // everything the submitting thread did before start()
        m_fn();
    }

private:
    Fn m_fn;
};
} // namespace detail

// Runs f() on `pool`, like QtConcurrent::run, with each hand-over between the threads
// stated (Handover): the task is built whole, published under its own address, then
// queued; the worker receives it before f and publishes `handover` after f returned, before
// the future finishes. So whoever reads what f wrote, once the future finished, calls
// handover.receive() first.
//
// f returns nothing: a result goes into memory f shares with the receiver through a
// shared_ptr, not into QFuture's result store. That store is freed by whichever side lets
// go of the future last, ordered only by Qt's own reference count, which TSan cannot see
// (a dock destroyed while its job finishes would free it on the GUI thread); shared_ptr's
// count it sees. An exception from f ends the program, as one on the GUI thread would.
template <typename F> QFuture<void> runOnPool(QThreadPool* pool, const Handover& handover, F f)
{
    static_assert(std::is_void_v<std::invoke_result_t<F&>>, "f hands its result over through shared memory");
    QFutureInterface<void> promise;
    promise.reportStarted();
    QFuture<void> future = promise.future();
    auto body = [promise, handover, f = std::move(f)]() mutable {
        f();
        handover.publish();
        promise.reportFinished();
    };
    auto* task = new detail::PoolTask<decltype(body)>(std::move(body));
    handoverPublish(task);
    pool->start(task);
    return future;
}

} // namespace strata::model
