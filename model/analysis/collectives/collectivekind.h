#pragma once
#include <string>
#include <string_view>

namespace strata::analysis {

// The short name users know a collective by, from its kernel's or span's name: the kind
// ("AllReduce", "ReduceScatter", "SendRecv", ...) wherever the name spells it, in NCCL's
// kernels ("ncclDevKernel_AllReduce_Sum_f32_RING_LL"), PyTorch's record functions
// ("nccl:all_reduce") and c10d's calls ("c10d::allreduce_"); otherwise the name up to its
// argument list. The Ranks dock and the timeline's skew strip label collectives with it, so
// both read the same.
class CollectiveKind {
public:
    static std::string of(std::string_view kernel);
};

} // namespace strata::analysis
