#include "snapshotformat.h"

namespace strata::store::snapshot {

const char* sectionName(SectionId id)
{
    switch (id) {
    case SectionId::Counts: return "counts";
    case SectionId::Strings: return "strings";
    case SectionId::Types: return "types";
    case SectionId::Args: return "args";
    case SectionId::Processes: return "processes";
    case SectionId::Tracks: return "tracks";
    case SectionId::Levels: return "levels";
    case SectionId::SliceTs: return "slice ts";
    case SectionId::SliceDur: return "slice dur";
    case SectionId::SliceType: return "slice type";
    case SectionId::SliceArgs: return "slice args";
    case SectionId::SliceParent: return "slice parent";
    case SectionId::SliceDepth: return "slice depth";
    case SectionId::SliceHeight: return "slice height";
    case SectionId::Instants: return "instants";
    case SectionId::Counters: return "counters";
    case SectionId::Flows: return "flows";
    case SectionId::Extent: return "extent";
    case SectionId::Diagnostics: return "diagnostics";
    case SectionId::Skipped: return "skipped content";
    case SectionId::Metadata: return "metadata";
    case SectionId::Memory: return "memory accesses";
    case SectionId::Attachments: return "attachments";
    }
    return "unknown";
}

} // namespace strata::store::snapshot
