#include <common/operatorcolors.h>
#include <store/workclassifier.h>

#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>

using namespace strata;
using widgets::OperatorColors;

class tst_OperatorColors : public QObject {
    Q_OBJECT

private slots:
    void operatorName_data();
    void operatorName();
    void family_data();
    void family();
    void stableAndPleasant();
    void families();
    void distinctColours_data();
    void distinctColours();
};

void tst_OperatorColors::operatorName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("op");
    QTest::newRow("rbln fused") << "0_fused(layer1.2+layer1.2.bn2+layer1.2.conv2)_3"
                                << "fused(layer1.2+layer1.2.bn2+layer1.2.conv2)";
    QTest::newRow("rbln other sequence") << "12_fused(bn1+conv1+relu)_150"
                                         << "fused(bn1+conv1+relu)";
    QTest::newRow("rbln plain layer") << "0_attn.qkv_123"
                                      << "attn.qkv";
    QTest::newRow("rbln v0.12 worker tag") << "0_W3_fused(a+b)_7"
                                           << "fused(a+b)";
    QTest::newRow("underscores inside") << "0_layer_norm_5"
                                        << "layer_norm";
    QTest::newRow("aten op") << "aten::conv2d"
                             << "aten::conv2d";
    QTest::newRow("no numeric prefix") << "fused_conv_3"
                                       << "fused_conv_3";
    QTest::newRow("no numeric suffix") << "0_fused_conv"
                                       << "0_fused_conv";
    QTest::newRow("profiler step") << "ProfilerStep#12"
                                   << "ProfilerStep";
    QTest::newRow("hash not a counter") << "op#a1"
                                        << "op#a1";
    QTest::newRow("empty") << ""
                           << "";
}

void tst_OperatorColors::operatorName()
{
    QFETCH(QString, name);
    QFETCH(QString, op);
    const QByteArray n = name.toUtf8();
    const std::string_view v = OperatorColors::operatorName(std::string_view(n.constData(), size_t(n.size())));
    QCOMPARE(QString::fromUtf8(v.data(), int(v.size())), op);
}

// The family follows the kind of work store::WorkClassifier decides.
void tst_OperatorColors::family_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("family");
    QTest::newRow("Task DMA") << "Task DMA" << int(OperatorColors::Transfer);
    QTest::newRow("External HDMA") << "External HDMA" << int(OperatorColors::Transfer);
    QTest::newRow("Neural DMA") << "Neural DMA" << int(OperatorColors::Transfer);
    QTest::newRow("cudaMemcpyAsync") << "cudaMemcpyAsync" << int(OperatorColors::Transfer);
    QTest::newRow("Memcpy HtoD") << "Memcpy HtoD (Pageable -> Device)" << int(OperatorColors::Transfer);
    QTest::newRow("h2d") << "h2d_copy" << int(OperatorColors::Transfer);
    QTest::newRow("transfer") << "weight transfer" << int(OperatorColors::Transfer);
    QTest::newRow("dma lower case") << "dma_load_weight" << int(OperatorColors::Transfer);
    QTest::newRow("nccl") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL" << int(OperatorColors::Communication);
    QTest::newRow("sophgo cdma") << "CDMA" << int(OperatorColors::Communication);
    QTest::newRow("conv") << "aten::conv2d" << int(OperatorColors::Compute);
    QTest::newRow("engine") << "Neural Engine Clusters" << int(OperatorColors::Compute);
    QTest::newRow("sync") << "Device Sync" << int(OperatorColors::Compute);
}

void tst_OperatorColors::family()
{
    QFETCH(QString, text);
    QFETCH(int, family);
    QCOMPARE(int(OperatorColors::familyOf(store::WorkClassifier::ofText(text.toStdString()))), family);
}

void tst_OperatorColors::stableAndPleasant()
{
    // The same name gives the same colour in every run: FNV-1a of the bytes, nothing seeded.
    QCOMPARE(OperatorColors::stableHash("aten::conv2d"), OperatorColors::stableHash("aten::conv2d"));
    QCOMPARE(OperatorColors::stableHash(""), 1469598103934665603ull);
    QCOMPARE(OperatorColors::computeColor("fused(a+b)"), OperatorColors::computeColor("fused(a+b)"));
    // Qualitative, not neon: no fully saturated or near-black/near-white fills.
    for (int i = 0; i < 500; ++i) {
        const QByteArray n = "op" + QByteArray::number(i);
        const QColor c = OperatorColors::computeColor(std::string_view(n.constData(), size_t(n.size())));
        QVERIFY2(c.hsvSaturation() < 190, qPrintable(c.name()));
        QVERIFY2(c.value() > 120 && c.lightness() < 235, qPrintable(c.name()));
    }
}

void tst_OperatorColors::families()
{
    int distinct = 0;
    QSet<QRgb> seen;
    for (int i = 0; i < 500; ++i) {
        const QByteArray n = "layer" + QByteArray::number(i);
        const std::string_view v(n.constData(), size_t(n.size()));
        const QColor compute = OperatorColors::computeColor(v), transfer = OperatorColors::transferColor(v),
                     communication = OperatorColors::communicationColor(v);
        QVERIFY2(!OperatorColors::isTransferColor(compute), qPrintable(compute.name()));
        QVERIFY2(!OperatorColors::isCommunicationColor(compute), qPrintable(compute.name()));
        QVERIFY2(OperatorColors::isTransferColor(transfer), qPrintable(transfer.name()));
        QVERIFY2(!OperatorColors::isCommunicationColor(transfer), qPrintable(transfer.name()));
        QVERIFY2(OperatorColors::isCommunicationColor(communication), qPrintable(communication.name()));
        QVERIFY2(!OperatorColors::isTransferColor(communication), qPrintable(communication.name()));
        if (!seen.contains(compute.rgb())) {
            seen.insert(compute.rgb());
            ++distinct;
        }
    }
    QVERIFY(distinct >= 40);
}

// The tables behind computeColor, communicationColor and transferColor: every two entries of a family stay
// apart by a CIE76 colour difference a viewer sees side by side (the themes share the fills,
// see tst_ThemePalette for the text on them), and no entry falls into the other family.
void tst_OperatorColors::distinctColours_data()
{
    QTest::addColumn<int>("family");
    QTest::newRow("compute") << int(OperatorColors::Compute);
    QTest::newRow("communication") << int(OperatorColors::Communication);
    QTest::newRow("transfer") << int(OperatorColors::Transfer);
}

void tst_OperatorColors::distinctColours()
{
    QFETCH(int, family);
    const auto lab = [](const QColor& c) {
        auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const double r = lin(c.redF()), g = lin(c.greenF()), b = lin(c.blueF());
        const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
                     z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
        return std::array<double, 3> { 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)) };
    };
    const std::vector<QColor> colours = family == OperatorColors::Transfer ? OperatorColors::transferColors()
        : family == OperatorColors::Communication                          ? OperatorColors::communicationColors()
                                                                           : OperatorColors::computeColors();
    for (size_t i = 0; i < colours.size(); ++i) {
        QCOMPARE(OperatorColors::isTransferColor(colours[i]), family == OperatorColors::Transfer);
        QCOMPARE(OperatorColors::isCommunicationColor(colours[i]), family == OperatorColors::Communication);
        for (size_t j = i + 1; j < colours.size(); ++j) {
            const auto a = lab(colours[i]), b = lab(colours[j]);
            const double delta = std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
            QVERIFY2(delta >= 4.5,
                qPrintable(QStringLiteral("%1 and %2: %3").arg(colours[i].name(), colours[j].name()).arg(delta)));
        }
    }
    // Names map into these tables.
    const QColor conv = OperatorColors::color(OperatorColors::Family(family), "aten::conv2d");
    QVERIFY(std::find(colours.begin(), colours.end(), conv) != colours.end());
}

QTEST_MAIN(tst_OperatorColors)
#include "tst_operatorcolors.moc"
