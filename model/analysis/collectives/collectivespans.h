#pragma once
#include "collectiveresult.h"

#include <store/types.h>

#include <cstdint>
#include <vector>

namespace strata::analysis {

// The matched collectives of a job laid on its time axis, for the timeline's skew strip:
// each as its span (first arrival, last arrival, last end) and how much of the first
// arrival's kernel went waiting (skew / (skew + shortest duration)), sorted by first
// arrival. Running maxima of the last arrivals and ends, and a sparse table of the worst
// ratio over any run of collectives, let a pixel column of the strip and the collective under
// the pointer be found with binary searches: O(width · log N) for a whole strip, however many
// collectives share a pixel, and no loop over the collectives outside the build.
class CollectiveSpans {
public:
    // How large a collective's skew is against the collective: the share of the first
    // arrival's kernel spent waiting for the last one. None: no skew (one rank, or all
    // arrived together).
    enum class Severity : uint8_t { None, Low, Medium, High };
    static constexpr double kMediumShare = 0.10; // from here the skew is Medium
    static constexpr double kHighShare = 1.0 / 3; // and from here High

    struct Span {
        store::TimeNs firstStart = 0, lastStart = 0, end = 0;
        double share = 0; // skew / (skew + shortest duration)
        uint32_t collective = 0; // index into CollectiveAnalysis::collectives
    };

    // What one pixel column of the strip shows: the worst skew bar crossing it (None: no
    // bar), and whether a collective's work (last arrival to end) crosses it or ends in it.
    struct Pixel {
        Severity bar = Severity::None;
        enum class Line : uint8_t { None, Work, End } line = Line::None;
    };

    CollectiveSpans() = default;
    explicit CollectiveSpans(const CollectiveAnalysis& analysis);

    static Severity severityOf(double share);
    static double shareOf(const MatchedCollective& c);

    size_t size() const { return m_spans.size(); }
    bool empty() const { return m_spans.empty(); }
    const Span& span(size_t i) const { return m_spans[i]; } // in first-arrival order

    // Pixel i covers [start + i·span/width, start + (i+1)·span/width), at least 1 ns.
    std::vector<Pixel> pixels(store::TimeRange range, int width) const;

    // The collectives whose span [first arrival, end) meets `window`: the worst of them (the
    // largest share, then the larger skew; -1 when none) as an index into span(), and how
    // many there are (those starting in the window, plus the one reaching furthest into it
    // from before).
    struct Hit {
        int span = -1;
        uint32_t count = 0;
    };
    Hit at(store::TimeRange window) const;

private:
    size_t firstAtOrAfter(store::TimeNs t) const; // index of the first span starting at or after t
    size_t worst(size_t a, size_t b) const; // the worse span of [a, b), which is not empty
    bool worse(size_t i, size_t j) const; // span i is worse than span j

    std::vector<Span> m_spans;
    std::vector<store::TimeNs> m_firstStarts; // per span, ascending: what the searches read
    std::vector<uint32_t> m_reachLast; // per span i: the span of [0, i] with the latest last arrival
    std::vector<uint32_t> m_reachEnd; // per span i: the span of [0, i] with the latest end
    std::vector<std::vector<uint32_t>> m_worst; // sparse table: [k][i] the worst span of [i, i + 2^k)
};

} // namespace strata::analysis
