#pragma once
// What the Sophgo importer tests share: the minimal profile, whose numbers make every
// conversion visible, and a folder loaded through ProfileLoader, read back by row name.
#include <support/bmprofilewriter.h>

#include <profileloader.h>

#include <store/eventstore.h>

#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

namespace sophgotest {

using strata::importers::LoadResult;
using strata::importers::ProfileLoader;
using strata::store::Arg;
using strata::store::EventStore;
using strata::store::RowRange;
using strata::store::SliceRow;
using strata::store::StringId;
using strata::store::TrackId;

constexpr uint64_t kGlobal = 0x100000000ull;

// A minimal profile, with numbers chosen so every conversion is visible:
// GDMA g1 [1000,1200] 400 B, g2 [1200,1300] 100 B, g3 [1600,1800] 800 B (cycles, 1 ns each);
// TIU t1 [5000,5250] on its own clock, load 125, waiting for g2; DYN_DATA at 2 ns per cycle.
inline bmprofile::Spec minimal()
{
    using namespace bmprofile;
    Spec s;
    Layer l;
    l.kind = "global_layer";
    l.id = 0;
    l.type = "Conv";
    l.name = "conv0";
    l.tensors = { { 1, true, "1x3x8x8", 1, false, kGlobal + 0x1000, 384, 0, 1, 8 },
        { 2, false, "1x16x8x8", 1, false, kGlobal + 0x2000, 2048, 0x4000, 1, 8 } };
    l.commands = { gdmaCommand(1, 0, 0, 1000, 1200, 400), gdmaCommand(2, 0, 0, 1200, 1300, 100),
        tiuCommand(1, 2, 0, 5000, 5250, 125), gdmaCommand(3, 1, 1, 1600, 1800, 800) };
    s.layers = { l };
    s.nsPerCycle = 2;
    const uint64_t base = 10000;
    s.dyn = { { 1, 1, (uint64_t(1) << 40) | (uint64_t(1) << 20), base, base + 10 }, // set GDMA 1
        { 2, 2, 0, base + 10, base + 500 }, // wait
        { 3, 0, 5, base, base + 500 } }; // FUNC global type 5
    s.dynExtra = { { 2, 0, "waiting" } };
    s.allocs = { { 1, kGlobal, 0x10000, 0, 0, "coeff" }, { 1, kGlobal + 0x10000, 0x8000, 0, 0, "neuron runtime" } };
    return s;
}

struct Loaded {
    LoadResult r;
    const EventStore* s = nullptr;
    TrackId track(const QString& name) const
    {
        for (uint32_t t = 0; t < s->trackCount(); ++t)
            if (QString::fromStdString(s->trackLabel(TrackId(t))) == name)
                return TrackId(t);
        return TrackId();
    }
    RowRange rows(const QString& name) const
    {
        const TrackId t = track(name);
        return t.valid() ? s->track(t).slices : RowRange {};
    }
    QString name(uint32_t row) const
    {
        return QString::fromStdString(std::string(s->str(s->sliceName(SliceRow(row)))));
    }
    std::string meta(const std::string& key) const
    {
        for (const auto& [k, v] : s->metadata())
            if (k == key)
                return v;
        return {};
    }
    bool arg(uint32_t row, const char* key, Arg* out) const
    {
        const StringId k = s->strings().find(key);
        return k.valid() && s->args().find(s->sliceArgs(SliceRow(row)), k, out);
    }
};

inline Loaded load(const QString& path)
{
    Loaded l;
    l.r = ProfileLoader::load(path.toStdString());
    l.s = l.r.store.get();
    return l;
}

inline QString folder(const QTemporaryDir& tmp, const char* name = "bmprofile_data-0")
{
    return tmp.path() + "/" + name;
}

inline void appendBytes(const QString& path, const std::string& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::Append));
    f.write(bytes.data(), qint64(bytes.size()));
}

} // namespace sophgotest
