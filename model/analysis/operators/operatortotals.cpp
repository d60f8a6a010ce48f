#include "operatortotals.h"

#include <store/timemath.h>
#include <string>

namespace strata::analysis {

void OperatorTotals::merge(const OperatorTotals& from)
{
    if (from.count == 0 && from.self == 0 && from.transfer == 0 && from.communication == 0)
        return;
    count += from.count;
    total = store::TimeMath::saturatingAdd(total, from.total);
    self = store::TimeMath::saturatingAdd(self, from.self);
    transfer = store::TimeMath::saturatingAdd(transfer, from.transfer);
    communication = store::TimeMath::saturatingAdd(communication, from.communication);
    min = std::min(min, from.min);
    max = std::max(max, from.max);
    bytes += from.bytes;
    flops += from.flops;
    mfuWeighted += from.mfuWeighted;
    mfuDur += from.mfuDur;
    hfuWeighted += from.hfuWeighted;
    hfuDur += from.hfuDur;
    has |= from.has;
    for (uint16_t e : from.engines)
        if (std::find(engines.begin(), engines.end(), e) == engines.end())
            engines.push_back(e);
}

OperatorRow OperatorTotals::row(uint32_t key, const OperatorCatalog& catalog)
{
    OperatorRow r;
    r.key = key;
    r.name = key == OperatorCatalog::kNoKey ? std::string("(none)") : std::string(catalog.keyText(key));
    r.count = count;
    r.totalNs = total;
    r.selfNs = self;
    r.transferNs = transfer;
    r.communicationNs = communication;
    r.minNs = min;
    r.maxNs = max;
    r.avgNs = count ? double(total) / double(count) : 0.0;
    r.bytes = bytes;
    r.flops = flops;
    r.hasBytes = has & OperatorCatalog::Metrics::kBytes;
    r.hasFlops = has & OperatorCatalog::Metrics::kFlops;
    if (mfuDur > 0)
        r.mfu = mfuWeighted / mfuDur;
    if (hfuDur > 0)
        r.hfu = hfuWeighted / hfuDur;
    std::sort(engines.begin(), engines.end());
    for (uint16_t e : engines)
        r.engines.push_back(catalog.engineGroupName(e));
    r.fusedMembers = catalog.fusedMembers(key);
    return r;
}

} // namespace strata::analysis
