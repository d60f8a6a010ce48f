#pragma once
#include <state/latestjob.h>

#include <analysis/operators/operatorcatalog.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QString>

#include <memory>

namespace strata::widgets {

// Highlights on the timeline the slices of one operator — its key at a level, on the
// tracks of a scope, starting inside a window — for the docks that show operators by key
// (the charts' pie, the latency dock's averages). The slices are collected off the GUI
// thread; a newer request drops the one still running. Results come back on `context`'s
// thread, the owning dock, which outlives this member.
class OperatorHighlighter {
public:
    OperatorHighlighter(QObject* context, model::Selection* selection);

    struct Request {
        std::shared_ptr<const store::EventStore> store;
        std::shared_ptr<const analysis::OperatorCatalog> catalog;
        analysis::OperatorLevel level;
        uint32_t key;
        store::TimeRange window;
        analysis::OperatorScope scope;
        QString label; // what the selection says is highlighted
    };
    void highlight(Request request);

private:
    QObject* m_context;
    model::Selection* m_selection;
    model::LatestJob m_job;
};

} // namespace strata::widgets
