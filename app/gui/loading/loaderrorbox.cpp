#include "loaderrorbox.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QMessageBox>
#include <QWidget>

namespace strata::app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("MainWindow", text);
}

} // namespace

QString LoadErrorBox::reasonOf(const QString& path, const QString& error)
{
    const QString prefix = path + QStringLiteral(": ");
    return error.startsWith(prefix) ? error.mid(prefix.size()) : error;
}

void LoadErrorBox::open(QWidget* parent, const QString& path, const QString& error, const QString& stillOpen)
{
    const QString name = QFileInfo(path).fileName();
    QString info = reasonOf(path, error).toHtmlEscaped();
    info += QStringLiteral("<br><br><span style=\"color:%1\">%2</span>")
                .arg(parent->palette().color(QPalette::PlaceholderText).name(), path.toHtmlEscaped());
    if (!stillOpen.isEmpty())
        info += QStringLiteral("<br><br>") + tr("%1 stays open.").arg(stillOpen.toHtmlEscaped());
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Could not open %1").arg(name),
        tr("<b>Strata could not open “%1”.</b>").arg(name.toHtmlEscaped()), QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->setInformativeText(info);
    box->setDetailedText(error);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // window-modal, so the event loop (and any other load) keeps running
}

} // namespace strata::app
