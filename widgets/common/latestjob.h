#pragma once
#include <QtGlobal>

#include <atomic>
#include <memory>

namespace strata::widgets {

// The newest of a dock's background jobs (run on the thread pool): starting one cancels the
// one before it, and a result is applied only while its generation is current, so a slow
// old result never overwrites a newer one. Destroying it cancels the running job; the
// worker holds its own reference to the flag it polls.
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

private:
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace strata::widgets
