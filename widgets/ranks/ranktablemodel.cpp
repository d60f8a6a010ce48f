#include "ranktablemodel.h"

#include <analysis/breakdown/breakdownshares.h>
#include <common/unitformat.h>
#include <report/csv.h>

#include <QApplication>
#include <QFileInfo>
#include <QFont>
#include <QStyle>

namespace strata::widgets {

RankTableModel::RankTableModel(QObject* parent)
    : NumberTableModel(ColumnCount, parent)
{
    if (qobject_cast<QApplication*>(QCoreApplication::instance()))
        m_marker = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

void RankTableModel::setJob(std::shared_ptr<const analysis::JobIndex> job)
{
    beginResetModel();
    m_job = job && job->isJob() ? std::move(job) : nullptr;
    endResetModel();
}

int RankTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_job ? 0 : int(m_job->layout().ranks().size());
}

QString RankTableModel::columnTitle(int column) const
{
    switch (Column(column)) {
    case Rank: return tr("Rank");
    case File: return tr("File");
    case StepMean: return tr("Step mean");
    case StepMax: return tr("Step max");
    case Compute: return tr("Compute");
    case Communication: return tr("Comm");
    case Idle: return tr("Idle");
    case Overlap: return tr("Overlap");
    case Wait: return tr("Wait");
    case LastArrivals: return tr("Last");
    case Offset: return tr("Offset");
    case ColumnCount: break;
    }
    return QString();
}

QVariant RankTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::ToolTipRole)
        return NumberTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Rank: return tr("The rank's number (the straggler is marked)");
    case File: return tr("The rank's file");
    case StepMean: return tr("Mean duration of the rank's ProfilerStep spans");
    case StepMax: return tr("Longest of the rank's ProfilerStep spans");
    case Compute: return tr("Compute, as a share of the span of the rank's device work");
    case Communication: return tr("Communication, as a share of the span of the rank's device work");
    case Idle: return tr("Idle, as a share of the span of the rank's device work");
    case Overlap: return tr("Communication that runs under compute, as a share of communication");
    case Wait: return tr("Time the rank waited in collectives for the last rank to arrive");
    case LastArrivals: return tr("Collectives the rank arrived at last");
    case Offset: return tr("Clock offset subtracted from the rank's recorded times");
    case ColumnCount: break;
    }
    return QVariant();
}

std::optional<double> RankTableModel::share(int row, int column) const
{
    const analysis::BreakdownTimes& t = m_job->figures()[size_t(row)].breakdown;
    if (column == Overlap)
        return t.commOverlapPct();
    const std::optional<analysis::BreakdownShares::Shares> s = analysis::BreakdownShares::of(t);
    if (!s)
        return std::nullopt;
    return column == Compute ? s->compute : column == Communication ? s->communication : s->idle;
}

QVariant RankTableModel::sortValue(int row, int column) const
{
    const size_t i = size_t(row);
    const analysis::JobRankFigures& f = m_job->figures()[i];
    const analysis::RankCollectives& rc = m_job->analysis().ranks[i];
    switch (Column(column)) {
    case Rank: return qint64(m_job->layout().ranks()[i].rank);
    case File: return QFileInfo(QString::fromStdString(m_job->layout().ranks()[i].file)).fileName();
    case StepMean: return f.steps.count ? qint64(f.steps.meanNs) : qint64(-1);
    case StepMax: return f.steps.count ? qint64(f.steps.maxNs) : qint64(-1);
    case Compute:
    case Communication:
    case Idle:
    case Overlap: return share(row, column).value_or(-1.0);
    case Wait: return qint64(rc.waitNs);
    case LastArrivals: return quint64(rc.lastArrivals);
    case Offset: return qint64(rc.offsetNs);
    case ColumnCount: break;
    }
    return QVariant();
}

QVariant RankTableModel::display(int row, int column) const
{
    const size_t i = size_t(row);
    const analysis::JobRankFigures& f = m_job->figures()[i];
    const analysis::RankCollectives& rc = m_job->analysis().ranks[i];
    switch (Column(column)) {
    case Rank: return QString::number(m_job->layout().ranks()[i].rank);
    case File: return sortValue(row, column);
    case StepMean: return f.steps.count ? UnitFormat::duration(f.steps.meanNs) : QString();
    case StepMax: return f.steps.count ? UnitFormat::duration(f.steps.maxNs) : QString();
    case Compute:
    case Communication:
    case Idle:
    case Overlap: {
        const std::optional<double> pct = share(row, column);
        return pct ? UnitFormat::percent(*pct) : QString();
    }
    case Wait: return UnitFormat::duration(rc.waitNs);
    case LastArrivals: return UnitFormat::count(rc.lastArrivals);
    case Offset:
        // A negative offset reads with its sign; duration() takes the magnitude.
        return rc.offsetNs < 0 ? QStringLiteral("−") + UnitFormat::duration(-rc.offsetNs)
                               : UnitFormat::duration(rc.offsetNs);
    case ColumnCount: break;
    }
    return QVariant();
}

QVariant RankTableModel::toolTip(int row, int column) const
{
    const size_t i = size_t(row);
    const analysis::StragglerVerdict& v = m_job->analysis().straggler;
    switch (Column(column)) {
    case Rank:
        if (v.rank == row)
            return tr("The straggler: arrived last at %1 of %2 collectives").arg(v.lastArrivals).arg(v.collectives);
        return QVariant();
    case File: return QString::fromStdString(m_job->layout().ranks()[i].file);
    case StepMean:
    case StepMax:
        return tr("%1 ns over %2 steps").arg(sortValue(row, column).toLongLong()).arg(m_job->figures()[i].steps.count);
    case Wait:
    case Offset: return tr("%1 ns").arg(sortValue(row, column).toLongLong());
    default: return QVariant();
    }
}

QVariant RankTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_job || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return QVariant();
    const bool straggler = m_job->analysis().straggler.rank == index.row();
    switch (role) {
    case Qt::DisplayRole: return display(index.row(), index.column());
    case SortRole: return sortValue(index.row(), index.column());
    case Qt::ToolTipRole: return toolTip(index.row(), index.column());
    case Qt::TextAlignmentRole:
        return index.column() == File ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : alignment(index.column());
    case Qt::FontRole:
        if (straggler) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return QVariant();
    case Qt::DecorationRole: return straggler && index.column() == Rank ? QVariant(m_marker) : QVariant();
    case StragglerRole: return straggler;
    default: return QVariant();
    }
}

std::string RankTableModel::csv() const
{
    if (!m_job)
        return {};
    std::string out = "rank,file,step_mean_ns,step_max_ns,compute_pct,communication_pct,idle_pct,comm_overlap_pct,"
                      "wait_ns,last_arrivals,offset_ns,straggler\n";
    auto pct = [](std::optional<double> v) {
        // QString::number: plain digits whatever the C locale (a Qt program sets the user's).
        return v ? QString::number(*v, 'f', 6).toStdString() : std::string();
    };
    for (int row = 0; row < rowCount(); ++row) {
        const size_t i = size_t(row);
        const analysis::JobRankFigures& f = m_job->figures()[i];
        const analysis::RankCollectives& rc = m_job->analysis().ranks[i];
        const store::JobRank& jr = m_job->layout().ranks()[i];
        out += std::to_string(jr.rank) + "," + report::Csv::field(jr.file) + ","
            + (f.steps.count ? std::to_string(f.steps.meanNs) : "") + ","
            + (f.steps.count ? std::to_string(f.steps.maxNs) : "") + "," + pct(share(row, Compute)) + ","
            + pct(share(row, Communication)) + "," + pct(share(row, Idle)) + "," + pct(share(row, Overlap)) + ","
            + std::to_string(rc.waitNs) + "," + std::to_string(rc.lastArrivals) + "," + std::to_string(rc.offsetNs)
            + "," + (m_job->analysis().straggler.rank == row ? "1" : "0") + "\n";
    }
    return out;
}

} // namespace strata::widgets
