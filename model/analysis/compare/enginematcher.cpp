#include "enginematcher.h"

#include "namenormalizer.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <functional>
#include <string>
#include <unordered_map>

namespace strata::analysis {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

// "stream 20" and "stream 14" are one family: every run of digits stands for any number.
std::string family(const std::string& name)
{
    std::string out;
    for (size_t i = 0; i < name.size(); ++i) {
        if (std::isdigit(static_cast<unsigned char>(name[i]))) {
            if (out.empty() || out.back() != '#')
                out += '#';
        } else {
            out += name[i];
        }
    }
    return out;
}

const char* roleClass(store::TrackRole role)
{
    return role == store::TrackRole::Device ? "d" : role == store::TrackRole::Annotation ? "a" : "h";
}

// Where each row sits: its role class with the ordinal of its process among the processes
// that have rows of that class ("d0" = the first device), and the ordinal of the row among
// its process's rows of the same family ("#2" = the third stream of that device).
struct Places {
    std::vector<std::string> process; // per row: class + process ordinal
    std::vector<std::string> role; // per row: process place + family + ordinal within it
};

Places placesOf(const TraceSummary& s)
{
    Places p;
    std::unordered_map<std::string, int> processOrdinal; // class + process label -> ordinal
    std::unordered_map<std::string, int> processesInClass;
    std::unordered_map<std::string, int> inFamily; // process place + family -> rows so far
    for (const TrackSummaryRow& r : s.tracks) {
        const std::string cls = roleClass(r.role);
        auto [it, added] = processOrdinal.try_emplace(cls + '\n' + r.processLabel, 0);
        if (added)
            it->second = processesInClass[cls]++;
        const std::string place = cls + std::to_string(it->second);
        std::string fam = r.role == store::TrackRole::Host && r.kind == store::TrackKind::Thread
            ? EngineMatcher::hostRole(r)
            : std::string();
        if (fam.empty())
            fam = family(r.name);
        std::string key = place;
        key += '\n';
        key += fam;
        std::string role = key;
        role += '\n';
        role += std::to_string(inFamily[key]++);
        p.process.push_back(place);
        p.role.push_back(std::move(role));
    }
    return p;
}

} // namespace

std::string EngineMatcher::hostRole(const TrackSummaryRow& row)
{
    const std::string n = lower(row.name);
    auto has = [&](const char* w) { return n.find(w) != std::string::npos; };
    if (has("autograd") || has("backward"))
        return "backward";
    if (has("dataloader") || has("data_loader") || has("data loader") || has("pin_memory"))
        return "dataloader";
    if (has("main") || (row.hasTid && row.tid == row.pid))
        return "main";
    return {};
}

std::vector<EngineMatcher::Pair> EngineMatcher::match(
    const TraceSummary& a, const TraceSummary& b, const std::vector<Override>& overrides)
{
    const size_t na = a.tracks.size(), nb = b.tracks.size();
    std::vector<int> partnerOfA(na, -1);
    std::vector<Match> how(na, Match::AOnly);
    std::vector<bool> bTaken(nb, false);

    auto indexOf = [](const TraceSummary& s, store::TrackId t) {
        for (size_t i = 0; i < s.tracks.size(); ++i)
            if (s.tracks[i].track == t)
                return int(i);
        return -1;
    };
    for (const Override& o : overrides) {
        const int ia = indexOf(a, o.a), ib = indexOf(b, o.b);
        if (ia < 0 || ib < 0 || partnerOfA[size_t(ia)] >= 0 || bTaken[size_t(ib)])
            continue;
        partnerOfA[size_t(ia)] = ib;
        bTaken[size_t(ib)] = true;
        how[size_t(ia)] = Match::Explicit;
    }

    using KeyFn = std::function<std::string(const TraceSummary&, size_t)>;
    auto pass = [&](const KeyFn& key, Match kind) {
        std::unordered_map<std::string, std::deque<int>> waiting; // B's unpaired rows by key, in order
        for (size_t i = 0; i < nb; ++i)
            if (!bTaken[i])
                waiting[key(b, i)].push_back(int(i));
        for (size_t i = 0; i < na; ++i) {
            if (partnerOfA[i] >= 0)
                continue;
            auto it = waiting.find(key(a, i));
            if (it == waiting.end() || it->second.empty())
                continue;
            partnerOfA[i] = it->second.front();
            it->second.pop_front();
            bTaken[size_t(partnerOfA[i])] = true;
            how[i] = kind;
        }
    };
    const Places pa = placesOf(a), pb = placesOf(b);
    auto places = [&](const TraceSummary& s) -> const Places& { return &s == &a ? pa : pb; };
    // Length-prefixed, so no two (process, track) label pairs share a key.
    pass(
        [](const TraceSummary& s, size_t i) {
            const TrackSummaryRow& r = s.tracks[i];
            return std::to_string(r.processLabel.size()) + ':' + r.processLabel + r.name;
        },
        Match::Exact);
    pass([&](const TraceSummary& s, size_t i) { return places(s).process[i] + '\n' + s.tracks[i].name; }, Match::Label);
    pass([&](const TraceSummary& s, size_t i) { return places(s).role[i]; }, Match::Role);
    pass([](const TraceSummary& s, size_t i) { return s.tracks[i].name; }, Match::Label);
    pass(
        [](const TraceSummary& s, size_t i) { return NameNormalizer::normalize(s.tracks[i].name); }, Match::Normalised);

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
