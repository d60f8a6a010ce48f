#include "summaryview.h"

#include "summarycountermodel.h"
#include "summarydiagnostics.h"
#include "summarygroupmodel.h"
#include "summarypanes.h"
#include "summarytrackmodel.h"
#include <common/labels.h>
#include <common/percentbardelegate.h>
#include <common/summaryformat.h>
#include <common/tablesupport.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTextDocument>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace strata::widgets {

namespace {

const char* const kNameWidth = "strataNameWidth"; // dynamic property: the first column's natural width

QString muted(const QPalette& pal, const QString& html)
{
    return QStringLiteral("<span style=\"color:%1\">%2</span>")
        .arg(TimelineStyle::mix(pal.color(QPalette::Window), pal.color(QPalette::WindowText), 0.62).name(), html);
}

QString counted(uint64_t n, const QString& one, const QString& many)
{
    return SummaryFormat::count(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

} // namespace

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent)
{
    m_stack = new QStackedWidget(this);

    m_placeholder = Labels::placeholder(m_stack, 16);
    m_placeholder->setObjectName(QStringLiteral("summaryPlaceholder"));

    auto* content = new QWidget(m_stack);
    m_caption = Labels::heading(content, 1.1);
    m_caption->setObjectName(QStringLiteral("summaryCaption"));
    m_facts = new QLabel(content);
    m_facts->setObjectName(QStringLiteral("summaryFacts"));
    m_facts->setTextFormat(Qt::RichText);
    m_facts->setWordWrap(true);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_trackModel = new SummaryTrackModel(this);
    m_trackProxy = new QSortFilterProxyModel(this);
    m_trackProxy->setSourceModel(m_trackModel);
    m_trackView = makeTable(m_trackProxy, QStringLiteral("summaryTracks"));
    m_trackView->setTextElideMode(Qt::ElideRight); // engine names read from the start; counters keep both ends
    m_trackView->setItemDelegateForColumn(SummaryTrackModel::Util,
        new PercentBarDelegate(SummaryGroupModel::PercentRole, SummaryGroupModel::BarColorRole, m_trackView));

    m_counterModel = new SummaryCounterModel(this);
    m_counterProxy = new QSortFilterProxyModel(this);
    m_counterProxy->setSourceModel(m_counterModel);
    m_counterView = makeTable(m_counterProxy, QStringLiteral("summaryCounters"));

    m_diagView = new SummaryDiagnostics(this);

    m_panes = std::make_unique<SummaryPanes>(
        this, content, m_trackView, m_counterView, m_diagView, [this] { return trackNeeds(); });

    auto* header = new QVBoxLayout;
    header->setContentsMargins(10, 6, 10, 6);
    header->setSpacing(2);
    header->addWidget(m_caption);
    header->addWidget(m_facts);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(0);
    contentLayout->addLayout(header);
    contentLayout->addWidget(m_panes->splitter(), 1);
    contentLayout->addWidget(m_panes->tabs(), 1);

    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    showPlaceholder(tr("Open a profile to see its summary."));
}

QTreeView* SummaryView::makeTable(QSortFilterProxyModel* proxy, const QString& objectName)
{
    proxy->setSortRole(SummaryGroupModel::SortRole);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    auto* view = new QTreeView(this);
    view->setObjectName(objectName);
    view->setModel(proxy);
    TableSupport::setUp(view, 12);
    QHeaderView* h = view->header();
    h->setStretchLastSection(false);
    h->setSectionsMovable(false);
    h->setSortIndicator(-1, Qt::DescendingOrder); // trace order until the user sorts
    view->setSortingEnabled(true);
    connect(view, &QWidget::customContextMenuRequested, this,
        [this, view](const QPoint& pos) { showContextMenu(view, pos); });
    TableSupport::addCopyAction(view, this, [this, view] { copyRows(view, false); });
    // The viewport, not the view: its size is final when its resize event arrives.
    view->viewport()->installEventFilter(this);
    // Process rows span the table: the engine column needs only the engines' names.
    auto span = [view, proxy] {
        for (int r = 0; r < proxy->rowCount(); ++r)
            view->setFirstColumnSpanned(r, QModelIndex(), true);
    };
    connect(proxy, &QAbstractItemModel::modelReset, view, span);
    connect(proxy, &QAbstractItemModel::layoutChanged, view, span);
    connect(proxy, &QAbstractItemModel::rowsInserted, view, span);
    return view;
}

SummaryView::~SummaryView() = default;

QTreeWidget* SummaryView::diagnosticsView() const
{
    return m_diagView;
}

void SummaryView::addPane(QWidget* pane, const QString& title)
{
    m_panes->addPane(pane, title);
    arranged();
}

// The panes moved: the titles that count, and the side pane's stretch, for their new places.
void SummaryView::arranged()
{
    if (!m_summary)
        return;
    if (m_panes->arrangement() == Arrangement::Tabs)
        updateTabTitles();
    else
        updateDiagnostics();
}

// What the engines table needs to show its columns and rows whole.
QSize SummaryView::trackNeeds() const
{
    const int rowHeight = std::max(m_trackView->sizeHintForRow(0), m_trackView->fontMetrics().height() + 4);
    const int tableRows = m_summary ? int(m_summary->tracks.size()) + m_trackModel->rowCount() : 10;
    int width = m_trackView->property(kNameWidth).toInt() + 24;
    for (int c = 1; c < m_trackModel->columnCount(); ++c)
        if (!m_trackView->isColumnHidden(c))
            width += m_trackView->columnWidth(c);
    return { width, m_trackView->header()->sizeHint().height() + rowHeight * (tableRows + 1) };
}

void SummaryView::updateTabTitles()
{
    if (m_panes->arrangement() != Arrangement::Tabs || !m_summary)
        return;
    const uint64_t total = SummaryDiagnostics::total(*m_summary);
    m_panes->setTabTitles(tr("Counters (%1)").arg(m_summary->counters.size()),
        total ? tr("Diagnostics (%1)").arg(SummaryFormat::count(total)) : tr("Diagnostics"));
}

void SummaryView::setFactsMode(FactsMode mode)
{
    m_factsMode = mode;
    updateFacts();
}

void SummaryView::setSource(const QString& filePath, const QString& format)
{
    m_path = filePath;
    m_format = format;
    updateFacts();
}

void SummaryView::setCaption(const QString& text, const QString& toolTip)
{
    m_caption->setText(text);
    m_caption->setToolTip(toolTip);
}

QString SummaryView::captionText() const
{
    return m_caption->text();
}

QString SummaryView::factsText() const
{
    QTextDocument doc;
    doc.setHtml(m_facts->text());
    return doc.toPlainText();
}

void SummaryView::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

bool SummaryView::isShowingPlaceholder() const
{
    return m_stack->currentWidget() == m_placeholder;
}

QString SummaryView::placeholderText() const
{
    return m_placeholder->text();
}

void SummaryView::setSummary(std::shared_ptr<const analysis::TraceSummary> summary)
{
    if (!summary) { // no profile: the next one sizes its columns afresh
        m_summary.reset();
        m_columnsSized = false;
        m_namesChanged = true;
        m_trackModel->setSummary(nullptr);
        m_counterModel->setSummary(nullptr);
        showPlaceholder(tr("Open a profile to see its summary."));
        return;
    }
    const bool reset = !m_summary || m_summary->tracks.size() != summary->tracks.size()
        || m_summary->counters.size() != summary->counters.size();
    m_summary = std::move(summary);
    const int trackRows = m_trackModel->rowCount();
    m_trackModel->setSummary(m_summary);
    m_counterModel->setSummary(m_summary);
    const bool newRows = reset || trackRows != m_trackModel->rowCount();
    if (newRows) {
        m_namesChanged = true;
        m_trackView->expandAll();
        m_counterView->expandAll();
    }
    updateTrackColumns();
    updateFacts();
    updateSections();
    updateDiagnostics();
    updateTabTitles();
    sizeColumns();
    m_stack->setCurrentIndex(1);
    if (newRows)
        m_panes->distribute(); // the engines table's needs are known now
}

void SummaryView::updateFacts()
{
    if (!m_summary) {
        m_facts->clear();
        return;
    }
    const analysis::TraceFacts& t = m_summary->trace;
    const QPalette& pal = palette();
    const QString gap = QStringLiteral("&nbsp;&nbsp;&nbsp; ");
    // Non-breaking inside a fact, so a narrow dock wraps between facts, never within one.
    auto nb
        = [](const QString& text) { return text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")); };
    auto kv = [&](const QString& key, const QString& value, const QString& note = QString()) {
        QString html = muted(pal, nb(key)) + QStringLiteral("&nbsp;") + nb(value);
        if (!note.isEmpty())
            html += QStringLiteral("&nbsp;") + muted(pal, nb(note));
        return html;
    };
    QStringList parts;
    if (!m_path.isEmpty())
        parts << kv(tr("File"), QFileInfo(m_path).fileName());
    const QString traceTip
        = tr("%1\n%2 · %3 events · %4 flows · trace from %5 to %6 (absolute)")
              .arg(m_path.isEmpty() ? tr("(no file)") : m_path, UnitFormat::duration(t.extent.duration()),
                  SummaryFormat::count(t.events()), SummaryFormat::count(t.flows), UnitFormat::precise(t.extent.start),
                  UnitFormat::precise(t.extent.end));
    if (m_factsMode == FactsMode::Window) {
        // What is in the window; the whole trace's facts are the Overall Summary's.
        const store::TimeRange& w = m_summary->window;
        uint64_t slices = 0;
        size_t active = 0;
        for (const analysis::TrackSummaryRow& r : m_summary->tracks) {
            slices += r.events;
            active += r.events > 0;
        }
        const double share = t.extent.duration() > 0 ? 100.0 * double(w.duration()) / double(t.extent.duration()) : 0;
        parts << kv(tr("Window"), UnitFormat::duration(w.duration()),
            tr("(%1 % of %2)").arg(share, 0, 'f', share < 10 ? 2 : 1).arg(UnitFormat::duration(t.extent.duration())));
        parts << kv(tr("Slices"), SummaryFormat::count(slices));
        parts << kv(tr("Active engines"),
            tr("%1 of %2").arg(SummaryFormat::count(active), SummaryFormat::count(m_summary->tracks.size())));
        m_facts->setText(parts.join(gap));
        m_facts->setToolTip(traceTip);
        return;
    }
    if (!m_format.isEmpty())
        parts << kv(tr("Format"), m_format);
    parts << kv(tr("Duration"), UnitFormat::duration(t.extent.duration()));
    parts << kv(tr("Events"), SummaryFormat::count(t.events()),
        QStringLiteral("(%1, %2, %3)")
            .arg(counted(t.slices, tr("slice"), tr("slices")), counted(t.instants, tr("instant"), tr("instants")),
                counted(t.counterSamples, tr("counter sample"), tr("counter samples"))));
    parts << kv(tr("Tracks"), SummaryFormat::count(t.tracks));
    parts << kv(tr("Processes"), SummaryFormat::count(t.processes));
    m_facts->setText(parts.join(gap));
    m_facts->setToolTip(traceTip);
}

void SummaryView::updateSections()
{
    const analysis::TraceSummary& s = *m_summary;
    const int processes = m_trackModel->rowCount();
    m_panes->trackTitle()->setText(s.tracks.empty() ? tr("Engines: none")
                                                    : tr("Engines") + QStringLiteral(" ")
                + muted(palette(),
                    tr("%1 in %2")
                        .arg(SummaryFormat::count(s.tracks.size()),
                            counted(uint64_t(processes), tr("process"), tr("processes")))));
    m_trackView->setVisible(!s.tracks.empty());
    m_panes->counterTitle()->setText(s.counters.empty()
            ? tr("Counters: none")
            : tr("Counters") + QStringLiteral(" ") + muted(palette(), tr("min · time-weighted mean · max")));
    m_counterView->setVisible(!s.counters.empty());
}

void SummaryView::updateDiagnostics()
{
    const analysis::TraceSummary& s = *m_summary;
    const uint64_t total = SummaryDiagnostics::total(s);
    m_panes->diagnosticsTitle()->setText(s.diagnostics.empty() ? tr("Import diagnostics: none") + QStringLiteral(" ")
                + muted(palette(), tr("— the importer fixed or skipped nothing"))
                                                               : tr("Import diagnostics") + QStringLiteral(" ")
                + muted(palette(), tr("%1 fixed or skipped").arg(SummaryFormat::count(total))));
    m_diagView->setVisible(!s.diagnostics.empty());
    m_panes->setSideStretch(!s.counters.empty(), !s.diagnostics.empty());
    m_diagView->setSummary(s);
}

void SummaryView::updateTrackColumns()
{
    for (int c = SummaryTrackModel::Bytes; c < SummaryTrackModel::ColumnCount; ++c)
        m_trackView->setColumnHidden(c, !m_trackModel->columnHasData(c));
}

void SummaryView::sizeColumns()
{
    const QFontMetrics fm(m_trackView->font());
    constexpr int kPad = 10; // cell margins around a number
    auto headerWidth = [&](QAbstractItemModel* model, int c) {
        return fm.horizontalAdvance(model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()) + kPad + 6;
    };
    auto fit = [&](QTreeView* view, QAbstractItemModel* model, int c, const QString& sample, int extra = 0) {
        view->setColumnWidth(c, std::max(headerWidth(model, c), fm.horizontalAdvance(sample) + kPad + extra));
    };
    // Natural width of the first column: the longest name, indented under its process (the
    // process rows span the whole table).
    auto nameWidth = [&](QTreeView* view, SummaryGroupModel* model) {
        int w = 0;
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex gi = model->index(g, 0);
            for (int r = 0; r < model->rowCount(gi); ++r)
                w = std::max(w, fm.horizontalAdvance(model->data(model->index(r, 0, gi), Qt::DisplayRole).toString()));
        }
        return std::min(w + 2 * view->indentation() + 12, fm.horizontalAdvance(QLatin1Char('x')) * 42);
    };
    if (m_namesChanged) { // the rows changed; a moved window keeps the names
        m_namesChanged = false;
        m_trackView->setProperty(kNameWidth, nameWidth(m_trackView, m_trackModel));
        m_counterView->setProperty(kNameWidth, nameWidth(m_counterView, m_counterModel));
    }
    using T = SummaryTrackModel;
    using C = SummaryCounterModel;
    if (!m_columnsSized) { // typical widths, so most windows need no change
        m_columnsSized = true;
        fit(m_trackView, m_trackModel, T::Events, QStringLiteral("000,000"));
        fit(m_trackView, m_trackModel, T::Busy, QStringLiteral("000.000 ms"));
        fit(m_trackView, m_trackModel, T::Util, QStringLiteral("100.00 %"), 16);
        fit(m_trackView, m_trackModel, T::AvgDuration, QStringLiteral("000.000 µs"));
        fit(m_trackView, m_trackModel, T::Bytes, QStringLiteral("000.0 MB"));
        fit(m_trackView, m_trackModel, T::Bandwidth, QStringLiteral("000.0 GB/s"));
        fit(m_trackView, m_trackModel, T::Flops, QStringLiteral("000 GFLOP"));
        fit(m_trackView, m_trackModel, T::Mfu, QStringLiteral("100.0 %"));
        fit(m_trackView, m_trackModel, T::Hfu, QStringLiteral("100.0 %"));
        fit(m_counterView, m_counterModel, C::Samples, QStringLiteral("000,000"));
        for (int c : { C::Min, C::Mean, C::Max })
            fit(m_counterView, m_counterModel, c, QStringLiteral("-000.0 M"));
    }
    // Wider values than those widen their column, never narrow it: no jitter while panning.
    // (Thousands of rows are not measured on every pan; they keep the typical widths.)
    auto grow = [&](QTreeView* view, SummaryGroupModel* model, int c, int extra) {
        if (!m_summary || m_summary->tracks.size() + m_summary->counters.size() > 400)
            return;
        int w = 0;
        for (int g = 0; g < model->rowCount(); ++g) {
            const QModelIndex gi = model->index(g, 0);
            for (int r = 0; r < model->rowCount(gi); ++r)
                w = std::max(w, fm.horizontalAdvance(model->index(r, c, gi).data().toString()));
        }
        if (w + kPad + extra > view->columnWidth(c))
            view->setColumnWidth(c, w + kPad + extra);
    };
    for (int c = T::Events; c < T::ColumnCount; ++c)
        grow(m_trackView, m_trackModel, c, c == T::Util ? 16 : 0);
    for (int c = C::Samples; c < C::ColumnCount; ++c)
        grow(m_counterView, m_counterModel, c, 0);
    fitFirstColumn(m_trackView);
    fitFirstColumn(m_counterView);
}

// The first column takes the room the numbers leave.
void SummaryView::fitFirstColumn(QTreeView* view)
{
    const int natural = view->property(kNameWidth).toInt();
    int numbers = 0;
    for (int c = 1; c < view->model()->columnCount(); ++c)
        if (!view->isColumnHidden(c))
            numbers += view->columnWidth(c);
    QHeaderView* h = view->header();
    const int room = view->viewport()->width() - numbers;
    if (room >= natural) {
        h->setSectionResizeMode(0, QHeaderView::Stretch);
        return;
    }
    // Short of room the names give first (elided in the middle, whole in the tooltip), down
    // to about 20 characters; below that the table scrolls sideways.
    const int floor = std::min(natural, view->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 20);
    h->setSectionResizeMode(0, QHeaderView::Interactive);
    view->setColumnWidth(0, std::max(room, floor));
}

bool SummaryView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Resize) {
        if (watched == m_trackView->viewport())
            fitFirstColumn(m_trackView);
        else if (watched == m_counterView->viewport())
            fitFirstColumn(m_counterView);
    }
    return QWidget::eventFilter(watched, event);
}

void SummaryView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_panes->arrangeFor(event->size()))
        arranged();
}

void SummaryView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_summary) {
        updateFacts();
        updateSections();
        updateDiagnostics();
    } else if (event->type() == QEvent::FontChange && m_summary) {
        m_columnsSized = false;
        m_namesChanged = true;
        sizeColumns();
    }
}

void SummaryView::showContextMenu(QTreeView* view, const QPoint& pos)
{
    QMenu menu(this);
    TableSupport::addCopyEntry(
        &menu, this, [this, view] { copyRows(view, false); }, view->selectionModel()->hasSelection());
    menu.addAction(tr("Copy Table"), this, [this, view] { copyRows(view, true); });
    menu.addSeparator();
    TableSupport::addExpandCollapse(&menu, view);
    QAction* order = menu.addAction(tr("Trace Order"), this, [view] { view->sortByColumn(-1, Qt::AscendingOrder); });
    order->setEnabled(view->header()->sortIndicatorSection() >= 0);
    menu.exec(view->viewport()->mapToGlobal(pos));
}

// Tab-separated, one line per engine or counter with its process first, as shown (sorted,
// visible columns): pastes into a spreadsheet.
void SummaryView::copyRows(QTreeView* view, bool all) const
{
    TableSupport::copyText(TableSupport::groupedRowsTsv(view, tr("Process"), all));
}

} // namespace strata::widgets
