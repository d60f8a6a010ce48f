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
    QString info = reasonOf(path, error).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
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

void LoadErrorBox::openJobProblems(QWidget* parent, const QString& name, const QString& problems)
{
    const int count = int(problems.count(QLatin1Char('\n'))) + 1;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Opened %1 in part").arg(name),
        count == 1 ? tr("<b>“%1” is open without one of its files.</b>").arg(name.toHtmlEscaped())
                   : tr("<b>“%1” is open without %2 of its files.</b>").arg(name.toHtmlEscaped()).arg(count),
        QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("jobProblemsBox"));
    box->setInformativeText(tr("The other ranks are shown. A file cut short shows its events up to the cut.")
        + QStringLiteral("<br><br>") + problems.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    box->setDetailedText(problems);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace strata::app
