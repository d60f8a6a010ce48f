#pragma once
#include <store/eventstore.h>
#include <store/workkind.h>

#include <QColor>

#include <string_view>
#include <vector>

namespace strata::widgets {

// Colour by operator (as the Neuron profiler colours instructions): every event of one
// operator gets the same colour, stable across runs because it hashes the operator's name,
// never an id. The family comes from the slice's kind of work (store::WorkClassifier):
// compute (sync and host work too) draws from a warm/green/pale-violet qualitative palette,
// communication (collectives, CDMA) from a saturated purple family, data transfers (memory
// work: DMA, memcpy, HDMA, h2d/d2h) from a blue/teal family, so the three read apart at a
// glance.
// (The NOLINT: clang-tidy 14 reports the loop variable "__i0" of the compiler's implicit
// copy of the array members as a reserved identifier of ours, where a copy is made.)
class OperatorColors { // NOLINT(bugprone-reserved-identifier)
public:
    enum Family : uint8_t { Compute, Communication, Transfer };
    static Family familyOf(store::WorkKind kind);

    // RBLN command "0_fused(a+b)_3" (or v0.12 "0_W3_fused(a+b)_3") → "fused(a+b)"; an
    // iteration counter "ProfilerStep#12" → "ProfilerStep"; any other name is its own operator.
    static std::string_view operatorName(std::string_view name);
    static QColor computeColor(std::string_view op);
    static QColor communicationColor(std::string_view op);
    static QColor transferColor(std::string_view op);
    static QColor color(Family family, std::string_view op);
    static bool isTransferColor(const QColor& c); // in the blue/teal family
    static bool isCommunicationColor(const QColor& c); // in the saturated purple family
    // Every colour of a family (text on them: ThemePalette::textOn).
    static std::vector<QColor> computeColors();
    static std::vector<QColor> communicationColors();
    static std::vector<QColor> transferColors();
    static uint64_t stableHash(std::string_view s); // FNV-1a 64

    // Per-store tables, filled once: one colour per TypeId in each family, the family each
    // type's kind of work gives, and per track the family its name imposes (communication or
    // transfer; compute when it names neither, and the slice's type decides).
    void reset(const store::EventStore* store);
    QRgb sliceColor(store::TypeId type, store::TrackId track) const
    {
        const uint8_t f = m_trackFamily[track.v] != Compute ? m_trackFamily[track.v] : m_typeFamily[type.v];
        return m_colours[f][type.v];
    }
    QRgb counterColor(store::CounterId c) const { return m_counter[c.v]; }

private:
    std::vector<QRgb> m_colours[3], m_counter;
    std::vector<uint8_t> m_typeFamily, m_trackFamily;
};

} // namespace strata::widgets
