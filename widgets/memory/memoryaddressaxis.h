#pragma once
#include <store/eventstore.h>

#include <QString>

#include <vector>

namespace strata::widgets {

// The vertical axis of one memory space's chart: address → y, lowest address at the top (as
// Sophgo's profile view draws it). A local space is one linear band over its size, with
// bank boundaries; a global space (gigabytes, mostly unused) shows only bands that hold
// something: its allocated regions, and the address ranges accessed outside any region.
// Bands that were accessed share the height by their number of accesses (where the traffic
// is, there is room to see it); the others, context only, get the readable minimum.
//
// Invariant: bands are sorted by address, do not overlap, and their y ranges are ordered
// the same way with a 2 px gap between neighbours.
class MemoryAddressAxis {
public:
    struct Band {
        uint64_t begin = 0, end = 0; // addresses [begin, end)
        double y0 = 0, y1 = 0; // px from the top of the plot
        QString label; // region descs, or "unallocated"
        bool region = false; // holds an allocated region
        bool accessed = false; // some access falls in it
        uint64_t accesses = 0; // how many
    };

    // Address intervals of the space (regions and accessed ranges), merged; computed once
    // per store, off the GUI thread if the table is large.
    static std::vector<Band> collectBands(const store::EventStore& store, store::MemorySpaceId space);

    void setBands(std::vector<Band> bands, bool linear);
    void layout(double height); // assigns y ranges for a plot this tall
    const std::vector<Band>& bands() const { return m_bands; }
    bool linear() const { return m_linear; }
    bool empty() const { return m_bands.empty(); }

    // y of an address; addresses between bands map to the nearer band edge.
    double yOf(uint64_t address) const;
    // The y range [top, bottom) of [address, address + size), at least 1 px tall.
    std::pair<double, double> span(uint64_t address, uint64_t size) const;
    // The address at y, and whether y is inside a band.
    uint64_t addressAt(double y, bool* inside = nullptr) const;

    static constexpr double kGap = 2;
    static constexpr double kMinBand = 16;

private:
    size_t bandAt(uint64_t address) const; // the band containing or following address, clamped

    std::vector<Band> m_bands;
    bool m_linear = false;
};

} // namespace strata::widgets
