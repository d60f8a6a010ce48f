#pragma once
// A Chrome JSON trace large enough that a load cannot finish before a cancel is seen: tens of
// MB, 500,000 complete events on 8 threads. Tests that cancel a load (ImportJob, the main
// window's progress panel) share it.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

namespace testsupport {

// Writes the trace as big.json in `dir` (once; later calls reuse it) and returns its path, or
// an empty string when it cannot be written.
inline QString bigChromeTrace(const QDir& dir)
{
    QString path = dir.filePath(QStringLiteral("big.json"));
    if (QFile::exists(path))
        return path;
    QByteArray bytes = "{\"traceEvents\":[\n";
    bytes.reserve(40 << 20);
    for (int i = 0; i < 500000; ++i) {
        bytes += "{\"name\":\"op";
        bytes += QByteArray::number(i % 97);
        bytes += "\",\"ph\":\"X\",\"ts\":";
        bytes += QByteArray::number(i * 10);
        bytes += ",\"dur\":8,\"pid\":1,\"tid\":";
        bytes += QByteArray::number(i % 8);
        bytes += ",\"args\":{\"i\":";
        bytes += QByteArray::number(i);
        bytes += "}},\n";
    }
    bytes += "{}]}\n";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return QString();
    return path;
}

} // namespace testsupport
