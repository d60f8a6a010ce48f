#include "searchreport.h"

#include "csv.h"
#include "jsonnumber.h"

#include <algorithm>

namespace strata::report {

namespace {

using Event = SearchReport::Event;

// Track for each instant row (instants carry no track column; TrackInfo gives their ranges).
std::vector<store::TrackId> instantTracks(const store::EventStore& s)
{
    std::vector<store::TrackId> out(s.instantCount());
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::RowRange r = s.track(store::TrackId(t)).instants;
        for (uint32_t i = r.begin; i < r.end; ++i)
            out[i] = store::TrackId(t);
    }
    return out;
}

// The matches by start time, then track, then depth (rows are in (track, depth, ts) order).
std::vector<Event> sortedEvents(const store::EventStore& s, const analysis::SearchResult& res)
{
    std::vector<Event> events;
    events.reserve(res.count);
    for (store::SliceRow row : res.slices)
        events.push_back(Event { false, row.v, s.sliceTs(row), s.sliceDur(row), s.sliceTrack(row), s.sliceDepth(row) });
    if (!res.instants.empty()) {
        const std::vector<store::TrackId> itrack = instantTracks(s);
        for (store::InstantRow row : res.instants)
            events.push_back(Event { true, row.v, s.instantTs(row), 0, itrack[row.v], 0 });
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (a.track != b.track)
            return a.track < b.track;
        return a.depth < b.depth;
    });
    return events;
}

} // namespace

SearchReport::SearchReport(const store::EventStore& store, std::string path, const analysis::SearchQuery& query,
    const analysis::SearchResult& result, size_t limit)
    : m_s(store)
    , m_path(std::move(path))
    , m_q(query)
    , m_res(result)
    , m_events(sortedEvents(store, result))
    , m_shown(limit ? std::min(limit, m_events.size()) : m_events.size())
    , m_origin(store.extent().start)
    , m_trackLabel(store.trackCount())
    , m_processLabel(store.trackCount())
{
}

std::pair<const std::string&, const std::string&> SearchReport::labels(store::TrackId t)
{
    if (m_trackLabel[t.v].empty()) {
        m_trackLabel[t.v] = m_s.trackLabel(t);
        m_processLabel[t.v] = m_s.processLabel(m_s.track(t).process);
    }
    return { m_trackLabel[t.v], m_processLabel[t.v] };
}

const store::EventType& SearchReport::typeOf(const Event& e) const
{
    return m_s.types().get(
        e.instant ? m_s.instantType(store::InstantRow(e.row)) : m_s.sliceType(store::SliceRow(e.row)));
}

void SearchReport::json(std::ostream& out)
{
    // The summary fields through nlohmann, the events streamed one per line.
    Json head;
    head["file"] = m_path;
    head["query"] = m_q.describe();
    head["count"] = m_res.count;
    head["total_ns"] = m_res.totalNs;
    head["slices"] = m_res.slices.size();
    head["instants"] = m_res.instants.size();
    head["trace_start_ns"] = m_origin;
    head["shown"] = m_shown;
    std::string text = head.dump(2);
    text.pop_back(); // the closing '}'
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    out << text << ",\n  \"events\": [";
    for (size_t i = 0; i < m_shown; ++i) {
        const Event& e = m_events[i];
        const store::EventType& type = typeOf(e);
        const auto [track, process] = labels(e.track);
        Json o;
        o["track"] = track;
        o["process"] = process;
        o["name"] = std::string(m_s.str(type.name));
        o["category"] = std::string(m_s.str(type.category));
        o["kind"] = e.instant ? "instant" : "slice";
        o["start_ns"] = e.ts - m_origin;
        o["dur_ns"] = e.dur;
        out << (i ? ",\n    " : "\n    ") << o.dump();
    }
    out << (m_shown ? "\n  ]\n}\n" : "]\n}\n");
}

void SearchReport::csv(std::ostream& out)
{
    out << "kind,track,process,name,category,start_ns,dur_ns\n";
    for (size_t i = 0; i < m_shown; ++i) {
        const Event& e = m_events[i];
        const store::EventType& type = typeOf(e);
        const auto [track, process] = labels(e.track);
        out << (e.instant ? "instant" : "slice") << ',' << Csv::field(track) << ',' << Csv::field(process) << ','
            << Csv::field(std::string(m_s.str(type.name))) << ',' << Csv::field(std::string(m_s.str(type.category)))
            << ',' << (e.ts - m_origin) << ',' << e.dur << "\n";
    }
}

void SearchReport::text(std::ostream& out)
{
    out << "file      " << m_path << "\n"
        << "query     " << m_q.describe() << "\n"
        << "matches   " << m_res.count << " (slices " << m_res.slices.size() << ", instants " << m_res.instants.size()
        << ")\n"
        << "total     " << m_res.totalNs << " ns\n";
    if (m_shown == 0)
        return;
    std::vector<std::vector<std::string>> rows { { "start_ns", "dur_ns", "process", "track", "name" } };
    for (size_t i = 0; i < m_shown; ++i) {
        const Event& e = m_events[i];
        const auto [track, process] = labels(e.track);
        rows.push_back({ std::to_string(e.ts - m_origin), e.instant ? "instant" : std::to_string(e.dur), process, track,
            std::string(m_s.str(typeOf(e).name)) });
    }
    std::vector<size_t> width(5, 0);
    for (const auto& row : rows)
        for (size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    out << "\n";
    for (const auto& row : rows) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            const std::string pad(width[c] - row[c].size(), ' ');
            line += c < 2 ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : std::string());
            if (c + 1 < row.size())
                line += "  ";
        }
        out << line << "\n";
    }
    if (m_shown < m_events.size())
        out << "... " << m_events.size() - m_shown << " more (--limit 0 prints all)\n";
}

} // namespace strata::report
