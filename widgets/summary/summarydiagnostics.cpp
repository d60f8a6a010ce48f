#include "summarydiagnostics.h"

#include <common/summaryformat.h>
#include <common/tablesupport.h>
#include <common/unitformat.h>

#include <QHeaderView>

#include <algorithm>

namespace strata::widgets {

SummaryDiagnostics::SummaryDiagnostics(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("summaryDiagnostics"));
    setColumnCount(2);
    setHeaderHidden(true);
    setFrameShape(QFrame::NoFrame);
    setUniformRowHeights(true);
    setIndentation(14);
    setTextElideMode(Qt::ElideRight);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    header()->setStretchLastSection(true); // the count sits right after its kind
    TableSupport::addCopyAction(
        this, this,
        [this] {
            TableSupport::copyText(TableSupport::selectedItemsText(this, TableSupport::EmptyValue::KeyAlone),
                TableSupport::WhenEmpty::ClearClipboard);
        },
        TableSupport::Menu::Actions);
}

uint64_t SummaryDiagnostics::total(const analysis::TraceSummary& s)
{
    uint64_t total = 0;
    for (const auto& [kind, n] : s.diagnostics)
        total += n;
    return total;
}

void SummaryDiagnostics::setSummary(const analysis::TraceSummary& s, const QStringList& loadNotes)
{
    std::vector<std::string> key;
    for (const auto& [kind, n] : s.diagnostics)
        key.push_back(kind + '\t' + std::to_string(n));
    key.insert(key.end(), s.diagnosticMessages.begin(), s.diagnosticMessages.end());
    for (const QString& note : loadNotes)
        key.push_back("load\t" + note.toStdString());
    if (key == m_shown)
        return;
    m_shown = std::move(key);
    clear();
    std::vector<bool> placed(s.diagnosticMessages.size(), false);
    for (const auto& [kind, n] : s.diagnostics) {
        auto* item = new QTreeWidgetItem(this, { QString::fromStdString(kind), UnitFormat::count(n) });
        const std::string prefix = kind + ": ";
        for (size_t i = 0; i < s.diagnosticMessages.size(); ++i) {
            const std::string& m = s.diagnosticMessages[i];
            if (placed[i] || m.compare(0, prefix.size(), prefix) != 0)
                continue;
            placed[i] = true;
            const QString text = QString::fromStdString(m.substr(prefix.size()));
            auto* child = new QTreeWidgetItem(item, { text });
            child->setToolTip(0, QString::fromStdString(m));
            child->setFirstColumnSpanned(true);
        }
        if (item->childCount() && uint64_t(item->childCount()) < n)
            item->setToolTip(0,
                tr("%1 of %2 occurrences have their message kept")
                    .arg(UnitFormat::count(item->childCount()), UnitFormat::count(n)));
    }
    QTreeWidgetItem* other = nullptr;
    for (size_t i = 0; i < s.diagnosticMessages.size(); ++i) {
        if (placed[i])
            continue;
        if (!other)
            other = new QTreeWidgetItem(this, { tr("other messages") });
        auto* child = new QTreeWidgetItem(other, { QString::fromStdString(s.diagnosticMessages[i]) });
        child->setFirstColumnSpanned(true);
    }
    if (!loadNotes.isEmpty()) {
        auto* cache = new QTreeWidgetItem(this, { tr("snapshot cache") });
        for (const QString& note : loadNotes) {
            auto* child = new QTreeWidgetItem(cache, { note });
            child->setToolTip(0, note);
            child->setFirstColumnSpanned(true);
        }
    }
    expandAll();
    int kindWidth = 0;
    for (int i = 0; i < topLevelItemCount(); ++i)
        kindWidth = std::max(kindWidth, fontMetrics().horizontalAdvance(topLevelItem(i)->text(0)));
    setColumnWidth(0, kindWidth + indentation() + 24);
}

} // namespace strata::widgets
