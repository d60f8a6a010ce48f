#pragma once
#include "eventtooltip.h"
#include "timelineframe.h"
#include "timelinelayout.h"

#include <analysis/findings/findingsengine.h>

#include <QColor>
#include <QPalette>
#include <QRect>

#include <functional>
#include <memory>
#include <vector>

class QPainter;
class QWidget;

namespace strata::model {
class FindingsBoard;
class TrackFilter;
} // namespace strata::model

namespace strata::widgets {

// The timeline's finding bands: each range of the findings the Findings dock shows
// (model::FindingsBoard) as a thin band along the top of the track it concerns, in its
// severity's colour (ThemePalette::severity: blue, amber, red), the one the Findings dock's
// icon has, so a band and its line in the dock read as one. The picked
// finding's bands are taller and at full strength, the others dimmed. A range on a collapsed
// process shows on its header; one on a hidden track, on no track or on a track this store
// does not have shows nowhere, and the hover card of its finding's other bands says so.
// An overlay, not part of the track images: the ranges are few (each finding lists at most
// FindingRule::kMaxRanges), are sorted once per result, and a paint visits only the visible
// rows' ranges, at most kMaxPerTrack per track, folded to one value per pixel column.
class FindingBands {
public:
    static constexpr int kHeight = 3; // a band, from its row's top
    static constexpr int kPickedHeight = 5; // a band of the picked finding
    static constexpr int kSlack = 2; // px beside and below a band where the pointer still finds it
    static constexpr size_t kMaxPerTrack = 256; // ranges drawn per track, the most telling first
    static constexpr int kSplitPx = 6; // a range this wide or wider keeps a gap from one it touches

    // One drawn band: a run of pixel columns of one row at one strength.
    struct Band {
        QRect rect; // widget px
        analysis::FindingSeverity severity = analysis::FindingSeverity::Warning;
        bool picked = false;
    };

    // Keeps to `board`'s result and pick over the store `store()` returns, repainting
    // `timeline` when they or TimelineTogglePreference::findingBands() change.
    void follow(QWidget* timeline, model::FindingsBoard* board,
        std::function<std::shared_ptr<const store::EventStore>()> store);
    // The board's result over `store` (nullptr: none) and its pick (-1: none). Holds the store
    // only while it has a result, so a closed profile's store is not kept alive.
    void setResult(std::shared_ptr<const store::EventStore> store,
        std::shared_ptr<const analysis::FindingsResult> result, int current);
    void setCurrent(int current) { m_current = current; }
    const std::shared_ptr<const analysis::FindingsResult>& result() const { return m_result; }
    bool empty() const { return m_entries.empty(); }

    // The bands of the visible rows in frame `f`, left to right per row.
    std::vector<Band> bands(
        const TimelineLayout& layout, const model::TrackFilter* filter, const TimelineFrame& f) const;
    void paint(QPainter& p, const TimelineLayout& layout, const model::TrackFilter* filter, const TimelineFrame& f,
        const QPalette& pal) const;
    // The finding whose band is under a widget point (the picked one first, then the most
    // severe, then the highest ranked), as an index into the result's findings; -1 for none.
    // `count`, when given, is how many findings have a band there.
    int findingAt(const TimelineLayout& layout, const model::TrackFilter* filter, const TimelineFrame& f, QPoint pos,
        int* count = nullptr) const;
    // Its hover card: title, severity, value against threshold, time at stake, the range
    // under the pointer and its track, how many findings meet there and how many of its
    // ranges show nowhere. Empty off every band.
    TooltipContent hover(const TimelineLayout& layout, const model::TrackFilter* filter, const TimelineFrame& f,
        QPoint pos, const QPalette& pal) const;

    // A band's fill: the palette's ThemePalette::severity colour.
    static QColor colorOf(analysis::FindingSeverity s, const QPalette& pal);

private:
    // One range of one finding, on one track of the store.
    struct Entry {
        store::TrackId track;
        store::ProcessId process;
        store::TimeNs start = 0, end = 0;
        uint32_t finding = 0; // index into the result's findings
    };
    // The entries of `row` (its track's, or a collapsed process's shown tracks'), in [begin, end).
    std::vector<const Entry*> entriesOf(
        const LayoutRow& row, const model::TrackFilter* filter, store::TimeRange window) const;
    // The layout row a range shows on (its track, or its collapsed process's header); -1 for none.
    int rowOf(const TimelineLayout& layout, const model::TrackFilter* filter, store::TrackId track) const;
    // Strength of an entry in a pixel column: picked beats the rest, then severity.
    uint8_t levelOf(const Entry& e) const;

    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::FindingsResult> m_result;
    int m_current = -1;
    std::vector<Entry> m_entries; // by (track, start); at most kMaxPerTrack per track
    std::vector<uint32_t> m_byProcess; // indexes of m_entries by (process, start)
};

} // namespace strata::widgets
