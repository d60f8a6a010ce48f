#include "comparison.h"

#include "annotationsmodel.h"
#include "selection.h"

#include <analysis/compare/slicematcher.h>
#include <analysis/latency/latencyanalyzer.h>
#include <analysis/timeline/lodindex.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace strata::model {

Comparison::Comparison(Session* a, QObject* parent)
    : QObject(parent)
    , m_a(a)
    , m_b(new Session(this))
{
    connect(m_a, &Session::storeChanged, this, &Comparison::onAStoreChanged);
    connect(m_a, &Session::analysesChanged, this, [this] { findFirstStep(m_a); });
    connect(m_b, &Session::analysesChanged, this, [this] { findFirstStep(m_b); });
}

Comparison::~Comparison() = default;

bool Comparison::active() const
{
    return m_b->isOpen();
}

void Comparison::start(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
    std::shared_ptr<const analysis::LodIndex> lod)
{
    if (!store)
        return;
    m_b->open(std::move(store), path, info, std::move(lod));
    m_overrides.clear();
    // A pending FirstStep waits for B's catalog (findFirstStep applies it); the rest apply now,
    // and what cannot (no marker, no selection) falls back to the trace starts.
    if (m_alignment == Alignment::Manual || m_alignment == Alignment::FirstStep) {
        if (m_alignment == Alignment::FirstStep)
            applyOffset(computeOffset(Alignment::TraceStart).value_or(0));
    } else if (!align(m_alignment)) {
        align(Alignment::TraceStart);
    }
    emit changed();
}

void Comparison::end()
{
    if (!active())
        return;
    m_b->close();
    m_overrides.clear();
    m_stepB.job.cancel();
    m_stepB.generation = 0;
    emit changed();
}

void Comparison::swap()
{
    if (!active() || !m_a->isOpen())
        return;
    const auto aStore = m_a->store();
    const auto bStore = m_b->store();
    const QString aPath = m_a->filePath(), bPath = m_b->filePath();
    const LoadInfo aInfo = m_a->loadInfo(), bInfo = m_b->loadInfo();
    const auto aLod = m_a->analyses()->get<analysis::LodIndex>(), bLod = m_b->analyses()->get<analysis::LodIndex>();
    // Steps found for either side stay valid for the same store on the other side.
    const std::optional<store::TimeNs> aStep = stepReady(m_a) ? m_stepA.start : std::nullopt;
    const std::optional<store::TimeNs> bStep = stepReady(m_b) ? m_stepB.start : std::nullopt;
    const bool aKnown = stepReady(m_a), bKnown = stepReady(m_b);
    m_swapping = true; // A's storeChanged is part of the swap, not "another profile as A"
    m_a->open(bStore, bPath, bInfo, bLod);
    m_b->open(aStore, aPath, aInfo, aLod);
    m_swapping = false;
    m_stepB.job.cancel();
    m_stepA.start = bStep;
    m_stepA.generation = bKnown ? m_a->generation() : 0;
    m_stepB.start = aStep;
    m_stepB.generation = aKnown ? m_b->generation() : 0;
    m_offset = -m_offset;
    for (analysis::EngineMatcher::Override& o : m_overrides)
        std::swap(o.a, o.b);
    emit offsetChanged(m_offset);
    emit changed();
}

store::TimeNs Comparison::startShiftNs() const
{
    if (!active() || !m_a->isOpen())
        return 0;
    return (m_b->store()->extent().start - m_offset) - m_a->store()->extent().start;
}

void Comparison::setOffsetNs(store::TimeNs offset)
{
    setAlignment(Alignment::Manual);
    applyOffset(offset);
}

bool Comparison::align(Alignment how)
{
    if (how == Alignment::Manual) {
        setAlignment(how);
        return true;
    }
    if (how == Alignment::FirstStep && active() && (!stepReady(m_a) || !stepReady(m_b))) {
        setAlignment(how); // applied by findFirstStep once both steps are known
        return true;
    }
    const std::optional<store::TimeNs> offset = computeOffset(how);
    if (!offset)
        return false;
    setAlignment(how);
    applyOffset(*offset);
    return true;
}

void Comparison::setThresholdPct(double pct)
{
    if (!std::isfinite(pct) || pct < 0 || pct == m_thresholdPct)
        return;
    m_thresholdPct = pct;
    emit thresholdChanged(pct);
}

void Comparison::setEnginePartner(store::TrackId a, store::TrackId b)
{
    if (!active() || !a.valid())
        return;
    const auto before = m_overrides.size();
    const bool same = std::any_of(m_overrides.begin(), m_overrides.end(),
        [&](const analysis::EngineMatcher::Override& o) { return o.a == a && o.b == b; });
    if (same)
        return;
    m_overrides.erase(
        std::remove_if(m_overrides.begin(), m_overrides.end(),
            [&](const analysis::EngineMatcher::Override& o) { return o.a == a || (b.valid() && o.b == b); }),
        m_overrides.end());
    if (b.valid())
        m_overrides.push_back({ a, b });
    else if (m_overrides.size() == before)
        return; // nothing was chosen for `a`
    emit engineOverridesChanged();
}

std::optional<store::TimeNs> Comparison::computeOffset(Alignment how) const
{
    if (!active() || !m_a->isOpen())
        return std::nullopt;
    const store::EventStore& a = *m_a->store();
    const store::EventStore& b = *m_b->store();
    switch (how) {
    case Alignment::TraceStart: return b.extent().start - a.extent().start;
    case Alignment::FirstStep:
        if (!m_stepA.start || !m_stepB.start || !stepReady(m_a) || !stepReady(m_b))
            return std::nullopt;
        return *m_stepB.start - *m_stepA.start;
    case Alignment::Markers: {
        const auto& ma = m_a->annotations()->markers();
        const auto& mb = m_b->annotations()->markers();
        if (ma.empty() || mb.empty())
            return std::nullopt;
        return mb.front().time - ma.front().time;
    }
    case Alignment::SelectedEvent: {
        const EventRef cur = m_a->selection()->current();
        if (cur.kind != EventRef::Kind::Slice)
            return std::nullopt;
        const auto id = analysis::SliceMatcher::identify(a, store::SliceRow(cur.row));
        const auto match = id ? analysis::SliceMatcher::find(b, *id) : std::nullopt;
        if (!match)
            return std::nullopt;
        return b.sliceTs(*match) - a.sliceTs(store::SliceRow(cur.row));
    }
    case Alignment::Manual: break;
    }
    return std::nullopt;
}

void Comparison::applyOffset(store::TimeNs offset)
{
    if (offset == m_offset)
        return;
    m_offset = offset;
    emit offsetChanged(offset);
}

void Comparison::setAlignment(Alignment how)
{
    if (how == m_alignment)
        return;
    m_alignment = how;
    emit alignmentChanged(how);
}

bool Comparison::stepReady(Session* s) const
{
    const FirstStep& step = s == m_a ? m_stepA : m_stepB;
    return s->isOpen() && step.generation == s->generation();
}

void Comparison::findFirstStep(Session* s)
{
    FirstStep& step = stepOf(s);
    const auto analyses = s->analyses();
    if (!s->isOpen() || !analyses->get<analysis::OperatorCatalog>() || step.generation == s->generation())
        return;
    const quint64 generation = s->generation();
    step.job.run(
        this,
        [store = s->store(), catalog = analyses->get<analysis::OperatorCatalog>()](const std::atomic<bool>&) {
            return analysis::SliceMatcher::firstInstanceStart(
                *store, *catalog, analysis::LatencyAnalyzer::defaultUnit(*store, *catalog));
        },
        [this, s, generation](std::optional<store::TimeNs> start) {
            if (generation != s->generation())
                return;
            FirstStep& st = stepOf(s);
            st.generation = generation;
            st.start = start;
            if (m_alignment == Alignment::FirstStep && stepReady(m_a) && stepReady(m_b)) {
                if (const auto offset = computeOffset(Alignment::FirstStep)) {
                    applyOffset(*offset);
                } else {
                    // One side has no step: say so rather than keep "First step" on the old offset.
                    align(Alignment::TraceStart);
                    emit alignmentFailed(Alignment::FirstStep);
                }
            }
        });
}

void Comparison::onAStoreChanged()
{
    m_stepA.job.cancel();
    m_stepA.generation = 0;
    m_stepA.start.reset();
    if (m_swapping || !active())
        return;
    if (!m_a->isOpen()) {
        end(); // nothing left to compare against
        return;
    }
    if (m_alignment != Alignment::Manual && m_alignment != Alignment::FirstStep && !align(m_alignment))
        align(Alignment::TraceStart);
    m_overrides.clear();
    emit changed();
}

} // namespace strata::model
