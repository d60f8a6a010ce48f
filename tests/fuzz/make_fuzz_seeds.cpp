// Writes the seed corpus of every fuzz target into OUT/<target>/: the hand-made traces of
// tests/data, their gzip and zstd forms, the files the importer tests' writers make (Neuron,
// Sophgo), small real traces of ../shared/corpus/real when it is beside the tree, a marker
// file and a captured layout. Seeds are made at build time rather than committed, so they
// follow the writers; only findings are committed (tests/fuzz/regressions/).
#include <support/bmprofilewriter.h>
#include <support/neuronprofilewriter.h>
#include <support/testfiles.h>

#include "fuzzwindow.h"

#include <support/snapshotmutator.h>

#include <analysis/indexes/indexattachments.h>
#include <profileloader.h>
#include <snapshot/snapshotwriter.h>

#include <layouts/layoutstore.h>

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <cstdio>

namespace {

QString g_out;

void put(const QString& target, const QString& name, const QByteArray& bytes)
{
    QDir().mkpath(g_out + "/" + target);
    testfiles::writeFile(g_out + "/" + target + "/" + name, bytes);
}

QByteArray qbytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

// Real traces up to maxBytes whose names end with one of `suffixes`.
void corpusFiles(const QString& target, const QStringList& suffixes, qint64 maxBytes)
{
    const QString root = QStringLiteral(STRATA_SOURCE_DIR "/../shared/corpus/real");
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo fi(it.next());
        bool match = false;
        for (const QString& s : suffixes)
            match = match || fi.fileName().endsWith(s);
        if (match && fi.size() <= maxBytes)
            put(target, fi.dir().dirName() + "__" + fi.fileName(), testfiles::readFile(fi.filePath()));
    }
}

void chromeSeeds()
{
    const QDir data(QStringLiteral(STRATA_SOURCE_DIR "/tests/data"));
    for (const QString& name : data.entryList({ "*.json" }, QDir::Files)) {
        const QByteArray bytes = testfiles::readFile(data.filePath(name));
        put("chrome", name, bytes);
        if (name == "chrome_flows_v2.json" || name == "chrome_async_nested.json") {
            put("chrome", name + ".gz", testfiles::gzipBytes(bytes));
            put("chrome", name + ".zst", testfiles::zstdBytes(bytes, true));
        }
    }
    corpusFiles("chrome", { ".json", ".json.gz" }, 16 * 1024);
}

void perfettoSeeds()
{
    const QDir data(QStringLiteral(STRATA_SOURCE_DIR "/tests/data"));
    for (const QString& name : data.entryList({ "*.pftrace" }, QDir::Files))
        put("perfetto", name, testfiles::readFile(data.filePath(name)));
    corpusFiles("perfetto", { ".pftrace", ".perfetto-trace", ".pb" }, 64 * 1024);
}

void neuronSeeds()
{
    using namespace neurontest;
    put("neuron_device", "device.json", qbytes(deviceJson(sampleDevice(2))));
    put("neuron_system", "system_profile.json", qbytes(systemJson(sampleSystem(2))));
    put("neuron_optable", "framework.json",
        qbytes(opTableJson({ { "NN[model]/Linear[layer1]/aten__addmm_add", 2, 4100 }, { "aten__relu", 1, 900 } })));
    put("neuron_optable", "framework_us.json",
        qbytes(opTableJson({ { "aten__addmm", 3, 12 } }, "op_name", "execution_time_us", "count")));
    put("neuron_timeline", "op_timeline.json", qbytes(opTimelineJson(3)));
}

// One fuzz input per folder, as fuzz_sophgo.cpp splits it.
QByteArray sophgoFolder(const bmprofile::Spec& spec, bool bmlib)
{
    std::string in = bmprofile::globalProfile(spec);
    in += "\n--strata-file:iter0.profile\n" + bmprofile::iterProfile(spec);
    if (bmlib)
        in += "\n--strata-file:bmlib0.profile\n" + bmprofile::bmlibProfile(1000, true);
    return qbytes(in);
}

void sophgoSeeds()
{
    bmprofile::Spec small = bmprofile::showcase();
    put("sophgo", "showcase", sophgoFolder(small, false));
    put("sophgo", "showcase_bmlib", sophgoFolder(small, true));
}

// Jobs as fuzz_job.cpp splits a folder: ranks by distributedInfo (one gzip), by name, and
// with the bad members a job meets (another job's rank, a rank claimed twice, an empty file).
QByteArray kinetoRank(const QByteArray& info)
{
    return "{\"schemaVersion\": 1, " + (info.isEmpty() ? QByteArray() : "\"distributedInfo\": " + info + ", ")
        + "\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclKernel_AllReduce\", \"pid\": 0, "
          "\"tid\": 7, \"ts\": 10, \"dur\": 5, \"args\": {\"stream\": 7}}]}";
}

void jobSeeds()
{
    const auto rank = [](int r, int ws) {
        return kinetoRank(
            QStringLiteral("{\"backend\": \"nccl\", \"rank\": %1, \"world_size\": %2}").arg(r).arg(ws).toUtf8());
    };
    put("job", "world_size", rank(0, 2) + "\n--strata-file:rank-1.json.gz\n" + testfiles::gzipBytes(rank(1, 2)));
    put("job", "names", kinetoRank({}) + "\n--strata-file:rank-1.json\n" + kinetoRank({}));
    put("job", "bad_members",
        rank(0, 2) + "\n--strata-file:rank-1.json\n" + rank(1, 2) + "\n--strata-file:other.json\n" + rank(0, 8)
            + "\n--strata-file:twice.json\n" + rank(1, 2) + "\n--strata-file:empty.json\n");
}

void annotationSeeds()
{
    put("annotations", "markers.json",
        "{\"format\": \"strata-annotations\", \"version\": 1, \"selected\": 2, \"markers\": ["
        "{\"id\": 1, \"name\": \"M1\", \"time_ns\": 1200, \"color\": \"#e6194b\", \"diff_vs\": 2,"
        " \"anchor\": {\"pid\": 1, \"tid\": \"stream 7\", \"track\": \"main\", \"event\": \"conv\","
        " \"start_ns\": 1200, \"edge\": \"start\"}},"
        "{\"id\": 2, \"name\": \"M2\", \"time_ns\": 98000, \"color\": \"#3cb44b\"}]}\n");
}

void layoutSeeds()
{
    using strata::app::LayoutStore;
    const QString path = g_out + "/layout/default.strata-layout";
    QDir().mkpath(g_out + "/layout");
    QString error;
    if (!LayoutStore::writeFile(LayoutStore::capture(*strata::fuzz::FuzzWindow::instance(), "default"), path, &error))
        qFatal("%s", qPrintable(error));
}

// Snapshots of the stores of tests/data, and damaged copies of a few (valid checksums,
// damaged contents) so the fuzzer starts past the checksums.
void snapshotSeeds()
{
    const QDir data(QStringLiteral(STRATA_SOURCE_DIR "/tests/data"));
    std::mt19937_64 rng(1);
    int n = 0;
    for (const QString& name : data.entryList(QDir::Files)) {
        const auto loaded = strata::importers::ProfileLoader::load(data.filePath(name).toStdString());
        if (!loaded.store)
            continue;
        strata::store::SnapshotWriter::Options withIndexes; // as the cache writes them
        withIndexes.attachments = strata::analysis::IndexAttachments::encode(*loaded.store);
        const std::vector<uint8_t> file
            = strata::store::SnapshotWriter::encode(*loaded.store, name.toStdString(), withIndexes);
        if (file.size() > 65536)
            continue;
        put("snapshot", name + ".strata",
            QByteArray(reinterpret_cast<const char*>(file.data()), qsizetype(file.size())));
        if (n++ % 8)
            continue;
        const snapshottest::SnapshotMutator mutator(file);
        for (int i = 0; i < 4; ++i) {
            std::string what;
            const std::vector<uint8_t> bad = mutator.mutate(rng, &what);
            put("snapshot", name + ".mutated" + QString::number(i) + ".strata",
                QByteArray(reinterpret_cast<const char*>(bad.data()), qsizetype(bad.size())));
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_fuzz_seeds OUT\n");
        return 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    g_out = QString::fromLocal8Bit(argv[1]);
    chromeSeeds();
    perfettoSeeds();
    neuronSeeds();
    sophgoSeeds();
    jobSeeds();
    annotationSeeds();
    layoutSeeds();
    snapshotSeeds();
    return 0;
}
