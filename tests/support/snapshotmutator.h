#pragma once
// Makes damaged copies of a snapshot for the mutation test and the fuzz target's seeds. Two
// depths: damage to the file's bytes (cuts, flips, zeroed ranges, sections swapped in
// place), which the checksums catch; and damage inside a section's decompressed contents,
// or sections swapped or repeated, written back with valid checksums and a valid header, so
// that the reader's checks of the values themselves are what must refuse (or survive) it.
#include <snapshot/snapshotformat.h>

#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace snapshottest {

class SnapshotMutator {
public:
    using Bytes = std::vector<uint8_t>;

    explicit SnapshotMutator(const Bytes& file)
        : m_file(file)
    {
        using namespace strata::store::snapshot;
        std::memcpy(&m_header, file.data(), sizeof m_header);
        m_fingerprint.assign(
            file.begin() + sizeof m_header, file.begin() + sizeof m_header + m_header.fingerprintBytes);
        m_dir.resize(m_header.sectionCount);
        std::memcpy(m_dir.data(), file.data() + sizeof m_header + m_header.fingerprintBytes,
            m_dir.size() * sizeof(DirectoryEntry));
        for (const DirectoryEntry& e : m_dir) {
            Bytes raw(e.rawBytes);
            ZSTD_decompress(raw.data(), raw.size(), file.data() + e.offset, e.storedBytes);
            m_raw.push_back(std::move(raw));
        }
    }

    // One damaged copy; `what` says which damage, for a report.
    Bytes mutate(std::mt19937_64& rng, std::string* what) const
    {
        auto pick = [&](uint64_t n) { return n ? uint64_t(rng() % n) : 0; };
        const size_t sections = m_raw.size();
        switch (pick(8)) {
        case 0: {
            *what = "cut";
            return Bytes(m_file.begin(), m_file.begin() + long(pick(m_file.size())));
        }
        case 1: {
            *what = "flips";
            Bytes f = m_file;
            for (uint64_t i = 0, n = 1 + pick(8); i < n; ++i)
                f[pick(f.size())] ^= uint8_t(1u << pick(8));
            return f;
        }
        case 2: {
            *what = "zeroed range";
            Bytes f = m_file;
            const uint64_t at = pick(f.size());
            std::fill(f.begin() + long(at), f.begin() + long(std::min<uint64_t>(f.size(), at + 1 + pick(64))), 0);
            return f;
        }
        case 3: {
            *what = "sections swapped";
            std::vector<size_t> order = identity();
            std::swap(order[pick(sections)], order[pick(sections)]);
            return build(order, m_raw);
        }
        case 4: {
            *what = "section repeated";
            std::vector<size_t> order = identity();
            order[pick(sections)] = pick(sections);
            return build(order, m_raw);
        }
        default: {
            // Damage inside one section's contents, written back with a valid checksum.
            std::vector<Bytes> raw = m_raw;
            const size_t s = pick(sections);
            Bytes& b = raw[s];
            const uint64_t kind = pick(4);
            *what = "contents of section " + std::to_string(s + 1)
                + (kind == 0        ? " cut"
                        : kind == 1 ? " flipped"
                        : kind == 2 ? " zeroed"
                                    : " grown");
            if (kind == 0)
                b.resize(pick(b.size()));
            else if (kind == 1 && !b.empty())
                for (uint64_t i = 0, n = 1 + pick(4); i < n; ++i)
                    b[pick(b.size())] ^= uint8_t(1u << pick(8));
            else if (kind == 2 && !b.empty()) {
                const uint64_t at = pick(b.size());
                std::fill(b.begin() + long(at), b.begin() + long(std::min<uint64_t>(b.size(), at + 1 + pick(16))), 0);
            } else
                b.insert(b.begin() + long(pick(b.size() + 1)), uint8_t(rng()));
            return build(identity(), raw);
        }
        }
    }

private:
    std::vector<size_t> identity() const
    {
        std::vector<size_t> v(m_raw.size());
        for (size_t i = 0; i < v.size(); ++i)
            v[i] = i;
        return v;
    }
    // A well-formed file whose section i holds raw[order[i]].
    Bytes build(const std::vector<size_t>& order, const std::vector<Bytes>& raw) const
    {
        using namespace strata::store::snapshot;
        FileHeader h = m_header;
        std::vector<DirectoryEntry> dir = m_dir;
        Bytes out(sizeof h + m_fingerprint.size() + dir.size() * sizeof(DirectoryEntry));
        for (size_t i = 0; i < order.size(); ++i) {
            const Bytes& r = raw[order[i]];
            Bytes z(ZSTD_compressBound(r.size()));
            z.resize(ZSTD_compress(z.data(), z.size(), r.data(), r.size(), 1));
            dir[i].offset = out.size();
            dir[i].storedBytes = z.size();
            dir[i].rawBytes = r.size();
            dir[i].crc = uint32_t(crc32(crc32(0L, Z_NULL, 0), z.data(), uInt(z.size())));
            out.insert(out.end(), z.begin(), z.end());
        }
        h.fileBytes = out.size();
        h.headerCrc = 0;
        std::memcpy(out.data(), &h, sizeof h);
        std::memcpy(out.data() + sizeof h, m_fingerprint.data(), m_fingerprint.size());
        std::memcpy(out.data() + sizeof h + m_fingerprint.size(), dir.data(), dir.size() * sizeof(DirectoryEntry));
        const size_t head = sizeof h + m_fingerprint.size() + dir.size() * sizeof(DirectoryEntry);
        h.headerCrc = uint32_t(crc32(crc32(0L, Z_NULL, 0), out.data(), uInt(head)));
        std::memcpy(out.data(), &h, sizeof h);
        return out;
    }

    Bytes m_file;
    strata::store::snapshot::FileHeader m_header {};
    Bytes m_fingerprint;
    std::vector<strata::store::snapshot::DirectoryEntry> m_dir;
    std::vector<Bytes> m_raw;
};

} // namespace snapshottest
