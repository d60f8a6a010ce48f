#pragma once
// What the importer tests read a loaded store with: compact text dumps of its tracks,
// slices, instants, counters, flows and args (so a failing row shows a readable diff),
// look-ups by name, and the diagnostics and phase histograms as text.
#include <store/eventstore.h>

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <support/sourcedir.h>

namespace importertest {

using strata::store::Arg;
using strata::store::ArgKind;
using strata::store::EventStore;
using strata::store::SliceRow;
using strata::store::TrackId;
using strata::store::TrackInfo;

inline QString qstr(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

inline QByteArray qbytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

// The real-trace corpus, next to the project (see its README and MANIFEST.tsv).
inline QString corpusDir()
{
    return QDir::cleanPath(strata::test::sourcePath("/../shared/corpus/real"));
}

// How a track is named in the dumps; an empty function leaves the name out.
using TrackLabel = std::function<QString(const EventStore&, TrackId)>;

inline QString trackLabel(const EventStore& s, TrackId t)
{
    return qstr(s.trackLabel(t));
}

// "<process> / <track>" for every track, in display order.
inline QStringList dumpTracks(const EventStore& s)
{
    QStringList out;
    for (uint32_t t = 0; t < s.trackCount(); ++t)
        out << qstr(s.processLabel(s.track(TrackId(t)).process)) + QLatin1String(" / ") + trackLabel(s, TrackId(t));
    return out;
}

// "<track>:<name>@<depth> <ts>+<dur>" for every slice, in store order (track, depth, ts).
inline QStringList dumpSlices(const EventStore& s, const TrackLabel& label = trackLabel)
{
    QStringList out;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const TrackInfo& tr = s.track(TrackId(t));
        for (uint32_t r = tr.slices.begin; r < tr.slices.end; ++r) {
            const SliceRow row(r);
            out << QStringLiteral("%1:%2@%3 %4+%5")
                       .arg(label(s, TrackId(t)), qstr(s.str(s.sliceName(row))))
                       .arg(s.sliceDepth(row))
                       .arg(s.sliceTs(row))
                       .arg(s.sliceDur(row));
        }
    }
    return out;
}

// "[<track>:]<name>@<ts>" for every instant, in store order.
inline QStringList dumpInstants(const EventStore& s, const TrackLabel& label = TrackLabel())
{
    QStringList out;
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const TrackInfo& tr = s.track(TrackId(t));
        const QString prefix = label ? label(s, TrackId(t)) + QLatin1Char(':') : QString();
        for (uint32_t r = tr.instants.begin; r < tr.instants.end; ++r) {
            const strata::store::InstantRow row(r);
            out << prefix
                    + QStringLiteral("%1@%2")
                          .arg(qstr(s.str(s.types().get(s.instantType(row)).name)))
                          .arg(s.instantTs(row));
        }
    }
    return out;
}

// "[<process> / ]<series>=<ts>:<value>,..." for every counter series; values with
// `precision` significant digits (-1: QString's default, 6).
inline QStringList dumpCounters(const EventStore& s, bool withProcess = false, int precision = -1)
{
    QStringList out;
    for (uint32_t c = 0; c < s.counterCount(); ++c) {
        const strata::store::CounterSeries& cs = s.counter(strata::store::CounterId(c));
        QStringList samples;
        for (uint32_t r = cs.samples.begin; r < cs.samples.end; ++r)
            samples << QStringLiteral("%1:%2").arg(s.counterTs(r)).arg(s.counterValue(r), 0, 'g', precision);
        const QString process = withProcess ? qstr(s.processLabel(cs.process)) + QLatin1String(" / ") : QString();
        out << process + qstr(s.str(cs.name)) + QLatin1Char('=') + samples.join(QLatin1Char(','));
    }
    return out;
}

// "<from>-><to>" for every flow, sorted.
inline QStringList dumpFlows(const EventStore& s)
{
    QStringList out;
    for (uint32_t f = 0; f < s.flowCount(); ++f) {
        const strata::store::FlowEdge& e = s.flow(strata::store::FlowId(f));
        out << qstr(s.str(s.sliceName(e.from))) + QLatin1String("->") + qstr(s.str(s.sliceName(e.to)));
    }
    out.sort();
    return out;
}

// How argText() writes a value: Plain "k=v"; Quoted, strings in quotes (k="v"); Typed,
// strings in quotes and numbers tagged with their kind (k=i-3, k=u4, k=d1.5).
enum class ArgStyle { Plain, Quoted, Typed };

inline QString argText(const EventStore& s, const Arg& a, ArgStyle style)
{
    QString key = qstr(s.str(a.key));
    const bool typed = style == ArgStyle::Typed;
    switch (a.kind) {
    case ArgKind::Null: return key + QLatin1String("=null");
    case ArgKind::Bool: return key + (a.i ? QLatin1String("=true") : QLatin1String("=false"));
    case ArgKind::Int: return key + (typed ? QLatin1String("=i") : QLatin1String("=")) + QString::number(a.i);
    case ArgKind::Uint: return key + (typed ? QLatin1String("=u") : QLatin1String("=")) + QString::number(a.u);
    case ArgKind::Double: return key + (typed ? QLatin1String("=d") : QLatin1String("=")) + QString::number(a.d);
    case ArgKind::String: {
        const QString v = qstr(s.str(a.stringValue()));
        return style == ArgStyle::Plain ? key + QLatin1Char('=') + v
                                        : key + QLatin1String("=\"") + v + QLatin1Char('"');
    }
    }
    return key;
}

// The slice's args in stored order, as argText() writes them.
inline QStringList sliceArgs(const EventStore& s, SliceRow row, ArgStyle style)
{
    QStringList out;
    for (const Arg& a : s.args().get(s.sliceArgs(row)))
        out << argText(s, a, style);
    return out;
}

// The first slice (in row order) called `name`; invalid when there is none.
inline SliceRow findSlice(const EventStore& s, const QString& name)
{
    for (uint32_t r = 0; r < s.sliceCount(); ++r)
        if (qstr(s.str(s.sliceName(SliceRow(r)))) == name)
            return SliceRow(r);
    return SliceRow();
}

// "key:n" by key: the events by phase of an import, or diagnostic counts.
inline QString histogram(const std::map<std::string, uint64_t>& m)
{
    QStringList parts;
    for (const auto& [k, n] : m)
        parts << QStringLiteral("%1:%2").arg(QString::fromStdString(k)).arg(n);
    return parts.join(QLatin1Char(' '));
}

// Every diagnostic message ("<kind>: <text>"), and the kinds counted.
inline QStringList messages(const EventStore& s)
{
    QStringList out;
    for (const auto& m : s.diagnostics().messages())
        out << QString::fromStdString(m);
    return out;
}

inline QStringList diagnosticKinds(const EventStore& s)
{
    QStringList out;
    for (const auto& [kind, n] : s.diagnostics().counts())
        out << QString::fromStdString(kind);
    return out;
}

} // namespace importertest
