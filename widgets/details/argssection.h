#pragma once
#include <store/eventstore.h>

class QTreeWidgetItem;

namespace strata::widgets {

// The Arguments section of Event Details: an event's args as a tree under a section item,
// flattened keys nested back into their path ("a.b[2].c" → a, b, [2], c), numbers in
// UnitFormat's text with the exact value as the tooltip. A huge set (over kExpandedMax args)
// shows its first level collapsed.
class ArgsSection {
public:
    static constexpr size_t kExpandedMax = 200;
    static void fill(QTreeWidgetItem* root, const store::EventStore& store, store::ArgSetId set);
};

} // namespace strata::widgets
