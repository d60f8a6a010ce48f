#include "collectivetablemodel.h"

#include <analysis/collectives/collectivekind.h>
#include <common/unitformat.h>
#include <report/csv.h>

#include <QStringList>

namespace strata::widgets {

namespace {
// How many ranks' waits a name's tooltip lists before "…".
constexpr size_t kTooltipRanks = 16;
} // namespace

CollectiveTableModel::CollectiveTableModel(QObject* parent)
    : NumberTableModel(ColumnCount, parent)
{
}

void CollectiveTableModel::setJob(std::shared_ptr<const analysis::JobIndex> job)
{
    beginResetModel();
    m_job = job && job->isJob() ? std::move(job) : nullptr;
    endResetModel();
}

const analysis::MatchedCollective* CollectiveTableModel::collective(int row) const
{
    if (!m_job || row < 0 || size_t(row) >= m_job->analysis().collectives.size())
        return nullptr;
    return &m_job->analysis().collectives[size_t(row)];
}

int CollectiveTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_job ? 0 : int(m_job->analysis().collectives.size());
}

QString CollectiveTableModel::columnTitle(int column) const
{
    switch (Column(column)) {
    case Index: return tr("#");
    case Name: return tr("Collective");
    case Ranks: return tr("Ranks");
    case Skew: return tr("Skew");
    case MinDuration: return tr("Min duration");
    case LastRank: return tr("Last rank");
    case ColumnCount: break;
    }
    return QString();
}

QVariant CollectiveTableModel::cellAlignment(int column)
{
    // The name is the only text: the index, first, is a number.
    return QVariant((column == Name ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
}

QVariant CollectiveTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole)
        return cellAlignment(section);
    if (orientation != Qt::Horizontal || role != Qt::ToolTipRole)
        return NumberTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Index: return tr("The collective's number, in order of its first arrival");
    case Name: return tr("The communication kernel matched across ranks (the n-th of its name and stream)");
    case Ranks: return tr("Ranks that take part");
    case Skew: return tr("Last start - first start");
    case MinDuration: return tr("The shortest duration across ranks: the collective's work net of waiting");
    case LastRank: return tr("The rank that arrived last");
    case ColumnCount: break;
    }
    return QVariant();
}

QString CollectiveTableModel::rankName(int rankIndex) const
{
    if (rankIndex < 0 || size_t(rankIndex) >= m_job->layout().ranks().size())
        return QString();
    return QString::number(m_job->layout().ranks()[size_t(rankIndex)].rank);
}

QVariant CollectiveTableModel::sortValue(const analysis::MatchedCollective& c, int column) const
{
    switch (Column(column)) {
    case Index: return quint64(c.index);
    case Name: return QString::fromStdString(c.name);
    case Ranks: return quint64(c.ranks.size());
    case Skew: return qint64(c.skewNs);
    case MinDuration: return qint64(c.minDurNs);
    case LastRank: return c.lastRank < 0 ? qint64(-1) : qint64(m_job->layout().ranks()[size_t(c.lastRank)].rank);
    case ColumnCount: break;
    }
    return QVariant();
}

QString CollectiveTableModel::waitsText(const analysis::MatchedCollective& c) const
{
    // A channel is "pg NAME", "stream 7" or a bare stream number, as the trace names it.
    QString channel = QString::fromStdString(c.channel);
    if (!channel.isEmpty() && channel.front().isDigit())
        channel.prepend(tr("stream "));
    QStringList lines { QString::fromStdString(c.name), tr("kernel #%1 on %2").arg(c.ordinal).arg(channel) };
    for (size_t k = 0; k < c.ranks.size() && k < kTooltipRanks; ++k)
        lines << tr("rank %1 waited %2").arg(rankName(int(c.ranks[k])), UnitFormat::duration(c.waits[k]));
    if (c.ranks.size() > kTooltipRanks)
        lines << tr("… and %1 more ranks").arg(c.ranks.size() - kTooltipRanks);
    return lines.join('\n');
}

QVariant CollectiveTableModel::data(const QModelIndex& index, int role) const
{
    const analysis::MatchedCollective* c = index.isValid() ? collective(index.row()) : nullptr;
    if (!c || index.column() >= ColumnCount)
        return QVariant();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(column)) {
        case Index: return QString::number(c->index);
        case Name: return QString::fromStdString(analysis::CollectiveKind::of(c->name));
        case Ranks: return UnitFormat::count(c->ranks.size());
        case Skew: return UnitFormat::duration(c->skewNs);
        case MinDuration: return UnitFormat::duration(c->minDurNs);
        case LastRank: return rankName(c->lastRank);
        case ColumnCount: break;
        }
        return QVariant();
    case SortRole: return sortValue(*c, column);
    case Qt::ToolTipRole:
        if (column == Name)
            return waitsText(*c);
        if (column == Skew || column == MinDuration)
            return tr("%1 ns").arg(sortValue(*c, column).toLongLong());
        return QVariant();
    case Qt::TextAlignmentRole: return cellAlignment(column);
    default: return QVariant();
    }
}

std::string CollectiveTableModel::csv() const
{
    if (!m_job)
        return {};
    std::string out = "index,name,ranks,skew_ns,min_dur_ns,last_rank\n";
    for (const analysis::MatchedCollective& c : m_job->analysis().collectives)
        out += std::to_string(c.index) + "," + report::Csv::field(c.name) + "," + std::to_string(c.ranks.size()) + ","
            + std::to_string(c.skewNs) + "," + std::to_string(c.minDurNs) + "," + rankName(c.lastRank).toStdString()
            + "\n";
    return out;
}

} // namespace strata::widgets
