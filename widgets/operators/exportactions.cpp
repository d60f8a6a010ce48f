#include "exportactions.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

namespace strata::widgets {

namespace {
const char* const kDirKey = "exportDirectory";
}

QAction* ExportActions::add(
    QMenu* menu, QWidget* parent, const QString& label, const QString& baseName, const QString& extension, TextFn text)
{
    return menu->addAction(label, parent, [parent, baseName, extension, text = std::move(text)] {
        if (text)
            save(parent, baseName, extension, text());
    });
}

void ExportActions::addPair(QMenu* menu, QWidget* parent, const QString& baseName, TextFn csv, TextFn json)
{
    if (csv)
        add(menu, parent, QObject::tr("Export as &CSV…"), baseName, QStringLiteral("csv"), std::move(csv));
    if (json)
        add(menu, parent, QObject::tr("Export as &JSON…"), baseName, QStringLiteral("json"), std::move(json));
}

QString ExportActions::safeName(const QString& name)
{
    QString out;
    for (const QChar c : name) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('.'))
            out += c;
        else if (!out.endsWith(QLatin1Char('_')))
            out += QLatin1Char('_');
    }
    return out.left(80);
}

bool ExportActions::save(QWidget* parent, const QString& baseName, const QString& extension, const std::string& text)
{
    QSettings settings;
    QString dir = settings.value(kDirKey).toString();
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString filter = extension == QLatin1String("csv") ? QObject::tr("CSV files (*.csv);;All files (*)")
                                                             : QObject::tr("JSON files (*.json);;All files (*)");
    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export %1").arg(extension.toUpper()),
        QDir(dir).filePath(baseName + QLatin1Char('.') + extension), filter);
    if (path.isEmpty())
        return false;
    settings.setValue(kDirKey, QFileInfo(path).absolutePath());
    QString error;
    if (!writeFile(path, text, &error)) {
        QMessageBox::warning(parent, QObject::tr("Export"), error);
        return false;
    }
    return true;
}

bool ExportActions::writeFile(const QString& path, const std::string& text, QString* error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) != qint64(text.size())
        || !f.commit()) {
        if (error)
            *error = QObject::tr("Could not write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace strata::widgets
