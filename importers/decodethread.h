#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace strata::importers {

class StreamDecoder;

// Runs a StreamDecoder on its own thread, so that inflating a .json.gz or .json.zst overlaps
// the scan and the parse on the reader's thread. The decoder fills 1 MiB blocks into a
// queue of at most kMaxQueued; with the block being filled and the one being read, a
// reader holds at most (kMaxQueued + 2) MiB of decoded bytes however large the file.
// The decoder is the thread's alone until ended() is seen true by the reader (read()
// returned short): then its error, offset and cancelled state are final and safe to read.
// Destroying the DecodeThread stops and joins the thread, also in the middle of a file.
class DecodeThread {
public:
    static constexpr size_t kBlockBytes = size_t(1) << 20;
    static constexpr size_t kMaxQueued = 4;
    // The decoder is called for at most this much at a time, so the bomb stop overshoots
    // by no more than this (as when decoding inline) and a stop request is seen soon.
    static constexpr size_t kStepBytes = size_t(64) << 10;

    explicit DecodeThread(StreamDecoder& decoder);
    ~DecodeThread();
    DecodeThread(const DecodeThread&) = delete;
    DecodeThread& operator=(const DecodeThread&) = delete;

    // Up to n decoded bytes, waiting for the decoder; fewer than n only at the end.
    size_t read(char* dst, size_t n);
    // True once read() has delivered the decoder's last byte.
    bool ended() const { return m_drained; }
    // What the decoding threw (e.g. std::bad_alloc), or empty; final once ended().
    const std::string& failure() const { return m_failure; }

private:
    struct Block {
        std::vector<char> bytes;
        size_t len = 0;
    };

    void run();
    void decodeAll();
    // Waits for room in the queue (or stop); false when stopped.
    bool push(Block block, bool last);
    // Next block for the reader; false when the decoder ended and all was read.
    bool pop();

    StreamDecoder& m_decoder;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<Block> m_queue; // guarded by m_mutex
    std::vector<Block> m_free; // emptied blocks, reused by the decoder; guarded by m_mutex
    bool m_last = false; // the decoder pushed its last block; guarded by m_mutex
    bool m_stop = false; // the reader is going away; guarded by m_mutex
    std::string m_failure; // guarded by m_mutex until the reader saw m_last

    // The reader's side only.
    Block m_current;
    size_t m_currentPos = 0;
    bool m_drained = false;

    std::thread m_thread; // last: starts once the members above exist
};

} // namespace strata::importers
