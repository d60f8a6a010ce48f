#pragma once
// The 4-rank job of tests/data/job_straggler (rank 1 a planted straggler, ranks 2 and 3 on a
// second host) for the GUI's tests: its files, and copies of it in a folder of the test's
// with one member spoilt, or a folder of traces that are not one job.
#include <inputreader.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <string>
#include <support/sourcedir.h>

namespace jobfolder {

inline const QString kJob = strata::test::sourcePath("/tests/data/job_straggler");
constexpr int kRanks = 4;

inline QString rankFile(int r)
{
    return kJob + QStringLiteral("/rank-%1.json.gz").arg(r);
}

inline QStringList files()
{
    QStringList out;
    for (int r = 0; r < kRanks; ++r)
        out << rankFile(r);
    return out;
}

// A rank's trace as JSON text (the test data is gzipped).
inline QByteArray rankText(int r)
{
    std::string error;
    auto in = strata::importers::InputReader::open(rankFile(r).toStdString(), &error);
    if (!in)
        qFatal("%s", error.c_str());
    QByteArray all;
    char block[4096];
    for (size_t n; (n = in->read(block, sizeof block)) > 0;)
        all.append(block, qsizetype(n));
    return all;
}

inline bool write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// The job as rank-N.json in `folder` (made), rank 2 as `bad` says: "half" (cut in half: its
// events up to the cut load), "empty" (left out), anything else: whole. Returns the folder.
inline QString copyWith(const QString& folder, const QString& bad = QString())
{
    QDir().mkpath(folder);
    for (int r = 0; r < kRanks; ++r) {
        QByteArray text = rankText(r);
        if (r == 2 && bad == QLatin1String("half"))
            text.truncate(text.size() / 2);
        else if (r == 2 && bad == QLatin1String("empty"))
            text.clear();
        write(folder + QStringLiteral("/rank-%1.json").arg(r), text);
    }
    return folder;
}

// Two unrelated traces (no distributedInfo, no rank in their names) in `folder` (made).
inline QString unrelated(const QString& folder)
{
    QDir().mkpath(folder);
    const QString data = strata::test::sourcePath("/tests/data/");
    QFile::copy(data + QStringLiteral("chrome_flows_v2.json"), folder + QStringLiteral("/flows.json"));
    QFile::copy(
        strata::test::sourcePath("/resources/samples/sample_profile.json"), folder + QStringLiteral("/sample.json"));
    return folder;
}

} // namespace jobfolder
