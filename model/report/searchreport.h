#pragma once
#include <analysis/search/searchquery.h>
#include <analysis/search/searchresult.h>
#include <store/eventstore.h>

#include <cstddef>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace strata::report {

// The result of a search as `strata-cli search` prints it: the query, the count and total
// time, then the matching events ordered by start time (then track, then depth), as a text
// table, JSON or CSV. Times are ns from the trace start, like --range.
//
// A search can match millions of events, so the report is written to a stream as it goes,
// not built as one string or JSON document first (a DOM of them would take gigabytes).
// `limit`: print at most that many events (0 = all); the count and total cover every match.
class SearchReport {
public:
    SearchReport(const store::EventStore& store, std::string path, const analysis::SearchQuery& query,
        const analysis::SearchResult& result, size_t limit);

    // The summary fields, then "events": one object a line.
    void json(std::ostream& out);
    void csv(std::ostream& out); // kind,track,process,name,category,start_ns,dur_ns
    // The summary lines, then the shown events as a table: times right-aligned, text left,
    // and how many more there are.
    void text(std::ostream& out);

    // One matching event, slice or instant.
    struct Event {
        bool instant = false;
        uint32_t row = 0;
        store::TimeNs ts = 0;
        store::TimeNs dur = 0;
        store::TrackId track;
        uint32_t depth = 0;
    };

private:
    // A track's label and its process's, made once per track as the events name them.
    std::pair<const std::string&, const std::string&> labels(store::TrackId t);
    const store::EventType& typeOf(const Event& e) const;

    const store::EventStore& m_s;
    const std::string m_path;
    const analysis::SearchQuery& m_q;
    const analysis::SearchResult& m_res;
    const std::vector<Event> m_events;
    const size_t m_shown;
    const store::TimeNs m_origin;
    std::vector<std::string> m_trackLabel, m_processLabel;
};

} // namespace strata::report
