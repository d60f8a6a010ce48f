#pragma once
#include <store/sanitizers.h>

#include <memory>

#if STRATA_TSAN
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace strata::model {

// The two halves of a stated hand-over, keyed by an address both sides know without reading
// shared memory first (a task states its own start by its address, `this`).
inline void handoverPublish([[maybe_unused]] const void* key)
{
#if STRATA_TSAN
    __tsan_release(const_cast<void*>(key));
#endif
}
inline void handoverReceive([[maybe_unused]] const void* key)
{
#if STRATA_TSAN
    __tsan_acquire(const_cast<void*>(key));
#endif
}

// ThreadSanitizer sees the synchronisation in our code but not the locks inside Qt's
// libraries (Debian's Qt is not built with it): a task queued on a QThreadPool and a future's
// result reach the other thread through futexes it cannot see, so everything handed over that
// way would look raced. Our job helpers name each such hand-over with a Handover: publish() on
// the sending side after its last write, receive() on the other side before its first read.
// That states an order the queue really gives; it adds none. Copies share one token. Outside
// ThreadSanitizer builds a Handover is empty and both calls compile to nothing.
class Handover {
public:
#if STRATA_TSAN
    void publish() const
    {
        __tsan_release(m_token.get());
    }
    void receive() const
    {
        __tsan_acquire(m_token.get());
    }

private:
    std::shared_ptr<char> m_token = std::make_shared<char>(0);
#else
    void publish() const { }
    void receive() const { }
#endif
};

} // namespace strata::model
