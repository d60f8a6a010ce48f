#pragma once
// The yardsticks of the Operator Table's data tests: a tree as text, an independent recount
// of a store's slices per path, the data columns that say what a tree is built for, and
// the CLI's CSV split into cells.
#include <analysis/operators/operatoraggregator.h>
#include <analysis/operators/operatortree.h>

#include <QStringList>
#include <QtTest>

#include <algorithm>
#include <map>
#include <vector>

namespace operatortreetest {

using namespace strata::store;
using namespace strata::analysis;

inline QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

// "name count total self min max median percent transfer" of a node.
inline QString nodeText(const OperatorRow& r)
{
    return QString("%1 %2 %3 %4 %5 %6 %7 %8 %9")
        .arg(qs(r.name))
        .arg(r.count)
        .arg(r.totalNs)
        .arg(r.selfNs)
        .arg(r.minNs)
        .arg(r.maxNs)
        .arg(r.medianNs)
        .arg(r.percent, 0, 'f', 2)
        .arg(r.transferNs);
}

// The tree depth first as "depth:text" lines joined by "; ".
inline QString treeText(const OperatorTree& t)
{
    QStringList out;
    std::vector<int> stack(t.roots.rbegin(), t.roots.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        out << QString("%1:%2").arg(t.nodes[size_t(n)].depth).arg(nodeText(t.nodes[size_t(n)].row));
        stack.insert(stack.end(), t.nodes[size_t(n)].children.rbegin(), t.nodes[size_t(n)].children.rend());
    }
    return out.join("; ");
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

inline double median(std::vector<TimeNs> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? double(v[n / 2]) : (double(v[n / 2 - 1]) + double(v[n / 2])) / 2.0;
}

inline OperatorLevel level(const QString& name)
{
    OperatorLevel l = OperatorLevel::Op;
    parseOperatorLevel(name.toStdString(), &l);
    return l;
}

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

// Splits one CSV line (the CLI's quoting: fields with , " or newline quoted, "" inside).
inline QStringList csvCells(const QString& line)
{
    QStringList out;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                cur += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            out << cur;
            cur.clear();
        } else {
            cur += ch;
        }
    }
    out << cur;
    return out;
}

} // namespace operatortreetest
