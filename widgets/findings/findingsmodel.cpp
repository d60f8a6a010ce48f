#include "findingsmodel.h"

#include <common/unitformat.h>

#include <QGuiApplication>

#include <QPainter>
#include <QPixmap>
#include <QtMath>

#include <cmath>

namespace strata::widgets {

using analysis::Finding;
using analysis::FindingRange;
using analysis::FindingSeverity;

FindingsModel::FindingsModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    setColors(ThemePalette::from(QGuiApplication::palette()));
}

void FindingsModel::setColors(const ThemePalette& colors)
{
    m_colors = colors;
    for (auto s : { FindingSeverity::Info, FindingSeverity::Warning, FindingSeverity::Critical })
        m_icons[int(s)] = severityIcon(s, colors);
    if (rowCount() > 0)
        emit dataChanged(index(0, Title), index(rowCount() - 1, Title), { Qt::DecorationRole });
}

void FindingsModel::setResult(
    std::shared_ptr<const analysis::FindingsResult> result, std::shared_ptr<const store::EventStore> store)
{
    beginResetModel();
    m_result = std::move(result);
    m_store = std::move(store);
    endResetModel();
}

// A top-level row's internal id is 0; an evidence row's is its finding's index + 1.
int FindingsModel::findingOf(const QModelIndex& index)
{
    if (!index.isValid())
        return -1;
    return index.internalId() == 0 ? index.row() : int(index.internalId()) - 1;
}

FindingsModel::Kind FindingsModel::kindOf(const QModelIndex& index) const
{
    if (!index.isValid() || index.internalId() == 0)
        return Kind::Finding;
    const Finding& f = m_result->findings[size_t(findingOf(index))];
    const int row = index.row();
    if (row == 0)
        return Kind::Cause;
    if (row == 1)
        return Kind::Action;
    if (row == 2 && !f.operators.empty())
        return Kind::Operators;
    return Kind::Range;
}

QModelIndex FindingsModel::findingIndex(int i) const
{
    return index(i, 0);
}

QModelIndex FindingsModel::rangeIndex(int finding, int range) const
{
    if (!m_result || finding < 0 || size_t(finding) >= m_result->findings.size())
        return {};
    return index(fixedRows(m_result->findings[size_t(finding)]) + range, 0, findingIndex(finding));
}

QModelIndex FindingsModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : quintptr(0));
}

QModelIndex FindingsModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId()) - 1, 0, quintptr(0));
}

int FindingsModel::rowCount(const QModelIndex& parent) const
{
    if (!m_result)
        return 0;
    if (!parent.isValid())
        return int(m_result->findings.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    const Finding& f = m_result->findings[size_t(parent.row())];
    return fixedRows(f) + int(f.ranges.size());
}

int FindingsModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Title: return tr("Finding");
    case Value: return tr("Value");
    case AtStake: return tr("At stake");
    default: return {};
    }
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_result)
        return {};
    const Finding& f = m_result->findings[size_t(findingOf(index))];
    if (index.internalId() == 0)
        return findingData(f, index.column(), role);
    return evidenceData(f, index.row(), index.column(), role);
}

QVariant FindingsModel::findingData(const Finding& f, int column, int role) const
{
    // A job's finding names its rank (the straggler's title does already).
    QString title = QString::fromStdString(f.title);
    if (f.rank >= 0 && !title.startsWith(QStringLiteral("Rank ")))
        title = tr("Rank %1: %2").arg(f.rank).arg(title);
    if (role == Qt::DisplayRole) {
        switch (column) {
        case Title: return title;
        case Value: return wrappableValueText(f);
        case AtStake: return UnitFormat::duration(f.atStakeNs);
        default: return {};
        }
    }
    if (role == Qt::DecorationRole && column == Title)
        return m_icons[int(f.severity)];
    if (role == Qt::TextAlignmentRole && column != Title)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return tr("%1 (%2, %3): %4\n%5, %6 at stake")
            .arg(title, QString::fromStdString(f.id), QString::fromLatin1(analysis::findingSeverityName(f.severity)),
                QString::fromStdString(f.cause), valueText(f), UnitFormat::duration(f.atStakeNs));
    return {};
}

QVariant FindingsModel::evidenceData(const Finding& f, int row, int column, int role) const
{
    const int fixed = fixedRows(f);
    if (row >= fixed) {
        const int i = row - fixed;
        const FindingRange& r = f.ranges[size_t(i)];
        if (role == kRangeRole)
            return i;
        const QString at = UnitFormat::precise(r.start - m_store->extent().start);
        if (role == Qt::DisplayRole && column == Title) // short: the dock is often narrow
            return tr("%1. %2 at %3").arg(i + 1).arg(trackName(r), at);
        if (role == Qt::ToolTipRole && column == Title)
            return tr("%1. %2 at %3").arg(i + 1).arg(rangePlace(r), at);
        if ((role == Qt::DisplayRole || role == Qt::ToolTipRole) && column == AtStake)
            return UnitFormat::duration(r.end - r.start);
        if (role == Qt::TextAlignmentRole && column == AtStake)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (column != Title || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (row == 0)
        return tr("Cause: %1").arg(QString::fromStdString(f.cause));
    if (row == 1)
        return tr("Try: %1").arg(QString::fromStdString(f.action));
    QStringList ops;
    for (const std::string& o : f.operators)
        ops << QString::fromStdString(o);
    return tr("Operators: %1").arg(ops.join(QStringLiteral(", ")));
}

QString FindingsModel::trackName(const FindingRange& r) const
{
    if (!m_store || !r.track.valid() || r.track.v >= m_store->trackCount())
        return tr("(no track)");
    const QString name = QString::fromStdString(m_store->trackLabel(r.track));
    return r.rank >= 0 ? tr("%1 (rank %2)").arg(name).arg(r.rank) : name;
}

QString FindingsModel::rangePlace(const FindingRange& r) const
{
    if (!m_store || !r.track.valid() || r.track.v >= m_store->trackCount())
        return tr("(no track)");
    QString place = QString::fromStdString(m_store->trackLabel(r.track));
    const store::ProcessId p = m_store->track(r.track).process;
    if (p.valid())
        place = QString::fromStdString(m_store->processLabel(p)) + QStringLiteral(" / ") + place;
    if (r.rank >= 0 && !place.startsWith(QStringLiteral("rank ")))
        place += tr(" (rank %1)").arg(r.rank);
    return place;
}

QString FindingsModel::formatNumber(double v, const std::string& unit)
{
    if (unit == "bytes")
        return UnitFormat::count(qint64(v)) + QStringLiteral(" B");
    QString n = UnitFormat::decimal(v, v != 0 && std::abs(v) < 10 ? 2 : 1, UnitFormat::Zeros::Drop);
    if (unit.empty())
        return n;
    return n + (unit == "%" ? QStringLiteral(" %") : QStringLiteral(" ") + QString::fromStdString(unit));
}

QString FindingsModel::valueText(const Finding& f)
{
    return QStringLiteral("%1 \u2265 %2").arg(formatNumber(f.value, f.unit), formatNumber(f.threshold, f.unit));
}

QString FindingsModel::wrappableValueText(const Finding& f)
{
    const auto whole = [](QString s) { return s.replace(QLatin1Char(' '), QChar(QChar::Nbsp)); };
    return QStringLiteral("%1 \u2265\u00a0%2")
        .arg(whole(formatNumber(f.value, f.unit)), whole(formatNumber(f.threshold, f.unit)));
}

QIcon FindingsModel::severityIcon(FindingSeverity severity, const ThemePalette& colors)
{
    // The fills read on the theme's base (3 : 1) and the mark on its fill; the shapes differ
    // too (circle, triangle, octagon), so the severity does not rest on colour alone.
    const QColor fill = colors.severity(severity);
    const QColor markColor = ThemePalette::textOn(fill);
    QIcon icon;
    for (int size : { 16, 32 }) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const double s = size;
        QPolygonF shape;
        QString mark;
        switch (severity) {
        case FindingSeverity::Info: mark = QStringLiteral("i"); break;
        case FindingSeverity::Warning:
            shape << QPointF(s / 2, s * 0.04) << QPointF(s * 0.98, s * 0.94) << QPointF(s * 0.02, s * 0.94);
            mark = QStringLiteral("!");
            break;
        case FindingSeverity::Critical:
            for (int k = 0; k < 8; ++k) {
                const double a = (k * 45.0 + 22.5) * M_PI / 180.0;
                shape << QPointF(s / 2 + s * 0.49 * std::cos(a), s / 2 + s * 0.49 * std::sin(a));
            }
            mark = QStringLiteral("!");
            break;
        }
        p.setPen(QPen(fill.darker(130), s / 16));
        p.setBrush(fill);
        if (shape.isEmpty())
            p.drawEllipse(QRectF(s * 0.04, s * 0.04, s * 0.92, s * 0.92));
        else
            p.drawPolygon(shape);
        QFont font;
        font.setBold(true);
        font.setPixelSize(int(s * 0.62));
        p.setFont(font);
        p.setPen(markColor);
        const QRectF text = severity == FindingSeverity::Warning ? QRectF(0, s * 0.18, s, s * 0.8) : QRectF(0, 0, s, s);
        p.drawText(text, Qt::AlignCenter, mark);
        p.end();
        icon.addPixmap(pm);
    }
    return icon;
}

} // namespace strata::widgets
