#pragma once
#include <state/selection.h>
#include <store/eventstore.h>

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include <utility>
#include <vector>

class QPainter;

namespace strata::widgets {

// What the hover card says: a title and "key: value" rows.
struct TooltipContent {
    QString title;
    std::vector<std::pair<QString, QString>> fields;
    // Optional, per field: a colour square before its key (a legend); an invalid colour, none.
    std::vector<QColor> swatches;
    bool empty() const { return title.isEmpty(); }
    QString text() const; // plain text, one field per line
};

// The hover card of the timeline (the Neuron profiler's hover info): name, category, track,
// start, duration, parent chain and the first args of an event, or a counter's value at a
// time.
class EventTooltip {
public:
    static constexpr int kMaxArgs = 6;

    static TooltipContent forEvent(const store::EventStore& store, model::EventRef e);
    // A track's full name and what it holds, for its (possibly elided) label; with what its
    // bars' heights mean when the importer said so.
    static TooltipContent forTrack(const store::EventStore& store, store::TrackId track);
    static TooltipContent forCounter(const store::EventStore& store, store::TrackId track, store::TimeNs t);
    static QString argValue(const store::EventStore& store, const store::Arg& a);

    // Draws the card next to `anchor`, kept inside `bounds`.
    static void paint(QPainter& p, const TooltipContent& c, QPoint anchor, const QRect& bounds, const QPalette& pal,
        const QFont& font);
};

} // namespace strata::widgets
