#pragma once
#include "operatorinfo.h"

#include <string>
#include <string_view>
#include <vector>

namespace strata::analysis {

// Reads operator identity out of slice names and their identity-bearing args. Pure
// functions, no store: OperatorCatalog calls parseName() once per distinct TypeId and
// argIdentity() once per distinct set of identity args, and combines the two per level
// with nameDecides(), which is exactly what parse() does for one event.
//
// Name formats, tried in this order (first match wins):
//   Rbln       [i{inst}_]{seq}_[W{wl}_]{layer}[_{cmd}], read from the right: the command
//              index is the trailing "_<digits>", the layer is what is left after the
//              prefixes and may itself contain '_'. The layer may be "fused(a+b+c)" (members
//              split on top-level '+') or "opcode(layer)".
//   Kineto     contains "::" or starts with "nn.Module: " ("aten::conv2d")
//   NeuronPath segments split on '/', no whitespace: module path / layer / op; a ".N"
//              instance suffix on the leaf op is not part of the op. TensorFlow name
//              scopes (XProf "Framework Ops": "sequential/dense/MatMul") read the same way.
//   Call       Ident(operands): Furiosa "LowLevelConv2d(41,40,42,44)", "dma(layer1.weight)"
//   Hlo        "%add.1 = add(%dot, %custom-call.44)" or a bare instruction "fusion.11"
//   Fused      a bare "fused(a+b)" group, or Neuron's numbered "fused_12"
//   Plain      anything else; the op is the name without a trailing "#<digits>"
//
// Which source decides a level (the per-format table in docs/formats.md):
//   format      name decides                              args decide (when present)
//   Rbln, Fused module framework layer command           hlo (hlo_name), op (opcode)
//   NeuronPath  module framework layer op command        hlo
//   Hlo         hlo op command                           module framework layer
//   Kineto      framework op command                     module layer hlo
//   Call, Plain op command                               module framework layer hlo
// A level the deciding source leaves empty falls back to the other source. The Name level
// is always the name as written.
class NameParser {
public:
    static constexpr std::string_view kTopModule = "(top)";
    static OperatorInfo parseName(std::string_view name);
    // The identity the args carry on their own (format Plain): layer, module, framework, hlo, op.
    static OperatorInfo argIdentity(const NameArgs& args);
    // parseName + argIdentity combined with nameDecides(): the identity of one event.
    static OperatorInfo parse(std::string_view name, const NameArgs& args);
    static bool nameDecides(NameFormat format, OperatorLevel level);
    // The key of one level in an OperatorInfo ("" when unknown). Name → `name`. A layer at the
    // top of its model (no module) has the module key kTopModule, so it is not "unknown".
    static std::string levelKey(const OperatorInfo& info, OperatorLevel level, std::string_view name);

    // --- building blocks, public for tests and for other analyses
    // "fused(a+b+c)" → {"a","b","c"}; false when `text` is not a fused group. Sets
    // *malformed when the closing ')' is missing (members are then read to the end).
    static bool fusedMembers(std::string_view text, std::vector<std::string>* members, bool* malformed = nullptr);
    // Splits on `sep` outside brackets and parentheses, trimming blanks.
    static std::vector<std::string> splitTopLevel(std::string_view text, char sep);
    // "%add.1 = add(%dot, %custom-call.44)" → "add.1"; "fusion.11" → "fusion.11".
    static std::string hloInstructionName(std::string_view text);
    // The module holding a dotted or '/'-separated layer path: "layer1.0.conv1" → "layer1.0",
    // "NN[model]/Linear[layer1]" → "NN[model]"; "" at the top.
    static std::string parentPath(std::string_view layer);
    // The longest common dotted prefix of fused members ("layer1.2" for layer1.2, layer1.2.bn2);
    // a single member's parent.
    static std::string commonModule(const std::vector<std::string>& members);
    // "ProfilerStep#12" → "ProfilerStep"; unchanged without a trailing "#<digits>".
    static std::string stripStepNumber(std::string_view name);
};

} // namespace strata::analysis
