#include "enginematcher.h"

#include "namenormalizer.h"

#include <deque>
#include <functional>
#include <string>
#include <unordered_map>

namespace strata::analysis {

std::vector<EngineMatcher::Pair> EngineMatcher::match(const TraceSummary& a, const TraceSummary& b)
{
    const size_t na = a.tracks.size(), nb = b.tracks.size();
    std::vector<int> partnerOfA(na, -1);
    std::vector<Match> how(na, Match::AOnly);
    std::vector<bool> bTaken(nb, false);

    using KeyFn = std::function<std::string(const TrackSummaryRow&)>;
    auto pass = [&](const KeyFn& key, Match kind) {
        std::unordered_map<std::string, std::deque<int>> waiting; // B's unpaired rows by key, in order
        for (size_t i = 0; i < nb; ++i)
            if (!bTaken[i])
                waiting[key(b.tracks[i])].push_back(int(i));
        for (size_t i = 0; i < na; ++i) {
            if (partnerOfA[i] >= 0)
                continue;
            auto it = waiting.find(key(a.tracks[i]));
            if (it == waiting.end() || it->second.empty())
                continue;
            partnerOfA[i] = it->second.front();
            it->second.pop_front();
            bTaken[size_t(partnerOfA[i])] = true;
            how[i] = kind;
        }
    };
    // Length-prefixed, so no two (process, track) label pairs share a key.
    pass([](const TrackSummaryRow& r) { return std::to_string(r.processLabel.size()) + ':' + r.processLabel + r.name; },
        Match::Exact);
    pass([](const TrackSummaryRow& r) { return r.name; }, Match::Label);
    pass([](const TrackSummaryRow& r) { return NameNormalizer::normalize(r.name); }, Match::Normalised);

    std::vector<Pair> out;
    out.reserve(na + nb);
    for (size_t i = 0; i < na; ++i)
        out.push_back({ int(i), partnerOfA[i], how[i] });
    for (size_t i = 0; i < nb; ++i)
        if (!bTaken[i])
            out.push_back({ -1, int(i), Match::BOnly });
    return out;
}

} // namespace strata::analysis
