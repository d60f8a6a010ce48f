#pragma once
#include <QString>

namespace strata::importers {
struct LoadResult;
}

namespace strata::app {

struct JobReport;

// What the status bar says about a finished load: how long it took, whether it came from a
// snapshot (the cache's or a .strata file, and which profile that was saved from), what the
// importer fixed, and a cached snapshot that was refused and deleted on the way.
class LoadMessage {
public:
    static QString text(const QString& name, const importers::LoadResult& result);
    // text() for a load that may be a job's: the job's summary goes in brackets after its
    // name, not at the end, where a narrow window's status bar cuts the line off.
    static QString text(const QString& name, const importers::LoadResult& result, const JobReport& job);
    // The snapshot notes alone, one per line; empty when there were none.
    static QString snapshotNotes(const importers::LoadResult& result);
    // Where the store came from (a snapshot, and which profile a .strata was saved from) and
    // the snapshot notes, one per line; empty for a profile parsed without a word to say.
    static QString origin(const importers::LoadResult& result);
    // "saved from NAME" for a .strata file that knows its source; else empty.
    static QString savedFrom(const importers::LoadResult& result);
    // Worth a longer look than a plain "Opened": something was refused or fixed.
    static bool isWarning(const importers::LoadResult& result);
    // A job's line for the status bar: "8 ranks, clocks aligned on collective ends" (and how
    // many files were left out); empty for a profile that is not a job.
    static QString jobSummary(const JobReport& job);
    // Each member left out or cut short: "FILE: reason (at byte N)", one per line.
    static QString jobProblems(const JobReport& job);
};

} // namespace strata::app
