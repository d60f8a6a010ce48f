#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

typedef struct z_stream_s z_stream;
struct inflate_state;

namespace strata::importers {

// Inflates one gzip member at a time over caller-owned buffers, with ISA-L's igzip when
// the build has it (2-4x zlib's speed) or zlib. The caller (StreamDecoder) walks the
// members, the padding between them and the file; this class only turns one member's
// bytes into output. Its error messages are zlib's when zlib runs, so the caller can rerun
// a member ISA-L refused with zlib and report exactly what zlib's path always reported.
class GzipInflater {
public:
    enum class Backend { IsaL, Zlib };
    enum class Status {
        More, // made progress or needs more input; call again
        MemberEnd, // the member's trailer was read and checked
        Error, // see message()
    };
    struct Step {
        size_t inUsed = 0;
        size_t outMade = 0;
        Status status = Status::More;
    };

    // Whether this build links ISA-L (STRATA_HAVE_ISAL).
    static bool isalAvailable();

    GzipInflater();
    ~GzipInflater();
    GzipInflater(const GzipInflater&) = delete;
    GzipInflater& operator=(const GzipInflater&) = delete;

    // Starts a new member with `backend` (Zlib when ISA-L is not built in). Returns false
    // with message() set when the decoder cannot be set up.
    bool reset(Backend backend);
    Backend backend() const { return m_backend; }
    // "isa-l" or "zlib".
    const char* backendName() const;

    Step inflate(const unsigned char* in, size_t inLen, unsigned char* out, size_t outLen);
    const std::string& message() const { return m_message; }

private:
    Step inflateZlib(const unsigned char* in, size_t inLen, unsigned char* out, size_t outLen);
    Step inflateIsal(const unsigned char* in, size_t inLen, unsigned char* out, size_t outLen);

    Backend m_backend = Backend::Zlib;
    std::unique_ptr<z_stream> m_zs;
    bool m_zsLive = false;
    std::unique_ptr<inflate_state> m_isal;
    std::string m_message;
};

} // namespace strata::importers
