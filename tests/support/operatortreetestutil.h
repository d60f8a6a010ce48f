#pragma once
// Helpers of the operator tree's tests (the tree, its rows, its model and its exports): the
// levels and scopes as data rows spell them, a tree's specification in data columns, and an
// independent recount of every node of a tree from the store's slices.
#include <support/operatorteststore.h>

#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatorcatalog.h>

#include <QtTest>

#include <algorithm>
#include <map>
#include <vector>

namespace operatortest {

using namespace strata::store;
using namespace strata::analysis;

inline OperatorLevel level(const QString& name)
{
    OperatorLevel l = OperatorLevel::Op;
    parseOperatorLevel(name.toStdString(), &l);
    return l;
}

// "framework > op > command" → its levels, outermost first.
inline std::vector<OperatorLevel> levelsOf(const QString& spec)
{
    std::vector<OperatorLevel> out;
    for (const QString& p : spec.split('>'))
        out.push_back(level(p.trimmed()));
    return out;
}

inline OperatorScope scopeOf(const QString& name)
{
    OperatorScope s = OperatorScope::Device;
    parseOperatorScope(name.toStdString(), &s);
    return s;
}

// What a tree is built for: levels, window and scope. A data row gives them in the columns
// addTreeColumns() makes (levels as "op>layer"), fetched by fetchTreeSpec().
struct TreeSpec {
    std::vector<OperatorLevel> levels;
    TimeRange window;
    OperatorScope scope;
};

inline void addTreeColumns()
{
    QTest::addColumn<QString>("levels");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
}

inline TreeSpec fetchTreeSpec()
{
    QFETCH(QString, levels);
    QFETCH(QString, scope);
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    return { levelsOf(levels), TimeRange { start, end }, scopeOf(scope) };
}

// An independent recount: every slice of the tracks in scope starting in the window, keyed
// by its path; self = duration minus its direct children (store.children).
struct Ref {
    uint64_t count = 0;
    TimeNs total = 0, self = 0, min = kTimeMax, max = kTimeMin;
    std::vector<TimeNs> durs;
    std::vector<SliceRow> rows;
    double bytes = 0;
};

inline std::map<std::vector<uint32_t>, Ref> recount(const EventStore& s, const OperatorCatalog& c,
    const std::vector<OperatorLevel>& levels, TimeRange w, OperatorScope scope)
{
    std::map<std::vector<uint32_t>, Ref> out;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        if (!OperatorAggregator::inScope(s, c, TrackId(t), scope))
            continue;
        const RowRange all = s.track(TrackId(t)).slices;
        for (uint32_t i = all.begin; i < all.end; ++i) {
            const SliceRow row(i);
            if (s.sliceTs(row) < w.start || s.sliceTs(row) >= w.end)
                continue;
            TimeNs self = s.sliceDur(row);
            const RowRange kids = s.children(row);
            for (uint32_t k = kids.begin; k < kids.end; ++k)
                self -= s.sliceDur(SliceRow(k));
            std::vector<uint32_t> path;
            for (OperatorLevel l : levels) {
                path.push_back(c.key(l, s.sliceType(row), s.sliceArgs(row)));
                Ref& r = out[path];
                ++r.count;
                r.total += s.sliceDur(row);
                r.self += self;
                r.min = std::min(r.min, s.sliceDur(row));
                r.max = std::max(r.max, s.sliceDur(row));
                r.durs.push_back(s.sliceDur(row));
                r.rows.push_back(row);
                r.bytes += c.metrics(s.sliceArgs(row)).bytes;
            }
        }
    }
    for (auto& [path, r] : out)
        std::sort(r.rows.begin(), r.rows.end());
    return out;
}

} // namespace operatortest
