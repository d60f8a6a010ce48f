#pragma once
#include "searchindex.h"
#include "searchquery.h"
#include "searchresult.h"
#include <store/eventstore.h>

#include <atomic>
#include <vector>

namespace strata::analysis {

// Runs a SearchQuery over a finalized store: the engine of the Search dock (on a worker
// thread) and of `strata-cli search`. Stateless; any number may run at once on one store.
//
// Strategy (each stage only when the query needs it):
// 1. Types: the name test runs once per distinct interned name (substring / exact / regex;
//    regexes on two threads when there are many names), the category test once per distinct
//    category; the result is a byte per TypeId.
// 2. Tracks: label / process-label substring, a byte per track.
// 3. Rows: the row ranges of the accepted tracks — whole tracks, or with a time range two
//    binary searches per level — are scanned on up to two threads: type byte, then
//    duration, then the arg test, whose result is cached per ArgSetId (each distinct arg
//    set is evaluated once per thread; keys are matched once per distinct key string).
//    Instants are scanned the same way (one thread: there are few).
// The cancel flag is polled every 64K rows; a cancelled run returns no rows.
//
// With a SearchIndex built for the store (index->fits(store)), stage 1 reads its distinct
// names and categories and slot arrays instead of hashing every type; when every accepted
// type is one of its rare types and their rows are few against the rows a scan would read,
// stage 3 merges those row lists, keeps the rows inside the accepted tracks' ranges and tests
// duration and args per row instead of scanning. The result is the same with or without an
// index (the same rows in the same order, the same totals): the index only saves work.
// Arg conditions over more rows than there are arg sets evaluate every set once, in table
// order on the scan's threads, into a bit per set; otherwise each thread caches the sets
// it meets.
class SearchEngine {
public:
    // threads: 0 = up to two (the machine's cores); 1 = the calling thread only. index: null,
    // or one built for this very store (the caller's to guarantee; one whose slice and type
    // counts differ from the store's is ignored, but an equal shape cannot be told apart).
    static SearchResult run(const store::EventStore& store, const SearchQuery& query,
        const std::atomic<bool>* cancel = nullptr, unsigned threads = 0, const SearchIndex* index = nullptr);

    // Stage 1 alone: one byte per TypeId, 1 when the type's name and category pass.
    // Empty when the query's regex is invalid.
    static std::vector<uint8_t> matchTypes(const store::EventStore& store, const SearchQuery& query,
        unsigned threads = 0, const SearchIndex* index = nullptr);
};

} // namespace strata::analysis
