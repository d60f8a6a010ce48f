#include "comparesummarymodel.h"

#include <common/deltaformat.h>
#include <common/summaryformat.h>
#include <common/unitformat.h>

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace strata::widgets {

using analysis::EngineMatcher;
using analysis::TrackSummaryRow;

namespace {

QString durationText(double ns)
{
    return SummaryFormat::duration(ns);
}

QString pointsText(double fraction)
{
    return QStringLiteral("%1 pp").arg(fraction * 100.0, 0, 'f', 2);
}

QString (*formatOf(CompareSummaryModel::Metric m))(double)
{
    using M = CompareSummaryModel::Metric;
    switch (m) {
    case M::Busy: return &durationText;
    case M::Util: return &SummaryFormat::utilization;
    case M::Bytes: return &SummaryFormat::bytes;
    case M::Bandwidth: return &SummaryFormat::bandwidth;
    case M::Flops: return &SummaryFormat::flops;
    }
    return &durationText;
}

QString metricName(CompareSummaryModel::Metric m)
{
    using M = CompareSummaryModel::Metric;
    switch (m) {
    case M::Busy: return CompareSummaryModel::tr("Busy time");
    case M::Util: return CompareSummaryModel::tr("Utilisation");
    case M::Bytes: return CompareSummaryModel::tr("Data moved");
    case M::Bandwidth: return CompareSummaryModel::tr("Bandwidth");
    case M::Flops: return CompareSummaryModel::tr("FLOPs");
    }
    return QString();
}

bool hasBandwidth(const TrackSummaryRow* r)
{
    return r && analysis::movesData(r->engine) && r->bytes;
}

} // namespace

CompareSummaryModel::CompareSummaryModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    setPalette(QGuiApplication::palette());
}

void CompareSummaryModel::setPalette(const QPalette& palette)
{
    m_theme = ThemePalette::from(palette);
    emitColours();
}

void CompareSummaryModel::setThresholdPct(double pct)
{
    if (pct == m_thresholdPct)
        return;
    m_thresholdPct = pct;
    emitColours();
}

void CompareSummaryModel::emitColours()
{
    for (int i = 0; i < rowCount(); ++i) {
        emit dataChanged(index(i, Delta), index(i, DeltaPct), { Qt::ForegroundRole });
        const QModelIndex parent = index(i, 0);
        if (rowCount(parent) > 0)
            emit dataChanged(
                index(0, Delta, parent), index(rowCount(parent) - 1, DeltaPct, parent), { Qt::ForegroundRole });
    }
}

const TrackSummaryRow* CompareSummaryModel::side(const Row& row, bool bSide) const
{
    const int i = bSide ? row.pair.b : row.pair.a;
    const analysis::TraceSummary* s = bSide ? m_result->b.get() : m_result->a.get();
    return i >= 0 ? &s->tracks[size_t(i)] : nullptr;
}

std::optional<double> CompareSummaryModel::metricValue(const Row& row, Metric metric, bool bSide) const
{
    const TrackSummaryRow* r = side(row, bSide);
    if (!r)
        return std::nullopt;
    switch (metric) {
    case Metric::Busy: return double(r->busyNs);
    case Metric::Util: return r->utilization;
    case Metric::Bytes: return r->bytes;
    case Metric::Bandwidth:
        // A transfer engine with bytes that was idle in the window moved nothing: 0 B/s.
        return hasBandwidth(r) ? std::optional<double>(r->bandwidthBytesPerS.value_or(0)) : std::nullopt;
    case Metric::Flops: return r->flops;
    }
    return std::nullopt;
}

std::optional<double> CompareSummaryModel::value(int row, Metric metric, bool bSide) const
{
    if (row < 0 || row >= rowCount())
        return std::nullopt;
    return metricValue(m_rows[size_t(m_order[size_t(row)])], metric, bSide);
}

std::optional<EngineMatcher::Pair> CompareSummaryModel::pairAt(const QModelIndex& index) const
{
    if (!index.isValid())
        return std::nullopt;
    const QModelIndex top = index.parent().isValid() ? index.parent() : index;
    if (top.row() < 0 || top.row() >= rowCount())
        return std::nullopt;
    return m_rows[size_t(m_order[size_t(top.row())])].pair;
}

void CompareSummaryModel::buildRows()
{
    m_rows.clear();
    if (!m_result)
        return;
    std::map<std::string, int> uses;
    for (const EngineMatcher::Pair& p : m_result->pairs)
        ++uses[p.a >= 0 ? m_result->a->tracks[size_t(p.a)].name : m_result->b->tracks[size_t(p.b)].name];
    for (const EngineMatcher::Pair& p : m_result->pairs) {
        Row row;
        row.pair = p;
        const TrackSummaryRow* a = side(row, false);
        const TrackSummaryRow* b = side(row, true);
        const TrackSummaryRow* shown = a ? a : b;
        row.label = SummaryFormat::trackName(*shown);
        // Two engines of one name (a MainThread per process): the process tells them apart.
        if (uses[shown->name] > 1)
            row.label += QStringLiteral(" · ") + QString::fromStdString(shown->processLabel);
        // Paired by place or by the user: B's engine has another name ("stream 20 ↔ stream 14").
        if (a && b && a->name != b->name)
            row.label += QStringLiteral(" ↔ ") + SummaryFormat::trackName(*b);
        row.metrics.push_back(Metric::Util);
        if ((a && a->bytes) || (b && b->bytes))
            row.metrics.push_back(Metric::Bytes);
        if (hasBandwidth(a) || hasBandwidth(b))
            row.metrics.push_back(Metric::Bandwidth);
        if ((a && a->flops) || (b && b->flops))
            row.metrics.push_back(Metric::Flops);
        m_rows.push_back(std::move(row));
    }
}

void CompareSummaryModel::setResult(std::shared_ptr<const CompareSummaryComputer::Result> result)
{
    const auto samePairs = [&] {
        if (!m_result || !result || m_result->pairs.size() != result->pairs.size())
            return false;
        for (size_t i = 0; i < result->pairs.size(); ++i) {
            const auto &p = m_result->pairs[i], &q = result->pairs[i];
            if (p.a != q.a || p.b != q.b || p.match != q.match)
                return false;
        }
        return true;
    }();
    if (samePairs) {
        // Another window of the same two profiles: the metric rows depend on the tracks'
        // args only, so the tree keeps its shape and only the numbers (and the order) change.
        m_result = std::move(result);
        applySort();
        if (!m_rows.empty()) {
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
            for (int i = 0; i < rowCount(); ++i) {
                const QModelIndex parent = index(i, 0);
                if (rowCount(parent) > 0)
                    emit dataChanged(index(0, 0, parent), index(rowCount(parent) - 1, ColumnCount - 1, parent));
            }
        }
        return;
    }
    beginResetModel();
    m_result = std::move(result);
    buildRows();
    reorder();
    endResetModel();
}

void CompareSummaryModel::reorder()
{
    m_order.resize(m_rows.size());
    for (size_t i = 0; i < m_order.size(); ++i)
        m_order[i] = int(i);
    if (m_sortColumn >= 0) {
        auto key = [this](int r) { return cell(m_rows[size_t(r)], Metric::Busy, m_sortColumn, SortRole); };
        std::stable_sort(m_order.begin(), m_order.end(), [&](int l, int r) {
            const QPartialOrdering o = QVariant::compare(key(l), key(r));
            return m_sortOrder == Qt::AscendingOrder ? o == QPartialOrdering::Less : o == QPartialOrdering::Greater;
        });
    }
    m_position.assign(m_rows.size(), 0);
    for (size_t i = 0; i < m_order.size(); ++i)
        m_position[size_t(m_order[i])] = int(i);
}

void CompareSummaryModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    applySort();
}

void CompareSummaryModel::applySort()
{
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Engine rows move; metric rows are keyed by their engine's storage index and stay valid.
    const QModelIndexList before = persistentIndexList();
    std::vector<int> stored;
    for (const QModelIndex& i : before)
        stored.push_back(i.internalId() == 0 ? m_order[size_t(i.row())] : -1);
    reorder();
    QModelIndexList after;
    for (int k = 0; k < before.size(); ++k)
        after << (stored[size_t(k)] < 0
                ? before[k]
                : createIndex(m_position[size_t(stored[size_t(k)])], before[k].column(), quintptr(0)));
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

QModelIndex CompareSummaryModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return QModelIndex();
    if (!parent.isValid())
        return row < int(m_order.size()) ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= int(m_order.size()))
        return QModelIndex();
    const int stored = m_order[size_t(parent.row())];
    if (row >= int(m_rows[size_t(stored)].metrics.size()))
        return QModelIndex();
    return createIndex(row, column, quintptr(stored) + 1);
}

QModelIndex CompareSummaryModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return QModelIndex();
    return createIndex(m_position[size_t(child.internalId() - 1)], 0, quintptr(0));
}

int CompareSummaryModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_order.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_rows[size_t(m_order[size_t(parent.row())])].metrics.size());
}

int CompareSummaryModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

Qt::ItemFlags CompareSummaryModel::flags(const QModelIndex& index) const
{
    return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags;
}

QVariant CompareSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QVariant();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Engine: return tr("Engine · metric");
        case A: return tr("A");
        case B: return tr("B");
        case Delta: return tr("Δ");
        case DeltaPct: return tr("Δ %");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case Engine:
            return tr("Engines of A and B paired by track label (else by the label with instance "
                      "numbers removed); an engine's row is its busy time");
        case Delta:
            return tr("B − A. Red: more busy time or less bandwidth in B; green: the opposite (at least "
                      "the comparison's threshold in percent)");
        case DeltaPct: return tr("(B − A) in percent of A; — when A is 0 or for utilisation (Δ is in points)");
        }
    } else if (role == Qt::TextAlignmentRole && section != Engine) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    return QVariant();
}

QString CompareSummaryModel::engineToolTip(const Row& row) const
{
    auto describe = [](const TrackSummaryRow* r) {
        return r ? QString::fromStdString(r->processLabel) + QStringLiteral(" › ") + SummaryFormat::trackName(*r)
                 : tr("(no such engine)");
    };
    QString tip = tr("A: %1\nB: %2").arg(describe(side(row, false)), describe(side(row, true)));
    switch (row.pair.match) {
    case EngineMatcher::Match::Exact: break;
    case EngineMatcher::Match::Label: tip += tr("\nPaired by track label (the processes differ)"); break;
    case EngineMatcher::Match::Normalised: tip += tr("\nPaired after removing instance numbers from the labels"); break;
    case EngineMatcher::Match::Role:
        tip += tr("\nPaired by place: the same role, in order, on the same device or process of each run");
        break;
    case EngineMatcher::Match::Explicit: tip += tr("\nPaired by you (Pair With… in the context menu)"); break;
    case EngineMatcher::Match::AOnly: tip += tr("\nOnly A has this engine"); break;
    case EngineMatcher::Match::BOnly: tip += tr("\nOnly B has this engine"); break;
    }
    return tip;
}

QVariant CompareSummaryModel::cell(const Row& row, Metric metric, int column, int role) const
{
    const std::optional<double> a = metricValue(row, metric, false);
    const std::optional<double> b = metricValue(row, metric, true);
    const bool both = a && b;
    std::optional<double> v;
    switch (column) {
    case A: v = a; break;
    case B: v = b; break;
    case Delta:
        if (both)
            v = *b - *a;
        break;
    case DeltaPct:
        if (both && metric != Metric::Util)
            v = DeltaFormat::percentOf(*a, *b);
        break;
    default: break;
    }
    switch (role) {
    case Qt::DisplayRole:
        if (column == Engine)
            return metric == Metric::Busy ? row.label : metricName(metric);
        if (!v)
            return DeltaFormat::missing();
        if (column == Delta)
            return DeltaFormat::signedValue(*v, metric == Metric::Util ? &pointsText : formatOf(metric));
        if (column == DeltaPct)
            return DeltaFormat::percent(v);
        return formatOf(metric)(*v);
    case ValueRole: return column == Engine || !v ? QVariant() : QVariant(*v);
    case SortRole:
        if (column == Engine)
            return row.label.toLower();
        return v ? *v : -std::numeric_limits<double>::infinity();
    case MetricRole: return int(metric);
    case Qt::FontRole:
        if (column == Engine && metric == Metric::Busy) { // the engine's row heads its metrics
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    case Qt::TextAlignmentRole:
        return column == Engine ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole: {
        if ((column != Delta && column != DeltaPct) || !both)
            return QVariant();
        if (metric != Metric::Busy && metric != Metric::Bandwidth)
            return QVariant();
        const QColor c = DeltaFormat::colour(m_theme, *a, *b,
            metric == Metric::Busy ? DeltaFormat::Growth::Worse : DeltaFormat::Growth::Better, m_thresholdPct);
        return c.isValid() ? QVariant(c) : QVariant();
    }
    case Qt::ToolTipRole:
        if (column == Engine && metric == Metric::Busy)
            return engineToolTip(row);
        if ((column == A || column == B) && !v)
            return side(row, column == B) ? tr("No value for this engine")
                                          : tr("Only the other profile has this engine");
        break;
    default: break;
    }
    return QVariant();
}

QVariant CompareSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_result)
        return QVariant();
    if (index.internalId() == 0) {
        if (index.row() >= int(m_order.size()))
            return QVariant();
        return cell(m_rows[size_t(m_order[size_t(index.row())])], Metric::Busy, index.column(), role);
    }
    const Row& row = m_rows[size_t(index.internalId() - 1)];
    if (index.row() >= int(row.metrics.size()))
        return QVariant();
    return cell(row, row.metrics[size_t(index.row())], index.column(), role);
}

} // namespace strata::widgets
