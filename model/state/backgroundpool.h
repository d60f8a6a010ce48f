#pragma once
#include "poolrun.h"

#include <QThreadPool>

#include <utility>

namespace strata::model {

// The thread pool for work nobody is waiting on this instant: the analyses a fresh profile
// starts (summary index, operator catalog) and the docks' aggregations. Its threads run at
// a lower scheduling weight (nice +10 on Linux), so a timeline paint, whose track renders
// run on normal-priority threads while the GUI thread waits, is not slowed by them on a
// machine with few cores; on an otherwise idle machine they still get the whole CPU.
class BackgroundPool {
public:
    static QThreadPool* instance();
    // Lowers the calling thread's priority once; tasks on instance() call it first.
    static void lowerCurrentThread();

    // runOnPool on instance(), at the lowered priority.
    template <typename F> static QFuture<void> run(const Handover& handover, F&& f)
    {
        return runOnPool(instance(), handover, [f = std::forward<F>(f)]() mutable {
            lowerCurrentThread();
            f();
        });
    }
};

} // namespace strata::model
