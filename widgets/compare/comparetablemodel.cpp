#include "comparetablemodel.h"

#include <common/deltaformat.h>
#include <common/unitformat.h>

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace strata::widgets {

using analysis::CompareRow;
using analysis::CompareStatus;

namespace {

store::TimeNs roundNs(double ns)
{
    return store::TimeNs(std::llround(ns));
}

QString joined(const std::vector<std::string>& names)
{
    QStringList out;
    for (const std::string& n : names)
        out << QString::fromStdString(n);
    return out.join(QStringLiteral(", "));
}

} // namespace

CompareTableModel::CompareTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CompareTableModel::setResult(std::shared_ptr<const analysis::CompareResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    m_maxAbsDelta = 0;
    if (m_result) {
        for (const CompareRow& r : m_result->rows)
            m_maxAbsDelta = std::max(m_maxAbsDelta, std::fabs(r.deltaNs));
    }
    endResetModel();
}

const CompareRow* CompareTableModel::rowAt(int row) const
{
    if (!m_result || row < 0 || size_t(row) >= m_result->rows.size())
        return nullptr;
    return &m_result->rows[size_t(row)];
}

int CompareTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->rows.size());
}

int CompareTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CompareTableModel::statusText(CompareStatus status)
{
    switch (status) {
    case CompareStatus::Added: return tr("Added");
    case CompareStatus::Removed: return tr("Removed");
    case CompareStatus::Slower: return tr("Slower");
    case CompareStatus::Faster: return tr("Faster");
    case CompareStatus::Unchanged: break;
    }
    return tr("Unchanged");
}

QString CompareTableModel::signedDuration(double ns)
{
    return DeltaFormat::signedValue(
        double(roundNs(ns)), [](double v) { return UnitFormat::duration(store::TimeNs(v)); });
}

QString CompareTableModel::deltaPctText(const std::optional<double>& pct)
{
    if (!pct)
        return QString();
    const double p = *pct;
    const QString magnitude = UnitFormat::percent(std::fabs(p));
    if (magnitude == UnitFormat::percent(0))
        return magnitude;
    return (p > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + magnitude;
}

QString CompareTableModel::countText(double count)
{
    const double whole = std::round(count);
    if (std::fabs(count - whole) < 1e-9)
        return UnitFormat::count(qint64(whole));
    return QString::number(count, 'f', 2);
}

QVariant CompareTableModel::display(const CompareRow& r, int column) const
{
    const bool inA = r.aCount > 0, inB = r.bCount > 0;
    switch (column) {
    case Name: return QString::fromStdString(r.name);
    case Status: return statusText(r.status);
    case ACount: return countText(r.aCount);
    case BCount: return countText(r.bCount);
    case ATotal: return inA ? UnitFormat::duration(roundNs(r.aTotalNs)) : QString();
    case BTotal: return inB ? UnitFormat::duration(roundNs(r.bTotalNs)) : QString();
    case DeltaTotal: return signedDuration(r.deltaNs);
    case DeltaPct: return deltaPctText(r.deltaPct);
    case AAvg: return inA ? UnitFormat::duration(roundNs(r.aAvgNs)) : QString();
    case BAvg: return inB ? UnitFormat::duration(roundNs(r.bAvgNs)) : QString();
    case DeltaAvg: return inA && inB ? signedDuration(r.deltaAvgNs) : QString();
    default: return {};
    }
}

QVariant CompareTableModel::sortValue(const CompareRow& r, int column) const
{
    switch (column) {
    case Name: return QString::fromStdString(r.name);
    case Status: return int(r.status);
    case ACount: return r.aCount;
    case BCount: return r.bCount;
    case ATotal: return r.aTotalNs;
    case BTotal: return r.bTotalNs;
    case DeltaTotal: return std::fabs(r.deltaNs);
    case DeltaPct:
        // No Δ % (added rows) sorts above every finite change: B has something A has not.
        return r.deltaPct ? *r.deltaPct : std::numeric_limits<double>::infinity();
    case AAvg: return r.aAvgNs;
    case BAvg: return r.bAvgNs;
    case DeltaAvg: return std::fabs(r.deltaAvgNs);
    default: return {};
    }
}

QString CompareTableModel::toolTip(const CompareRow& r) const
{
    QString tip = QString::fromStdString(r.name);
    if (r.normalisedMatch)
        tip += QLatin1Char('\n')
            + tr("matched after normalising instance numbers: A: %1 / B: %2").arg(joined(r.aNames), joined(r.bNames));
    else if (!r.aNames.empty() && r.aNames.size() + r.bNames.size() > 2)
        tip += QLatin1Char('\n') + tr("A: %1 / B: %2").arg(joined(r.aNames), joined(r.bNames));
    return tip;
}

QVariant CompareTableModel::data(const QModelIndex& index, int role) const
{
    const CompareRow* r = rowAt(index.row());
    if (!r || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole: return display(*r, index.column());
    case SortRole: return sortValue(*r, index.column());
    case StatusRole: return int(r->status);
    case DeltaBarRole:
        if (index.column() != DeltaTotal)
            return {};
        return m_maxAbsDelta > 0 ? r->deltaNs / m_maxAbsDelta : 0.0;
    case Qt::ToolTipRole: return toolTip(*r);
    case Qt::TextAlignmentRole:
        return index.column() <= Status ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        static const char* const kTitles[ColumnCount] = { "Name", "Status", "A count", "B count", "A total", "B total",
            "\u0394 total", "\u0394 %", "A avg", "B avg", "\u0394 avg" };
        return section >= 0 && section < ColumnCount ? tr(kTitles[section]) : QVariant();
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case DeltaTotal:
            return tr("B total − A total; the bar is its share of the largest change (red: slower, green: "
                      "faster)");
        case DeltaPct: return tr("Δ total in percent of A total");
        case Status: return tr("Unchanged: |Δ %| under the threshold");
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return section <= Status ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                 : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

} // namespace strata::widgets
