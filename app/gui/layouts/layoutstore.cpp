#include "layoutstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QSaveFile>
#include <QSettings>
#include <QTabBar>
#include <QUrl>

#include <algorithm>

namespace strata::app {

namespace {

const char* const kGroup = "layouts";
const char* const kSessionGroup = "layoutSession";
const char* const kLastUsedKey = "layoutLastUsed";
const char* const kFileFormat = "strata-layout";

QString tr(const char* text)
{
    return QCoreApplication::translate("LayoutStore", text);
}

void setError(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

// A layout file's state and geometry are handed to QMainWindow::restoreState and
// restoreGeometry, which trust them: Qt 6.4 indexes its dock areas with a number read from
// the state, so a damaged file could crash it (tests/fuzz/regressions/layout). The file
// carries this checksum of both; one that does not match is refused before Qt sees it.
QString checksum(const QByteArray& state, const QByteArray& geometry)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(state);
    h.addData(geometry);
    return QStringLiteral("sha256:") + QString::fromLatin1(h.result().toHex());
}

std::optional<QByteArray> fromBase64(const QString& text)
{
    auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        return std::nullopt;
    return *decoded;
}

} // namespace

QString LayoutStore::key(const QString& name)
{
    // QSettings treats '/' and '\' as separators; percent-encoding keeps any name a single key.
    return QString::fromLatin1(QUrl::toPercentEncoding(name));
}

QStringList LayoutStore::names() const
{
    QSettings s;
    s.beginGroup(kGroup);
    QStringList out;
    for (const QString& g : s.childGroups())
        out << QUrl::fromPercentEncoding(g.toLatin1());
    std::sort(out.begin(), out.end(),
        [](const QString& a, const QString& b) { return QString::compare(a, b, Qt::CaseInsensitive) < 0; });
    return out;
}

bool LayoutStore::contains(const QString& name) const
{
    QSettings s;
    s.beginGroup(kGroup);
    return s.childGroups().contains(key(name));
}

void LayoutStore::write(const QString& group, const Layout& layout) const
{
    QSettings s;
    s.beginGroup(group);
    s.remove(QString()); // drop stale keys of an older entry
    s.setValue(QStringLiteral("version"), layout.version);
    s.setValue(QStringLiteral("state"), QString::fromLatin1(layout.state.toBase64()));
    s.setValue(QStringLiteral("geometry"), QString::fromLatin1(layout.geometry.toBase64()));
    s.setValue(QStringLiteral("front"), layout.front.join(QLatin1Char(',')));
    if (!layout.sizes.isEmpty())
        s.setValue(QStringLiteral("sizes"),
            QString::fromUtf8(QJsonDocument(layout.sizes.toJson()).toJson(QJsonDocument::Compact)));
}

std::optional<Layout> LayoutStore::read(const QString& group, const QString& name, QString* error) const
{
    QSettings s;
    s.beginGroup(group);
    if (s.childKeys().isEmpty()) {
        setError(error, tr("There is no layout named “%1”.").arg(name));
        return std::nullopt;
    }
    Layout l;
    l.name = name;
    bool ok = false;
    l.version = s.value(QStringLiteral("version")).toInt(&ok);
    if (!ok || l.version != kFormatVersion) {
        setError(error,
            tr("Layout “%1” was saved by another version of Strata (format %2, expected %3) and was ignored.")
                .arg(name, s.value(QStringLiteral("version")).toString())
                .arg(kFormatVersion));
        return std::nullopt;
    }
    const auto state = fromBase64(s.value(QStringLiteral("state")).toString());
    const QString geometryText = s.value(QStringLiteral("geometry")).toString();
    const auto geometry = geometryText.isEmpty() ? std::optional<QByteArray>(QByteArray()) : fromBase64(geometryText);
    if (!state || !geometry) {
        setError(error, tr("Layout “%1” is damaged (its saved data is not valid base64) and was ignored.").arg(name));
        return std::nullopt;
    }
    l.state = *state;
    l.geometry = *geometry;
    l.front = s.value(QStringLiteral("front")).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
    l.sizes = WindowFit::Sizes::fromJson(
        QJsonDocument::fromJson(s.value(QStringLiteral("sizes")).toString().toUtf8()).object());
    return l;
}

void LayoutStore::put(const Layout& layout)
{
    write(QStringLiteral("%1/%2").arg(QLatin1String(kGroup), key(layout.name)), layout);
}

std::optional<Layout> LayoutStore::get(const QString& name, QString* error) const
{
    return read(QStringLiteral("%1/%2").arg(QLatin1String(kGroup), key(name)), name, error);
}

bool LayoutStore::remove(const QString& name)
{
    if (!contains(name))
        return false;
    QSettings s;
    s.beginGroup(kGroup);
    s.remove(key(name));
    s.endGroup();
    if (s.value(kLastUsedKey).toString() == name)
        s.remove(kLastUsedKey);
    return true;
}

QString LayoutStore::lastUsed() const
{
    return QSettings().value(kLastUsedKey).toString();
}

void LayoutStore::setLastUsed(const QString& name)
{
    QSettings().setValue(kLastUsedKey, name);
}

QString LayoutStore::uniqueName(const QString& wanted) const
{
    const QString base = wanted.trimmed().isEmpty() ? tr("Imported layout") : wanted.trimmed();
    QString name = base;
    for (int i = 2; contains(name); ++i)
        name = QStringLiteral("%1 (%2)").arg(base).arg(i);
    return name;
}

Layout LayoutStore::capture(const QMainWindow& window, const QString& name)
{
    Layout l;
    l.name = name;
    l.version = kFormatVersion;
    l.state = window.saveState(kFormatVersion);
    l.geometry = window.saveGeometry();
    l.front = frontDocks(window);
    l.sizes = WindowFit::capture(window);
    return l;
}

QStringList LayoutStore::frontDocks(const QMainWindow& window)
{
    // The dock tab bars are the window's own children; each tab's data is the address of
    // its QDockWidget (QDockAreaLayout), checked against the window's docks before use.
    const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
    QStringList front;
    for (const QTabBar* bar : window.findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (bar->count() < 2 || bar->currentIndex() < 0)
            continue;
        const auto id = bar->tabData(bar->currentIndex()).value<quintptr>();
        for (QDockWidget* d : docks) {
            if (reinterpret_cast<quintptr>(d) == id && !d->objectName().isEmpty())
                front << d->objectName();
        }
    }
    front.sort();
    return front;
}

bool LayoutStore::apply(const Layout& layout, QMainWindow* window, QString* error)
{
    if (layout.version != kFormatVersion) {
        setError(error,
            tr("Layout “%1” has format %2; this Strata reads format %3.")
                .arg(layout.name)
                .arg(layout.version)
                .arg(kFormatVersion));
        return false;
    }
    if (!window->restoreState(layout.state, kFormatVersion)) {
        setError(error, tr("Layout “%1” could not be applied: its window state is damaged.").arg(layout.name));
        return false;
    }
    if (!layout.geometry.isEmpty() && !window->restoreGeometry(layout.geometry))
        setError(error, tr("Layout “%1”: the window size could not be restored.").arg(layout.name));
    for (const QString& name : layout.front) {
        if (auto* d = window->findChild<QDockWidget*>(name); d && !d->isHidden() && !d->isFloating())
            d->raise();
    }
    return true;
}

bool LayoutStore::save(const QString& name, const QMainWindow& window)
{
    if (name.trimmed().isEmpty())
        return false;
    put(capture(window, name.trimmed()));
    setLastUsed(name.trimmed());
    return true;
}

bool LayoutStore::restore(const QString& name, QMainWindow* window, QString* error)
{
    const std::optional<Layout> l = get(name, error);
    if (!l || !apply(*l, window, error))
        return false;
    setLastUsed(name);
    return true;
}

void LayoutStore::saveSession(const Layout& layout)
{
    write(kSessionGroup, layout);
}

std::optional<Layout> LayoutStore::session(QString* error) const
{
    return read(kSessionGroup, tr("last session"), error);
}

bool LayoutStore::writeFile(const Layout& layout, const QString& path, QString* error)
{
    QJsonObject o;
    o.insert(QStringLiteral("format"), QLatin1String(kFileFormat));
    o.insert(QStringLiteral("name"), layout.name);
    o.insert(QStringLiteral("version"), layout.version);
    o.insert(QStringLiteral("state"), QString::fromLatin1(layout.state.toBase64()));
    o.insert(QStringLiteral("geometry"), QString::fromLatin1(layout.geometry.toBase64()));
    o.insert(QStringLiteral("front"), QJsonArray::fromStringList(layout.front));
    if (!layout.sizes.isEmpty())
        o.insert(QStringLiteral("sizes"), layout.sizes.toJson());
    o.insert(QStringLiteral("checksum"), checksum(layout.state, layout.geometry));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        setError(error, tr("Cannot write %1: %2").arg(path, f.errorString()));
        return false;
    }
    f.write(QJsonDocument(o).toJson(QJsonDocument::Indented));
    if (!f.commit()) {
        setError(error, tr("Cannot write %1: %2").arg(path, f.errorString()));
        return false;
    }
    return true;
}

std::optional<Layout> LayoutStore::readFile(const QString& path, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        setError(error, tr("Cannot read %1: %2").arg(path, f.errorString()));
        return std::nullopt;
    }
    if (f.size() > 4 * 1024 * 1024) {
        setError(error, tr("%1 is too large to be a layout file.").arg(path));
        return std::nullopt;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isObject()) {
        setError(error, tr("%1 is not a layout file: %2 (at byte %3).").arg(path, pe.errorString()).arg(pe.offset));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() != QLatin1String(kFileFormat)) {
        setError(error, tr("%1 is not a Strata layout file.").arg(path));
        return std::nullopt;
    }
    Layout l;
    l.name = o.value(QStringLiteral("name")).toString();
    l.version = o.value(QStringLiteral("version")).toInt(-1);
    if (l.version != kFormatVersion) {
        setError(error,
            tr("%1 has layout format %2; this Strata reads format %3.")
                .arg(path, o.value(QStringLiteral("version")).toVariant().toString())
                .arg(kFormatVersion));
        return std::nullopt;
    }
    const auto state = fromBase64(o.value(QStringLiteral("state")).toString());
    const QString geometryText = o.value(QStringLiteral("geometry")).toString();
    const auto geometry = geometryText.isEmpty() ? std::optional<QByteArray>(QByteArray()) : fromBase64(geometryText);
    if (!state || !geometry) {
        setError(error, tr("%1 is damaged: its window state is not valid base64.").arg(path));
        return std::nullopt;
    }
    const QJsonValue sum = o.value(QStringLiteral("checksum"));
    if (!sum.isString()) {
        setError(error, tr("%1 has no checksum (an older Strata wrote it?): export the layout again.").arg(path));
        return std::nullopt;
    }
    if (sum.toString() != checksum(*state, *geometry)) {
        setError(error, tr("%1 is damaged: its window state does not match its checksum.").arg(path));
        return std::nullopt;
    }
    l.state = *state;
    l.geometry = *geometry;
    for (const QJsonValue v : o.value(QStringLiteral("front")).toArray()) { // absent in older files
        if (v.isString())
            l.front << v.toString();
    }
    l.sizes = WindowFit::Sizes::fromJson(o.value(QStringLiteral("sizes")).toObject());
    return l;
}

} // namespace strata::app
