#pragma once
// What the canned traces of perfettotracewriter.h load as, in importertestutil.h's dump forms.
#include "perfettotracewriter.h"

#include <QString>
#include <QStringList>

#include <algorithm>
#include <tuple>
#include <vector>

namespace perfettotest {

// The RBLN trace's expected slices (see rblnTrace()), in store order: tracks in display
// order (the host, pid 4242, before the device, pid 7001; engines in descriptor order),
// then depth, then time.
inline QStringList rblnSlices()
{
    struct S {
        const char* track;
        QString name;
        int depth;
        qint64 at, dur;
    };
    const QString f = QString::fromStdString(rblnFused());
    const std::vector<S> perIteration = {
        { "MainThread", "forward", 0, 0, 41000 }, { "MainThread", "rbln.run", 1, 1000, 39000 },
        { "MainThread", "submit", 2, 1200, 200 }, { "Host", "#runtime_call_0", 0, 1500, 38500 },
        { "Host", "#input_prep_1", 1, 1600, 300 }, { "Neural Engine Clusters", "#" + f + "_3", 0, 9000, 11000 },
        { "Neural Engine Clusters", "#" + f + "_4", 0, 20000, 10000 }, { "Neural DMA", "#" + f + "_2", 0, 9500, 2500 },
        { "Task DMA", "#" + f + "_1", 0, 6000, 3000 }, { "Task DMA", "#" + f + "_5", 0, 30000, 3000 },
        { "External HDMA", "#input_0", 0, 2000, 4000 }, { "External HDMA", "#output_6", 0, 33000, 3000 },
        { "Device HDMA", "#allreduce_7", 0, 36000, 2000 }, { "Device Sync", "#barrier_8", 0, 38000, 500 },
        { "Device Sync", "#sync_9", 0, 38500, 0 }, // an instant that ends a flow: a zero-length slice
    };
    const QStringList order = { "MainThread", "Host", "Neural Engine Clusters", "Neural DMA", "Task DMA",
        "External HDMA", "Device HDMA", "Device Sync" };
    struct Row {
        int track, depth;
        qint64 ts;
        QString text;
    };
    std::vector<Row> rows;
    for (int k = 0; k < 2; ++k)
        for (const S& s : perIteration) {
            const qint64 ts = 1000000 + k * 100000 + s.at;
            QString name = s.name;
            name.replace('#', QString::number(k) + '_'); // device commands carry the sequence index
            rows.push_back({ int(order.indexOf(s.track)), s.depth, ts,
                QStringLiteral("%1:%2@%3 %4+%5").arg(s.track, name).arg(s.depth).arg(ts).arg(s.dur) });
        }
    std::stable_sort(rows.begin(), rows.end(),
        [](const Row& a, const Row& b) { return std::tie(a.track, a.depth, a.ts) < std::tie(b.track, b.depth, b.ts); });
    QStringList out;
    for (const Row& r : rows)
        out << r.text;
    return out;
}

inline QStringList rblnFlows()
{
    QStringList out;
    const QString f = QString::fromStdString(rblnFused());
    for (int k = 0; k < 2; ++k) {
        const QString p = QString::number(k) + QLatin1Char('_');
        out << p + "input_0->" + p + f + "_1" << p + f + "_1->" + p + f + "_3" << p + f + "_4->" + p + f + "_5"
            << p + f + "_5->" + p + "output_6" << p + "allreduce_7->" + p + "sync_9";
    }
    out.sort();
    return out;
}

} // namespace perfettotest
