#pragma once
#include "sourcelocator.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace strata::analysis {

// SourceIndex's build scratch: interns (file, line) pairs into dense location ids, in the
// order they are first seen, and the file paths into dense file ids.
class LocationTable {
public:
    uint32_t intern(const SourceLocation& loc)
    {
        auto f = m_fileIds.find(loc.file);
        if (f == m_fileIds.end()) {
            f = m_fileIds.emplace(loc.file, uint32_t(m_files.size())).first;
            m_files.push_back(loc.file);
        }
        const uint64_t key = (uint64_t(f->second) << 32) | loc.line;
        auto [it, fresh] = m_locIds.emplace(key, uint32_t(m_locFile.size()));
        if (fresh) {
            m_locFile.push_back(f->second);
            m_locLine.push_back(loc.line);
        }
        return it->second;
    }
    size_t size() const { return m_locFile.size(); }
    std::vector<std::string> m_files; // per file id
    std::vector<uint32_t> m_locFile, m_locLine; // per location id

private:
    std::unordered_map<std::string, uint32_t> m_fileIds;
    std::unordered_map<uint64_t, uint32_t> m_locIds;
};

} // namespace strata::analysis
