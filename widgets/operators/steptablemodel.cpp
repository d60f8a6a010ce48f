#include "steptablemodel.h"

#include <common/unitformat.h>

#include <QApplication>
#include <QLocale>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

namespace {

QString exactNs(double ns)
{
    return StepTableModel::tr("%1 ns").arg(QLocale().toString(ns, 'f', ns == std::floor(ns) ? 0 : 3));
}

} // namespace

StepTableModel::StepTableModel(QObject* parent)
    : NumberTableModel(ColumnCount, parent)
{
    if (qobject_cast<QApplication*>(QCoreApplication::instance()))
        m_outlierIcon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

void StepTableModel::setSteps(analysis::StepTable steps, store::TimeNs origin)
{
    beginResetModel();
    m_steps = std::move(steps);
    m_origin = origin;
    endResetModel();
}

bool StepTableModel::hasShares() const
{
    return std::any_of(
        m_steps.steps.begin(), m_steps.steps.end(), [](const analysis::StepRow& s) { return s.breakdown.has_value(); });
}

const analysis::StepRow* StepTableModel::step(int row) const
{
    return row >= 0 && size_t(row) < m_steps.steps.size() ? &m_steps.steps[size_t(row)] : nullptr;
}

int StepTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || m_steps.steps.empty())
        return 0;
    return int(m_steps.steps.size()) + FootCount;
}

QVariant StepTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return QVariant();
    if (role == Qt::TextAlignmentRole)
        return index.column() == TopOperator ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : alignment(index.column());
    if (const analysis::StepRow* s = step(index.row()))
        return stepData(*s, index.column(), role);
    return footData(index.row() - int(m_steps.steps.size()), index.column(), role);
}

QString StepTableModel::stepLabel(const analysis::StepRow& s) const
{
    // What the name says beyond the unit, which the dock shows above the table: "#6" for
    // ProfilerStep#6 of ProfilerStep; the position when the name is the unit's.
    QString name = QString::fromStdString(s.name);
    const QString unit = QString::fromStdString(m_steps.unit);
    if (name == unit)
        return QString::number(s.index);
    if (!unit.isEmpty() && name.startsWith(unit))
        return name.mid(unit.size());
    return name;
}

// A share column's cell: the percent of the step, the time in the tooltip.
QVariant StepTableModel::shareData(const analysis::StepRow& s, int column, int role) const
{
    if (!s.breakdown || (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole))
        return role == SortRole ? QVariant(-1.0) : QVariant(); // no device work sorts first
    const analysis::BreakdownTimes& b = *s.breakdown;
    const store::TimeNs ns = column == Compute ? b.computeNs : column == Comm ? b.communicationNs : b.commExposedNs;
    const double pct = s.percentOfStep(ns);
    if (role == SortRole)
        return pct;
    if (role == Qt::DisplayRole)
        return UnitFormat::percent(pct);
    const QString what = column == Compute ? tr("compute")
        : column == Comm                   ? tr("communication")
                                           : tr("communication not overlapped by compute");
    return tr("%1 of %2 (%3): %4")
        .arg(UnitFormat::duration(ns), UnitFormat::duration(s.durNs), exactNs(double(ns)), what);
}

QVariant StepTableModel::stepData(const analysis::StepRow& s, int column, int role) const
{
    if (column == Compute || column == Comm || column == Exposed)
        return shareData(s, column, role);
    const store::TimeNs values[] = { 0, s.startNs - m_origin, s.durNs, s.busyNs, s.idleNs };
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Step: return stepLabel(s);
        case TopOperator: return QString::fromStdString(s.topOperator);
        default: return UnitFormat::duration(values[column]);
        }
    case SortRole:
        if (column == Step)
            return s.index;
        if (column == TopOperator)
            return QString::fromStdString(s.topOperator);
        return qlonglong(values[column]);
    case OutlierRole: return s.outlier;
    case Qt::DecorationRole:
        if (column == Step && s.outlier)
            return m_outlierIcon;
        break;
    case Qt::ToolTipRole:
        if (column == Step && s.outlier)
            return tr("Outlier: %1 is over %2 × the median step (%3)")
                .arg(UnitFormat::duration(s.durNs))
                .arg(analysis::StepBreakdown::kOutlierRatio)
                .arg(UnitFormat::duration(store::TimeNs(m_steps.medianNs)));
        if (column == Step)
            return tr("Step %1 of %2: %3\nClick to select it: the Current Selection Summary then reports it exactly")
                .arg(s.index)
                .arg(m_steps.steps.size())
                .arg(QString::fromStdString(s.name));
        if (column == Busy)
            return tr("%1: the union of the device tracks' busy time inside the step%2")
                .arg(exactNs(double(s.busyNs)),
                    m_steps.deviceFallback ? tr(" (no device track: every thread)") : QString());
        if (column == TopOperator)
            return s.topOperator.empty()
                ? QVariant()
                : QVariant(tr("%1: %2 in the slices that start in this step")
                               .arg(QString::fromStdString(s.topOperator), UnitFormat::duration(s.topOperatorNs)));
        return exactNs(double(values[column]));
    default: break;
    }
    return QVariant();
}

QVariant StepTableModel::footData(int foot, int column, int role) const
{
    const analysis::StepSpread* spread = column == Duration ? &m_steps.duration
        : column == Busy                                    ? &m_steps.busy
        : column == Idle                                    ? &m_steps.idle
                                                            : nullptr;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole || role == SortRole) {
        if (column == Step) {
            static const char* const kNames[] = { QT_TR_NOOP("Mean"), QT_TR_NOOP("Std dev"), QT_TR_NOOP("CV") };
            if (role == Qt::ToolTipRole)
                return foot == Cv ? tr("Coefficient of variation: std dev / mean")
                                  : tr("Over the steps above (std dev: population, as numpy's default)");
            return tr(kNames[foot]);
        }
        if (!spread)
            return QVariant();
        const double v = foot == Mean ? spread->meanNs : foot == StdDev ? spread->stdDevNs : spread->cv;
        if (role == SortRole)
            return v;
        if (foot == Cv)
            return UnitFormat::percent(100 * v);
        return role == Qt::ToolTipRole ? exactNs(v) : UnitFormat::duration(store::TimeNs(std::llround(v)));
    }
    if (role == Qt::FontRole) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    return QVariant();
}

QVariant StepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole && section == TopOperator)
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (orientation != Qt::Horizontal || role != Qt::ToolTipRole)
        return NumberTableModel::headerData(section, orientation, role);
    switch (section) {
    case Step:
        return tr("The step's name, or its position when the name is the unit's; the warning icon marks an "
                  "outlier, over %1 × the median duration")
            .arg(analysis::StepBreakdown::kOutlierRatio);
    case Start: return tr("From the trace start");
    case Busy:
        return m_steps.deviceFallback
            ? tr("Device busy: the union of every thread's slices inside the step (the profile has no "
                 "device track)")
            : tr("Device busy: the union of the device tracks' busy time inside the step: overlapping "
                 "streams count once");
    case Idle: return tr("Duration − device busy");
    case Compute: return tr("Compute: the union of the device's compute work inside the step, as a share of the step");
    case Comm:
        return tr("Communication: the union of the device's collectives and point-to-point work inside the step, as a "
                  "share of the step");
    case Exposed:
        return tr("Exposed communication: communication while no compute runs (strata-cli breakdown's "
                  "comm_exposed), as a share of the step");
    case TopOperator:
        return tr("The operator, at the default level, with the largest total time among the slices that start in "
                  "the step");
    default: break;
    }
    return QVariant();
}

QString StepTableModel::columnTitle(int column) const
{
    switch (column) {
    case Step: return tr("Step");
    case Start: return tr("Start");
    case Duration: return tr("Duration");
    case Busy: return tr("Busy");
    case Idle: return tr("Idle");
    case Compute: return tr("Compute %");
    case Comm: return tr("Comm %");
    case Exposed: return tr("Exposed comm %");
    case TopOperator: return tr("Top operator");
    }
    return QString();
}

} // namespace strata::widgets
