#pragma once
#include "importer.h"

namespace strata::importers {

// Sophgo TPU profiles: a bmprofile_data-N/ folder written by bmruntime with
// BMRUNTIME_ENABLE_PROFILE=1. The input the loader opens is one file of the folder
// (global.profile, or an iter*.profile when it is missing); the importer reads the folder
// itself: global.profile's static net info and allocations, iter0.profile… up to the first
// gap (SUMMARY, DYN_DATA/DYN_EXTRA firmware records, TIU and GDMA PMU records) and
// bmlib*.profile host records. Rows as Sophgo's profile view shows them: Subnet, Host,
// Layers, MCU (NODE_OP), GDMA, TIU, with bar heights; memory accesses for the Memory dock;
// the run time ("total") and the memory usage by kind as metadata. ImportResult::phases
// counts records by block.
class SophgoImporter : public Importer {
public:
    const char* name() const override { return "sophgo-bmprofile"; }
    int probe(std::string_view head, const std::string& path) const override;
    ImportResult import(InputReader& input, store::StoreBuilder& builder, const ImportContext& ctx) const override;

    static constexpr int kScore = 90;
};

} // namespace strata::importers
