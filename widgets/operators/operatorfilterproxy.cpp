#include "operatorfilterproxy.h"

#include "operatortreemodel.h"

namespace strata::widgets {

OperatorFilterProxy::OperatorFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setAutoAcceptChildRows(true);
    setSortRole(OperatorTreeModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setDynamicSortFilter(true);
}

void OperatorFilterProxy::setPattern(const QString& text, bool regex)
{
    if (text == m_text && regex == m_regex)
        return;
    m_text = text;
    m_regex = regex;
    QString t = text.trimmed();
    m_field = Field::Any;
    static const struct {
        const char* prefix;
        Field field;
    } kPrefixes[] = { { "name:", Field::Name }, { "engine:", Field::Engine }, { "category:", Field::Category },
        { "cat:", Field::Category } };
    for (const auto& p : kPrefixes) {
        if (t.startsWith(QLatin1String(p.prefix), Qt::CaseInsensitive)) {
            m_field = p.field;
            t = t.mid(int(qstrlen(p.prefix))).trimmed();
            break;
        }
    }
    m_needle = t;
    m_valid = true;
    m_error.clear();
    if (m_regex && !m_needle.isEmpty()) {
        m_re = QRegularExpression(m_needle, QRegularExpression::CaseInsensitiveOption);
        m_valid = m_re.isValid();
        if (!m_valid)
            m_error = m_re.errorString();
    }
    invalidateRowsFilter();
}

bool OperatorFilterProxy::matches(const QString& text) const
{
    if (m_regex)
        return m_re.match(text).hasMatch();
    return text.contains(m_needle, Qt::CaseInsensitive);
}

bool OperatorFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_needle.isEmpty() || !m_valid)
        return true;
    const auto* model = qobject_cast<const OperatorTreeModel*>(sourceModel());
    if (!model || !model->tree())
        return true;
    const int node = model->nodeOf(model->index(sourceRow, 0, sourceParent));
    if (node < 0)
        return false;
    const analysis::OperatorTreeNode& n = model->tree()->nodes[size_t(node)];
    if ((m_field == Field::Any || m_field == Field::Name) && matches(QString::fromStdString(n.row.name)))
        return true;
    if (m_field == Field::Any || m_field == Field::Engine) {
        for (const std::string& e : n.row.engines)
            if (matches(QString::fromStdString(e)))
                return true;
    }
    if (m_field == Field::Any || m_field == Field::Category) {
        for (const std::string& c : n.categories)
            if (matches(QString::fromStdString(c)))
                return true;
    }
    return false;
}

} // namespace strata::widgets
