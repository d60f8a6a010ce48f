#pragma once
#include "eventtooltip.h"
#include "imagekey.h"
#include "timelineframe.h"

#include <analysis/collectives/collectivespans.h>
#include <analysis/collectives/jobindex.h>
#include <state/selection.h>

#include <QColor>
#include <QImage>
#include <QPalette>

#include <memory>

namespace strata::widgets {

// A job's collective skew strip, the thin band under the timeline's ruler: per matched
// collective a bar from its first to its last arrival (the skew), coloured by how large the
// skew is against the collective (CollectiveSpans::Severity), and a line on to the
// collective's end, closed by a tick. Its hover card names the collective and each rank's
// wait; a click selects the collective's kernels on every rank and its time span. The image
// is built once per (visible range, width, device pixel ratio, style) from
// analysis::CollectiveSpans, one value per device pixel: collectives thinner than a pixel fold
// into the worst of them, and no paint loops over the collectives.
class SkewStrip {
public:
    using Severity = analysis::CollectiveSpans::Severity;
    static constexpr int kHeight = 18; // the band, its bottom border included
    static constexpr int kBarPad = 4; // above and below a skew bar

    void setIndex(std::shared_ptr<const analysis::JobIndex> index);
    const std::shared_ptr<const analysis::JobIndex>& index() const { return m_index; }
    // A job with at least one collective matched across its ranks: the strip has something to show.
    bool hasCollectives() const { return m_index && !m_spans.empty(); }

    // The strip's image for the key, rendered only when the key changed.
    const QImage& image(const ImageKey& key, const QPalette& pal);
    int builds() const { return m_builds; }
    // Draws the strip in f.skew (its image for the frame's range) and its label in f.skewLabel.
    void paint(QPainter& p, const TimelineFrame& f, qreal dpr, quint64 style, const QPalette& pal, const QFont& font);
    // The hover card at a widget point: the collective under it on the strip, what the strip
    // is on its label; empty elsewhere.
    TooltipContent hover(const store::EventStore& store, const TimelineFrame& f, QPoint pos, const QPalette& pal) const;
    // A click at a widget point: on the strip, selects the collective there (select()); false
    // elsewhere.
    bool click(const TimelineFrame& f, QPoint pos, model::Selection& selection) const;
    // The time under strip x, with a few pixels' slack so a one-pixel bar is easy to point at.
    static store::TimeRange window(const TimelineFrame& f, int x);

    // The collective the strip shows over `pixel` (the time under the pointer's pixel, a few
    // pixels of slack included): the worst of those there, as an index into the analysis's
    // collectives; -1 for none. `count`, when given, is how many are there.
    int collectiveAt(store::TimeRange pixel, uint32_t* count = nullptr) const;
    // Its hover card: "AllReduce #12 · skew 52.3 µs · last: rank 5 · 8 ranks", each rank's
    // wait, the kernel, its span, and the colours' legend. Empty off every collective.
    TooltipContent tooltip(const store::EventStore& store, store::TimeRange pixel, const QPalette& pal) const;
    // What the strip is, with its legend: the card of its label.
    static TooltipContent about(const QPalette& pal);
    // Highlights the collective's kernels on every rank ("AllReduce #12 on 8 ranks") and makes
    // its span, first arrival to end, the time selection.
    void select(int collective, model::Selection& selection) const;
    // "AllReduce #12": the collective's kind, read from the kernel's name, and its index.
    QString title(int collective) const;

    static QColor colorOf(Severity s, const QPalette& pal);

private:
    void render(const QPalette& pal);
    QString rankName(uint32_t rankIndex) const;

    std::shared_ptr<const analysis::JobIndex> m_index;
    analysis::CollectiveSpans m_spans;
    QImage m_image;
    ImageKey m_key;
    int m_builds = 0;
};

} // namespace strata::widgets
