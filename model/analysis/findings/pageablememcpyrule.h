#pragma once
#include "findingrule.h"

namespace strata::analysis {

// pageable-memcpy: any copy from or to pageable host memory (device memory work whose name
// says "Pageable", as Kineto's "Memcpy HtoD (Pageable -> Device)"): such a copy is staged
// through a pinned buffer and blocks the host. Counted when it starts in the window; the
// cause gives their bytes (the "bytes" arg) and time. Time at stake: the copies' time.
class PageableMemcpyRule : public FindingRule {
public:
    static constexpr std::string_view kId = "pageable-memcpy";
    std::string_view id() const override { return kId; }
    std::string_view needs() const override { return "memory transfers on the device"; }
    RuleOutcome run(const FindingInputs& in, const FindingThresholds& t) const override;
};

} // namespace strata::analysis
