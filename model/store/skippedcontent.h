#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace strata::store {

// What an importer read but the timeline does not draw, by kind, so the views can say so
// ("This Perfetto trace holds 25,301 ftrace bundles ...; Strata shows TrackEvent data
// only"). Unlike Diagnostics (machine keys for what was fixed), every kind carries the
// readable nouns a sentence needs. Kinds keep the order they were first added in.
class SkippedContent {
public:
    struct Kind {
        std::string key; // stable machine name: the packet field ("ftrace_events"), the phase ("ph:P")
        std::string one; // readable noun for a count of 1: "ftrace bundle"
        std::string many; // and for other counts: "ftrace bundles"
        uint64_t count = 0;
        // true: the importer dropped these. false: they were read and used (process names,
        // metadata), only there is nothing of them to draw; named when nothing else was drawn.
        bool skipped = true;
    };

    // `source` names the input in a sentence ("Perfetto trace"); `unit` is what it counts in
    // the plural ("packets", "events"); `shown` what Strata draws of it ("TrackEvent data"),
    // empty when that needs no saying.
    void setSource(std::string source, std::string unit, std::string shown);
    // How many units (events, packets) the input holds in all.
    void setTotal(uint64_t n) { m_total = n; }
    // Adds n to the kind named `key`, created with these nouns when new.
    void add(const std::string& key, const std::string& one, const std::string& many, uint64_t n, bool skipped = true);

    const std::string& source() const { return m_source; }
    const std::string& unit() const { return m_unit; }
    const std::string& shown() const { return m_shown; }
    uint64_t total() const { return m_total; }
    const std::vector<Kind>& kinds() const { return m_kinds; }
    bool hasSkipped() const;

private:
    std::string m_source, m_unit, m_shown;
    uint64_t m_total = 0;
    std::vector<Kind> m_kinds;
};

} // namespace strata::store
