#pragma once
#include <store/eventstore.h>

#include <QColor>

#include <string_view>
#include <vector>

namespace strata::widgets {

// Colour by operator (as the Neuron profiler colours instructions): every event of one
// operator gets the same colour, stable across runs because it hashes the operator's name,
// never an id. Compute draws from a warm/green/violet qualitative palette; data transfers
// (DMA, memcpy, HDMA, h2d/d2h) from a separate blue/teal family, so the two read apart at a
// glance.
class OperatorColors {
public:
    // RBLN command "0_fused(a+b)_3" (or v0.12 "0_W3_fused(a+b)_3") → "fused(a+b)"; an
    // iteration counter "ProfilerStep#12" → "ProfilerStep"; any other name is its own operator.
    static std::string_view operatorName(std::string_view name);
    static bool isTransferText(std::string_view text);
    static QColor computeColor(std::string_view op);
    static QColor transferColor(std::string_view op);
    static bool isTransferColor(const QColor& c); // in the blue/teal family
    // Every colour computeColor and transferColor can give (text on them: ThemePalette::textOn).
    static std::vector<QColor> computeColors();
    static std::vector<QColor> transferColors();
    static uint64_t stableHash(std::string_view s); // FNV-1a 64

    // Per-store tables, filled once: one colour per TypeId in each family, and per track
    // whether it carries transfers (its name says so).
    void reset(const store::EventStore* store);
    QRgb sliceColor(store::TypeId type, store::TrackId track) const
    {
        return (m_trackTransfer[track.v] || m_typeTransfer[type.v]) ? m_transfer[type.v] : m_compute[type.v];
    }
    QRgb counterColor(store::CounterId c) const { return m_counter[c.v]; }

private:
    std::vector<QRgb> m_compute, m_transfer, m_counter;
    std::vector<uint8_t> m_typeTransfer, m_trackTransfer;
};

} // namespace strata::widgets
