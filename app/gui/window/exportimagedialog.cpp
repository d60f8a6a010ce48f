#include "exportimagedialog.h"

#include "mainwindow.h"

#include <common/imageexport.h>
#include <timeline/timelinewidget.h>

#include <QButtonGroup>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace strata::app {

ExportImageDialog::ExportImageDialog(MainWindow* window)
    : QDialog(window)
{
    setWindowTitle(tr("Export Image"));
    setObjectName(QStringLiteral("exportImageDialog"));
    auto* timeline = new QRadioButton(tr("The timeline (its visible area)"), this);
    auto* whole = new QRadioButton(tr("The whole window"), this);
    timeline->setChecked(true);
    m_what = new QButtonGroup(this);
    m_what->addButton(timeline, 0);
    m_what->addButton(whole, 1);
    const QSize t = window->timeline()->size(), w = window->size();
    m_size = new QComboBox(this);
    m_size->addItem(tr("On-screen size"), 1.0);
    m_size->addItem(tr("2× (for slides)"), 2.0);
    auto updateSizes = [this, t, w] {
        const QSize s = wholeWindow() ? w : t;
        m_size->setItemText(0, tr("On-screen size (%1 × %2)").arg(s.width()).arg(s.height()));
        m_size->setItemText(1, tr("2× for slides (%1 × %2)").arg(2 * s.width()).arg(2 * s.height()));
    };
    updateSizes();
    connect(m_what, &QButtonGroup::idClicked, this, updateSizes);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout;
    auto* what = new QVBoxLayout;
    what->addWidget(timeline);
    what->addWidget(whole);
    form->addRow(tr("Picture of:"), what);
    form->addRow(tr("Size:"), m_size);
    auto* col = new QVBoxLayout(this);
    col->addLayout(form);
    col->addWidget(buttons);
}

bool ExportImageDialog::wholeWindow() const
{
    return m_what->checkedId() == 1;
}

double ExportImageDialog::scale() const
{
    return m_size->currentData().toDouble();
}

bool ExportImageDialog::run(MainWindow* window)
{
    ExportImageDialog dialog(window);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    QWidget* view = dialog.wholeWindow() ? static_cast<QWidget*>(window) : window->timeline();
    const QString base = dialog.wholeWindow() ? QStringLiteral("strata-window") : QStringLiteral("strata-timeline");
    return !widgets::ImageExport::save(view, base, dialog.scale()).isEmpty();
}

} // namespace strata::app
