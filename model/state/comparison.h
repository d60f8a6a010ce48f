#pragma once
#include "latestjob.h"
#include "session.h"

#include <analysis/compare/enginematcher.h>
#include <store/types.h>

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace strata::analysis {
class LodIndex;
}

namespace strata::model {

// A comparison of the open profile (A, the baseline: the window's Session) with a second one
// (B). B is a Session of its own, owned here, with its own store, analyses, Viewport and
// Selection; it is open exactly while the comparison is active. Docks that show both sides
// are given this object (never each other) and follow changed() and offsetChanged().
//
// Alignment: a B time tB is shown at the A time tB - offsetNs(), so offsetNs() is "B's
// alignment point minus A's" (0 = the raw clocks; trace start: B's start minus A's).
// Ending the comparison closes B; opening another profile as A keeps B (A changed).
class Comparison : public QObject {
    Q_OBJECT
public:
    // How the offset is chosen (CompareBar's picker).
    enum class Alignment { TraceStart, FirstStep, Markers, SelectedEvent, Manual };

    explicit Comparison(Session* a, QObject* parent = nullptr);
    ~Comparison() override;

    Session* a() const { return m_a; }
    Session* b() const { return m_b; } // never null; open only while active()
    bool active() const;

    // Opens B from a finished load (as Session::open) and makes the comparison active; the
    // current Alignment is applied once B's analyses allow it (trace start at once).
    void start(std::shared_ptr<const store::EventStore> store, const QString& path, const LoadInfo& info,
        std::shared_ptr<const analysis::LodIndex> lod = nullptr);
    void end(); // closes B
    // A becomes B and B becomes A: the stores are handed over, nothing is parsed again; the
    // offset changes sign.
    void swap();

    store::TimeNs offsetNs() const { return m_offset; }
    void setOffsetNs(store::TimeNs offset); // emits offsetChanged on a change; Alignment becomes Manual
    // Where B's trace start is drawn, relative to A's: 0 when the starts are aligned. What the
    // compare bar shows, since the raw offset of two captures is mostly their clocks' epochs.
    store::TimeNs startShiftNs() const;
    Alignment alignment() const { return m_alignment; }
    // Computes the offset for `how` from both profiles (and their markers and selections) and
    // applies it; false (offset unchanged) when it cannot: no step in one profile, fewer than
    // one marker in either, no selected event in A or no match for it in B.
    bool align(Alignment how);

    // Threshold for "unchanged" in percent (default 2), shared by every compare view.
    double thresholdPct() const { return m_thresholdPct; }
    void setThresholdPct(double pct);

    // The user's "pair with…" choices (A's engine with B's), which every compare view passes
    // to EngineMatcher before its automatic pairing. They belong to this pair of profiles:
    // starting, ending or replacing A clears them, Swap turns them around.
    const std::vector<analysis::EngineMatcher::Override>& engineOverrides() const { return m_overrides; }
    // Pairs A's track `a` with B's track `b`, replacing any choice either was part of; an
    // invalid `b` leaves `a` to the automatic pairing again.
    void setEnginePartner(store::TrackId a, store::TrackId b);

signals:
    void engineOverridesChanged();
    void changed(); // started, ended, swapped, or A or B replaced: every compare view recomputes
    void offsetChanged(strata::store::TimeNs offset);
    void thresholdChanged(double pct);
    void alignmentChanged(strata::model::Comparison::Alignment how);
    // An alignment accepted while pending (FirstStep before both steps were known) turned out
    // impossible; the comparison went back to the trace starts.
    void alignmentFailed(strata::model::Comparison::Alignment how);

private:
    // The start of the first step of one side, found on a worker once its catalog is built.
    struct FirstStep {
        quint64 generation = 0; // the Session generation it was found for; 0 = none yet
        std::optional<store::TimeNs> start;
        LatestJob job;
    };
    FirstStep& stepOf(Session* s) { return s == m_a ? m_stepA : m_stepB; }
    void findFirstStep(Session* s);
    bool stepReady(Session* s) const;
    std::optional<store::TimeNs> computeOffset(Alignment how) const;
    void applyOffset(store::TimeNs offset);
    void setAlignment(Alignment how);
    void onAStoreChanged();

    FirstStep m_stepA, m_stepB;
    bool m_swapping = false;
    Session* m_a;
    Session* m_b;
    store::TimeNs m_offset = 0;
    Alignment m_alignment = Alignment::TraceStart;
    double m_thresholdPct = 2.0;
    std::vector<analysis::EngineMatcher::Override> m_overrides;
};

} // namespace strata::model
