#include "nameelidedelegate.h"

#include <report/namefit.h>

#include <QAbstractItemModel>
#include <QApplication>
#include <QPainter>

#include <string>

namespace strata::widgets {

namespace {

// A key naming the parent's place in the model (rows from the root), the column and the width.
QString cacheKey(const QModelIndex& index, int chars)
{
    QString key = QString::number(index.column()) + QLatin1Char('/') + QString::number(chars);
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        key += QLatin1Char(':') + QString::number(p.row());
    return key;
}

} // namespace

NameElideDelegate::NameElideDelegate(QObject* parent)
    : QStyledItemDelegate(parent)
{
}

void NameElideDelegate::watch(const QAbstractItemModel* model) const
{
    if (m_model == model)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_cache.clear();
    m_model = model;
    if (!model)
        return;
    auto drop = [this] { m_cache.clear(); };
    connect(model, &QAbstractItemModel::modelReset, this, drop);
    connect(model, &QAbstractItemModel::layoutChanged, this, drop);
    connect(model, &QAbstractItemModel::rowsInserted, this, drop);
    connect(model, &QAbstractItemModel::rowsRemoved, this, drop);
    connect(model, &QAbstractItemModel::rowsMoved, this, drop);
    connect(model, &QAbstractItemModel::dataChanged, this, drop);
}

const std::vector<QString>& NameElideDelegate::fitted(const QModelIndex& index, int chars) const
{
    const QAbstractItemModel* model = index.model();
    watch(model);
    const QString key = cacheKey(index, chars);
    if (const auto it = m_cache.constFind(key); it != m_cache.constEnd())
        return *it;
    if (m_cache.size() > 64) // widths the user dragged past
        m_cache.clear();
    const QModelIndex parent = index.parent();
    std::vector<std::string> names;
    const int rows = model->rowCount(parent);
    names.reserve(size_t(rows));
    for (int r = 0; r < rows; ++r)
        names.push_back(model->index(r, index.column(), parent).data(Qt::DisplayRole).toString().toStdString());
    report::NameFit::Options options;
    options.width = size_t(std::max(chars, 1));
    options.cap = options.width; // a cell cannot widen: only to tell names apart
    options.ellipsis = "\u2026";
    options.headShare = 0.0; // collapse the shared start first
    const report::NameFit::Result result = report::NameFit::fit(names, options);
    std::vector<QString> shown;
    shown.reserve(result.names.size());
    for (const std::string& s : result.names)
        shown.push_back(QString::fromStdString(s));
    return *m_cache.insert(key, shown);
}

QString NameElideDelegate::shownText(const QModelIndex& index, const QFontMetrics& fm, int width) const
{
    QString full = index.data(Qt::DisplayRole).toString();
    if (fm.horizontalAdvance(full) <= width)
        return full;
    // Characters from pixels by the average width, then fewer until this cell's text fits
    // (a proportional font's names are wider or narrower than the average).
    int chars = std::max(1, width / std::max(1, fm.averageCharWidth()));
    for (int tries = 0; tries < 12 && chars > 1; ++tries) {
        const std::vector<QString>& names = fitted(index, chars);
        if (size_t(index.row()) >= names.size())
            break;
        const QString& text = names[size_t(index.row())];
        if (fm.horizontalAdvance(text) <= width)
            return text;
        chars = std::max(1, chars * 9 / 10);
    }
    return fm.elidedText(full, Qt::ElideMiddle, width);
}

void NameElideDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    // The text's room as the style lays it out: the cell less its decoration and margins.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const int width = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).width() - 2 * margin;
    opt.text = shownText(index, opt.fontMetrics, width);
    opt.textElideMode = Qt::ElideNone;
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
}

} // namespace strata::widgets
