#pragma once
// Helpers shared by the analysis tests: a store scripted in one line of text, so each data
// row states its whole input, and the comparisons the summaries and searches need.
#include <store/storebuilder.h>
#include <store/storefinalizer.h>

#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace analysistest {

using namespace strata::store;

// Builds a store on pid 1 from ';'-separated steps:
//   X tid name ts dur [key=value ...] | T tid name (thread name, '_' = space) | C series ts value
//   b key name ts | e key name ts (async)
// Numeric arg values with a '.' are doubles, others ints; "key=@text" is a string arg.
struct Script {
    StoreBuilder b;
    ProcessId pid = b.process(IdValue::number(1));

    uint32_t thread(const QString& tid) { return b.thread(pid, IdValue::number(tid.toLongLong())); }
    TypeId type(const QString& name) { return b.type(b.intern(name.toStdString()), b.intern("cat")); }
    ArgSetId args(const QStringList& words, int from)
    {
        std::vector<Arg> out;
        for (int i = from; i < words.size(); ++i) {
            const int eq = words[i].indexOf('=');
            const StringId key = b.intern(words[i].left(eq).toStdString());
            const QString v = words[i].mid(eq + 1);
            if (v.startsWith('@'))
                out.push_back(Arg::makeString(key, b.intern(v.mid(1).toStdString())));
            else if (v.contains('.'))
                out.push_back(Arg::makeDouble(key, v.toDouble()));
            else
                out.push_back(Arg::makeInt(key, v.toLongLong()));
        }
        return b.argSet(out.data(), out.size());
    }
    std::shared_ptr<const EventStore> run(const QString& script)
    {
        for (const QString& step : script.split(';', Qt::SkipEmptyParts)) {
            const QStringList a = step.split(' ', Qt::SkipEmptyParts);
            const QString op = a.value(0);
            if (op == "X")
                b.completeSlice(thread(a[1]), a[3].toLongLong(), a[4].toLongLong(), type(a[2]), args(a, 5));
            else if (op == "T") // '_' stands for a space in names
                b.setThreadName(thread(a[1]), b.intern(QString(a[2]).replace('_', ' ').toStdString()));
            else if (op == "C")
                b.counter(pid, b.intern(a[1].toStdString()), a[2].toLongLong(), a[3].toDouble());
            else if (op == "b")
                b.asyncBegin(pid, a[1].toULongLong(), a[3].toLongLong(), type(a[2]), {});
            else if (op == "e")
                b.asyncEnd(pid, a[1].toULongLong(), a[3].toLongLong(), b.intern(a[2].toStdString()), nullptr, 0);
            else
                qFatal("bad script step '%s'", qPrintable(step));
        }
        return StoreFinalizer::finalize(b);
    }
};

// Equal up to rounding: sums taken in another order differ in the last bits.
inline bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max({ 1.0, std::abs(a), std::abs(b) });
}

// The space-separated words of `s`, sorted: results compared regardless of their order.
inline QString sortedWords(const QString& s)
{
    QStringList w = s.split(' ', Qt::SkipEmptyParts);
    w.sort();
    return w.join(' ');
}

} // namespace analysistest
