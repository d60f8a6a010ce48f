#include "imageexport.h"

#include "lastfolder.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QWidget>

#include <cmath>

namespace strata::widgets {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ImageExport", text);
}

} // namespace

ImageExport::Format ImageExport::formatOf(const QString& path)
{
    return path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive) ? Format::Svg : Format::Png;
}

bool ImageExport::write(QWidget* view, const QString& path, double scale, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, why);
        return false;
    };
    if (!view || view->size().isEmpty())
        return fail(tr("the view has no size (is it shown?)"));
    if (!(scale >= 1 && scale <= 8))
        scale = 1;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    const QSize size = view->size();
    if (formatOf(path) == Format::Svg) {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(), size));
        svg.setTitle(view->window()->windowTitle());
        svg.setDescription(tr("Exported from Strata"));
        QPainter p(&svg);
        view->render(&p, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
        p.end();
    } else {
        QImage image(QSize(int(std::lround(size.width() * scale)), int(std::lround(size.height() * scale))),
            QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale); // the view paints in its own coordinates, finer
        image.fill(view->palette().color(view->backgroundRole()));
        view->render(&image, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
        if (!image.save(&file, "PNG"))
            return fail(tr("the PNG encoder failed"));
    }
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

QString ImageExport::fileFilter()
{
    return tr("PNG image (*.png);;SVG drawing (*.svg)");
}

QString ImageExport::suggestedPath(const QWidget* view, const QString& baseName)
{
    const QString folder = LastFolder::forProfile(
        LastFolder::profileOf(view), LastFolder::kImage, LastFolder::Access::Write, QStandardPaths::PicturesLocation);
    return QDir(folder).filePath(baseName + QStringLiteral(".png"));
}

void ImageExport::rememberFolder(const QString& path)
{
    LastFolder::remember(LastFolder::kImage, path);
}

QString ImageExport::confirmation(const QString& path)
{
    return tr("Exported the image to %1").arg(QDir::toNativeSeparators(path));
}

void ImageExport::confirm(QWidget* view, const QString& path)
{
    if (auto* window = qobject_cast<QMainWindow*>(view ? view->window() : nullptr))
        window->statusBar()->showMessage(confirmation(path), 8000);
}

QString ImageExport::save(QWidget* view, const QString& baseName, double scale)
{
    QString path = QFileDialog::getSaveFileName(
        view->window(), tr("Export as Image"), suggestedPath(view, baseName), fileFilter());
    if (path.isEmpty())
        return QString();
    rememberFolder(path);
    QString error;
    if (!write(view, path, scale, &error)) {
        QMessageBox::warning(view->window(), tr("Export as Image"), error);
        return QString();
    }
    confirm(view, path);
    return path;
}

QAction* ImageExport::addToMenu(QMenu* menu, QWidget* view, const QString& baseName)
{
    return menu->addAction(tr("Export as Image…"), view, [view, baseName] { save(view, baseName); });
}

} // namespace strata::widgets
