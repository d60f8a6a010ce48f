#include "jobimport.h"

#include <job/jobloader.h>

#include <analysis/collectives/jobaligner.h>
#include <store/joblayout.h>
#include <store/storemerger.h>

#include <algorithm>
#include <exception>

namespace strata::app {

namespace {

// The store of a load that nobody else holds yet, to be aligned before it is published.
// The merger and the snapshot reader make it non-const; a reader only ever gets it after
// this, so casting the const away here is the one write (use_count checked by the caller).
store::EventStore& ownStore(const importers::LoadResult& r)
{
    return const_cast<store::EventStore&>(*r.store);
}

} // namespace

std::optional<analysis::ClockAlignment> JobImport::alignmentNamed(const std::string& name)
{
    for (analysis::ClockAlignment a : { analysis::ClockAlignment::Recorded, analysis::ClockAlignment::CollectiveEnds,
             analysis::ClockAlignment::FirstStep })
        if (name == analysis::clockAlignmentName(a))
            return a;
    return std::nullopt;
}

analysis::ClockAlignment JobImport::align(
    store::EventStore& store, std::optional<analysis::ClockAlignment> target, std::string* error)
{
    store::JobLayout layout = store::JobLayout::of(store);
    const analysis::ClockAlignment wanted = target ? *target : analysis::JobAligner::defaultAlignment(store, layout);
    const std::string name = analysis::clockAlignmentName(wanted);
    if (layout.alignment() == name)
        return wanted;
    try {
        // shiftRanks sets each rank's offset (it moves by the difference to the one applied):
        // back to the recorded times first, where the offsets of another alignment are measured.
        if (std::any_of(layout.ranks().begin(), layout.ranks().end(),
                [](const store::JobRank& r) { return r.offsetNs != 0; })) {
            store::StoreMerger::shiftRanks(store, std::vector<store::TimeNs>(layout.ranks().size(), 0),
                analysis::clockAlignmentName(analysis::ClockAlignment::Recorded));
            layout = store::JobLayout::of(store);
        }
        store::StoreMerger::shiftRanks(store, analysis::JobAligner::offsets(store, layout, wanted), name);
        return wanted;
    } catch (const std::exception& e) { // an offset that moves a rank out of range: left as it is
        if (error)
            *error = "the clocks could not be aligned on " + name + ": " + e.what();
        return analysis::ClockAlignment::Recorded;
    }
}

void JobImport::adoptLoaded(importers::LoadResult& r, const std::string& alignment, JobReport* report)
{
    if (!r.store)
        return;
    const store::JobLayout layout = store::JobLayout::of(*r.store);
    if (!layout.isJob())
        return;
    report->isJob = true;
    report->ranks = int(layout.ranks().size());
    report->alignment = layout.alignment();
    const std::optional<analysis::ClockAlignment> asked = alignmentNamed(alignment);
    if (!asked || layout.alignment() == analysis::clockAlignmentName(*asked) || r.store.use_count() != 1)
        return;
    align(ownStore(r), asked, &report->alignmentError);
    report->alignment = store::JobLayout::of(*r.store).alignment(); // as the store says, whatever happened
    r.attachments.clear(); // the snapshot's indexes are of the times before the shift
    r.refreshCache = false;
}

importers::LoadResult JobImport::load(const importers::job::JobPlan& plan, const std::string& alignment,
    const importers::ImportContext& ctx, const importers::CacheOptions& cache, JobReport* report)
{
    report->isJob = true;
    report->ranks = int(plan.ranks.size());
    report->plan = plan;
    report->asked = alignment;
    importers::job::JobLoader::Result cached = importers::job::JobLoader::loadCached(plan, alignment, ctx, cache);
    if (cached.merged.store || cached.merged.cancelled) {
        report->problems = std::move(cached.problems);
        if (cached.merged.store)
            report->alignment = store::JobLayout::of(*cached.merged.store).alignment();
        return std::move(cached.merged);
    }
    importers::job::JobLoader::Result loaded = importers::job::JobLoader::load(plan, ctx, cache, kWorkers);
    report->problems = std::move(loaded.problems);
    importers::LoadResult r = std::move(loaded.merged);
    // A refused job snapshot was deleted on the way: said as a single file's is.
    r.snapshotNotes.insert(
        r.snapshotNotes.begin(), cached.merged.snapshotNotes.begin(), cached.merged.snapshotNotes.end());
    if (r.store && ctx.cancel && ctx.cancel->load()) { // merged, but the user no longer wants it
        r = importers::LoadResult();
        r.cancelled = true;
    }
    if (!r.store || r.store.use_count() != 1)
        return r;
    align(ownStore(r), alignmentNamed(alignment), &report->alignmentError);
    report->alignment = store::JobLayout::of(*r.store).alignment();
    return r;
}

} // namespace strata::app
