#include "preferencesdialog.h"

#include <common/themepalette.h>

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

namespace strata::app {

using Keep = SidecarLocation::Keep;

PreferencesDialog::PreferencesDialog(const Preferences& current, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferencesDialog"));

    auto* markers = new QGroupBox(tr("Keep markers"), this);
    auto* dataFolder = new QRadioButton(tr("Always in Strata's data folder"), markers);
    dataFolder->setObjectName(QStringLiteral("keepMarkersInDataFolder"));
    dataFolder->setToolTip(tr("Nothing is written next to the profiles you open"));
    auto* nextTo = new QRadioButton(tr("Next to the profile when possible"), markers);
    nextTo->setObjectName(QStringLiteral("keepMarkersNextToProfile"));
    nextTo->setToolTip(tr("As <profile>.strata-annotations.json, when the profile's folder is yours and can be "
                          "written; otherwise in the data folder"));
    m_keepMarkers = new QButtonGroup(this);
    m_keepMarkers->addButton(dataFolder, int(Keep::DataFolder));
    m_keepMarkers->addButton(nextTo, int(Keep::NextToProfile));
    m_keepMarkers->button(int(current.keepMarkers))->setChecked(true);
    auto* note = new QLabel(tr("Markers saved before stay where they are and are still found."), markers);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    auto* col = new QVBoxLayout(markers);
    col->addWidget(dataFolder);
    col->addWidget(nextTo);
    col->addWidget(note);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("preferencesError"));
    m_error->setWordWrap(true);
    m_error->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(markers);
    layout->addWidget(m_error);
    layout->addStretch(1);
    layout->addWidget(buttons);
}

Preferences PreferencesDialog::chosen() const
{
    Preferences p;
    p.keepMarkers = Keep(m_keepMarkers->checkedId());
    return p;
}

QString PreferencesDialog::error() const
{
    return m_error->text();
}

void PreferencesDialog::accept()
{
    const Preferences p = chosen();
    QString why;
    if (!p.save(&why)) {
        m_error->setText(why);
        m_error->setStyleSheet(QStringLiteral("color: %1").arg(widgets::ThemePalette::from(palette()).error.name()));
        m_error->show();
        return;
    }
    m_error->clear();
    m_error->hide();
    emit saved(p);
    QDialog::accept();
}

} // namespace strata::app
