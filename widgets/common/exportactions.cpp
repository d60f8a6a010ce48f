#include "exportactions.h"

#include <common/lastfolder.h>

#include <analysis/operators/operatortree.h>
#include <report/operatortablereport.h>
#include <report/operatortreereport.h>

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>

namespace strata::widgets {

namespace {
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
    const QString dir = LastFolder::get(LastFolder::kData, QStandardPaths::DocumentsLocation);
    const QString filter = extension == QLatin1String("csv") ? QObject::tr("CSV files (*.csv);;All files (*)")
                                                             : QObject::tr("JSON files (*.json);;All files (*)");
    const QString path = QFileDialog::getSaveFileName(parent, QObject::tr("Export %1").arg(extension.toUpper()),
        QDir(dir).filePath(baseName + QLatin1Char('.') + extension), filter);
    if (path.isEmpty())
        return false;
    LastFolder::remember(LastFolder::kData, path);
    QString error;
    if (!writeFile(path, text, &error)) {
        QMessageBox::warning(parent, QObject::tr("Export"), error);
        return false;
    }
    return true;
}

std::string ExportActions::operatorText(
    const analysis::OperatorTree* tree, const std::optional<store::TimeRange>& range, OperatorText what)
{
    if (!tree)
        return std::string();
    switch (what) {
    case OperatorText::TableCsv: return report::OperatorTableReport(tree->table).csv();
    case OperatorText::TableJson: return report::OperatorTableReport(tree->table, range).json();
    case OperatorText::TreeCsv: return report::OperatorTreeReport(*tree).csv();
    case OperatorText::TreeJson: return report::OperatorTreeReport(*tree, range).json();
    }
    return std::string();
}

void ExportActions::addOperatorExports(
    QMenu* menu, QWidget* parent, const analysis::OperatorTree* tree, std::function<std::string(OperatorText)> text)
{
    const QString level = tree ? QString::fromLatin1(analysis::operatorLevelName(tree->levels.front())) : QString();
    const QString base = QStringLiteral("operators-%1")
                             .arg(QString::fromLatin1(analysis::operatorLevelName(
                                 tree ? tree->levels.front() : analysis::OperatorLevel::Op)));
    auto entry = [&](const QString& label, const QString& name, const char* extension, OperatorText what) {
        QAction* a
            = add(menu, parent, label, name, QString::fromLatin1(extension), [text, what] { return text(what); });
        a->setEnabled(tree != nullptr);
        return a;
    };
    QAction* csv = entry(QObject::tr("Export %1 Table as CSV…").arg(level), base, "csv", OperatorText::TableCsv);
    QAction* json = entry(QObject::tr("Export %1 Table as JSON…").arg(level), base, "json", OperatorText::TableJson);
    csv->setToolTip(QObject::tr("The top level, as strata-cli ops prints it"));
    json->setToolTip(csv->toolTip());
    entry(QObject::tr("Export Tree as CSV…"), base + QStringLiteral("-tree"), "csv", OperatorText::TreeCsv);
    entry(QObject::tr("Export Tree as JSON…"), base + QStringLiteral("-tree"), "json", OperatorText::TreeJson);
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
