#include "rankswidget.h"

#include "collectivetablemodel.h"
#include "ranktablemodel.h"
#include <analysis/breakdown/breakdownindex.h>
#include <analysis/collectives/clockoffsetcheck.h>
#include <analysis/collectives/collectivekind.h>
#include <analysis/findings/findingtext.h>
#include <common/exportactions.h>
#include <common/noticebar.h>
#include <common/tablesupport.h>
#include <common/unitformat.h>
#include <report/ranksreport.h>

#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdlib>

namespace strata::widgets {

namespace {

// The picker's entries: what the user reads, and the name Session::requestAlignment takes.
struct AlignmentItem {
    const char* label;
    analysis::ClockAlignment alignment;
    const char* tip;
};
constexpr AlignmentItem kAlignments[] = {
    { QT_TRANSLATE_NOOP("RanksWidget", "As recorded"), analysis::ClockAlignment::Recorded,
        QT_TRANSLATE_NOOP("RanksWidget", "The times as the files say: ranks of one host share a clock") },
    { QT_TRANSLATE_NOOP("RanksWidget", "Collective ends"), analysis::ClockAlignment::CollectiveEnds,
        QT_TRANSLATE_NOOP("RanksWidget",
            "Each rank moved by the median gap between its collectives' ends and the first rank's: a "
            "collective releases every rank at nearly the same moment") },
    { QT_TRANSLATE_NOOP("RanksWidget", "First step"), analysis::ClockAlignment::FirstStep,
        QT_TRANSLATE_NOOP(
            "RanksWidget", "Each rank moved so that its first ProfilerStep starts with the first rank's") },
};

QTableView* sortedTable(QWidget* parent, const QString& name, QSortFilterProxyModel* proxy)
{
    QTableView* view = TableSupport::table(parent, name);
    proxy->setSortRole(NumberTableModel::SortRole);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}

} // namespace

RanksWidget::RanksWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_session(context.session)
    , m_rankModel(new RankTableModel(this))
    , m_collectiveModel(new CollectiveTableModel(this))
    , m_rankProxy(new QSortFilterProxyModel(this))
    , m_collectiveProxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("ranks"));
    m_align = new QComboBox(this);
    m_align->setObjectName(QStringLiteral("ranksAlignment"));
    for (const AlignmentItem& item : kAlignments) {
        m_align->addItem(tr(item.label), QString::fromLatin1(analysis::clockAlignmentName(item.alignment)));
        m_align->setItemData(m_align->count() - 1, tr(item.tip), Qt::ToolTipRole);
    }
    m_align->setToolTip(tr("How the ranks' clocks are put on one time axis; another choice opens the job again"));
    auto* alignLabel = new QLabel(tr("Clocks:"), this);
    alignLabel->setBuddy(m_align);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->addWidget(alignLabel);
    bar->addWidget(m_align);
    bar->addStretch(1);
    m_evidence = new QLabel(this);
    m_evidence->setObjectName(QStringLiteral("ranksEvidence"));
    m_evidence->setWordWrap(true);
    m_evidence->setContentsMargins(6, 2, 6, 2);
    m_evidence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_clockNotice = new NoticeBar(this);
    m_clockNotice->setObjectName(QStringLiteral("ranksClockNotice"));
    m_clockNotice->button()->setToolTip(
        tr("Open the job again with each rank moved by the median gap between its collectives' ends and the first "
           "rank's"));
    connect(m_clockNotice, &NoticeBar::actionTriggered, this, [this] {
        m_clockNotice->button()->setEnabled(false); // the job opens again: once is enough
        m_session->requestAlignment(
            QString::fromLatin1(analysis::clockAlignmentName(analysis::ClockAlignment::CollectiveEnds)));
    });
    auto* page = new QWidget(this);
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    pageLayout->addLayout(bar);
    pageLayout->addWidget(m_evidence);
    pageLayout->addWidget(m_clockNotice);
    pageLayout->addWidget(buildTables(), 1);

    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("ranksPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setEnabled(false);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(page);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);

    connect(m_align, &QComboBox::activated, this, &RanksWidget::alignmentChosen);
    model::Session* session = context.session;
    session->followIndex<analysis::JobIndex>(this, [this](auto index) { setJob(std::move(index)); });
}

QWidget* RanksWidget::buildTables()
{
    m_rankProxy->setSourceModel(m_rankModel);
    m_rankView = sortedTable(this, QStringLiteral("rankTable"), m_rankProxy);
    m_rankView->sortByColumn(RankTableModel::Rank, Qt::AscendingOrder);
    m_rankView->horizontalHeader()->setStretchLastSection(true); // the file
    m_rankView->setTextElideMode(Qt::ElideMiddle);
    m_collectiveProxy->setSourceModel(m_collectiveModel);
    m_collectiveView = sortedTable(this, QStringLiteral("collectiveTable"), m_collectiveProxy);
    m_collectiveView->sortByColumn(CollectiveTableModel::Index, Qt::AscendingOrder);
    m_collectiveView->horizontalHeader()->setStretchLastSection(true); // short names: every column fits its text

    auto rowOf = [](const QModelIndex& proxyIndex) {
        const auto* proxy = static_cast<const QSortFilterProxyModel*>(proxyIndex.model());
        return proxy->mapToSource(proxyIndex).row();
    };
    // A click, or Enter on a row picked with the keyboard.
    for (auto signal : { &QTableView::clicked, &QTableView::activated }) {
        connect(m_rankView, signal, this, [this, rowOf](const QModelIndex& i) { revealRank(rowOf(i)); });
        connect(m_collectiveView, signal, this, [this, rowOf](const QModelIndex& i) { selectCollective(rowOf(i)); });
    }
    for (QTableView* view : { m_rankView, m_collectiveView })
        connect(
            view, &QWidget::customContextMenuRequested, this, [this, view](const QPoint& p) { tableMenu(view, p); });

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("ranksTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_rankView, tr("Ranks"));
    m_tabs->addTab(m_collectiveView, tr("Collectives"));
    m_tabs->setTabToolTip(0, tr("One row per rank; click one to scroll the timeline to it"));
    m_tabs->setTabToolTip(1, tr("The collectives matched across ranks; click one to select its kernel on every rank"));
    return m_tabs;
}

void RanksWidget::setJob(std::shared_ptr<const analysis::JobIndex> job)
{
    const std::shared_ptr<const store::EventStore>& store = m_session->store();
    // Still building: the layout in the store's metadata tells a job at once.
    const bool building = !job && store && store::JobLayout::of(*store).isJob();
    m_job = job && job->isJob() ? std::move(job) : nullptr;
    m_rankModel->setJob(m_job);
    m_collectiveModel->setJob(m_job);
    if (!m_job) {
        showPlaceholder(building ? tr("Matching the collectives across ranks…")
                                 : tr("Open a folder of per-rank traces (File > Open Folder…) to compare ranks."));
        return;
    }
    const int item = m_align->findData(QString::fromLatin1(analysis::clockAlignmentName(m_job->alignment())));
    m_align->setCurrentIndex(std::max(0, item));
    m_evidence->setText(evidence(*m_job));
    const QString notice = clockNotice(*m_job);
    if (notice.isEmpty())
        m_clockNotice->clearNotice();
    else
        m_clockNotice->setNotice(notice, tr("Align by collective ends"));
    m_tabs->setTabText(0, tr("Ranks (%1)").arg(UnitFormat::count(m_job->layout().ranks().size())));
    m_tabs->setTabText(1, tr("Collectives (%1)").arg(UnitFormat::count(m_job->analysis().collectives.size())));
    m_stack->setCurrentIndex(1);
    if (!notice.isEmpty())
        emit raiseRequested();
}

QString RanksWidget::evidence(const analysis::JobIndex& job)
{
    const analysis::CollectiveAnalysis& a = job.analysis();
    const analysis::StragglerVerdict& v = a.straggler;
    auto rankNumber = [&job](int index) { return QString::number(job.layout().ranks()[size_t(index)].rank); };
    QString text;
    if (a.collectives.empty())
        text = tr("No collective matched across ranks.");
    else if (v.rank < 0)
        text = tr("Every collective started on all its ranks at once: no rank arrived last.");
    else
        text = tr("Rank %1 arrived last at %2 of %3 collectives; the others waited %4 in all.")
                   .arg(rankNumber(v.rank), UnitFormat::count(v.lastArrivals), UnitFormat::count(v.collectives),
                       UnitFormat::duration(v.othersWaitNs));
    const QString hta = v.htaRank >= 0 ? tr("Holistic Trace Analysis names rank %1.").arg(rankNumber(v.htaRank))
                                       : tr("Holistic Trace Analysis names no rank.");
    return text + QLatin1Char(' ') + hta;
}

QString RanksWidget::clockNotice(const analysis::JobIndex& job)
{
    const analysis::ClockOffsetHint& hint = job.analysis().clockHint;
    if (!hint.suspected())
        return {};
    const auto& ranks = job.layout().ranks();
    const QString ref = QString::number(ranks.front().rank);
    const auto when = [](store::TimeNs offset) {
        const QString d = UnitFormat::duration(std::abs(offset));
        return offset > 0 ? tr("%1 after").arg(d) : tr("%1 before").arg(d);
    };
    QStringList groups;
    for (const analysis::ClockOffsetGroup& group : analysis::ClockOffsetCheck::groups(hint)) {
        std::vector<int64_t> numbers;
        for (uint32_t index : group.indexes)
            numbers.push_back(ranks[index].rank);
        // A run "4–7" stays on one line: word joiners around its dash.
        const QString list = QString::fromStdString(analysis::FindingText::ranks(numbers))
                                 .replace(QChar(0x2013), QStringLiteral("\u2060\u2013\u2060"));
        const QString offset
            = group.shared ? when(group.offsetNs) : tr("between %1 and %2").arg(when(group.minNs), when(group.maxNs));
        groups << (numbers.size() > 1 ? tr("ranks %1 end every collective %2 rank %3's")
                                      : tr("rank %1 ends every collective %2 rank %3's"))
                      .arg(list, offset, ref);
    }
    return tr("Clocks look offset: %1. The waits read %2 in all; aligned by collective ends, %3.")
        .arg(groups.join(QStringLiteral("; ")), UnitFormat::duration(hint.waitNs),
            UnitFormat::duration(hint.alignedWaitNs));
}

void RanksWidget::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_evidence->clear();
    m_clockNotice->clearNotice();
    m_stack->setCurrentIndex(0);
}

QString RanksWidget::placeholderText() const
{
    return m_stack->currentIndex() == 0 ? m_placeholder->text() : QString();
}

QString RanksWidget::evidenceText() const
{
    return m_evidence->text();
}

void RanksWidget::alignmentChosen(int item)
{
    if (!m_job)
        return;
    const QString name = m_align->itemData(item).toString();
    if (name != QString::fromLatin1(analysis::clockAlignmentName(m_job->alignment())))
        m_session->requestAlignment(name);
}

std::string RanksWidget::ranksJson() const
{
    const std::shared_ptr<const store::EventStore>& store = m_session->store();
    const auto breakdown = m_session->analyses()->get<analysis::BreakdownIndex>();
    if (!m_job || !store || !breakdown)
        return {};
    return report::RanksReport::ofJob(*store, *m_job, *breakdown).json();
}

void RanksWidget::revealRank(int row)
{
    if (!m_job || row < 0 || size_t(row) >= m_job->figures().size())
        return;
    const store::TrackId track = m_job->figures()[size_t(row)].revealTrack;
    if (track.valid())
        m_session->revealTrack(track);
}

void RanksWidget::selectCollective(int row)
{
    const analysis::MatchedCollective* c = m_collectiveModel->collective(row);
    if (!c || c->rows.empty())
        return;
    auto rows = std::make_shared<std::vector<store::SliceRow>>(c->rows);
    std::sort(rows->begin(), rows->end(), [](store::SliceRow a, store::SliceRow b) { return a.v < b.v; });
    m_session->selection()->setHighlighted(rows,
        tr("%1 #%2 on %3 ranks")
            .arg(QString::fromStdString(analysis::CollectiveKind::of(c->name)))
            .arg(c->index)
            .arg(c->ranks.size()));
    const store::TimeRange range { *std::min_element(c->starts.begin(), c->starts.end()),
        *std::max_element(c->ends.begin(), c->ends.end()) };
    m_session->selection()->setTimeSelection(range);
    // Into view only when it is not all there: a tenth of its length either side.
    model::Viewport* viewport = m_session->viewport();
    const store::TimeRange visible = viewport->visible();
    if (range.start < visible.start || range.end > visible.end) {
        const store::TimeNs pad = std::max<store::TimeNs>(1, (range.end - range.start) / 10);
        viewport->setVisible({ range.start - pad, range.end + pad }, model::Viewport::Nav::Jump);
    }
}

void RanksWidget::tableMenu(QTableView* view, const QPoint& pos)
{
    QMenu menu(this);
    const bool ranks = view == m_rankView;
    auto csv = [this, ranks] { return ranks ? m_rankModel->csv() : m_collectiveModel->csv(); };
    menu.addAction(tr("Copy Table as CSV"), this, [csv] { TableSupport::copyText(QString::fromStdString(csv())); })
        ->setEnabled(m_job != nullptr);
    menu.addSeparator();
    ExportActions::add(&menu, this, tr("Export as CSV…"),
        ranks ? QStringLiteral("ranks") : QStringLiteral("collectives"), QStringLiteral("csv"), csv)
        ->setEnabled(m_job != nullptr);
    // Both tables and the straggler in one file, as strata-cli ranks --json writes them.
    ExportActions::add(&menu, this, tr("Export Job as JSON…"), QStringLiteral("ranks"), QStringLiteral("json"), [this] {
        return ranksJson();
    })->setEnabled(m_job != nullptr && m_session->analyses()->get<analysis::BreakdownIndex>() != nullptr);
    menu.exec(view->viewport()->mapToGlobal(pos));
}

} // namespace strata::widgets
