#pragma once
#include "marker.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace strata::model {

// A set of markers as a file holds it: Save…/Load… in the Annotations dock and the sidecar
// next to the trace (`<trace>.strata-annotations.json`) use the same format.
struct MarkerSet {
    std::vector<Marker> markers;
    MarkerId selected;
};

// The versioned JSON marker file:
//   {"format": "strata-annotations", "version": 1, "selected": 2,
//    "markers": [{"id": 1, "name": "M1", "time_ns": 1200, "color": "#e6194b", "diff_vs": 2,
//                 "anchor": {"pid": 1, "tid": "stream 7", "track": "main", "event": "conv",
//                            "start_ns": 1200, "edge": "start"}}]}
// Times are absolute nanoseconds of the trace's clock, written as JSON integers (exact up
// to 2^63). pid and tid are numbers or strings, as the trace wrote them; an anchor on an
// async lane has no tid. A reader accepts any version up to kVersion and ignores keys it
// does not know, so later versions can add fields.
class AnnotationsFile {
public:
    static constexpr int kVersion = 1;
    static constexpr qint64 kMaxBytes = 16 * 1024 * 1024; // a marker file is a few KB

    static QString formatName() { return QStringLiteral("strata-annotations"); }
    static QByteArray serialize(const MarkerSet& set);
    // `path` only names the file in the error, which says what is wrong and where.
    static std::optional<MarkerSet> parse(const QByteArray& bytes, const QString& path, QString* error);

    // Atomic (QSaveFile): a crash or a full disk leaves the previous file as it was.
    static bool write(const QString& path, const MarkerSet& set, QString* error);
    static std::optional<MarkerSet> read(const QString& path, QString* error);
};

} // namespace strata::model
