#include "annotationsfile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <limits>
#include <set>

namespace strata::model {

namespace {

constexpr qint64 kNoInt = std::numeric_limits<qint64>::min();

QJsonValue writtenIdJson(const WrittenId& id)
{
    return id.isString ? QJsonValue(id.str) : QJsonValue(id.num);
}

bool writtenIdFrom(const QJsonValue& v, WrittenId* out)
{
    if (v.isString()) {
        out->isString = true;
        out->str = v.toString();
        return true;
    }
    const qint64 n = v.toInteger(kNoInt);
    if (!v.isDouble() || n == kNoInt)
        return false;
    out->isString = false;
    out->num = n;
    return true;
}

QJsonObject anchorJson(const MarkerAnchor& a)
{
    QJsonObject o;
    o[QLatin1String("pid")] = writtenIdJson(a.pid);
    if (a.hasTid)
        o[QLatin1String("tid")] = writtenIdJson(a.tid);
    o[QLatin1String("track")] = a.track;
    o[QLatin1String("event")] = a.event;
    o[QLatin1String("start_ns")] = qint64(a.start);
    o[QLatin1String("edge")] = a.edge == MarkerAnchor::Edge::End ? QStringLiteral("end") : QStringLiteral("start");
    return o;
}

// Returns an empty string on success, else what is wrong with the anchor.
QString anchorFrom(const QJsonObject& o, MarkerAnchor* a)
{
    if (!writtenIdFrom(o.value(QLatin1String("pid")), &a->pid))
        return QStringLiteral("\"pid\" is missing or neither an integer nor a string");
    const QJsonValue tid = o.value(QLatin1String("tid"));
    a->hasTid = !tid.isUndefined();
    if (a->hasTid && !writtenIdFrom(tid, &a->tid))
        return QStringLiteral("\"tid\" is neither an integer nor a string");
    if (!o.value(QLatin1String("track")).isString() || !o.value(QLatin1String("event")).isString())
        return QStringLiteral("\"track\" or \"event\" is missing or not a string");
    a->track = o.value(QLatin1String("track")).toString();
    a->event = o.value(QLatin1String("event")).toString();
    const QJsonValue start = o.value(QLatin1String("start_ns"));
    a->start = start.toInteger(kNoInt);
    if (!start.isDouble() || a->start == kNoInt)
        return QStringLiteral("\"start_ns\" is missing or not an integer");
    const QString edge = o.value(QLatin1String("edge")).toString(QStringLiteral("start"));
    if (edge != QLatin1String("start") && edge != QLatin1String("end"))
        return QStringLiteral("\"edge\" is neither \"start\" nor \"end\"");
    a->edge = edge == QLatin1String("end") ? MarkerAnchor::Edge::End : MarkerAnchor::Edge::Start;
    return {};
}

QString colorText(quint32 rgb)
{
    return QStringLiteral("#%1").arg(rgb & 0xffffff, 6, 16, QLatin1Char('0'));
}

bool colorFrom(const QString& text, quint32* rgb)
{
    static const QRegularExpression re(QStringLiteral("^#[0-9a-fA-F]{6}$"));
    if (!re.match(text).hasMatch())
        return false;
    *rgb = text.mid(1).toUInt(nullptr, 16);
    return true;
}

} // namespace

QByteArray AnnotationsFile::serialize(const MarkerSet& set)
{
    QJsonArray markers;
    for (const Marker& m : set.markers) {
        QJsonObject o;
        o[QLatin1String("id")] = qint64(m.id.v);
        o[QLatin1String("name")] = m.name;
        o[QLatin1String("time_ns")] = qint64(m.time);
        o[QLatin1String("color")] = colorText(m.rgb);
        if (m.diffVs.valid())
            o[QLatin1String("diff_vs")] = qint64(m.diffVs.v);
        if (m.anchor)
            o[QLatin1String("anchor")] = anchorJson(*m.anchor);
        markers.append(o);
    }
    QJsonObject root;
    root[QLatin1String("format")] = formatName();
    root[QLatin1String("version")] = kVersion;
    if (set.selected.valid())
        root[QLatin1String("selected")] = qint64(set.selected.v);
    root[QLatin1String("markers")] = markers;
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<MarkerSet> AnnotationsFile::parse(const QByteArray& bytes, const QString& path, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, why);
        return std::nullopt;
    };
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError)
        return fail(QStringLiteral("not valid JSON: %1 (at byte %2)").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        return fail(QStringLiteral("not a Strata marker file: the top level is not a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value(QLatin1String("format")).toString() != formatName())
        return fail(QStringLiteral("not a Strata marker file: \"format\" is not \"%1\"").arg(formatName()));
    const qint64 version = root.value(QLatin1String("version")).toInteger(kNoInt);
    if (version == kNoInt || version < 1)
        return fail(QStringLiteral("\"version\" is missing or not a positive integer"));
    if (version > kVersion)
        return fail(QStringLiteral("written by a newer Strata (version %1; this one reads up to %2)")
                        .arg(version)
                        .arg(kVersion));
    if (!root.value(QLatin1String("markers")).isArray())
        return fail(QStringLiteral("\"markers\" is missing or not an array"));

    MarkerSet set;
    std::set<uint32_t> ids;
    const QJsonArray markers = root.value(QLatin1String("markers")).toArray();
    for (int i = 0; i < markers.size(); ++i) {
        const QString where = QStringLiteral("marker %1: ").arg(i + 1);
        if (!markers[i].isObject())
            return fail(where + QStringLiteral("not a JSON object"));
        const QJsonObject o = markers[i].toObject();
        Marker m;
        const qint64 id = o.value(QLatin1String("id")).toInteger(kNoInt);
        if (id < 0 || id >= qint64(MarkerId::kInvalid))
            return fail(where + QStringLiteral("\"id\" is missing or not a non-negative integer"));
        if (!ids.insert(uint32_t(id)).second)
            return fail(where + QStringLiteral("id %1 is used twice").arg(id));
        m.id = MarkerId(uint32_t(id));
        const QJsonValue time = o.value(QLatin1String("time_ns"));
        m.time = time.toInteger(kNoInt);
        if (!time.isDouble() || m.time == kNoInt)
            return fail(where + QStringLiteral("\"time_ns\" is missing or not an integer"));
        m.name = o.value(QLatin1String("name")).toString();
        const QJsonValue color = o.value(QLatin1String("color"));
        if (!color.isUndefined() && !colorFrom(color.toString(), &m.rgb))
            return fail(where + QStringLiteral("\"color\" is not \"#rrggbb\""));
        const qint64 diff = o.value(QLatin1String("diff_vs")).toInteger(kNoInt);
        if (diff >= 0 && diff < qint64(MarkerId::kInvalid))
            m.diffVs = MarkerId(uint32_t(diff));
        const QJsonValue anchor = o.value(QLatin1String("anchor"));
        if (!anchor.isUndefined()) {
            if (!anchor.isObject())
                return fail(where + QStringLiteral("\"anchor\" is not a JSON object"));
            MarkerAnchor a;
            const QString why = anchorFrom(anchor.toObject(), &a);
            if (!why.isEmpty())
                return fail(where + QStringLiteral("anchor: ") + why);
            m.anchor = a;
        }
        set.markers.push_back(std::move(m));
    }
    // A Diff vs that names no marker of the file compares with nothing.
    for (Marker& m : set.markers) {
        if (m.diffVs.valid() && (!ids.count(m.diffVs.v) || m.diffVs == m.id))
            m.diffVs = MarkerId();
    }
    const qint64 selected = root.value(QLatin1String("selected")).toInteger(kNoInt);
    if (selected >= 0 && selected < qint64(MarkerId::kInvalid) && ids.count(uint32_t(selected)))
        set.selected = MarkerId(uint32_t(selected));
    return set;
}

bool AnnotationsFile::write(const QString& path, const MarkerSet& set, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    const QByteArray bytes = serialize(set);
    QString why;
    if (f.write(bytes) != bytes.size()) {
        why = f.errorString();
        f.cancelWriting(); // commit() then fails and leaves the old file in place
    }
    if (!f.commit()) {
        if (error)
            *error = QStringLiteral("%1: cannot write: %2").arg(path, why.isEmpty() ? f.errorString() : why);
        return false;
    }
    return true;
}

std::optional<MarkerSet> AnnotationsFile::read(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    if (f.size() > kMaxBytes) {
        if (error)
            *error = QStringLiteral("%1: not a Strata marker file: %2 bytes is far too large").arg(path).arg(f.size());
        return std::nullopt;
    }
    return parse(f.readAll(), path, error);
}

} // namespace strata::model
