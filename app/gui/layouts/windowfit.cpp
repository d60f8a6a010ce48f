#include "windowfit.h"

#include <QDockWidget>
#include <QJsonArray>
#include <QLayout>
#include <QMainWindow>

#include <algorithm>
#include <cmath>

namespace strata::app {

namespace {

constexpr int kMaxPixels = 100000;

bool sane(const QSize& s)
{
    return s.width() > 0 && s.height() > 0 && s.width() <= kMaxPixels && s.height() <= kMaxPixels;
}

// A docked dock the user sees. Docks behind another's tab stay visible to Qt, parked
// outside the window with a stale size; their size says nothing of the arrangement.
bool onScreen(const QMainWindow& window, const QDockWidget* d)
{
    return d->isVisible() && !d->isFloating() && d->geometry().intersects(window.rect());
}

QJsonArray pair(const QSize& s)
{
    return QJsonArray { s.width(), s.height() };
}

QSize sizeOf(const QJsonValue& v)
{
    const QJsonArray a = v.toArray();
    if (a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
        return {};
    const double w = a[0].toDouble(), h = a[1].toDouble();
    if (!(w > 0 && w <= kMaxPixels && h > 0 && h <= kMaxPixels))
        return {};
    return { int(w), int(h) };
}

} // namespace

QRect WindowFit::initialGeometry(const QRect& available)
{
    const QSize size(std::clamp(available.width() * 9 / 10, std::min(900, available.width()), 1600),
        std::clamp(available.height() * 9 / 10, std::min(600, available.height()), 1000));
    QRect r(QPoint(), size);
    r.moveCenter(available.center());
    return r;
}

bool WindowFit::prefersMaximized(const QRect& available)
{
    return available.width() < 1500 || available.height() < 860;
}

QRect WindowFit::fitted(const QRect& frame, const QRect& available)
{
    if (!available.isValid() || !frame.isValid())
        return frame;
    QSize size = frame.size();
    if (size.width() > available.width() || size.height() > available.height())
        size.scale(available.size(), Qt::KeepAspectRatio);
    QRect r(frame.topLeft(), size);
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - r.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - r.height() + 1));
    return r;
}

QJsonObject WindowFit::Sizes::toJson() const
{
    QJsonObject docksJson;
    for (auto it = docks.cbegin(); it != docks.cend(); ++it)
        docksJson.insert(it.key(), pair(it.value()));
    return QJsonObject { { QStringLiteral("window"), pair(window) }, { QStringLiteral("docks"), docksJson } };
}

WindowFit::Sizes WindowFit::Sizes::fromJson(const QJsonObject& o)
{
    Sizes s;
    s.window = sizeOf(o.value(QStringLiteral("window")));
    const QJsonObject d = o.value(QStringLiteral("docks")).toObject();
    for (auto it = d.begin(); it != d.end(); ++it) {
        if (const QSize size = sizeOf(it.value()); size.isValid() && !it.key().isEmpty())
            s.docks.insert(it.key(), size);
    }
    return s;
}

WindowFit::Sizes WindowFit::capture(const QMainWindow& window)
{
    Sizes s;
    s.window = window.size();
    for (const QDockWidget* d : window.findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (onScreen(window, d) && !d->objectName().isEmpty() && sane(d->size()))
            s.docks.insert(d->objectName(), d->size());
    }
    return s;
}

void WindowFit::scaleDocks(QMainWindow& window, const Sizes& saved)
{
    if (saved.isEmpty() || !sane(window.size()))
        return;
    const double sx = double(window.width()) / saved.window.width();
    const double sy = double(window.height()) / saved.window.height();
    if (std::abs(sx - 1) < 0.02 && std::abs(sy - 1) < 0.02)
        return;
    if (window.layout())
        window.layout()->activate(); // the restored state must be laid out before it is resized
    QList<QDockWidget*> docks;
    QList<int> widths, heights;
    for (auto it = saved.docks.cbegin(); it != saved.docks.cend(); ++it) {
        auto* d = window.findChild<QDockWidget*>(it.key(), Qt::FindDirectChildrenOnly);
        if (!d || !onScreen(window, d))
            continue;
        docks << d;
        widths << std::max(1, int(std::lround(it.value().width() * sx)));
        heights << std::max(1, int(std::lround(it.value().height() * sy)));
    }
    if (docks.isEmpty())
        return;
    window.resizeDocks(docks, widths, Qt::Horizontal);
    window.resizeDocks(docks, heights, Qt::Vertical);
}

} // namespace strata::app
