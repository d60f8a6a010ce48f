#include "summaryview.h"

#include "devicebreakdownlabel.h"
#include "summarycountermodel.h"
#include "summarydiagnostics.h"
#include "summarygroupmodel.h"
#include "summarypanes.h"
#include "summarytable.h"
#include "summarytrackmodel.h"
#include <common/labels.h>
#include <common/percentbardelegate.h>
#include <common/summaryformat.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>

#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTextDocument>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace strata::widgets {

namespace {

QString muted(const QPalette& pal, const QString& html)
{
    return QStringLiteral("<span style=\"color:%1\">%2</span>")
        .arg(TimelineStyle::mix(pal.color(QPalette::Window), pal.color(QPalette::WindowText), 0.62).name(), html);
}

QString counted(uint64_t n, const QString& one, const QString& many)
{
    return UnitFormat::count(n) + QLatin1Char(' ') + (n == 1 ? one : many);
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
    m_breakdown = new DeviceBreakdownLabel(content);

    m_trackModel = new SummaryTrackModel(this);
    m_trackView = new SummaryTable(m_trackModel, QStringLiteral("summaryTracks"), this);
    m_trackView->setTextElideMode(Qt::ElideRight); // engine names read from the start; counters keep both ends
    m_trackView->setItemDelegateForColumn(SummaryTrackModel::Util,
        new PercentBarDelegate(SummaryGroupModel::PercentRole, SummaryGroupModel::BarColorRole, m_trackView));

    m_counterModel = new SummaryCounterModel(this);
    m_counterView = new SummaryTable(m_counterModel, QStringLiteral("summaryCounters"), this);

    m_diagView = new SummaryDiagnostics(this);

    m_panes = std::make_unique<SummaryPanes>(
        this, content, m_trackView, m_counterView, m_diagView, [this] { return trackNeeds(); });

    auto* header = new QVBoxLayout;
    header->setContentsMargins(10, 6, 10, 6);
    header->setSpacing(2);
    header->addWidget(m_caption);
    header->addWidget(m_facts);
    header->addWidget(m_breakdown);
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

SummaryView::~SummaryView() = default;

QTreeView* SummaryView::trackView() const
{
    return m_trackView;
}

QTreeView* SummaryView::counterView() const
{
    return m_counterView;
}

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
    int width = m_trackView->naturalNameWidth() + 24;
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
    m_panes->setTabTitles(tr("Counters (%1)").arg(UnitFormat::count(m_summary->counters.size())),
        total ? tr("Diagnostics (%1)").arg(UnitFormat::count(total)) : tr("Diagnostics"));
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

void SummaryView::setLoadNotes(const QStringList& notes)
{
    m_loadNotes = notes;
    if (m_summary)
        updateDiagnostics();
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
    m_breakdown->setScope(m_summary ? m_summary->device : analysis::DeviceScope());
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
    // The Device scope, as strata-cli summary gives it: the device tracks' busy time, or
    // that there are none and the scope falls back to every thread.
    auto deviceFacts = [&] {
        const analysis::DeviceScope& d = m_summary->device;
        if (!d.fallback.empty())
            return kv(tr("Device"), tr("no device tracks"), tr("(the Device scope is every thread)"));
        // Per device, busy is the union of its engines' work (strata-cli summary's rule) once
        // the breakdown index is there; before that, the tracks' sum and mean.
        if (d.devices.size() == 1)
            return kv(tr("Device busy"), UnitFormat::duration(d.busyNs),
                tr("(%1 of the window, union of %2)")
                    .arg(SummaryFormat::utilization(d.utilization),
                        counted(d.devices.front().engines, tr("engine"), tr("engines"))));
        if (!d.devices.empty())
            return kv(tr("Device busy"), UnitFormat::duration(d.busyNs),
                tr("(%1, each the union of its engines; mean utilisation %2)")
                    .arg(counted(uint32_t(d.devices.size()), tr("device"), tr("devices")),
                        SummaryFormat::utilization(d.utilization)));
        return kv(tr("Device busy"), UnitFormat::duration(d.busyNs),
            tr("(%1, mean utilisation %2)")
                .arg(counted(d.tracks, tr("engine"), tr("engines")), SummaryFormat::utilization(d.utilization)));
    };
    QStringList parts;
    if (!m_path.isEmpty())
        parts << kv(tr("File"), QFileInfo(m_path).fileName());
    const QString traceTip
        = tr("%1\n%2 · %3 events · %4 flows · trace from %5 to %6 (absolute)")
              .arg(m_path.isEmpty() ? tr("(no file)") : m_path, UnitFormat::duration(t.extent.duration()),
                  UnitFormat::count(t.events()), UnitFormat::count(t.flows), UnitFormat::precise(t.extent.start),
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
        parts << kv(tr("Slices"), UnitFormat::count(slices));
        parts << kv(tr("Active engines"),
            tr("%1 of %2").arg(UnitFormat::count(active), UnitFormat::count(m_summary->tracks.size())));
        parts << deviceFacts();
        m_facts->setText(parts.join(gap));
        m_facts->setToolTip(traceTip);
        return;
    }
    if (!m_format.isEmpty())
        parts << kv(tr("Format"), m_format);
    parts << kv(tr("Duration"), UnitFormat::duration(t.extent.duration()));
    parts << kv(tr("Events"), UnitFormat::count(t.events()),
        QStringLiteral("(%1, %2, %3)")
            .arg(counted(t.slices, tr("slice"), tr("slices")), counted(t.instants, tr("instant"), tr("instants")),
                counted(t.counterSamples, tr("counter sample"), tr("counter samples"))));
    parts << kv(tr("Tracks"), UnitFormat::count(t.tracks));
    parts << kv(tr("Processes"), UnitFormat::count(t.processes));
    parts << deviceFacts();
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
                        .arg(UnitFormat::count(s.tracks.size()),
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
                + muted(palette(), tr("%1 fixed or skipped").arg(UnitFormat::count(total))));
    const bool listed = !s.diagnostics.empty() || !m_loadNotes.isEmpty();
    m_diagView->setVisible(listed);
    m_panes->setSideStretch(!s.counters.empty(), listed);
    m_diagView->setSummary(s, m_loadNotes);
}

void SummaryView::updateTrackColumns()
{
    for (int c = SummaryTrackModel::Bytes; c < SummaryTrackModel::ColumnCount; ++c)
        m_trackView->setColumnHidden(c, !m_trackModel->columnHasData(c));
}

void SummaryView::sizeColumns()
{
    const QFontMetrics fm(m_trackView->font());
    if (m_namesChanged) { // the rows changed; a moved window keeps the names
        m_namesChanged = false;
        m_trackView->measureNames(fm);
        m_counterView->measureNames(fm);
    }
    using T = SummaryTrackModel;
    using C = SummaryCounterModel;
    if (!m_columnsSized) { // typical widths, so most windows need no change
        m_columnsSized = true;
        m_trackView->fitColumn(fm, T::Events, QStringLiteral("000,000"));
        m_trackView->fitColumn(fm, T::Busy, QStringLiteral("000.000 ms"));
        m_trackView->fitColumn(fm, T::Util, QStringLiteral("100.00 %"), 16);
        m_trackView->fitColumn(fm, T::AvgDuration, QStringLiteral("000.000 µs"));
        m_trackView->fitColumn(fm, T::Bytes, QStringLiteral("000.0 MB"));
        m_trackView->fitColumn(fm, T::Bandwidth, QStringLiteral("000.0 GB/s"));
        m_trackView->fitColumn(fm, T::Flops, QStringLiteral("000 GFLOP"));
        m_trackView->fitColumn(fm, T::Mfu, QStringLiteral("100.0 %"));
        m_trackView->fitColumn(fm, T::Hfu, QStringLiteral("100.0 %"));
        m_counterView->fitColumn(fm, C::Samples, QStringLiteral("000,000"));
        for (int c : { C::Min, C::Mean, C::Max })
            m_counterView->fitColumn(fm, c, QStringLiteral("-000.0 M"));
    }
    // Wider values than those widen their column, never narrow it: no jitter while panning.
    // (Thousands of rows are not measured on every pan; they keep the typical widths.)
    if (m_summary && m_summary->tracks.size() + m_summary->counters.size() <= 400) {
        for (int c = T::Events; c < T::ColumnCount; ++c)
            m_trackView->growColumn(fm, c, c == T::Util ? 16 : 0);
        for (int c = C::Samples; c < C::ColumnCount; ++c)
            m_counterView->growColumn(fm, c, 0);
    }
    m_trackView->fitFirstColumn();
    m_counterView->fitFirstColumn();
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

} // namespace strata::widgets
