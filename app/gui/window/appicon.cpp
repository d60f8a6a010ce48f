#include "appicon.h"

#include <QPainter>
#include <QPainterPath>

namespace strata::app {

namespace {

struct Bar {
    qreal x, y, w, h;
    QRgb color;
    qreal opacity;
};

// Coordinates of resources/icons/strata.svg (a 128 × 128 view box).
constexpr Bar kBars[] = {
    { 22, 25, 84, 4, 0x5d6b89, 1.0 },
    { 22, 38, 58, 18, 0x4c9bf8, 1.0 },
    { 84, 38, 22, 18, 0x4c9bf8, 0.55 },
    { 34, 62, 38, 18, 0xf3a53a, 1.0 },
    { 76, 62, 30, 18, 0x36c27e, 1.0 },
    { 22, 86, 26, 18, 0xec5a63, 1.0 },
    { 52, 86, 54, 18, 0x9a7cf2, 1.0 },
};

} // namespace

QImage AppIcon::image(int size, qreal devicePixelRatio)
{
    QImage img(QSize(size, size) * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(devicePixelRatio);
    img.fill(Qt::transparent);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    p.scale(size / 128.0, size / 128.0);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x1d, 0x24, 0x33));
    p.drawRoundedRect(QRectF(6, 6, 116, 116), 26, 26);
    for (const Bar& b : kBars) {
        QColor c = QColor::fromRgb(b.color);
        c.setAlphaF(float(b.opacity));
        p.setBrush(c);
        const qreal r = b.h > 4 ? 5 : 2;
        p.drawRoundedRect(QRectF(b.x, b.y, b.w, b.h), r, r);
    }
    p.end();
    return img;
}

QPixmap AppIcon::pixmap(int size, qreal devicePixelRatio)
{
    return QPixmap::fromImage(image(size, devicePixelRatio));
}

QIcon AppIcon::icon()
{
    QIcon icon;
    for (int s : { 16, 22, 24, 32, 48, 64, 128, 256 })
        icon.addPixmap(pixmap(s));
    return icon;
}

} // namespace strata::app
