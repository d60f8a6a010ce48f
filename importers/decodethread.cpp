#include "decodethread.h"

#include "streamdecoder.h"

#include <algorithm>
#include <cstring>
#include <exception>

namespace strata::importers {

DecodeThread::DecodeThread(StreamDecoder& decoder)
    : m_decoder(decoder)
    , m_thread([this] { run(); })
{
}

DecodeThread::~DecodeThread()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void DecodeThread::run()
{
    try {
        decodeAll();
    } catch (const std::exception& e) {
        // An exception must not leave the thread (std::terminate): the reader gets it as
        // the input's error after the blocks already queued, not a crash.
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            m_failure = e.what();
            m_last = true;
        }
        m_changed.notify_all();
    }
}

void DecodeThread::decodeAll()
{
    for (;;) {
        Block block;
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (m_stop)
                return;
            if (!m_free.empty()) {
                block = std::move(m_free.back());
                m_free.pop_back();
            }
        }
        block.bytes.resize(kBlockBytes);
        block.len = 0;
        bool last = false;
        while (block.len < kBlockBytes) {
            const size_t got
                = m_decoder.produce(block.bytes.data() + block.len, std::min(kStepBytes, kBlockBytes - block.len));
            if (got == 0) {
                last = true;
                break;
            }
            block.len += got;
            std::lock_guard<std::mutex> lock(m_mutex);
            if (m_stop)
                return;
        }
        if (!push(std::move(block), last) || last)
            return;
    }
}

bool DecodeThread::push(Block block, bool last)
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, [this] { return m_stop || m_queue.size() < kMaxQueued; });
    if (m_stop)
        return false;
    if (block.len > 0)
        m_queue.push_back(std::move(block));
    m_last = last;
    lock.unlock();
    m_changed.notify_all();
    return true;
}

bool DecodeThread::pop()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    if (!m_current.bytes.empty())
        m_free.push_back(std::move(m_current));
    m_current = Block();
    m_currentPos = 0;
    m_changed.wait(lock, [this] { return m_last || !m_queue.empty(); });
    if (m_queue.empty())
        return false;
    m_current = std::move(m_queue.front());
    m_queue.pop_front();
    lock.unlock();
    m_changed.notify_all();
    return true;
}

size_t DecodeThread::read(char* dst, size_t n)
{
    size_t done = 0;
    while (done < n && !m_drained) {
        if (m_currentPos == m_current.len && !pop()) {
            m_drained = true;
            break;
        }
        const size_t k = std::min(n - done, m_current.len - m_currentPos);
        std::memcpy(dst + done, m_current.bytes.data() + m_currentPos, k);
        m_currentPos += k;
        done += k;
    }
    return done;
}

} // namespace strata::importers
