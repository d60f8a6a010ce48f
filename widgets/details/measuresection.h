#pragma once
#include <analysis/time/eventgap.h>
#include <state/selection.h>
#include <store/eventstore.h>

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace strata::widgets {

// What Event Details shows of a measured pair (Selection::measure, set by Shift+click on the
// timeline): "Δ to <name>" with the exact gap from the end of the earlier event to the start
// of the later one (analysis::EventGap, in the store's nanoseconds), which event's end and
// which one's start it runs between, and an overlap said as one. Plain data, so it is
// tested without the dock.
class MeasureSection {
    Q_DECLARE_TR_FUNCTIONS(MeasureSection)

public:
    struct Row {
        QString key;
        QString value;
        QString toolTip;
    };
    QString title; // "Δ to <name>"
    analysis::EventGap gap;
    QString delta; // the gap, exact to the nanosecond: "369.000 µs"
    QString copyText; // what "Copy Δ" puts on the clipboard: delta without thin spaces
    std::vector<Row> rows;
    model::EventRef other; // the measure event

    // None when `current` or `measure` is not an event of the store.
    static std::optional<MeasureSection> build(
        const store::EventStore& store, model::EventRef current, model::EventRef measure);
};

} // namespace strata::widgets
