#include "argssection.h"

#include <common/qstr.h>
#include <common/unitformat.h>

#include <QHash>
#include <QStringList>
#include <QTreeWidgetItem>

namespace strata::widgets {

namespace {

// Splits a flattened arg key into its path: "a.b[2].c" → a, b, [2], c.
QStringList keyPath(const QString& key)
{
    QStringList parts;
    QString cur;
    for (int i = 0; i < key.size(); ++i) {
        const QChar c = key[i];
        if (c == QLatin1Char('.')) {
            if (!cur.isEmpty())
                parts << cur;
            cur.clear();
        } else if (c == QLatin1Char('[')) {
            if (!cur.isEmpty())
                parts << cur;
            const int close = key.indexOf(QLatin1Char(']'), i);
            const int end = close < 0 ? key.size() - 1 : close;
            parts << key.mid(i, end - i + 1);
            cur.clear();
            i = end;
        } else {
            cur += c;
        }
    }
    if (!cur.isEmpty())
        parts << cur;
    if (parts.isEmpty())
        parts << key;
    return parts;
}

QString argValue(const store::EventStore& s, const store::Arg& a)
{
    switch (a.kind) {
    case store::ArgKind::Null: return QStringLiteral("null");
    case store::ArgKind::Bool: return a.i ? QStringLiteral("true") : QStringLiteral("false");
    case store::ArgKind::Int: return QString::number(qlonglong(a.i));
    case store::ArgKind::Uint: return QString::number(qulonglong(a.u));
    case store::ArgKind::Double: return UnitFormat::value(a.d);
    case store::ArgKind::String: return qstr(s.str(a.stringValue()));
    }
    return QString();
}

} // namespace

void ArgsSection::fill(QTreeWidgetItem* root, const store::EventStore& s, store::ArgSetId set)
{
    const size_t n = s.args().size(set);
    QHash<QPair<QTreeWidgetItem*, QString>, QTreeWidgetItem*> nodes;
    for (size_t i = 0; i < n; ++i) {
        const store::Arg a = s.args().at(set, i);
        const QString key = qstr(s.str(a.key));
        const QStringList path = keyPath(key);
        QTreeWidgetItem* parent = root;
        for (int p = 0; p < path.size(); ++p) {
            QTreeWidgetItem*& node = nodes[qMakePair(parent, path[p])];
            if (!node) {
                node = new QTreeWidgetItem(parent, { path[p] });
                node->setToolTip(0, key);
                node->setExpanded(true);
            }
            parent = node;
        }
        const QString value = argValue(s, a);
        parent->setText(1, value);
        parent->setToolTip(1, a.kind == store::ArgKind::Double ? UnitFormat::exactValue(a.d) : value);
    }
    if (n > kExpandedMax) { // a huge arg set: keep the first level readable
        for (int i = 0; i < root->childCount(); ++i)
            root->child(i)->setExpanded(false);
    }
}

} // namespace strata::widgets
