#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace strata::store {

// What an importer fixed or skipped, counted by kind (like Perfetto's stats), plus the first
// few messages with byte offsets so a user can find the spot in the file. Never aborts a load.
class Diagnostics {
public:
    void count(const std::string& kind, uint64_t n = 1) { m_counts[kind] += n; }
    // Counts and keeps a message (up to a bound, so a broken file cannot flood memory).
    void report(const std::string& kind, const std::string& message);
    // Adds other's counts to these and keeps its messages (up to the bound), each led by
    // messagePrefix (StoreMerger: "rank R · ", so a message names its member file's rank).
    void merge(const Diagnostics& other, const std::string& messagePrefix = std::string());
    uint64_t get(const std::string& kind) const;
    const std::map<std::string, uint64_t>& counts() const { return m_counts; }
    const std::vector<std::string>& messages() const { return m_messages; }
    bool empty() const { return m_counts.empty(); }

    static constexpr size_t kMaxMessages = 50;

private:
    friend class SnapshotReader; // model/snapshot restores messages without counting them again
    std::map<std::string, uint64_t> m_counts;
    std::vector<std::string> m_messages;
};

} // namespace strata::store
