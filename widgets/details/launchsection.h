#pragma once
#include <analysis/operators/launchindex.h>
#include <store/eventstore.h>

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace strata::widgets {

// What Event Details shows of a slice's ties to host code (analysis::LaunchIndex):
//  - device work a host call launched: "Launched by" — the launch call, then the CPU ops
//    around it, outermost (the framework op) first;
//  - a CPU op, a launch call or any host span that started device work: "Device work" —
//    the first kMaxRows of it in row order, and how many more there are.
// Plain data, so it is tested without the dock.
class LaunchSection {
    Q_DECLARE_TR_FUNCTIONS(LaunchSection)

public:
    static constexpr size_t kMaxRows = 50;
    struct Row {
        QString key; // "launch", "framework op", "op", "↓ 3"
        QString text; // the target's name and duration
        store::SliceRow target;
        QString toolTip;
    };
    QString title; // empty: nothing to show
    std::vector<Row> rows;
    QString more; // "and 12 more" when rows were left out

    static LaunchSection build(
        const store::EventStore& store, const analysis::LaunchIndex& launches, store::SliceRow row);
};

} // namespace strata::widgets
