#include "gzipinflater.h"

#include <algorithm>
#include <climits>
#include <cstring>

#include <zlib.h>

#ifdef STRATA_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#else
struct inflate_state { };
#endif

namespace strata::importers {

namespace {

#ifdef STRATA_HAVE_ISAL
const char* isalError(int rc)
{
    switch (rc) {
    case ISAL_INVALID_BLOCK: return "invalid block";
    case ISAL_INVALID_SYMBOL: return "invalid symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    default: return "unexpected state";
    }
}
#endif

} // namespace

bool GzipInflater::isalAvailable()
{
#ifdef STRATA_HAVE_ISAL
    return true;
#else
    return false;
#endif
}

GzipInflater::GzipInflater() = default;

GzipInflater::~GzipInflater()
{
    if (m_zsLive)
        inflateEnd(m_zs.get());
}

const char* GzipInflater::backendName() const
{
    return m_backend == Backend::IsaL ? "isa-l" : "zlib";
}

bool GzipInflater::reset(Backend backend)
{
    m_message.clear();
    m_backend = isalAvailable() ? backend : Backend::Zlib;
#ifdef STRATA_HAVE_ISAL
    if (m_backend == Backend::IsaL) {
        if (!m_isal)
            m_isal = std::make_unique<inflate_state>();
        isal_inflate_init(m_isal.get());
        // Parses the gzip header (all its optional fields) and checks CRC-32 and ISIZE.
        m_isal->crc_flag = ISAL_GZIP;
        return true;
    }
#endif
    if (m_zsLive) {
        if (inflateReset(m_zs.get()) == Z_OK)
            return true;
        m_message = "gzip: cannot reset the decoder";
        return false;
    }
    m_zs = std::make_unique<z_stream>();
    std::memset(m_zs.get(), 0, sizeof(z_stream));
    // 15 + 32: maximum window, auto-detect the gzip header.
    const int rc = inflateInit2(m_zs.get(), 15 + 32);
    if (rc != Z_OK) {
        m_message = std::string("gzip: ") + zError(rc);
        return false;
    }
    m_zsLive = true;
    return true;
}

GzipInflater::Step GzipInflater::inflate(const unsigned char* in, size_t inLen, unsigned char* out, size_t outLen)
{
    return m_backend == Backend::IsaL ? inflateIsal(in, inLen, out, outLen) : inflateZlib(in, inLen, out, outLen);
}

GzipInflater::Step GzipInflater::inflateZlib(const unsigned char* in, size_t inLen, unsigned char* out, size_t outLen)
{
    z_stream& zs = *m_zs;
    const size_t inAvail = std::min<size_t>(inLen, UINT_MAX);
    const size_t outAvail = std::min<size_t>(outLen, UINT_MAX);
    zs.next_in = const_cast<Bytef*>(in);
    zs.avail_in = uInt(inAvail);
    zs.next_out = out;
    zs.avail_out = uInt(outAvail);
    const int rc = ::inflate(&zs, Z_NO_FLUSH);
    Step s;
    s.inUsed = inAvail - zs.avail_in;
    s.outMade = outAvail - zs.avail_out;
    if (rc == Z_STREAM_END) {
        s.status = Status::MemberEnd;
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
        // Z_BUF_ERROR only means no progress was possible: the caller sees that as
        // input exhausted at the end of the file (truncated) or fetches more.
        m_message = std::string("gzip: ") + (zs.msg ? zs.msg : zError(rc));
        s.status = Status::Error;
    }
    return s;
}

GzipInflater::Step GzipInflater::inflateIsal(const unsigned char* in, size_t inLen, unsigned char* out, size_t outLen)
{
    Step s;
#ifdef STRATA_HAVE_ISAL
    inflate_state& st = *m_isal;
    const size_t inAvail = std::min<size_t>(inLen, UINT32_MAX);
    const size_t outAvail = std::min<size_t>(outLen, UINT32_MAX);
    st.next_in = const_cast<uint8_t*>(in);
    st.avail_in = uint32_t(inAvail);
    st.next_out = out;
    st.avail_out = uint32_t(outAvail);
    const int rc = isal_inflate(&st);
    // At a member's end isal_inflate hands back the bytes it had buffered past the
    // trailer (avail_in counts them again), so the next member starts at inUsed.
    s.inUsed = inAvail - st.avail_in;
    s.outMade = outAvail - st.avail_out;
    if (rc < 0) {
        m_message = std::string("gzip: ") + isalError(rc);
        s.status = Status::Error;
    } else if (st.block_state == ISAL_BLOCK_FINISH) {
        s.status = Status::MemberEnd;
    }
#else
    (void)in;
    (void)inLen;
    (void)out;
    (void)outLen;
    m_message = "gzip: ISA-L is not built in";
    s.status = Status::Error;
#endif
    return s;
}

} // namespace strata::importers
