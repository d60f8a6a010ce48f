#pragma once
#include <store/types.h>

#include <QObject>

#include <memory>
#include <vector>

namespace strata::model {

// An event of the store, by kind and row; never a QModelIndex, so any dock can drive it.
struct EventRef {
    enum class Kind : uint8_t { None, Slice, Instant };
    Kind kind = Kind::None;
    uint32_t row = 0;
    static EventRef slice(store::SliceRow r) { return { Kind::Slice, r.v }; }
    static EventRef instant(store::InstantRow r) { return { Kind::Instant, r.v }; }
    bool valid() const { return kind != Kind::None; }
    friend bool operator==(const EventRef& a, const EventRef& b)
    {
        return a.kind == b.kind && (a.kind == Kind::None || a.row == b.row);
    }
    friend bool operator!=(const EventRef& a, const EventRef& b) { return !(a == b); }
};

// What the user points at, shared by every dock (keyed by event ids, so any dock can drive
// it): the current event, the hovered event, a time selection, a highlighted set of slices
// (search results, a source line's events, an operator row) and the measure event, the
// second of a pair measured from the current event (Shift+click). The highlighted rows are
// sorted and immutable. Invariant: the measure event is valid only beside a valid current
// event other than itself; a new current event clears it. Of the current event and the
// time selection, the one set last is the scope of "current selection" (currentIsLatest),
// as in Perfetto and Nsight: a drag after a click measures the drag, a click (or a row
// picked in a dock) after a drag measures the slice.
class Selection : public QObject {
    Q_OBJECT
public:
    explicit Selection(QObject* parent = nullptr);

    EventRef current() const { return m_current; }
    // reveal: ask views to bring the event into sight (zoom/scroll) as well as select it.
    // Setting a valid event again makes it the latest pick, though current() is unchanged.
    void setCurrent(EventRef e, bool reveal = false);
    // Whether the current event is valid and was set after the time selection (or there is
    // none): it, not the time selection, is what "current selection" means now.
    bool currentIsLatest() const { return m_current.valid() && (!m_hasTime || m_currentStamp > m_timeStamp); }
    EventRef hovered() const { return m_hovered; }
    void setHovered(EventRef e);

    // The event measured to from the current one (analysis::EventGap says what the gap is).
    EventRef measure() const { return m_measure; }
    void setMeasure(EventRef e); // ignored without a current event; the current event itself clears
    void clearMeasure();

    bool hasTimeSelection() const { return m_hasTime; }
    store::TimeRange timeSelection() const { return m_time; }
    void setTimeSelection(store::TimeRange r);
    void clearTimeSelection();

    using RowSet = std::shared_ptr<const std::vector<store::SliceRow>>;
    using InstantSet = std::shared_ptr<const std::vector<store::InstantRow>>; // sorted, immutable
    RowSet highlighted() const { return m_highlight; }
    InstantSet highlightedInstants() const { return m_highlightInstants; }
    QString highlightLabel() const { return m_highlightLabel; }
    void setHighlighted(RowSet rows, const QString& label); // no instants
    void setHighlighted(RowSet rows, InstantSet instants, const QString& label);
    void clearHighlighted();
    bool isHighlighted(store::SliceRow r) const;
    // A view option, not part of the highlight: when on, views dim everything that is not
    // highlighted ("show only matches"); when off they only mark the highlighted events.
    bool highlightDimsOthers() const { return m_dimOthers; }
    void setHighlightDimsOthers(bool on);

    // How many flow hops views follow from the current slice, each way (1 = its own flows).
    static constexpr int kMaxFlowDepth = 16;
    int flowDepth() const { return m_flowDepth; }
    void setFlowDepth(int depth); // clamped to [1, kMaxFlowDepth]

    // Ctrl+click: ask the source view to bring the event's source line into sight. Does not
    // change the current event.
    void requestSource(EventRef e);

    void clear(); // everything, e.g. when another profile is opened

signals:
    void currentChanged(strata::model::EventRef current);
    void revealRequested(strata::model::EventRef event);
    void hoveredChanged(strata::model::EventRef hovered);
    void measureChanged(strata::model::EventRef measure);
    void timeSelectionChanged();
    // The current event or the time selection changed, or which of them is the latest.
    void scopeChanged();
    void highlightChanged();
    void flowDepthChanged(int depth);
    void sourceRequested(strata::model::EventRef event);

private:
    EventRef m_current, m_hovered, m_measure;
    store::TimeRange m_time;
    bool m_hasTime = false;
    // When the current event and the time selection were last set: a counter, not a clock.
    uint64_t m_stamp = 0, m_currentStamp = 0, m_timeStamp = 0;
    RowSet m_highlight;
    InstantSet m_highlightInstants;
    QString m_highlightLabel;
    bool m_dimOthers = false;
    int m_flowDepth = 1;
};

} // namespace strata::model

Q_DECLARE_METATYPE(strata::model::EventRef)
