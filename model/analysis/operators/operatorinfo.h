#pragma once
#include "operatorlevel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::analysis {

// How a slice name was read (NameParser decides; the format picks which source decides
// each level, see NameParser::nameDecides).
enum class NameFormat : uint8_t {
    Plain, // nothing recognised: "Inference", "ProfilerStep#3", "TensorMatrix"
    Rbln, // "{seq}_{layer}_{cmd}", "i{inst}_{seq}_W{wl}_{layer}_{cmd}" (RBLN profiler)
    NeuronPath, // "NN[model]/Linear[layer1]/aten__addmm_add" (Neuron framework op path, TF scopes)
    Hlo, // "fusion.11", "%add.1 = add(%dot, %custom-call.44)", "SyncTensorsGraph.53"
    Kineto, // "aten::conv2d", "nn.Module: ResNetBlock", "autograd::engine::..."
    Call, // "LowLevelConv2d(41,40,42,44)" (Furiosa), "dma(layer1.weight)"
    Fused, // a bare "fused(a+b+c)" group, or Neuron's numbered "fused_12"
};

const char* nameFormatName(NameFormat f);

// The identity of one operator as read from a slice name (and, through NameParser::parse,
// its args). Empty strings and -1 mean "not known from this source".
struct OperatorInfo {
    NameFormat format = NameFormat::Plain;
    std::string op; // operator type: "conv2d", "aten::addmm", "LowLevelConv2d", "add"
    std::string layer; // "fused(bn1+conv1+relu)", "causal_lm.model.0.self_attn.q_proj"
    std::string framework; // framework-level op: the Neuron path, the RBLN layer, the aten op
    std::string hlo; // HLO instruction name: "add.1", "fusion.11"
    std::string command; // the command identity: the name without an instance prefix
    std::string model; // top of the module path when the name has one: "NN[model]", "causal_lm"
    std::vector<std::string> modulePath; // segments of `module`: {"layer1", "2"}, {"NN[model]"}
    std::vector<std::string> fusedMembers; // "fused(a+b)" → {"a", "b"}, as written
    std::vector<std::string> operands; // "LowLevelConv2d(41,40,42,44)" → {"41","40","42","44"}
    int64_t sequenceIndex = -1; // RBLN: order of the module execution
    int64_t commandIndex = -1; // RBLN: command within the layer; Neuron "fused_12" → 12
    int64_t instance = -1; // RBLN v0.12 "i{n}_" (multi-stream files)
    int64_t workload = -1; // RBLN v0.12 "W{n}_"
    bool malformed = false; // e.g. "fused(" without ")": parsed as far as it goes

    // The module that holds the layer, as one key with the name's own separator ("layer1.2",
    // "NN[model]/Linear[layer1]"); empty when the layer sits at the top of the model.
    std::string module;
};

// Identity-bearing args of a slice, as text (NameParser::parse takes them with the name).
struct NameArgs {
    std::string layer; // "layer"
    std::string hlo; // "hlo_name" / "hlo_op" (full HLO text accepted)
    std::string framework; // "framework_name" / "framework_op" / "tf_op"
    std::string opcode; // "opcode"
};

} // namespace strata::analysis
