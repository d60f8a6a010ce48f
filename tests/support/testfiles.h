#pragma once
// Helpers shared by the importer tests: where the hand-made traces live, and gzip/zstd
// encoders so compressed variants are made at test time instead of committed as binaries.
#include <QByteArray>
#include <QFile>
#include <QString>
#include <QtGlobal>

#include <support/sourcedir.h>
#include <zlib.h>
#include <zstd.h>

namespace testfiles {

inline QString dataPath(const QString& name)
{
    return strata::test::sourcePath("/tests/data/") + name;
}

inline QByteArray readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

inline void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

inline QByteArray gzipBytes(const QByteArray& data, int level = 6)
{
    z_stream zs {};
    // 15 + 16: gzip wrapper instead of zlib.
    if (deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        qFatal("deflateInit2 failed");
    QByteArray out(qsizetype(deflateBound(&zs, uLong(data.size()))), Qt::Uninitialized);
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.constData()));
    zs.avail_in = uInt(data.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = uInt(out.size());
    if (deflate(&zs, Z_FINISH) != Z_STREAM_END)
        qFatal("deflate did not finish");
    out.truncate(qsizetype(zs.total_out));
    deflateEnd(&zs);
    return out;
}

// One zstd frame at the default level; `checksum` adds the frame's content checksum.
inline QByteArray zstdBytes(const QByteArray& data, bool checksum = false)
{
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, checksum ? 1 : 0);
    QByteArray out(qsizetype(ZSTD_compressBound(size_t(data.size()))), Qt::Uninitialized);
    const size_t n = ZSTD_compress2(cctx, out.data(), size_t(out.size()), data.constData(), size_t(data.size()));
    ZSTD_freeCCtx(cctx);
    if (ZSTD_isError(n))
        qFatal("ZSTD_compress2: %s", ZSTD_getErrorName(n));
    out.truncate(qsizetype(n));
    return out;
}

inline QByteArray compress(const QByteArray& data, const QString& how)
{
    if (how == QLatin1String("gzip"))
        return gzipBytes(data);
    if (how == QLatin1String("zstd"))
        return zstdBytes(data);
    return data;
}

// A trace of `count` X events (ts = 10*i µs, dur 5 µs, names "e<i>") laid out so that every
// 1 MiB read block of the scanner ends at a chosen kind of byte: inside the whitespace
// between two entries ("space"), right after an entry's '}' ("brace"), or on the backslash
// of an escaped quote inside a string ("escape"). Returns the file bytes.
inline QByteArray blockBoundaryTrace(int count, const QByteArray& where)
{
    constexpr qsizetype kBlock = qsizetype(1) << 20;
    QByteArray out("[\n");
    qsizetype nextBoundary = kBlock;
    for (int i = 0; i < count; ++i) {
        QByteArray ev = "{\"name\":\"e" + QByteArray::number(i) + "\",\"ph\":\"X\",\"ts\":" + QByteArray::number(i * 10)
            + ",\"dur\":5,\"pid\":1,\"tid\":1,\"args\":{\"s\":\"q\\\"x\"}}";
        const QByteArray sep = i + 1 < count ? QByteArray(",\n") : QByteArray("\n");
        if (out.size() + ev.size() + sep.size() + 64 >= nextBoundary) {
            // Pad with spaces so the boundary lands where asked.
            const qsizetype escapeAt = ev.indexOf('\\');
            qsizetype target = 0; // bytes of `ev`/whitespace before the boundary
            if (where == "space")
                out += QByteArray(nextBoundary - out.size() - 3, ' '); // boundary 3 bytes into the run
            else if (where == "brace")
                target = ev.size();
            else
                target = escapeAt + 1; // the backslash is the last byte of the block
            if (where != "space")
                out += QByteArray(nextBoundary - out.size() - target, ' ');
            if (where == "space")
                out += QByteArray(6, ' ');
            nextBoundary += kBlock;
        }
        out += ev;
        out += sep;
    }
    out += "]\n";
    return out;
}

// Whether every 1 MiB block edge of a blockBoundaryTrace() falls where it was asked to.
inline bool boundariesAsAsked(const QByteArray& text, const QByteArray& where)
{
    constexpr qsizetype kBlock = qsizetype(1) << 20;
    for (qsizetype b = kBlock; b < text.size(); b += kBlock) {
        const char last = text[b - 1], next = text[b];
        const bool ok = where == "space" ? last == ' ' && next == ' '
            : where == "brace"           ? last == '}' && next == ','
                                         : last == '\\' && next == '"';
        if (!ok)
            return false;
    }
    return true;
}

} // namespace testfiles
