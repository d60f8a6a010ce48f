#include "eventdetailswidget.h"

#include "argssection.h"
#include "launchsection.h"
#include "measuresection.h"

#include <common/labels.h>
#include <common/qstr.h>
#include <common/tablesupport.h>
#include <common/unitformat.h>

#include <analysis/flows/flowchain.h>
#include <analysis/operators/operatorcatalog.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace strata::widgets {

using model::EventRef;
using store::TimeNs;

namespace {

store::TrackId instantTrack(const store::EventStore& s, store::InstantRow row)
{
    for (uint32_t t = 0; t < s.trackCount(); ++t) {
        const store::RowRange r = s.track(store::TrackId(t)).instants;
        if (row.v >= r.begin && row.v < r.end)
            return store::TrackId(t);
    }
    return store::TrackId();
}

// The raw Chrome-trace view of a timestamp, exactly as the JSON "ts" field writes it:
// microseconds with the fraction trimmed ("1700000000123456.789 µs").
QString micros(TimeNs ns)
{
    const bool negative = ns < 0;
    const uint64_t m = negative ? uint64_t(0) - uint64_t(ns) : uint64_t(ns);
    QString text = (negative ? QStringLiteral("-") : QString()) + QString::number(m / 1000);
    QString frac = QString::number(m % 1000).rightJustified(3, QLatin1Char('0'));
    while (frac.endsWith(QLatin1Char('0')))
        frac.chop(1);
    if (!frac.isEmpty())
        text += QLatin1Char('.') + frac;
    return text + QStringLiteral(" µs");
}

QString nanos(TimeNs ns)
{
    return UnitFormat::count(qint64(ns)) + QStringLiteral(" ns");
}

QString sinceStart(TimeNs ns)
{
    return EventDetailsWidget::tr("%1 after the start of the trace").arg(nanos(ns));
}

QString percent(TimeNs part, TimeNs whole)
{
    if (whole <= 0)
        return QString();
    return QStringLiteral(" (%1 %)").arg(100.0 * double(part) / double(whole), 0, 'f', 1);
}

} // namespace

EventDetailsWidget::EventDetailsWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
    , m_viewport(context.session->viewport())
{
    setObjectName(QStringLiteral("eventDetails"));

    m_placeholder = new QLabel(this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setMargin(16);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);

    auto* details = new QWidget(this);
    m_title = new QLabel(details);
    m_title->setObjectName(QStringLiteral("eventTitle"));
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_title->setFont(big);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    m_subtitle = new QLabel(details);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_subtitle->setWordWrap(true);
    m_zoomButton = new QToolButton(details);
    m_zoomButton->setText(tr("Zoom to Event"));
    m_zoomButton->setToolTip(tr("Show this event across the timeline"));
    m_zoomButton->setAutoRaise(true);
    connect(m_zoomButton, &QToolButton::clicked, this, &EventDetailsWidget::zoomToCurrent);
    m_copyDelta = new QToolButton(details);
    m_copyDelta->setObjectName(QStringLiteral("copyDelta"));
    m_copyDelta->setText(tr("Copy Δ"));
    m_copyDelta->setToolTip(tr("Copy the measured gap to the clipboard"));
    m_copyDelta->setAutoRaise(true);
    m_copyDelta->hide();
    connect(m_copyDelta, &QToolButton::clicked, this, &EventDetailsWidget::copyDelta);
    m_flowDepth = new QSpinBox(details);
    m_flowDepth->setObjectName(QStringLiteral("flowDepth"));
    m_flowDepth->setRange(1, model::Selection::kMaxFlowDepth);
    m_flowDepth->setValue(m_selection->flowDepth());
    m_flowDepth->setPrefix(tr("Flow depth "));
    m_flowDepth->setToolTip(
        tr("How many flow hops to follow each way, here and on the timeline ([ and ] step along them)"));
    connect(m_flowDepth, qOverload<int>(&QSpinBox::valueChanged), m_selection, &model::Selection::setFlowDepth);

    m_tree = new QTreeWidget(details);
    m_tree->setObjectName(QStringLiteral("eventDetailsTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Field"), tr("Value") });
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setTextElideMode(Qt::ElideRight);
    m_tree->setIndentation(14);
    m_tree->setMouseTracking(true);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // long values elide; tooltips hold them
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    connect(
        m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { m_clickNavigated = activate(item); });
    m_tree->viewport()->installEventFilter(this);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { activate(item); });
    connect(m_tree, &QTreeWidget::itemEntered, this, [this](QTreeWidgetItem* item) {
        if (item && item->data(0, kTargetKindRole).isValid())
            m_tree->viewport()->setCursor(Qt::PointingHandCursor);
        else
            m_tree->viewport()->unsetCursor();
    });
    connect(m_tree, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        QMenu menu(this);
        menu.addAction(tr("Copy"), this, &EventDetailsWidget::copySelected);
        if (!m_deltaText.isEmpty())
            menu.addAction(tr("Copy Δ"), this, &EventDetailsWidget::copyDelta);
        menu.addAction(tr("Expand All"), m_tree, &QTreeWidget::expandAll);
        menu.addAction(tr("Collapse All"), m_tree, &QTreeWidget::collapseAll);
        menu.exec(m_tree->viewport()->mapToGlobal(pos));
    });
    auto* copy = new QAction(tr("Copy"), m_tree);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &EventDetailsWidget::copySelected);
    m_tree->addAction(copy);

    auto* header = new QHBoxLayout;
    header->setContentsMargins(8, 6, 4, 2);
    auto* titles = new QVBoxLayout;
    titles->setSpacing(2);
    titles->addWidget(m_title);
    titles->addWidget(m_subtitle);
    header->addLayout(titles, 1);
    auto* buttons = new QVBoxLayout;
    buttons->setSpacing(2);
    buttons->addWidget(m_zoomButton, 0, Qt::AlignRight);
    buttons->addWidget(m_copyDelta, 0, Qt::AlignRight);
    buttons->addWidget(m_flowDepth, 0, Qt::AlignRight);
    header->addLayout(buttons);
    auto* col = new QVBoxLayout(details);
    col->setContentsMargins(0, 0, 0, 0);
    col->setSpacing(4);
    col->addLayout(header);
    col->addWidget(m_tree, 1);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(details);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);

    connect(m_selection, &model::Selection::currentChanged, this, &EventDetailsWidget::refresh);
    connect(m_selection, &model::Selection::measureChanged, this, &EventDetailsWidget::refresh);
    connect(m_selection, &model::Selection::flowDepthChanged, this, [this](int depth) {
        const QSignalBlocker block(m_flowDepth);
        m_flowDepth->setValue(depth);
        refresh();
    });
    refresh();
    model::Session* session = context.session;
    session->follow(
        this, [this, session] { setStore(session->store()); },
        [this, session] {
            // The catalog holds the launch index; it arrives after the store, and belongs to it.
            auto catalog = session->analyses()->get<analysis::OperatorCatalog>();
            if (catalog != m_catalog && session->store() == m_store) {
                m_catalog = std::move(catalog);
                refresh();
            }
        });
}

void EventDetailsWidget::setTitle(const QString& name)
{
    // A C++ kernel name runs to hundreds of characters: the heading keeps its start and end,
    // the Name row and the tooltip the whole of it.
    constexpr int kMax = 96;
    m_title->setText(
        Labels::breakable(name.size() <= kMax ? name : name.left(kMax - 28) + QStringLiteral(" … ") + name.right(24)));
    m_title->setToolTip(name);
}

void EventDetailsWidget::setStore(std::shared_ptr<const store::EventStore> store)
{
    if (store != m_store)
        m_catalog.reset();
    m_store = std::move(store);
    refresh();
}

QString EventDetailsWidget::title() const
{
    return m_stack->currentIndex() == 1 ? m_title->toolTip() : QString();
}

void EventDetailsWidget::refresh()
{
    m_tree->clear();
    m_flowDepth->hide(); // addFlows shows it for a slice with flows
    m_copyDelta->hide(); // addMeasure shows it beside a measured pair
    m_deltaText.clear();
    const EventRef cur = m_selection->current();
    if (!m_store) {
        showPlaceholder(tr("No profile is open."));
        return;
    }
    if (cur.kind == EventRef::Kind::Slice && cur.row < m_store->sliceCount())
        showSlice(store::SliceRow(cur.row));
    else if (cur.kind == EventRef::Kind::Instant && cur.row < m_store->instantCount())
        showInstant(store::InstantRow(cur.row));
    else
        showPlaceholder(tr("Click an event in the timeline to see its details here."));
}

void EventDetailsWidget::showPlaceholder(const QString& text)
{
    // The hidden details page still counts in the stack's size: a long title left there
    // would keep the dock as wide as it, and the placeholder cut off in it.
    m_title->clear();
    m_title->setToolTip(QString());
    m_subtitle->clear();
    m_placeholder->setText(text);
    m_stack->setCurrentIndex(0);
}

QTreeWidgetItem* EventDetailsWidget::section(const QString& title)
{
    auto* item = new QTreeWidgetItem(m_tree, { title });
    QFont f = item->font(0);
    f.setBold(true);
    item->setFont(0, f);
    item->setFirstColumnSpanned(true);
    item->setExpanded(true);
    item->setFlags(Qt::ItemIsEnabled);
    return item;
}

QTreeWidgetItem* EventDetailsWidget::field(
    QTreeWidgetItem* parent, const QString& key, const QString& value, const QString& toolTip)
{
    auto* item = new QTreeWidgetItem(parent, { key, value });
    item->setToolTip(1, toolTip.isEmpty() ? value : toolTip);
    item->setForeground(0, palette().brush(QPalette::PlaceholderText));
    return item;
}

QTreeWidgetItem* EventDetailsWidget::link(
    QTreeWidgetItem* parent, const QString& text, const QString& detail, EventRef target, const QString& toolTip)
{
    auto* item = new QTreeWidgetItem(parent, { text, detail });
    item->setData(0, kTargetKindRole, int(target.kind));
    item->setData(0, kTargetRowRole, target.row);
    item->setForeground(1, palette().brush(QPalette::Link));
    item->setToolTip(0, toolTip);
    item->setToolTip(1, toolTip);
    return item;
}

QString EventDetailsWidget::where(store::TrackId track) const
{
    if (!track.valid())
        return tr("unknown track");
    return qstr(m_store->trackLabel(track));
}

void EventDetailsWidget::showSlice(store::SliceRow row)
{
    const store::EventStore& s = *m_store;
    const store::EventType& type = s.types().get(s.sliceType(row));
    const store::TrackId track = s.sliceTrack(row);
    const store::TrackInfo& ti = s.track(track);
    const TimeNs t0 = s.extent().start;
    const TimeNs ts = s.sliceTs(row), end = s.sliceEnd(row), dur = s.sliceDur(row);
    const QString name = qstr(s.str(type.name));
    const QString category = type.category.valid() ? qstr(s.str(type.category)) : QString();
    const QString process = qstr(s.processLabel(ti.process));
    const QString thread = where(track);

    setTitle(name.isEmpty() ? tr("(unnamed)") : name);
    m_subtitle->setText(Labels::breakable(tr("%1 on %2").arg(UnitFormat::duration(dur), thread)));
    m_subtitle->setToolTip(QStringLiteral("%1 / %2").arg(process, thread));
    m_stack->setCurrentIndex(1);

    addMeasure();
    // What launched device work is the first thing asked of a kernel: it goes on top.
    const bool launched = m_catalog && m_catalog->launches().find(row);
    if (launched)
        addLaunches(row);
    QTreeWidgetItem* ev = section(tr("Slice"));
    field(ev, tr("Name"), name);
    field(ev, tr("Category"), category.isEmpty() ? QStringLiteral("—") : category);
    field(ev, tr("Process"), process);
    field(ev, tr("Track"), thread, QStringLiteral("%1 / %2").arg(process, thread));
    field(ev, tr("Start"), UnitFormat::precise(ts - t0), sinceStart(ts - t0));
    field(ev, tr("End"), UnitFormat::precise(end - t0), sinceStart(end - t0));
    field(ev, tr("Start (absolute)"), micros(ts), tr("The trace's own clock: %1").arg(nanos(ts)));
    field(ev, tr("End (absolute)"), micros(end), tr("The trace's own clock: %1").arg(nanos(end)));
    field(ev, tr("Duration"), UnitFormat::duration(dur), nanos(dur));
    const TimeNs self = s.sliceSelf(row);
    field(ev, tr("Self time"), UnitFormat::duration(self) + percent(self, dur), nanos(self));
    field(ev, tr("Depth"), UnitFormat::count(qint64(s.sliceDepth(row))));
    field(ev, tr("Children"), UnitFormat::count(quint64(s.children(row).size())));
    if (type.source.valid())
        field(ev, tr("Source"), qstr(s.str(type.source)));

    const std::vector<store::SliceRow> chain = s.ancestors(row);
    if (!chain.empty()) {
        QTreeWidgetItem* parents = section(tr("Parent chain"));
        for (size_t i = 0; i < chain.size(); ++i) {
            const store::SliceRow p = chain[i];
            const QString pname = qstr(s.str(s.sliceName(p)));
            link(parents, i == 0 ? tr("↑ parent") : QStringLiteral("↑ %1").arg(i + 1),
                QStringLiteral("%1 · %2").arg(pname, UnitFormat::duration(s.sliceDur(p))), EventRef::slice(p),
                tr("Select %1 (depth %2)").arg(pname).arg(s.sliceDepth(p)));
        }
    }
    if (!launched)
        addLaunches(row);
    addArgs(s.sliceArgs(row));
    addFlows(row);
}

void EventDetailsWidget::addMeasure()
{
    const std::optional<MeasureSection> m
        = MeasureSection::build(*m_store, m_selection->current(), m_selection->measure());
    if (!m)
        return;
    QTreeWidgetItem* sec = section(m->title);
    sec->setData(0, kMeasureRole, true);
    for (const MeasureSection::Row& r : m->rows)
        field(sec, r.key, r.value, r.toolTip);
    m_deltaText = m->copyText;
    m_copyDelta->show();
}

void EventDetailsWidget::copyDelta()
{
    if (!m_deltaText.isEmpty())
        QApplication::clipboard()->setText(m_deltaText);
}

void EventDetailsWidget::addLaunches(store::SliceRow row)
{
    if (!m_catalog)
        return;
    const LaunchSection launch = LaunchSection::build(*m_store, m_catalog->launches(), row);
    if (launch.title.isEmpty())
        return;
    QTreeWidgetItem* sec = section(launch.title);
    for (const LaunchSection::Row& r : launch.rows)
        link(sec, r.key, r.text, EventRef::slice(r.target), r.toolTip);
    if (!launch.more.isEmpty())
        field(sec, QStringLiteral("…"), launch.more);
}

void EventDetailsWidget::showInstant(store::InstantRow row)
{
    const store::EventStore& s = *m_store;
    const store::EventType& type = s.types().get(s.instantType(row));
    const store::TrackId track = instantTrack(s, row);
    const TimeNs t0 = s.extent().start;
    const TimeNs ts = s.instantTs(row);
    const QString name = qstr(s.str(type.name));
    const QString category = type.category.valid() ? qstr(s.str(type.category)) : QString();
    QString scope = tr("thread");
    QString process = tr("—");
    if (track.valid()) {
        const store::TrackInfo& ti = s.track(track);
        if (ti.kind == store::TrackKind::GlobalInstants)
            scope = tr("global");
        else if (ti.kind == store::TrackKind::ProcessInstants)
            scope = tr("process");
        process = qstr(s.processLabel(ti.process));
    }

    setTitle(name.isEmpty() ? tr("(unnamed)") : name);
    m_subtitle->setText(Labels::breakable(tr("Instant on %1").arg(where(track))));
    m_subtitle->setToolTip(QStringLiteral("%1 / %2").arg(process, where(track)));
    m_stack->setCurrentIndex(1);

    addMeasure();
    QTreeWidgetItem* ev = section(tr("Instant"));
    field(ev, tr("Name"), name);
    field(ev, tr("Category"), category.isEmpty() ? QStringLiteral("—") : category);
    field(ev, tr("Scope"), scope);
    field(ev, tr("Process"), process);
    field(ev, tr("Track"), where(track));
    field(ev, tr("Time"), UnitFormat::precise(ts - t0), sinceStart(ts - t0));
    field(ev, tr("Time (absolute)"), micros(ts), tr("The trace's own clock: %1").arg(nanos(ts)));
    if (type.source.valid())
        field(ev, tr("Source"), qstr(s.str(type.source)));
    addArgs(s.instantArgs(row));
}

void EventDetailsWidget::addArgs(store::ArgSetId set)
{
    const size_t n = m_store->args().size(set);
    if (n > 0)
        ArgsSection::fill(section(tr("Arguments (%1)").arg(n)), *m_store, set);
}

void EventDetailsWidget::addFlows(store::SliceRow row)
{
    const store::EventStore& s = *m_store;
    const int depth = m_selection->flowDepth();
    const analysis::FlowChain chain(s, row, unsigned(depth));
    if (chain.empty())
        return;
    m_flowDepth->show();
    size_t directIn = 0, directOut = 0;
    for (const analysis::FlowLink& l : chain.links())
        if (l.depth == 1)
            ++(l.forward ? directOut : directIn);
    QTreeWidgetItem* flows = depth == 1 ? section(tr("Flows (%1 in, %2 out)").arg(directIn).arg(directOut))
                                        : section(tr("Flow chain (%1 before, %2 after, depth %3)")
                                                      .arg(chain.backwardCount())
                                                      .arg(chain.forwardCount())
                                                      .arg(depth));
    auto add = [&](const analysis::FlowLink& l) {
        const store::FlowEdge& e = s.flow(l.flow);
        const store::SliceRow other = l.reached();
        const QString otherName = qstr(s.str(s.sliceName(other)));
        const QString track = where(s.sliceTrack(other));
        QString tip = tr("Select %1 on %2").arg(otherName, track);
        if (l.depth > 1) {
            const store::SliceRow via = l.forward ? l.from : l.to;
            tip += tr("\n%1 hops away, via %2").arg(l.depth).arg(qstr(s.str(s.sliceName(via))));
        }
        if (e.name.valid() && !s.str(e.name).empty())
            tip += tr("\nFlow: %1").arg(qstr(s.str(e.name)));
        if (e.category.valid() && !s.str(e.category).empty())
            tip += tr(" (%1)").arg(qstr(s.str(e.category)));
        const QString key = l.forward ? (l.depth == 1 ? tr("→ to") : tr("→ hop %1").arg(l.depth))
                                      : (l.depth == 1 ? tr("← from") : tr("← hop %1").arg(l.depth));
        link(flows, key, tr("%1 on %2").arg(otherName, track), EventRef::slice(other), tip);
    };
    // Read top to bottom, the chain runs in flow order: farthest sources first, then this
    // event (when the chain goes deeper than its own flows), then the targets outward.
    const std::vector<analysis::FlowLink>& links = chain.links();
    for (size_t i = chain.backwardCount(); i-- > 0;)
        add(links[i]);
    if (depth > 1)
        field(flows, QStringLiteral("●"), tr("%1 (this event)").arg(qstr(s.str(s.sliceName(row)))));
    for (size_t i = chain.backwardCount(); i < links.size(); ++i)
        add(links[i]);
    if (chain.truncated())
        field(flows, QStringLiteral("…"),
            links.size() >= analysis::FlowChain::kMaxLinks ? tr("the chain goes on; %1 flows shown").arg(links.size())
                                                           : tr("more flows beyond depth %1").arg(depth));
}

bool EventDetailsWidget::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport()) {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
            m_clickNavigated = false;
            m_swallowRelease = false;
            break;
        case QEvent::MouseButtonDblClick:
            if (m_clickNavigated) {
                m_clickNavigated = false;
                m_swallowRelease = true;
                return true;
            }
            break;
        case QEvent::MouseButtonRelease:
            if (m_swallowRelease) {
                m_swallowRelease = false;
                return true;
            }
            break;
        default: break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool EventDetailsWidget::activate(QTreeWidgetItem* item)
{
    if (!item || !item->data(0, kTargetKindRole).isValid())
        return false;
    EventRef ref;
    ref.kind = EventRef::Kind(item->data(0, kTargetKindRole).toInt());
    ref.row = item->data(0, kTargetRowRole).toUInt();
    // Rebuilding the tree deletes `item`, so nothing may touch it after this call.
    m_selection->setCurrent(ref, /*reveal*/ true);
    return true;
}

void EventDetailsWidget::zoomToCurrent()
{
    const EventRef cur = m_selection->current();
    if (!m_store || !m_viewport || !cur.valid())
        return;
    TimeNs start = 0, end = 0;
    if (cur.kind == EventRef::Kind::Slice && cur.row < m_store->sliceCount()) {
        start = m_store->sliceTs(store::SliceRow(cur.row));
        end = m_store->sliceEnd(store::SliceRow(cur.row));
    } else if (cur.kind == EventRef::Kind::Instant && cur.row < m_store->instantCount()) {
        start = end = m_store->instantTs(store::InstantRow(cur.row));
    } else {
        return;
    }
    if (end > start) {
        const TimeNs pad = std::max<TimeNs>((end - start) / 10, 1);
        m_viewport->setVisible({ start - pad, end + pad });
    } else {
        const TimeNs half = m_viewport->visible().duration() / 2;
        m_viewport->setVisible({ start - half, start + half });
    }
}

void EventDetailsWidget::copySelected()
{
    TableSupport::copyText(TableSupport::selectedItemsText(m_tree, TableSupport::EmptyValue::KeyAlone));
}

} // namespace strata::widgets
