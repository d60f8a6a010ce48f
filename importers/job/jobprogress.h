#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
#include <vector>

namespace strata::importers::job {

// The progress of a job's load as one fraction, (members done + the running members' own
// fractions) / members, fed by every member's thread. It is reported from whichever thread
// moved it, in at most kSteps + 1 distinct values and never backwards: N threads reporting
// their own fractions would make a progress bar flicker and flood a GUI's event queue. The
// last step (1) is left for finished(), once the merged store is whole.
class JobProgress {
public:
    static constexpr int kSteps = 200;

    // `report` may be empty: then nothing is reported.
    JobProgress(std::function<void(double)> report, size_t members);

    // Member `index`'s own fraction, 0..1 (a fraction lower than one already given is ignored).
    void member(size_t index, double fraction);
    // Member `index` is through (merged, failed or skipped): its whole share.
    void done(size_t index) { member(index, 1.0); }
    // Reports 1.
    void finished();

private:
    void reportLocked(int step);

    std::function<void(double)> m_report;
    std::mutex m_mutex;
    std::vector<double> m_fractions;
    double m_sum = 0;
    int m_last = -1; // the last step reported
};

} // namespace strata::importers::job
