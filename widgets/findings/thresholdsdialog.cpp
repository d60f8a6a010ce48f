#include "thresholdsdialog.h"

#include "findingsmodel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace strata::widgets {

using analysis::FindingThresholds;

QString ThresholdsDialog::settingsKey(const char* key)
{
    return QStringLiteral("findings/thresholds/") + QString::fromLatin1(key);
}

FindingThresholds ThresholdsDialog::load(const QSettings& settings)
{
    FindingThresholds t;
    for (const FindingThresholds::Spec& s : FindingThresholds::specs()) {
        const QVariant v = settings.value(settingsKey(s.key));
        bool ok = false;
        const double d = v.toDouble(&ok);
        if (v.isValid() && ok)
            t.set(s.key, d);
    }
    return t;
}

void ThresholdsDialog::save(QSettings& settings, const FindingThresholds& thresholds)
{
    for (const FindingThresholds::Spec& s : FindingThresholds::specs()) {
        const double v = thresholds.get(s.key);
        if (v == s.defaultValue)
            settings.remove(settingsKey(s.key));
        else
            settings.setValue(settingsKey(s.key), v);
    }
}

ThresholdsDialog::ThresholdsDialog(const FindingThresholds& thresholds, QWidget* parent)
    : QDialog(parent)
    , m_start(thresholds)
{
    setObjectName(QStringLiteral("findingsThresholds"));
    setWindowTitle(tr("Findings Thresholds"));
    const auto& specs = FindingThresholds::specs();
    m_table = new QTableWidget(int(specs.size()), ColumnCount, this);
    m_table->setHorizontalHeaderLabels({ tr("Threshold"), tr("Meaning"), tr("Default"), tr("Value") });
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::AllEditTriggers);
    for (int row = 0; row < int(specs.size()); ++row) {
        const FindingThresholds::Spec& s = specs[size_t(row)];
        auto fixed = [](const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            return item;
        };
        m_table->setItem(row, Key, fixed(QString::fromLatin1(s.key)));
        m_table->setItem(row, Meaning, fixed(QString::fromLatin1(s.meaning)));
        m_table->setItem(row, Default, fixed(FindingsModel::formatNumber(s.defaultValue, s.unit)));
        m_table->item(row, Default)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* value = new QTableWidgetItem;
        value->setData(Qt::EditRole, thresholds.get(s.key));
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        value->setToolTip(tr("In %1; the rule fires when its value reaches this").arg(QString::fromLatin1(s.unit)));
        m_table->setItem(row, Value, value);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(Meaning, QHeaderView::Stretch);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* reset = buttons->addButton(tr("Reset to Defaults"), QDialogButtonBox::ResetRole);
    reset->setObjectName(QStringLiteral("findingsThresholdsReset"));
    connect(reset, &QPushButton::clicked, this, &ThresholdsDialog::resetToDefaults);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* note = new QLabel(tr("A rule fires when its value reaches its threshold. Changed values are kept for "
                               "every profile this Strata opens."),
        this);
    note->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(760, 460);
}

FindingThresholds ThresholdsDialog::thresholds() const
{
    FindingThresholds t;
    const auto& specs = FindingThresholds::specs();
    for (int row = 0; row < int(specs.size()); ++row) {
        bool ok = false;
        const double v = m_table->item(row, Value)->data(Qt::EditRole).toDouble(&ok);
        const char* key = specs[size_t(row)].key;
        if (!ok || !t.set(key, v))
            t.set(key, m_start.get(key));
    }
    return t;
}

void ThresholdsDialog::resetToDefaults()
{
    const auto& specs = FindingThresholds::specs();
    for (int row = 0; row < int(specs.size()); ++row)
        m_table->item(row, Value)->setData(Qt::EditRole, specs[size_t(row)].defaultValue);
}

} // namespace strata::widgets
