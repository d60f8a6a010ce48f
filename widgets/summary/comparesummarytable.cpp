#include "comparesummarytable.h"

#include "comparesummarymodel.h"
#include "devicebreakdownlabel.h"
#include <common/deltaformat.h>
#include <common/dockcontext.h>
#include <common/labels.h>
#include <common/summaryformat.h>
#include <common/tablesupport.h>
#include <common/themepalette.h>

#include <state/comparison.h>
#include <state/session.h>

#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QTextDocument>
#include <QTreeView>
#include <QVBoxLayout>

namespace strata::widgets {

CompareSummaryTable::CompareSummaryTable(model::Comparison* comparison, QWidget* parent)
    : QWidget(parent)
    , m_comparison(comparison)
    , m_computer(new CompareSummaryComputer(this))
    , m_model(new CompareSummaryModel(this))
{
    setObjectName(QStringLiteral("compareSummary"));
    m_stack = new QStackedWidget(this);
    m_placeholder = Labels::placeholder(m_stack, 16);
    m_placeholder->setObjectName(QStringLiteral("compareSummaryPlaceholder"));
    m_placeholder->setText(tr("Building summaries…")); // until the first window is asked for

    auto* content = new QWidget(m_stack);
    m_caption = Labels::heading(content, 1.1);
    m_caption->setObjectName(QStringLiteral("compareSummaryCaption"));
    m_facts = new QLabel(content);
    m_facts->setObjectName(QStringLiteral("compareSummaryFacts"));
    m_facts->setTextFormat(Qt::RichText);
    m_facts->setWordWrap(true);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (int side = 0; side < 2; ++side) {
        m_breakdown[side] = new DeviceBreakdownLabel(content);
        m_breakdown[side]->setObjectName(
            side ? QStringLiteral("compareBreakdownB") : QStringLiteral("compareBreakdownA"));
        m_breakdown[side]->setSide(side ? QStringLiteral("B") : QStringLiteral("A"));
    }

    m_view = new QTreeView(content);
    m_view->setObjectName(QStringLiteral("compareSummaryTable"));
    TableSupport::setUp(m_view, 12);
    m_view->setModel(m_model);
    m_view->setTextElideMode(Qt::ElideRight); // engine names read from the start
    QHeaderView* h = m_view->header();
    h->setStretchLastSection(false);
    h->setSectionsMovable(false);
    h->setSectionResizeMode(CompareSummaryModel::Engine, QHeaderView::Stretch);
    h->setSortIndicator(-1, Qt::DescendingOrder); // A's engine order until the user sorts
    m_view->setSortingEnabled(true);
    TableSupport::fitNumberColumns(m_view);
    connect(m_model, &QAbstractItemModel::modelReset, m_view, &QTreeView::expandAll);
    connect(m_view, &QWidget::customContextMenuRequested, this, &CompareSummaryTable::showContextMenu);
    TableSupport::addCopyAction(
        m_view, this, [this] { TableSupport::copyText(TableSupport::selectedRowsTsv(m_view)); });

    auto* header = new QVBoxLayout;
    header->setContentsMargins(10, 6, 10, 6);
    header->setSpacing(2);
    header->addWidget(m_caption);
    header->addWidget(m_facts);
    header->addWidget(m_breakdown[0]);
    header->addWidget(m_breakdown[1]);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(0);
    contentLayout->addLayout(header);
    contentLayout->addWidget(m_view, 1);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_computer, &CompareSummaryComputer::ready, this, &CompareSummaryTable::apply);
    m_model->setThresholdPct(m_comparison->thresholdPct());
    connect(m_comparison, &model::Comparison::thresholdChanged, m_model, &CompareSummaryModel::setThresholdPct);
    const DockContext both = DockContext::of(m_comparison);
    both.followOffset(this, [this] {
        if (m_kind == Kind::Window)
            request();
    });
    both.session->follow(
        this, [this] { inputsChanged(); }, [this] { inputsChanged(); });
    both.followB(this, [this] { inputsChanged(); });
    connect(m_comparison, &model::Comparison::engineOverridesChanged, this, &CompareSummaryTable::request);
}

store::TimeRange CompareSummaryTable::bWindowFor(store::TimeRange aWindow, store::TimeNs offset)
{
    return { aWindow.start + offset, aWindow.end + offset };
}

void CompareSummaryTable::inputsChanged()
{
    auto sideOf = [](const model::Session* s) {
        if (!s->store())
            return CompareSummaryComputer::Side {};
        return CompareSummaryComputer::Side { s->store(), s->analyses()->get<analysis::SummaryIndex>(),
            s->analyses()->get<analysis::BreakdownIndex>() };
    };
    const CompareSummaryComputer::Side a = sideOf(m_comparison->a());
    const CompareSummaryComputer::Side b
        = m_comparison->active() ? sideOf(m_comparison->b()) : CompareSummaryComputer::Side {};
    const CompareSummaryComputer::Side &was_a = m_computer->a(), &was_b = m_computer->b();
    const auto same = [](const CompareSummaryComputer::Side& x, const CompareSummaryComputer::Side& y) {
        return x.store == y.store && x.index == y.index && x.breakdown == y.breakdown;
    };
    if (same(a, was_a) && same(b, was_b))
        return; // another stage of an analysis these do not read
    if (a.store != was_a.store || b.store != was_b.store)
        m_model->setResult(nullptr); // never the numbers of a profile that is gone
    m_computer->setInputs(a, b);
    request();
}

void CompareSummaryTable::showWhole()
{
    m_kind = Kind::Whole;
    request();
}

void CompareSummaryTable::showWindow(store::TimeRange aWindow)
{
    m_kind = Kind::Window;
    m_aWindow = aWindow;
    request();
}

void CompareSummaryTable::stop()
{
    m_kind = Kind::None;
    m_computer->cancel();
}

void CompareSummaryTable::showPlaceholder(const QString& text)
{
    stop();
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

void CompareSummaryTable::request()
{
    if (m_kind == Kind::None)
        return;
    if (!m_computer->canCompute()) {
        m_computer->cancel();
        m_placeholder->setText(
            m_comparison->active() ? tr("Building summaries…") : tr("Compare with a second profile to see A | B | Δ."));
        m_stack->setCurrentWidget(m_placeholder);
        return;
    }
    if (m_kind == Kind::Whole)
        m_computer->request(
            m_computer->a().store->extent(), m_computer->b().store->extent(), m_comparison->engineOverrides());
    else
        m_computer->request(
            m_aWindow, bWindowFor(m_aWindow, m_comparison->offsetNs()), m_comparison->engineOverrides());
}

void CompareSummaryTable::apply(std::shared_ptr<const CompareSummaryComputer::Result> result)
{
    m_model->setResult(std::move(result));
    updateFacts();
    m_stack->setCurrentIndex(1);
    emit updated();
}

void CompareSummaryTable::updateFacts()
{
    const auto& r = m_model->result();
    m_breakdown[0]->setScope(r ? r->a->device : analysis::DeviceScope());
    m_breakdown[1]->setScope(r ? r->b->device : analysis::DeviceScope());
    if (!r) {
        m_facts->clear();
        return;
    }
    const QPalette& pal = palette();
    const QString muted = ThemePalette::mix(pal.color(QPalette::Window), pal.color(QPalette::WindowText), 0.62).name();
    auto kv = [&](const QString& key, const QString& value) {
        return QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3")
            .arg(muted, key.toHtmlEscaped(), value.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
    };
    const QString gap = QStringLiteral("&nbsp;&nbsp;&nbsp; ");
    QStringList parts;
    parts << kv(tr("A"), m_comparison->a()->fileName()) << kv(tr("B"), m_comparison->b()->fileName());
    if (m_kind == Kind::Window) {
        // B's window on B's own clock, relative to B's start, as strata-cli --range takes it.
        const store::TimeNs origin = r->b->trace.extent.start;
        const store::TimeRange rel { r->b->window.start - origin, r->b->window.end - origin };
        parts << kv(tr("B's window"), SummaryFormat::window(rel));
        // As the compare bar says it: the raw offset of two captures is mostly their clocks' epochs.
        const store::TimeNs shift = m_comparison->startShiftNs();
        parts << kv(tr("B starts at A"), DeltaFormat::startShift(shift));
    }
    m_facts->setText(parts.join(gap));
    m_facts->setToolTip(tr("A: %1\nB: %2").arg(m_comparison->a()->filePath(), m_comparison->b()->filePath()));
}

void CompareSummaryTable::setCaption(const QString& text, const QString& toolTip)
{
    m_caption->setText(text);
    m_caption->setToolTip(toolTip);
}

QString CompareSummaryTable::captionText() const
{
    return m_caption->text();
}

QString CompareSummaryTable::factsText() const
{
    QTextDocument doc;
    doc.setHtml(m_facts->text());
    return doc.toPlainText();
}

bool CompareSummaryTable::isBusy() const
{
    return m_computer->isBusy();
}

bool CompareSummaryTable::isShowingPlaceholder() const
{
    return m_stack->currentWidget() == m_placeholder;
}

store::TimeRange CompareSummaryTable::shownAWindow() const
{
    return m_model->result() ? m_model->result()->a->window : store::TimeRange {};
}

store::TimeRange CompareSummaryTable::shownBWindow() const
{
    return m_model->result() ? m_model->result()->b->window : store::TimeRange {};
}

void CompareSummaryTable::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    TableSupport::addCopyEntry(
        &menu, this, [this] { TableSupport::copyText(TableSupport::selectedRowsTsv(m_view)); },
        m_view->selectionModel()->hasSelection());
    menu.addSeparator();
    TableSupport::addExpandCollapse(&menu, m_view, m_model->rowCount() > 0);
    QAction* order = menu.addAction(tr("Engine Order"), this, [this] { m_view->sortByColumn(-1, Qt::AscendingOrder); });
    order->setEnabled(m_view->header()->sortIndicatorSection() >= 0);
    addPairMenu(&menu, m_view->indexAt(pos));
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

void CompareSummaryTable::addPairMenu(QMenu* menu, const QModelIndex& index)
{
    const auto pair = m_model->pairAt(index);
    const auto& r = m_model->result();
    if (!pair || pair->a < 0 || !r)
        return;
    menu->addSeparator();
    QMenu* with = menu->addMenu(tr("Pair With B's"));
    with->setObjectName(QStringLiteral("comparePairMenu"));
    const store::TrackId aTrack = r->a->tracks[size_t(pair->a)].track;
    for (size_t i = 0; i < r->b->tracks.size(); ++i) {
        const analysis::TrackSummaryRow& b = r->b->tracks[i];
        QAction* act = with->addAction(
            SummaryFormat::trackName(b) + QStringLiteral(" · ") + QString::fromStdString(b.processLabel), this,
            [this, aTrack, t = b.track] { m_comparison->setEnginePartner(aTrack, t); });
        act->setCheckable(true);
        act->setChecked(int(i) == pair->b);
    }
    QAction* automatic = menu->addAction(
        tr("Pair Automatically"), this, [this, aTrack] { m_comparison->setEnginePartner(aTrack, store::TrackId()); });
    automatic->setObjectName(QStringLiteral("comparePairAutomatically"));
    automatic->setEnabled(pair->match == analysis::EngineMatcher::Match::Explicit);
}

void CompareSummaryTable::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_model->setPalette(palette());
        updateFacts();
    }
}

} // namespace strata::widgets
