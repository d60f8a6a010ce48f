#include "breakdowntable.h"

#include <common/qstr.h>
#include <common/tablesupport.h>
#include <common/unitformat.h>

#include <QHeaderView>

namespace strata::widgets {

namespace {

QString percentOf(store::TimeNs ns, store::TimeNs span)
{
    return span > 0 ? UnitFormat::decimal(100.0 * double(ns) / double(span), 1) + QStringLiteral(" %")
                    : QStringLiteral("–");
}

QTreeWidgetItem* addRow(QTreeWidgetItem* parent, const QString& part, store::TimeNs ns, store::TimeNs span)
{
    auto* item = new QTreeWidgetItem(parent, { part, UnitFormat::duration(ns), percentOf(ns, span) });
    item->setData(BreakdownTable::Part, Qt::UserRole, part);
    item->setTextAlignment(BreakdownTable::Time, Qt::AlignRight | Qt::AlignVCenter);
    item->setTextAlignment(BreakdownTable::Share, Qt::AlignRight | Qt::AlignVCenter);
    item->setToolTip(BreakdownTable::Part, part);
    return item;
}

} // namespace

BreakdownTable::BreakdownTable(QWidget* parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("breakdownTable"));
    setColumnCount(ColumnCount);
    setHeaderLabels({ tr("Part"), tr("Time"), tr("%") });
    headerItem()->setToolTip(Share, tr("Share of the span"));
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setFrameShape(QFrame::NoFrame);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setTextElideMode(Qt::ElideMiddle);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(Part, QHeaderView::Stretch);
    header()->setSectionResizeMode(Time, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(Share, QHeaderView::ResizeToContents);
    // The dock builds the context menu (Copy, then its exports).
    setContextMenuPolicy(Qt::CustomContextMenu);
    TableSupport::addCopyAction(this, this, [this] { copySelection(); });
}

void BreakdownTable::copySelection() const
{
    TableSupport::copyText(TableSupport::selectedItemsText(this, TableSupport::EmptyValue::KeepTab),
        TableSupport::WhenEmpty::ClearClipboard);
}

void BreakdownTable::addTimes(QTreeWidgetItem* parent, const analysis::BreakdownTimes& t, int engines)
{
    const store::TimeNs span = t.spanNs;
    addRow(parent, tr("compute"), t.computeNs, span);
    const std::optional<double> overlap = t.commOverlapPct();
    QTreeWidgetItem* comm = addRow(parent, tr("communication"), t.communicationNs, span);
    comm->setData(Part, Qt::UserRole, QStringLiteral("communication"));
    if (overlap) {
        comm->setText(Part, tr("communication (%1 % overlapped)").arg(UnitFormat::decimal(*overlap, 2)));
        comm->setToolTip(Part, comm->text(Part));
    }
    addRow(comm, tr("overlapped with compute"), t.commOverlapNs, span)
        ->setData(Part, Qt::UserRole, QStringLiteral("overlapped"));
    addRow(comm, tr("exposed"), t.commExposedNs, span)->setData(Part, Qt::UserRole, QStringLiteral("exposed"));
    // Memory and other are whole unions (they may overlap compute); the bar's segments are
    // the parts while nothing ahead of them runs.
    QTreeWidgetItem* memory = addRow(parent, tr("memory"), t.memoryNs, span);
    addRow(memory, tr("while no compute or communication (bar)"), t.memoryAloneNs, span)
        ->setData(Part, Qt::UserRole, QStringLiteral("memory alone"));
    QTreeWidgetItem* other = addRow(parent, tr("other"), t.otherNs, span);
    addRow(other, tr("while no compute, communication or memory (bar)"), t.otherAloneNs, span)
        ->setData(Part, Qt::UserRole, QStringLiteral("other alone"));
    QTreeWidgetItem* idle = addRow(parent, tr("idle"), t.idleNs, span);
    // An engine's causes split its idle. A device's (or all devices') add up its engines'
    // gaps, which may exceed its own idle (one engine's gap is another's work): shown apart,
    // each as a share of that sum, as Holistic Trace Analysis gives a stream's.
    QTreeWidgetItem* causes = idle;
    store::TimeNs of = span;
    if (engines > 0) {
        const analysis::IdleCauses& c = t.idleCauses;
        of = c.hostWaitNs + c.kernelWaitNs + c.otherNs;
        causes = new QTreeWidgetItem(parent,
            { engines == 1 ? tr("engine's idle (1 engine)") : tr("engines' idle, summed (%1 engines)").arg(engines),
                UnitFormat::duration(of), QString() });
        causes->setData(Part, Qt::UserRole, QStringLiteral("engines idle"));
        causes->setTextAlignment(Time, Qt::AlignRight | Qt::AlignVCenter);
        causes->setToolTip(Part,
            tr("The idle gaps of each engine, added up, by cause; shares of that sum. One engine's gap may be "
               "another's work, so the sum may exceed the idle time above."));
    }
    addRow(causes, tr("host wait"), t.idleCauses.hostWaitNs, of)
        ->setData(Part, Qt::UserRole, QStringLiteral("host wait"));
    addRow(causes, tr("kernel wait"), t.idleCauses.kernelWaitNs, of)
        ->setData(Part, Qt::UserRole, QStringLiteral("kernel wait"));
    addRow(causes, tr("other idle"), t.idleCauses.otherNs, of)
        ->setData(Part, Qt::UserRole, QStringLiteral("other idle"));
}

void BreakdownTable::setBreakdown(const analysis::RankBreakdown& b)
{
    clear();
    auto top = [this](const QString& label, const analysis::BreakdownTimes& t, int engines) {
        auto* item = new QTreeWidgetItem(
            this, { label, UnitFormat::duration(t.spanNs), t.spanNs > 0 ? QStringLiteral("100 %") : "" });
        QFont bold = item->font(Part);
        bold.setBold(true);
        item->setFont(Part, bold);
        item->setToolTip(Part, tr("%1: span %2").arg(label, UnitFormat::duration(t.spanNs)));
        item->setTextAlignment(Time, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(Share, Qt::AlignRight | Qt::AlignVCenter);
        addTimes(item, t, engines);
        item->setExpanded(true);
        return item;
    };
    int allEngines = 0;
    for (const analysis::DeviceBreakdown& d : b.devices)
        allEngines += int(d.engines.size());
    if (b.devices.size() > 1)
        top(tr("All devices"), b.times, allEngines);
    for (const analysis::DeviceBreakdown& d : b.devices) {
        QTreeWidgetItem* device = top(qstr(d.label), d.times, int(d.engines.size()));
        if (d.engines.empty())
            continue;
        auto* engines = new QTreeWidgetItem(device, { tr("Engines (%1)").arg(d.engines.size()) });
        for (const analysis::EngineBreakdown& e : d.engines) {
            auto* engine = new QTreeWidgetItem(engines,
                { QStringLiteral("%1 · %2").arg(
                      qstr(e.label), QString::fromLatin1(analysis::breakdownKindName(e.kind))),
                    UnitFormat::duration(e.times.spanNs) });
            engine->setToolTip(Part, engine->text(Part));
            engine->setTextAlignment(Time, Qt::AlignRight | Qt::AlignVCenter);
            addTimes(engine, e.times, 0);
        }
    }
}

QString BreakdownTable::cell(int topLevel, const QString& part, int column) const
{
    const QTreeWidgetItem* item = topLevelItem(topLevel);
    if (!item)
        return {};
    for (int i = 0; i < item->childCount(); ++i) {
        const QTreeWidgetItem* child = item->child(i);
        if (child->data(Part, Qt::UserRole).toString() == part)
            return child->text(column);
        for (int j = 0; j < child->childCount(); ++j) {
            if (child->child(j)->data(Part, Qt::UserRole).toString() == part)
                return child->child(j)->text(column);
        }
    }
    return {};
}

} // namespace strata::widgets
