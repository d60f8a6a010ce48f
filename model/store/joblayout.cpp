#include "joblayout.h"

#include "eventstore.h"

#include <algorithm>
#include <charconv>

namespace strata::store {

bool operator==(const JobRank& a, const JobRank& b)
{
    return a.rank == b.rank && a.file == b.file && a.rankFromName == b.rankFromName && a.offsetNs == b.offsetNs
        && a.processBegin == b.processBegin && a.processCount == b.processCount && a.trackBegin == b.trackBegin
        && a.trackCount == b.trackCount;
}

namespace {

template <typename T> bool parseNumber(std::string_view s, T* out)
{
    if (s.empty())
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
    return ec == std::errc() && end == s.data() + s.size();
}

// "B+N" -> B, N
bool parseBlock(std::string_view s, uint32_t* begin, uint32_t* count)
{
    const size_t plus = s.find('+');
    return plus != std::string_view::npos && parseNumber(s.substr(0, plus), begin)
        && parseNumber(s.substr(plus + 1), count);
}

// Takes "key=" off the front of *s and the value up to the next ';' (or the end).
bool takeField(std::string_view* s, std::string_view key, std::string_view* value)
{
    if (s->substr(0, key.size()) != key || s->size() <= key.size() || (*s)[key.size()] != '=')
        return false;
    s->remove_prefix(key.size() + 1);
    const size_t semi = s->find(';');
    *value = s->substr(0, semi);
    s->remove_prefix(semi == std::string_view::npos ? s->size() : semi + 1);
    return true;
}

} // namespace

std::string JobLayout::encode(const JobRank& r)
{
    return "rank=" + std::to_string(r.rank) + ";processes=" + std::to_string(r.processBegin) + "+"
        + std::to_string(r.processCount) + ";tracks=" + std::to_string(r.trackBegin) + "+"
        + std::to_string(r.trackCount) + ";offset_ns=" + std::to_string(r.offsetNs)
        + ";name=" + (r.rankFromName ? "1" : "0") + ";file=" + r.file;
}

std::optional<JobRank> JobLayout::decode(std::string_view value)
{
    JobRank r;
    std::string_view v;
    if (!takeField(&value, "rank", &v) || !parseNumber(v, &r.rank))
        return std::nullopt;
    if (!takeField(&value, "processes", &v) || !parseBlock(v, &r.processBegin, &r.processCount))
        return std::nullopt;
    if (!takeField(&value, "tracks", &v) || !parseBlock(v, &r.trackBegin, &r.trackCount))
        return std::nullopt;
    if (!takeField(&value, "offset_ns", &v) || !parseNumber(v, &r.offsetNs))
        return std::nullopt;
    if (!takeField(&value, "name", &v) || (v != "0" && v != "1"))
        return std::nullopt;
    r.rankFromName = v == "1";
    // The file is the rest, ';' and all.
    constexpr std::string_view kFile = "file=";
    if (value.substr(0, kFile.size()) != kFile)
        return std::nullopt;
    r.file = std::string(value.substr(kFile.size()));
    return r;
}

JobLayout JobLayout::of(const EventStore& store, std::string* error)
{
    return fromMetadata(store.metadata(), store.processCount(), store.trackCount(), error);
}

JobLayout JobLayout::fromMetadata(const std::vector<std::pair<std::string, std::string>>& metadata, size_t processCount,
    size_t trackCount, std::string* error)
{
    JobLayout out;
    std::vector<JobRank> ranks;
    auto refuse = [&](std::string why) {
        if (error)
            *error = std::move(why);
        return JobLayout();
    };
    for (const auto& [key, value] : metadata) {
        if (key == kAlignmentKey) {
            if (value != "recorded" && value != "collectives" && value != "first-step")
                return refuse("unknown clock alignment \"" + value + "\"");
            out.m_alignment = value;
        } else if (key == kRankKey) {
            std::optional<JobRank> r = decode(value);
            if (!r)
                return refuse("unreadable rank entry \"" + value + "\"");
            ranks.push_back(std::move(*r));
        }
    }
    uint64_t nextProcess = 0, nextTrack = 0;
    for (size_t i = 0; i < ranks.size(); ++i) {
        const JobRank& r = ranks[i];
        if (i > 0 && r.rank <= ranks[i - 1].rank)
            return refuse("ranks not in increasing order at rank " + std::to_string(r.rank));
        if (r.processBegin < nextProcess || uint64_t(r.processBegin) + r.processCount > processCount)
            return refuse("rank " + std::to_string(r.rank) + "'s processes overlap or leave the store");
        if (r.trackBegin < nextTrack || uint64_t(r.trackBegin) + r.trackCount > trackCount)
            return refuse("rank " + std::to_string(r.rank) + "'s tracks overlap or leave the store");
        nextProcess = uint64_t(r.processBegin) + r.processCount;
        nextTrack = uint64_t(r.trackBegin) + r.trackCount;
    }
    if (error)
        error->clear();
    out.m_ranks = std::move(ranks);
    return out;
}

int JobLayout::rankIndexOfProcess(ProcessId p) const
{
    if (!p.valid())
        return -1;
    auto it = std::upper_bound(
        m_ranks.begin(), m_ranks.end(), p.v, [](uint32_t v, const JobRank& r) { return v < r.processBegin; });
    if (it == m_ranks.begin())
        return -1;
    --it;
    return p.v < it->processBegin + it->processCount ? int(it - m_ranks.begin()) : -1;
}

int JobLayout::rankIndexOfTrack(TrackId t) const
{
    if (!t.valid())
        return -1;
    auto it = std::upper_bound(
        m_ranks.begin(), m_ranks.end(), t.v, [](uint32_t v, const JobRank& r) { return v < r.trackBegin; });
    if (it == m_ranks.begin())
        return -1;
    --it;
    return t.v < it->trackBegin + it->trackCount ? int(it - m_ranks.begin()) : -1;
}

std::vector<std::pair<std::string, std::string>> JobLayout::metadataEntries() const
{
    std::vector<std::pair<std::string, std::string>> out;
    if (m_ranks.empty())
        return out;
    out.emplace_back(std::string(kAlignmentKey), m_alignment);
    for (const JobRank& r : m_ranks)
        out.emplace_back(std::string(kRankKey), encode(r));
    return out;
}

} // namespace strata::store
