// NameParser: every naming example of the vendors' profiler docs and file formats (RBLN,
// Neuron, Furiosa, XProf/HLO, Kineto), of the sample profile and of the benchmark
// generator, one table row each.
#include <analysis/operators/nameparser.h>

#include <QtTest>

using namespace strata::analysis;

namespace {
QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}
QString joined(const std::vector<std::string>& v)
{
    QStringList out;
    for (const auto& s : v)
        out << qs(s);
    return out.join('|');
}
QString key(const OperatorInfo& info, OperatorLevel level, const QString& name)
{
    return qs(NameParser::levelKey(info, level, name.toStdString()));
}
} // namespace

class tst_NameParser : public QObject {
    Q_OBJECT

private slots:
    void parseName_data();
    void parseName();
    void indices_data();
    void indices();
    void parseWithArgs_data();
    void parseWithArgs();
    void buildingBlocks();
    void levelNames();
};

// Columns: format, op, layer, module (level key), framework, hlo, command, fused members,
// operands. "" = not known from the name.
void tst_NameParser::parseName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("module");
    QTest::addColumn<QString>("framework");
    QTest::addColumn<QString>("hlo");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("members");
    QTest::addColumn<QString>("operands");

    auto row = [](const char* tag, const char* name, const char* format, const char* op, const char* layer,
                   const char* module, const char* framework, const char* hlo, const char* command,
                   const char* members = "", const char* operands = "") {
        QTest::newRow(tag) << name << format << op << layer << module << framework << hlo << command << members
                           << operands;
    };
    // --- RBLN (Rebellions profiler): {seq}_{layer}_{cmd}; the op comes from args (opcode)
    row("rbln fused stem", "0_fused(bn1+conv1+relu)_1", "rbln", "fused(bn1+conv1+relu)", "fused(bn1+conv1+relu)",
        "(top)", "fused(bn1+conv1+relu)", "", "0_fused(bn1+conv1+relu)_1", "bn1|conv1|relu");
    row("rbln llama q_proj, no command index", "0_causal_lm.model.0.self_attn.q_proj", "rbln",
        "causal_lm.model.0.self_attn.q_proj", "causal_lm.model.0.self_attn.q_proj", "causal_lm.model.0.self_attn",
        "causal_lm.model.0.self_attn.q_proj", "", "0_causal_lm.model.0.self_attn.q_proj");
    row("rbln RoPE helper", "0_causal_lm.model_0", "rbln", "causal_lm.model", "causal_lm.model", "causal_lm",
        "causal_lm.model", "", "0_causal_lm.model_0");
    row("rbln fused block", "0_fused(layer1.2+layer1.2.bn2+layer1.2.conv2)_3", "rbln",
        "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "layer1.2",
        "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "", "0_fused(layer1.2+layer1.2.bn2+layer1.2.conv2)_3",
        "layer1.2|layer1.2.bn2|layer1.2.conv2");
    row("rbln bare fused layer name", "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "fused",
        "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "layer1.2",
        "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)", "", "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)",
        "layer1.2|layer1.2.bn2|layer1.2.conv2");
    row("rbln formats example", "3_fused(conv2d+add+relu)_7", "rbln", "fused(conv2d+add+relu)",
        "fused(conv2d+add+relu)", "(top)", "fused(conv2d+add+relu)", "", "3_fused(conv2d+add+relu)_7",
        "conv2d|add|relu");
    row("rbln v0.12 multi stream", "i1_0_W3_fused(conv2d+add+relu)_7", "rbln", "fused(conv2d+add+relu)",
        "fused(conv2d+add+relu)", "(top)", "fused(conv2d+add+relu)", "", "0_W3_fused(conv2d+add+relu)_7",
        "conv2d|add|relu");
    row("rbln v0.12 single stream", "0_W3_fused(bn1+conv1+relu)_7", "rbln", "fused(bn1+conv1+relu)",
        "fused(bn1+conv1+relu)", "(top)", "fused(bn1+conv1+relu)", "", "0_W3_fused(bn1+conv1+relu)_7",
        "bn1|conv1|relu");
    row("rbln v0.12 host command (no W)", "i2_5_causal_lm.model.0.self_attn.q_proj_12", "rbln",
        "causal_lm.model.0.self_attn.q_proj", "causal_lm.model.0.self_attn.q_proj", "causal_lm.model.0.self_attn",
        "causal_lm.model.0.self_attn.q_proj", "", "5_causal_lm.model.0.self_attn.q_proj_12");
    row("rbln layer with underscores", "12_model.encoder_layer_3.mlp_4", "rbln", "model.encoder_layer_3.mlp",
        "model.encoder_layer_3.mlp", "model.encoder_layer_3", "model.encoder_layer_3.mlp", "",
        "12_model.encoder_layer_3.mlp_4");
    row("rbln sample attn.qkv", "0_attn.qkv_123", "rbln", "attn.qkv", "attn.qkv", "attn", "attn.qkv", "",
        "0_attn.qkv_123");
    row("rbln sample fc", "0_fc_150", "rbln", "fc", "fc", "(top)", "fc", "", "0_fc_150");
    row("rbln inline op named by its module", "0_attn_120", "rbln", "attn", "attn", "(top)", "attn", "", "0_attn_120");
    row("rbln sample block conv", "0_fused(layer1.0.bn1+layer1.0.conv1+layer1.0.relu1)_14", "rbln",
        "fused(layer1.0.bn1+layer1.0.conv1+layer1.0.relu1)", "fused(layer1.0.bn1+layer1.0.conv1+layer1.0.relu1)",
        "layer1.0", "fused(layer1.0.bn1+layer1.0.conv1+layer1.0.relu1)", "",
        "0_fused(layer1.0.bn1+layer1.0.conv1+layer1.0.relu1)_14", "layer1.0.bn1|layer1.0.conv1|layer1.0.relu1");
    row("rbln sample downsample", "0_fused(layer2.0.downsample.0+layer2.0.downsample.1)_62", "rbln",
        "fused(layer2.0.downsample.0+layer2.0.downsample.1)", "fused(layer2.0.downsample.0+layer2.0.downsample.1)",
        "layer2.0.downsample", "fused(layer2.0.downsample.0+layer2.0.downsample.1)", "",
        "0_fused(layer2.0.downsample.0+layer2.0.downsample.1)_62", "layer2.0.downsample.0|layer2.0.downsample.1");
    row("rbln fused without closing paren", "0_fused(conv2d+add_7", "rbln", "fused(conv2d+add", "fused(conv2d+add",
        "(top)", "fused(conv2d+add", "", "0_fused(conv2d+add_7", "conv2d|add");
    row("bench opcode(layer)", "0_reduce-window(maxpool)_1", "rbln", "reduce-window", "maxpool", "(top)", "maxpool", "",
        "0_reduce-window(maxpool)_1", "", "maxpool");
    row("bench dot(fc)", "1_dot(fc)_86", "rbln", "dot", "fc", "(top)", "fc", "", "1_dot(fc)_86", "", "fc");
    row("bench all-reduce", "0_all-reduce(grad.layer4.2)_12", "rbln", "all-reduce", "grad.layer4.2", "grad.layer4",
        "grad.layer4.2", "", "0_all-reduce(grad.layer4.2)_12", "", "grad.layer4.2");

    // --- Neuron framework paths (device JSON `layer`, TensorBoard op timeline names)
    row("neuron addmm", "NN[model]/Linear[layer1]/aten__addmm_add", "neuron_path", "aten__addmm_add",
        "NN[model]/Linear[layer1]", "NN[model]", "NN[model]/Linear[layer1]/aten__addmm_add", "",
        "NN[model]/Linear[layer1]/aten__addmm_add");
    row("neuron transpose instance", "NN[model]/Linear[layer1]/aten__permute_transpose.35", "neuron_path",
        "aten__permute_transpose", "NN[model]/Linear[layer1]", "NN[model]",
        "NN[model]/Linear[layer1]/aten__permute_transpose", "", "NN[model]/Linear[layer1]/aten__permute_transpose.35");
    row("neuron dot instance", "NN[model]/Linear[layer1]/aten__addmm_dot.36", "neuron_path", "aten__addmm_dot",
        "NN[model]/Linear[layer1]", "NN[model]", "NN[model]/Linear[layer1]/aten__addmm_dot", "",
        "NN[model]/Linear[layer1]/aten__addmm_dot.36");
    row("neuron layer2 transpose", "NN[model]/Linear[layer2]/aten__permute_transpose.20", "neuron_path",
        "aten__permute_transpose", "NN[model]/Linear[layer2]", "NN[model]",
        "NN[model]/Linear[layer2]/aten__permute_transpose", "", "NN[model]/Linear[layer2]/aten__permute_transpose.20");
    row("neuron input", "NN_1/input", "neuron_path", "input", "NN_1", "(top)", "NN_1/input", "", "NN_1/input");
    row("neuron explorer framework name", "NeuronLlamaDecoderLayer[1]/function[2]/aten.add", "neuron_path", "aten.add",
        "NeuronLlamaDecoderLayer[1]/function[2]", "NeuronLlamaDecoderLayer[1]",
        "NeuronLlamaDecoderLayer[1]/function[2]/aten.add", "", "NeuronLlamaDecoderLayer[1]/function[2]/aten.add");
    for (const char* f : { "fused_4", "fused_8", "fused_12", "fused_16", "fused_27", "fused_28", "fused_31" })
        row(f, f, "fused", "fused", "", "", "", "", f);
    row("neuron graph", "SyncTensorsGraph.53", "hlo", "SyncTensorsGraph", "", "", "", "SyncTensorsGraph.53",
        "SyncTensorsGraph.53");
    row("neuron runtime api", "nrt_tensor_write", "plain", "nrt_tensor_write", "", "", "", "", "nrt_tensor_write");
    row("neuron framework event", "PjitFunction(matmul_allgather)", "call", "PjitFunction", "", "", "", "",
        "PjitFunction(matmul_allgather)", "", "matmul_allgather");
    row("neuron lowered relu", "elementwise_max(arr,0)", "call", "elementwise_max", "", "", "", "",
        "elementwise_max(arr,0)", "", "arr|0");
    row("neuron module label", "Linear[layer2]", "plain", "Linear[layer2]", "", "", "", "", "Linear[layer2]");
    for (const char* n : { "ReLU", "Tanh", "Input", "MATMUL", "DRAIN", "TensorMatrix", "layer_1", "I-83-1_sg0001",
             "sg0000:83", "qSyncIO0" })
        row(n, n, "plain", n, "", "", "", "", n);

    // --- HLO (Neuron's hlo_name, XLA ops in XProf traces)
    row("hlo instruction text", "%add.1 = add(%dot, %custom-call.44)", "hlo", "add", "", "", "", "add.1",
        "%add.1 = add(%dot, %custom-call.44)", "", "dot|custom-call.44");
    row("hlo typed instruction", "%fusion.3 = f32[2,2]{1,0} fusion(%p0, %p1), kind=kLoop", "hlo", "fusion", "", "", "",
        "fusion.3", "%fusion.3 = f32[2,2]{1,0} fusion(%p0, %p1), kind=kLoop", "", "p0|p1");
    row("hlo dot.1", "dot.1", "hlo", "dot", "", "", "", "dot.1", "dot.1");
    row("hlo fusion.11", "fusion.11", "hlo", "fusion", "", "", "", "fusion.11", "fusion.11");
    row("hlo custom-call", "custom-call.65", "hlo", "custom-call", "", "", "", "custom-call.65", "custom-call.65");
    row("hlo reduce-window", "%reduce-window.14", "hlo", "reduce-window", "", "", "", "reduce-window.14",
        "%reduce-window.14");
    row("xla collective op", "all-reduce.1", "hlo", "all-reduce", "", "", "", "all-reduce.1", "all-reduce.1");
    row("xprof module", "jit_train_step(1234567)", "call", "jit_train_step", "", "", "", "", "jit_train_step(1234567)",
        "", "1234567");
    row("tf name scope", "sequential/dense/MatMul", "neuron_path", "MatMul", "sequential/dense", "sequential",
        "sequential/dense/MatMul", "", "sequential/dense/MatMul");

    // --- Kineto / PyTorch profiler (Chrome traces, sample profile)
    for (const char* n : { "aten::conv2d", "aten::addmm", "aten::_to_copy", "nn.Module: ResNetBlock",
             "autograd::engine::evaluate_function: ConvolutionBackward0", "c10d::allreduce_" })
        row(n, n, "kineto", n, "", "", n, "", n);
    row("kineto step", "ProfilerStep#2", "plain", "ProfilerStep", "", "", "", "", "ProfilerStep#2");
    row("kineto dataloader", "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "plain",
        "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "", "", "", "",
        "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__");
    for (const char* n : { "Iteration Start: PyTorch Profiler", "Record Window End", "record_param_comms",
             "Memcpy HtoD (Pageable -> Device)", "cudaLaunchKernel" })
        row(n, n, "plain", n, "", "", "", "", n);

    // --- Furiosa (furiosa-sdk profiler traces)
    row("furiosa instruction", "LowLevelConv2d(41,40,42,44)", "call", "LowLevelConv2d", "", "", "", "",
        "LowLevelConv2d(41,40,42,44)", "", "41|40|42|44");
    row("furiosa depthwise", "LowLevelDepthwiseConv2d(7,8)", "call", "LowLevelDepthwiseConv2d", "", "", "", "",
        "LowLevelDepthwiseConv2d(7,8)", "", "7|8");
    for (const char* n : { "LowLevelConv2d", "LowLevelDepthwiseConv2d", "LowLevelPad", "LowLevelTranspose",
             "LowLevelReshape", "LowLevelSlice", "LowLevelExpand", "Quantize", "Lower", "Unlower", "Dequantize",
             "Inference", "Execution", "Load", "Store", "warm up", "trace" })
        row(n, n, "plain", n, "", "", "", "", n);

    // --- benchmark generator and Perfetto/Sophgo examples
    row("bench dma", "dma(layer1.weight)", "call", "dma", "", "", "", "", "dma(layer1.weight)", "", "layer1.weight");
    row("bench hdma", "hdma_h2d(input_0)", "call", "hdma_h2d", "", "", "", "", "hdma_h2d(input_0)", "", "input_0");
    row("bench sync", "device_sync(step)", "call", "device_sync", "", "", "", "", "device_sync(step)", "", "step");
    for (const char* n : { "matmul", "conv2d", "sync", "conv_1", "add_3", "rbln_run", "step_begin" })
        row(n, n, "plain", n, "", "", "", "", n);
}

void tst_NameParser::parseName()
{
    QFETCH(QString, name);
    const OperatorInfo info = NameParser::parseName(name.toStdString());
    {
        QFETCH(QString, format);
        QCOMPARE(QString(nameFormatName(info.format)), format);
    }
    QFETCH(QString, op);
    QFETCH(QString, layer);
    QFETCH(QString, module);
    QFETCH(QString, framework);
    QFETCH(QString, hlo);
    QFETCH(QString, command);
    QFETCH(QString, members);
    QFETCH(QString, operands);
    QCOMPARE(key(info, OperatorLevel::Op, name), op);
    QCOMPARE(key(info, OperatorLevel::Layer, name), layer);
    QCOMPARE(key(info, OperatorLevel::Module, name), module);
    QCOMPARE(key(info, OperatorLevel::Framework, name), framework);
    QCOMPARE(key(info, OperatorLevel::Hlo, name), hlo);
    QCOMPARE(key(info, OperatorLevel::Command, name), command);
    QCOMPARE(key(info, OperatorLevel::Name, name), name);
    QCOMPARE(joined(info.fusedMembers), members);
    QCOMPARE(joined(info.operands), operands);
}

// seq, cmd, instance, workload, model, module path, malformed
void tst_NameParser::indices_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("seq");
    QTest::addColumn<int>("cmd");
    QTest::addColumn<int>("instance");
    QTest::addColumn<int>("workload");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("modulePath");
    QTest::addColumn<bool>("malformed");
    QTest::newRow("v0.11") << "0_fused(bn1+conv1+relu)_1" << 0 << 1 << -1 << -1 << ""
                           << "" << false;
    QTest::newRow("v0.12 multi") << "i1_0_W3_fused(conv2d+add+relu)_7" << 0 << 7 << 1 << 3 << ""
                                 << "" << false;
    QTest::newRow("v0.12 single") << "4_W12_layer3.1.conv2_88" << 4 << 88 << -1 << 12 << "layer3"
                                  << "layer3|1" << false;
    QTest::newRow("no command index") << "0_causal_lm.model.0.self_attn.q_proj" << 0 << -1 << -1 << -1 << "causal_lm"
                                      << "causal_lm|model|0|self_attn" << false;
    QTest::newRow("command id per doc") << "0_fused(layer1.2+layer1.2.bn2+layer1.2.conv2)_49" << 0 << 49 << -1 << -1
                                        << "layer1"
                                        << "layer1|2" << false;
    QTest::newRow("broken fused") << "0_fused(conv2d+add_7" << 0 << 7 << -1 << -1 << ""
                                  << "" << true;
    QTest::newRow("neuron fused_12") << "fused_12" << -1 << 12 << -1 << -1 << ""
                                     << "" << false;
    QTest::newRow("neuron path") << "NN[model]/Linear[layer1]/X[y]/aten__addmm_add" << -1 << -1 << -1 << -1
                                 << "NN[model]"
                                 << "NN[model]|Linear[layer1]" << false;
    QTest::newRow("plain") << "Inference" << -1 << -1 << -1 << -1 << ""
                           << "" << false;
    QTest::newRow("not rbln: seq only") << "7_" << -1 << -1 << -1 << -1 << ""
                                        << "" << false;
}

void tst_NameParser::indices()
{
    QFETCH(QString, name);
    QFETCH(int, seq);
    QFETCH(int, cmd);
    QFETCH(int, instance);
    QFETCH(int, workload);
    QFETCH(QString, model);
    QFETCH(QString, modulePath);
    QFETCH(bool, malformed);
    const OperatorInfo info = NameParser::parseName(name.toStdString());
    QCOMPARE(int(info.sequenceIndex), seq);
    QCOMPARE(int(info.commandIndex), cmd);
    QCOMPARE(int(info.instance), instance);
    QCOMPARE(int(info.workload), workload);
    QCOMPARE(qs(info.model), model);
    QCOMPARE(joined(info.modulePath), modulePath);
    QCOMPARE(info.malformed, malformed);
}

// Which source decides each level (the per-format table in nameparser.h).
void tst_NameParser::parseWithArgs_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("args"); // layer, hlo, framework, opcode
    QTest::addColumn<QStringList>("keys"); // module, framework, layer, hlo, op
    QTest::newRow("rbln: name decides layer, args hlo and op")
        << "0_fused(bn1+conv1+relu)_5" << QStringList { "conv1", "fusion.11", "", "conv2d" }
        << QStringList { "(top)", "fused(bn1+conv1+relu)", "fused(bn1+conv1+relu)", "fusion.11", "conv2d" };
    QTest::newRow("rbln without opcode: op is the layer")
        << "0_layer1.0.conv1_3" << QStringList { "", "", "", "" }
        << QStringList { "layer1.0", "layer1.0.conv1", "layer1.0.conv1", "", "layer1.0.conv1" };
    QTest::newRow("bench device op") << "0_fused(layer1.0+layer1.0.bn1+layer1.0.conv1)_2"
                                     << QStringList { "layer1.0", "fusion.1014", "", "fusion" }
                                     << QStringList { "layer1.0", "fused(layer1.0+layer1.0.bn1+layer1.0.conv1)",
                                            "fused(layer1.0+layer1.0.bn1+layer1.0.conv1)", "fusion.1014", "fusion" };
    QTest::newRow("kineto: args give layer and module")
        << "aten::conv2d" << QStringList { "layer1.0.conv1", "", "", "convolution" }
        << QStringList { "layer1.0", "aten::conv2d", "layer1.0.conv1", "", "aten::conv2d" };
    QTest::newRow("neuron instruction: hlo text and layer from args")
        << "MATMUL" << QStringList { "layer_1", "%add.1 = add(%dot, %custom-call.44)", "", "MATMUL" }
        << QStringList { "(top)", "", "layer_1", "add.1", "MATMUL" };
    QTest::newRow("neuron path keeps its layer over args")
        << "NN[model]/Linear[layer1]/aten__addmm_add" << QStringList { "layer_1", "dot.1", "", "" }
        << QStringList { "NN[model]", "NN[model]/Linear[layer1]/aten__addmm_add", "NN[model]/Linear[layer1]", "dot.1",
               "aten__addmm_add" };
    QTest::newRow("hlo name with framework_name arg")
        << "fusion.3" << QStringList { "", "", "NeuronLlamaDecoderLayer[1]/function[2]/aten.add", "" }
        << QStringList { "NeuronLlamaDecoderLayer[1]", "NeuronLlamaDecoderLayer[1]/function[2]/aten.add",
               "NeuronLlamaDecoderLayer[1]/function[2]", "fusion.3", "fusion" };
    QTest::newRow("hlo name beats hlo_name arg")
        << "dot.1" << QStringList { "", "fusion.9", "", "" } << QStringList { "", "", "", "dot.1", "dot" };
    QTest::newRow("dma call: layer and hlo from args")
        << "dma(layer1.weight)" << QStringList { "layer1.0", "fusion.1007", "", "" }
        << QStringList { "layer1", "", "layer1.0", "fusion.1007", "dma" };
    QTest::newRow("furiosa: op from name") << "LowLevelConv2d(41,40,42,44)" << QStringList { "", "", "", "" }
                                           << QStringList { "", "", "", "", "LowLevelConv2d" };
    QTest::newRow("sophgo tiu command: layer and framework op from args")
        << "CONV" << QStringList { "model.0.conv", "", "Conv2D", "" }
        << QStringList { "model.0", "Conv2D", "model.0.conv", "", "CONV" };
    QTest::newRow("sophgo gdma command of a layer group")
        << "TENSOR S2L" << QStringList { "images.slice0", "", "Load", "" }
        << QStringList { "images", "Load", "images.slice0", "", "TENSOR S2L" };
    QTest::newRow("sophgo nameless layer")
        << "AR" << QStringList { "Conv #5", "", "Conv", "" } << QStringList { "(top)", "Conv", "Conv #5", "", "AR" };
    QTest::newRow("sophgo layers row: a call name keeps the args' layer")
        << "Conv2D(L)" << QStringList { "model.0.conv", "", "Conv2D", "" }
        << QStringList { "model.0", "Conv2D", "model.0.conv", "", "Conv2D" };
    QTest::newRow("plain: opcode arg does not rename")
        << "Quantize" << QStringList { "", "", "", "quant" } << QStringList { "", "", "", "", "Quantize" };
}

void tst_NameParser::parseWithArgs()
{
    QFETCH(QString, name);
    QFETCH(QStringList, args);
    QFETCH(QStringList, keys);
    NameArgs na;
    na.layer = args[0].toStdString();
    na.hlo = args[1].toStdString();
    na.framework = args[2].toStdString();
    na.opcode = args[3].toStdString();
    const OperatorInfo info = NameParser::parse(name.toStdString(), na);
    const QStringList got { key(info, OperatorLevel::Module, name), key(info, OperatorLevel::Framework, name),
        key(info, OperatorLevel::Layer, name), key(info, OperatorLevel::Hlo, name),
        key(info, OperatorLevel::Op, name) };
    QCOMPARE(got, keys);
}

void tst_NameParser::buildingBlocks()
{
    QCOMPARE(joined(NameParser::splitTopLevel("a+b(c+d)+[e+f]", '+')), QString("a|b(c+d)|[e+f]"));
    QCOMPARE(joined(NameParser::splitTopLevel(" 41, 40 ,42,44 ", ',')), QString("41|40|42|44"));
    QCOMPARE(qs(NameParser::hloInstructionName("%add.1 = add(%dot, %custom-call.44)")), QString("add.1"));
    QCOMPARE(qs(NameParser::hloInstructionName("ROOT %tuple.9 = (f32[]) tuple(%a)")), QString("tuple.9"));
    QCOMPARE(qs(NameParser::hloInstructionName("fusion.11")), QString("fusion.11"));
    QCOMPARE(qs(NameParser::parentPath("layer1.0.conv1")), QString("layer1.0"));
    QCOMPARE(qs(NameParser::parentPath("NN[model]/Linear[layer1]")), QString("NN[model]"));
    QCOMPARE(qs(NameParser::parentPath("conv1")), QString());
    QCOMPARE(qs(NameParser::commonModule({ "layer1.2", "layer1.2.bn2", "layer1.2.conv2" })), QString("layer1.2"));
    QCOMPARE(qs(NameParser::commonModule({ "layer1.2.bn2", "layer1.20.conv2" })), QString("layer1"));
    QCOMPARE(qs(NameParser::commonModule({ "bn1", "conv1", "relu" })), QString());
    QCOMPARE(qs(NameParser::commonModule({ "layer3.0.conv1" })), QString("layer3.0"));
    QCOMPARE(qs(NameParser::stripStepNumber("ProfilerStep#12")), QString("ProfilerStep"));
    QCOMPARE(qs(NameParser::stripStepNumber("enumerate(DataLoader)#_x.__next__")),
        QString("enumerate(DataLoader)#_x.__next__"));
    QCOMPARE(qs(NameParser::stripStepNumber("#3")), QString("#3"));
    std::vector<std::string> m;
    bool broken = false;
    QVERIFY(NameParser::fusedMembers("fused(a+fused(b+c)+d)", &m, &broken));
    QCOMPARE(joined(m), QString("a|fused(b+c)|d"));
    QVERIFY(!broken);
    QVERIFY(NameParser::fusedMembers("fused(a+b", &m, &broken));
    QVERIFY(broken);
    QVERIFY(!NameParser::fusedMembers("fused(a)+fused(b)", &m, &broken));
    QVERIFY(!NameParser::fusedMembers("unfused(a)", &m, &broken));
    QCOMPARE(NameParser::parseName("").format, NameFormat::Plain);
    QCOMPARE(qs(NameParser::parseName("  aten::mm  ").op), QString("aten::mm"));
}

void tst_NameParser::levelNames()
{
    for (int i = 0; i < kOperatorLevelCount; ++i) {
        OperatorLevel l;
        QVERIFY(parseOperatorLevel(operatorLevelName(OperatorLevel(i)), &l));
        QCOMPARE(int(l), i);
    }
    OperatorLevel l;
    QVERIFY(parseOperatorLevel("operator", &l));
    QCOMPARE(l, OperatorLevel::Op);
    QVERIFY(!parseOperatorLevel("kernel", &l));
    OperatorScope s;
    QVERIFY(parseOperatorScope("host", &s));
    QCOMPARE(s, OperatorScope::Host);
    QVERIFY(!parseOperatorScope("gpu", &s));
}

QTEST_GUILESS_MAIN(tst_NameParser)
#include "tst_nameparser.moc"
