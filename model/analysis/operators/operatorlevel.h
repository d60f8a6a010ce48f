#pragma once
#include <cstdint>
#include <string_view>

namespace strata::analysis {

// The levels of the operator hierarchy (model → module → layer → operator → command), plus
// the HLO instruction and the raw slice name. Each level is one way of grouping slices into
// operator-table rows; which source decides a level (the name or an arg) is per name format,
// see NameParser.
enum class OperatorLevel : uint8_t {
    Module, // the module path that holds the layer: "layer1.2", "NN[model]"
    Framework, // the framework-level op: "NN[model]/Linear[layer1]/aten__addmm_add", "aten::conv2d"
    Layer, // "fused(bn1+conv1+relu)", "layer1.0.conv1", "NN[model]/Linear[layer1]"
    Hlo, // the HLO instruction: "fusion.11", "add.1"
    Op, // the operator type: "conv2d", "aten::addmm", "LowLevelConv2d", "fusion"
    Command, // one compiled command: "0_fused(bn1+conv1+relu)_5" (instance prefix dropped)
    Name, // the slice name as written
};
constexpr int kOperatorLevelCount = 7;

// Which slices an aggregation covers. Device = slices on accelerator engine tracks
// (OperatorCatalog::isDeviceTrack); Host = the other thread tracks.
enum class OperatorScope : uint8_t { Device, Host, All };

const char* operatorLevelName(OperatorLevel level); // "module", "framework", ... "name"
bool parseOperatorLevel(std::string_view text, OperatorLevel* out); // also accepts "operator"
const char* operatorScopeName(OperatorScope scope); // "device", "host", "all"
bool parseOperatorScope(std::string_view text, OperatorScope* out);

} // namespace strata::analysis
