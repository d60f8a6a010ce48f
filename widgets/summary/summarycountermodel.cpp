#include "summarycountermodel.h"

#include <common/summaryformat.h>
#include <common/unitformat.h>

#include <limits>

namespace strata::widgets {

using analysis::CounterSummaryRow;

size_t SummaryCounterModel::rowsIn(const analysis::TraceSummary& s) const
{
    return s.counters.size();
}

SummaryGroupModel::RowKey SummaryCounterModel::keyOf(const analysis::TraceSummary& s, size_t row) const
{
    const CounterSummaryRow& r = s.counters[row];
    return { r.process, r.processLabel, r.counter.v };
}

QVariant SummaryCounterModel::rowData(const analysis::TraceSummary& s, size_t row, int column, int role) const
{
    const CounterSummaryRow& c = s.counters[row];
    const std::optional<double>* value = column == Min ? &c.min
        : column == Mean                               ? &c.mean
        : column == Max                                ? &c.max
                                                       : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        if (column == Counter)
            return QString::fromStdString(c.name);
        if (column == Samples)
            return UnitFormat::count(c.samples);
        return value ? SummaryFormat::optional(*value, &SummaryFormat::counterValue) : QString();
    case ValueRole:
        if (column == Counter)
            return QString::fromStdString(c.name);
        if (column == Samples)
            return qulonglong(c.samples);
        return value && *value ? QVariant(**value) : QVariant();
    case SortRole:
        if (column == Counter)
            return QString::fromStdString(c.name).toLower();
        if (column == Samples)
            return double(c.samples);
        return value && *value ? **value : -std::numeric_limits<double>::infinity();
    case IdRole: return c.counter.v;
    case Qt::TextAlignmentRole:
        return QVariant((column == Counter ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == Counter)
            return QStringLiteral("<b>%1</b><br>%2")
                .arg(QString::fromStdString(c.name).toHtmlEscaped(),
                    QString::fromStdString(c.processLabel).toHtmlEscaped());
        if (column == Samples)
            return tr("Samples in effect at some time of the window");
        if (value && *value)
            return column == Mean
                ? tr("%1, time-weighted over the part of the window the series covers").arg(**value, 0, 'g', 10)
                : QString::number(**value, 'g', 10);
        if (value)
            return tr("No sample is in effect in this window");
        break;
    default: break;
    }
    return QVariant();
}

QVariant SummaryCounterModel::groupData(const analysis::TraceSummary&, const Group& g, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole: return column == Counter ? QVariant(g.label) : QVariant();
    case SortRole:
        return column == Counter ? QVariant(g.label.toLower()) : QVariant(-std::numeric_limits<double>::infinity());
    case Qt::ToolTipRole:
        return column == Counter
            ? QVariant(
                QStringLiteral("<b>%1</b><br>%2")
                    .arg(g.label.toHtmlEscaped(),
                        g.rows.size() == 1 ? tr("1 counter") : tr("%1 counters").arg(UnitFormat::count(g.rows.size()))))
            : QVariant();
    default: break;
    }
    return QVariant();
}

QVariant SummaryCounterModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Counter: return tr("Counter");
        case Samples: return tr("Samples");
        case Min: return tr("Min");
        case Mean: return tr("Mean");
        case Max: return tr("Max");
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant((section == Counter ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && section == Mean)
        return tr("Time-weighted: each sample holds until the next one");
    return QVariant();
}

} // namespace strata::widgets
