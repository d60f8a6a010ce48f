#include "operatorcolors.h"

#include <store/workclassifier.h>

#include <algorithm>
#include <cctype>

namespace strata::widgets {

namespace {
// Mid-light tones that carry dark text and read on light and dark backgrounds. No hue
// between 170° and 235°: that band belongs to transfers; the violets stay pale (HSV
// saturation under 100), apart from the communication family.
constexpr QRgb kCompute[] = {
    0xffe07a5f,
    0xfff2cc8f,
    0xff81b29a,
    0xffc98bb9,
    0xfff4a261,
    0xffe9c46a,
    0xffa3c585,
    0xffd4a5a5,
    0xffb5838d,
    0xffcdb4db,
    0xffffb4a2,
    0xff9c89b8,
    0xff8fbc8f,
    0xffd9a05b,
    0xffc1d37f,
    0xffe5989b,
    0xffbca58a,
    0xff7fb685,
    0xfff6bd60,
    0xffc08497,
};
constexpr QRgb kTransfer[] = {
    0xff4e9ac7,
    0xff5fb3b3,
    0xff3d86b8,
    0xff6fa8dc,
    0xff48a9a6,
    0xff7fb7d9,
    0xff2f8f9d,
    0xff5b8fd1,
    0xff86c5c5,
    0xff3f7fa8,
};

// Communication: purple and magenta, more saturated than the compute palette's pale violets
// (HSV saturation above 100 of 255, hue 260-310): the collectives stand out of the compute.
constexpr QRgb kCommunication[] = {
    0xffa05fd0,
    0xffc45cc9,
    0xff8e5cc7,
    0xffd070d0,
    0xffb07ee0,
    0xffb040b8,
    0xff9a4fc0,
    0xffd47ee0,
};

// A light/dark variant of a palette entry doubles the distinct colours: 0 as is, 1 lighter, 2 darker.
QColor variant(QRgb rgb, int v)
{
    const QColor c = QColor::fromRgb(rgb);
    return v == 0 ? c : v == 1 ? c.lighter(112) : c.darker(110);
}

bool isDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}
} // namespace

uint64_t OperatorColors::stableHash(std::string_view s)
{
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::string_view OperatorColors::operatorName(std::string_view name)
{
    // Iteration counters: "ProfilerStep#12" is the operator "ProfilerStep".
    const size_t hash = name.rfind('#');
    if (hash != std::string_view::npos && hash > 0 && isDigits(name.substr(hash + 1)))
        return name.substr(0, hash);
    const size_t first = name.find('_');
    const size_t last = name.rfind('_');
    if (first == std::string_view::npos || last <= first + 1 || !isDigits(name.substr(0, first))
        || !isDigits(name.substr(last + 1)))
        return name;
    std::string_view mid = name.substr(first + 1, last - first - 1);
    // v0.12 inserts a worker tag: "W3_".
    const size_t tag = mid.find('_');
    if (tag != std::string_view::npos && tag >= 2 && std::isupper(static_cast<unsigned char>(mid[0]))
        && isDigits(mid.substr(1, tag - 1)))
        mid = mid.substr(tag + 1);
    return mid.empty() ? name : mid;
}

OperatorColors::Family OperatorColors::familyOf(store::WorkKind kind)
{
    return kind == store::WorkKind::Memory       ? Transfer
        : kind == store::WorkKind::Communication ? Communication
                                                 : Compute;
}

QColor OperatorColors::computeColor(std::string_view op)
{
    const uint64_t h = stableHash(op);
    // The variant by a second part of the hash.
    return variant(kCompute[h % std::size(kCompute)], int((h >> 32) % 3));
}

QColor OperatorColors::transferColor(std::string_view op)
{
    const uint64_t h = stableHash(op);
    return QColor::fromRgb(kTransfer[h % std::size(kTransfer)]);
}

QColor OperatorColors::communicationColor(std::string_view op)
{
    const uint64_t h = stableHash(op);
    return QColor::fromRgb(kCommunication[h % std::size(kCommunication)]);
}

QColor OperatorColors::color(Family family, std::string_view op)
{
    return family == Transfer ? transferColor(op) : family == Communication ? communicationColor(op) : computeColor(op);
}

bool OperatorColors::isTransferColor(const QColor& c)
{
    const int hue = c.hslHue();
    return hue >= 170 && hue <= 235 && c.hslSaturation() > 40;
}

bool OperatorColors::isCommunicationColor(const QColor& c)
{
    const int hue = c.hsvHue();
    return hue >= 260 && hue <= 310 && c.hsvSaturation() > 100;
}

std::vector<QColor> OperatorColors::computeColors()
{
    std::vector<QColor> out;
    for (QRgb rgb : kCompute) {
        for (int v = 0; v < 3; ++v)
            out.push_back(variant(rgb, v));
    }
    return out;
}

std::vector<QColor> OperatorColors::communicationColors()
{
    return std::vector<QColor>(std::begin(kCommunication), std::end(kCommunication));
}

std::vector<QColor> OperatorColors::transferColors()
{
    return std::vector<QColor>(std::begin(kTransfer), std::end(kTransfer));
}

void OperatorColors::reset(const store::EventStore* store)
{
    for (std::vector<QRgb>& c : m_colours)
        c.clear();
    m_counter.clear();
    m_typeFamily.clear();
    m_trackFamily.clear();
    if (!store)
        return;
    const store::TypeTable& types = store->types();
    for (std::vector<QRgb>& c : m_colours)
        c.resize(types.size());
    m_typeFamily.resize(types.size());
    for (uint32_t i = 0; i < types.size(); ++i) {
        const store::EventType& t = types.get(store::TypeId(i));
        const std::string_view name = store->str(t.name);
        const std::string_view op = operatorName(name);
        for (uint8_t f = Compute; f <= Transfer; ++f)
            m_colours[f][i] = color(Family(f), op).rgba();
        m_typeFamily[i] = familyOf(store::WorkClassifier::ofType(name, store->str(t.category)));
    }
    // WorkClassifier::combine folded into two tables: a track whose name states
    // communication or memory decides, otherwise the type does (sync and host are compute here).
    m_trackFamily.resize(store->trackCount());
    for (uint32_t i = 0; i < store->trackCount(); ++i)
        m_trackFamily[i] = familyOf(store::WorkClassifier::combine(
            store::WorkClassifier::ofTrackName(*store, store::TrackId(i)), false, store::WorkKind::Compute));
    m_counter.resize(store->counterCount());
    for (uint32_t i = 0; i < store->counterCount(); ++i) {
        const std::string_view name = store->str(store->counter(store::CounterId(i)).name);
        m_counter[i] = color(familyOf(store::WorkClassifier::ofText(name)), name).rgba();
    }
}

} // namespace strata::widgets
