#include "findingswidget.h"

#include "findingsmodel.h"
#include "thresholdsdialog.h"
#include <common/exportactions.h>
#include <common/tablesupport.h>
#include <common/timescopebox.h>
#include <common/unitformat.h>
#include <common/wrappingdelegate.h>

#include <report/csv.h>
#include <report/findingsreport.h>
#include <state/findingsboard.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <sstream>

namespace strata::widgets {

using analysis::Finding;
using analysis::FindingRange;
using analysis::ProfileFindings;

namespace {
constexpr int kDebounceMs = 150;
constexpr int kMaxDelayMs = 400;
} // namespace

FindingsWidget::FindingsWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_session(context.session)
    , m_scope(new TimeScope(context.session, this))
    , m_model(new FindingsModel(this))
    , m_thresholds(ThresholdsDialog::load(QSettings()))
{
    setObjectName(QStringLiteral("findings"));
    m_scope->setPace(kDebounceMs, kMaxDelayMs);
    m_scopeBox = new TimeScopeBox(m_scope,
        { TimeScope::Mode::WholeTrace, TimeScope::Mode::VisibleRange, TimeScope::Mode::CurrentSelection,
            TimeScope::Mode::MarkerPair },
        this);
    m_scopeBox->setObjectName(QStringLiteral("findingsScope"));
    const auto tool = [this](const QString& name, const QString& text, const QString& tip) {
        auto* b = new QToolButton(this);
        b->setObjectName(name);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        return b;
    };
    // Arrows, not words: the dock often shares a narrow column.
    m_prev = tool(
        QStringLiteral("findingsPrevious"), tr("Previous"), tr("The picked finding's previous range (Shift+F8)"));
    m_prev->setArrowType(Qt::LeftArrow);
    m_next = tool(QStringLiteral("findingsNext"), tr("Next"), tr("The picked finding's next range (F8)"));
    m_next->setArrowType(Qt::RightArrow);
    QToolButton* thresholds = tool(QStringLiteral("findingsThresholdsButton"), tr("Thresholds…"),
        tr("The rules' thresholds: when each finding is reported"));
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 6, 0);
    bar->addWidget(m_scopeBox);
    bar->addWidget(m_prev);
    bar->addWidget(m_next);
    bar->addStretch(1);
    bar->addWidget(thresholds);
    // What the list is ("3 findings over the whole trace"), or the range picked: on a row of
    // its own under the tools, wrapping, so it reads whole in the narrow column it often has.
    m_step = new QLabel(this);
    m_step->setObjectName(QStringLiteral("findingsStep"));
    m_step->setWordWrap(true);
    m_step->setTextFormat(Qt::PlainText);
    m_step->setContentsMargins(6, 2, 6, 2);
    m_step->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the dock

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("findingsView"));
    m_view->setModel(m_model);
    TableSupport::setUp(m_view, 14);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    // A title or a cause wraps rather than elides: rows are as tall as their text.
    m_view->setWordWrap(true);
    m_view->setUniformRowHeights(false);
    m_view->setItemDelegate(new WrappingDelegate(m_view));
    m_view->viewport()->installEventFilter(this);
    m_view->verticalScrollBar()->installEventFilter(this);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(FindingsModel::Title, QHeaderView::Interactive);
    TableSupport::fitNumberColumns(m_view);
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("findingsPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setMargin(12);
    m_placeholder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_view);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_step);
    layout->addWidget(m_stack, 1);

    auto* next = new QShortcut(QKeySequence(Qt::Key_F8), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    auto* prev
        = new QShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(next, &QShortcut::activated, this, &FindingsWidget::nextRange);
    connect(prev, &QShortcut::activated, this, &FindingsWidget::previousRange);
    connect(m_next, &QToolButton::clicked, this, &FindingsWidget::nextRange);
    connect(m_prev, &QToolButton::clicked, this, &FindingsWidget::previousRange);
    connect(thresholds, &QToolButton::clicked, this, &FindingsWidget::editThresholds);
    connect(m_view, &QTreeView::clicked, this, &FindingsWidget::clicked);
    connect(m_view, &QTreeView::activated, this, &FindingsWidget::clicked);
    connect(m_view, &QWidget::customContextMenuRequested, this, &FindingsWidget::contextMenu);
    TableSupport::addCopyAction(m_view, this, [this] { TableSupport::copyText(text()); });
    connect(m_scope, &TimeScope::changed, this, &FindingsWidget::refresh);
    m_session->followIndex<analysis::JobIndex>(this, [this](auto) { followStore(); });
    m_prev->setEnabled(false);
    m_next->setEnabled(false);
}

bool FindingsWidget::eventFilter(QObject* watched, QEvent* event)
{
    const bool scrollBar
        = watched == m_view->verticalScrollBar() && (event->type() == QEvent::Show || event->type() == QEvent::Hide);
    const bool resized = watched == m_view->viewport() && event->type() == QEvent::Resize
        && static_cast<QResizeEvent*>(event)->size().width() != static_cast<QResizeEvent*>(event)->oldSize().width();
    // Fitted at once, and again once the view has settled: the scroll area may set the
    // viewport's width only after the scroll bar's show or hide. No ping-pong: rows fitted
    // to the narrower width are no shorter, so a scroll bar they need stays.
    if (resized)
        fitTitle();
    if ((scrollBar || resized) && !m_fitQueued) {
        m_fitQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_fitQueued = false;
                fitTitle();
            },
            Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, event);
}

void FindingsWidget::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        m_model->setColors(ThemePalette::from(palette()));
}

int FindingsWidget::valueWidth(bool oneLine) const
{
    const QFontMetrics fm(m_view->font());
    // QStyledItemDelegate's text margins on both sides, and the wrapping's slack.
    const int margin = 2 * (m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1) + 8;
    int widest = m_view->header()->sectionSizeHint(FindingsModel::Value);
    for (int i = 0; i < m_model->rowCount(); ++i) {
        const QString text = m_model->index(i, FindingsModel::Value).data().toString();
        const int at = text.indexOf(QChar(0x2265));
        const int width = oneLine || at < 0
            ? fm.horizontalAdvance(text)
            : std::max(fm.horizontalAdvance(text.left(at).trimmed()), fm.horizontalAdvance(text.mid(at)));
        widest = std::max(widest, width + margin);
    }
    return widest;
}

void FindingsWidget::fitTitle()
{
    // Every column on one line where the title still gets kWideTitle; else the value stands
    // over its threshold and the title wraps, beside the time at stake where it still gets
    // kWrapTitle, else taking the rest of the width and never less than kMinTitle (the time
    // at stake scrolls out of view rather than the titles shrinking).
    constexpr int kWideTitle = 400, kWrapTitle = 300, kMinTitle = 200;
    if (m_fitting)
        return;
    m_fitting = true;
    QHeaderView* h = m_view->header();
    const int width = m_view->viewport()->width();
    const int atStake = h->sectionSize(FindingsModel::AtStake);
    const int wide = valueWidth(true);
    if (width - wide - atStake >= kWideTitle) {
        h->resizeSection(FindingsModel::Value, wide);
        h->resizeSection(FindingsModel::Title, width - wide - atStake);
    } else {
        const int narrow = valueWidth(false);
        h->resizeSection(FindingsModel::Value, narrow);
        const int beside = width - narrow - atStake;
        h->resizeSection(FindingsModel::Title, beside >= kWrapTitle ? beside : std::max(kMinTitle, width - narrow));
    }
    m_view->doItemsLayout(); // the rows' heights follow the title's width
    m_fitting = false;
}

void FindingsWidget::followStore()
{
    if (m_session->store() != m_store) {
        m_job.cancel();
        m_busy = false;
        m_scope->discardPending();
        m_store = m_session->store();
        m_shown.reset();
        m_model->setResult(nullptr, nullptr);
        m_finding = m_range = -1;
        m_selected.reset();
        showStep(QString());
        m_summary.clear();
    }
    refresh();
}

void FindingsWidget::refresh()
{
    m_scope->discardPending();
    if (!m_store) {
        showPlaceholder(tr("Open a profile to see what to fix first."));
        return;
    }
    const auto& a = m_session->analyses();
    const auto catalog = a->get<analysis::OperatorCatalog>();
    const auto breakdown = a->get<analysis::BreakdownIndex>();
    const auto job = a->get<analysis::JobIndex>();
    if (!catalog || !breakdown || !job) {
        showPlaceholder(tr("Computing… (waiting for the profile's analyses)"));
        return;
    }
    if (!m_scope->hasWindow()) {
        m_job.cancel();
        m_busy = false;
        showPlaceholder(
            tr("Select a marker with a Diff vs marker (Annotations dock) to look for findings between the two."));
        return;
    }
    // A range this dock selected is no new window: the list and the pick stay.
    if (m_shown && m_selected && m_scope->source() == TimeScope::Source::TimeSelection) {
        const store::TimeRange w = m_scope->window();
        if (w.start == m_selected->start && w.end == m_selected->end)
            return;
    }
    const store::TimeRange window = m_scope->window();
    const analysis::FindingThresholds thresholds = m_thresholds;
    std::string scopeText = m_scope->describe().toStdString();
    m_busy = true;
    if (!m_shown)
        showPlaceholder(tr("Computing…"));
    m_summary = tr("Computing…");
    if (m_stepText.isEmpty())
        m_step->setText(m_summary);
    m_job.run(
        this,
        [store = m_store, catalog, breakdown, job, window, thresholds](
            const std::atomic<bool>& cancel) -> std::shared_ptr<const ProfileFindings::Result> {
            auto r = ProfileFindings::run(*store, *catalog, *breakdown, job.get(), window, thresholds, &cancel);
            return r ? std::make_shared<const ProfileFindings::Result>(std::move(*r)) : nullptr;
        },
        [this, scopeText = std::move(scopeText)](std::shared_ptr<const ProfileFindings::Result> r) {
            m_busy = false;
            if (r)
                apply(std::move(r), scopeText);
        });
}

void FindingsWidget::apply(std::shared_ptr<const ProfileFindings::Result> result, const std::string& scopeText)
{
    m_shown = std::move(result);
    m_scopeText = QString::fromStdString(scopeText);
    m_finding = m_range = -1;
    m_model->setResult(std::shared_ptr<const analysis::FindingsResult>(m_shown, &m_shown->all), m_store);
    // The evidence sentences span the row.
    for (int i = 0; i < m_model->rowCount(); ++i) {
        const QModelIndex finding = m_model->findingIndex(i);
        for (int row = 0; row < m_model->rowCount(finding); ++row)
            if (m_model->kindOf(m_model->index(row, 0, finding)) != FindingsModel::Kind::Range)
                m_view->setFirstColumnSpanned(row, finding, true);
    }
    m_session->findings()->publish(std::shared_ptr<const analysis::FindingsResult>(m_shown, &m_shown->all));
    TableSupport::fitNumberColumnsNow(m_view);
    fitTitle();
    const size_t n = m_shown->all.findings.size();
    m_summary = tr("%1 over the %2").arg(n == 1 ? tr("1 finding") : tr("%1 findings").arg(n), m_scopeText);
    m_prev->setEnabled(false);
    m_next->setEnabled(false);
    showStep(QString());
    if (n == 0)
        showPlaceholder(nothingFound());
    else
        m_stack->setCurrentIndex(1);
    emit findingsUpdated();
}

QString FindingsWidget::nothingFound() const
{
    QStringList ran, notRun;
    for (const analysis::RuleOutcome& o : m_shown->all.rules) {
        if (o.ran)
            ran << QString::fromStdString(o.id);
        else
            notRun << tr("%1 (%2)").arg(QString::fromStdString(o.id), QString::fromStdString(o.whyNot));
    }
    QString text = tr("Nothing found over the %1.").arg(m_scopeText);
    text += QStringLiteral("\n\n")
        + tr("Rules that ran: %1.").arg(ran.isEmpty() ? tr("none") : ran.join(QStringLiteral(", ")));
    if (!notRun.isEmpty())
        text += QStringLiteral("\n\n") + tr("Could not run: %1.").arg(notRun.join(QStringLiteral("; ")));
    return text;
}

void FindingsWidget::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentIndex(0);
}

QString FindingsWidget::placeholderText() const
{
    return m_stack->currentIndex() == 0 ? m_placeholder->text() : QString();
}

bool FindingsWidget::isBusy() const
{
    return m_busy || (m_scope->isPending() && m_store);
}

void FindingsWidget::setThresholds(const analysis::FindingThresholds& thresholds)
{
    m_thresholds = thresholds;
    QSettings settings;
    ThresholdsDialog::save(settings, m_thresholds);
    m_selected.reset();
    refresh();
}

void FindingsWidget::editThresholds()
{
    ThresholdsDialog dialog(m_thresholds, this);
    if (dialog.exec() == QDialog::Accepted)
        setThresholds(dialog.thresholds());
}

void FindingsWidget::clicked(const QModelIndex& index)
{
    const int finding = FindingsModel::findingOf(index);
    if (finding < 0)
        return;
    if (m_model->kindOf(index) == FindingsModel::Kind::Range) {
        selectRange(finding, index.siblingAtColumn(0).data(FindingsModel::kRangeRole).toInt());
        return;
    }
    if (index.parent().isValid() || finding == m_finding)
        return; // evidence text, or the finding picked already
    pick(finding);
}

void FindingsWidget::pick(int finding)
{
    if (!m_shown || finding < 0 || size_t(finding) >= m_shown->all.findings.size())
        return;
    m_finding = finding;
    m_session->findings()->setCurrent(finding);
    const QModelIndex at = m_model->findingIndex(finding);
    m_view->expand(at);
    m_view->setCurrentIndex(at);
    const Finding& f = m_shown->all.findings[size_t(finding)];
    m_prev->setEnabled(f.ranges.size() > 1);
    m_next->setEnabled(f.ranges.size() > 1);
    if (f.ranges.empty()) {
        m_range = -1;
        showStep(tr("%1: no time range").arg(QString::fromStdString(f.id)));
        return;
    }
    selectRange(finding, 0);
}

void FindingsWidget::selectRange(int finding, int range)
{
    if (!m_shown || finding < 0 || size_t(finding) >= m_shown->all.findings.size())
        return;
    const Finding& f = m_shown->all.findings[size_t(finding)];
    if (range < 0 || size_t(range) >= f.ranges.size())
        return;
    if (finding != m_finding) {
        m_finding = finding;
        m_session->findings()->setCurrent(finding);
        m_prev->setEnabled(f.ranges.size() > 1);
        m_next->setEnabled(f.ranges.size() > 1);
    }
    m_range = range;
    const FindingRange& r = f.ranges[size_t(range)];
    const store::TimeRange t { r.start, std::max(r.end, r.start) };
    m_selected = t;
    m_session->selection()->setTimeSelection(t);
    // Into view when it is not all there: a tenth of its length either side.
    model::Viewport* viewport = m_session->viewport();
    const store::TimeRange visible = viewport->visible();
    if (t.start < visible.start || t.end > visible.end) {
        const store::TimeNs pad = std::max<store::TimeNs>(1, (t.end - t.start) / 10);
        viewport->setVisible({ t.start - pad, t.end + pad }, model::Viewport::Nav::Jump);
    }
    if (r.track.valid())
        m_session->revealTrack(r.track);
    const QModelIndex row = m_model->rangeIndex(finding, range);
    m_view->setCurrentIndex(row);
    m_view->scrollTo(row);
    showStep(tr("%1 range %2 of %3: %4, %5")
                 .arg(QString::fromStdString(f.id))
                 .arg(range + 1)
                 .arg(f.ranges.size())
                 .arg(UnitFormat::duration(t.end - t.start), m_model->rangePlace(r)));
}

void FindingsWidget::step(int by)
{
    if (!m_shown || m_finding < 0)
        return;
    const int n = int(m_shown->all.findings[size_t(m_finding)].ranges.size());
    if (n == 0)
        return;
    selectRange(m_finding, ((m_range < 0 ? 0 : m_range + by) % n + n) % n);
}

void FindingsWidget::nextRange()
{
    step(1);
}

void FindingsWidget::previousRange()
{
    step(-1);
}

void FindingsWidget::showStep(const QString& text)
{
    // Without a pick, the label says what the list is.
    m_stepText = text;
    m_step->setText(text.isEmpty() ? m_summary : text);
    if (text.isEmpty())
        return;
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
        if (auto* main = qobject_cast<QMainWindow*>(w)) {
            main->statusBar()->showMessage(text, 8000);
            break;
        }
}

std::string FindingsWidget::json() const
{
    if (!m_shown)
        return {};
    std::vector<report::FindingsReport::Rank> ranks;
    const store::JobLayout layout = store::JobLayout::of(*m_store);
    for (const ProfileFindings::Rank& r : m_shown->ranks) {
        report::FindingsReport::Rank out;
        out.store = m_store.get();
        out.result = r.result;
        if (r.rank >= 0) {
            out.rank = r.rank;
            for (const store::JobRank& jr : layout.ranks())
                if (jr.rank == r.rank)
                    out.file = jr.file;
        } else {
            out.file = m_session->filePath().toStdString();
        }
        ranks.push_back(std::move(out));
    }
    return report::FindingsReport(std::move(ranks), m_shown->job).json();
}

std::string FindingsWidget::csv() const
{
    if (!m_shown)
        return {};
    std::ostringstream out;
    out << "rank,severity,id,title,value,threshold,unit,at_stake_ns,ranges,cause,action\n";
    for (const Finding& f : m_shown->all.findings)
        out << (f.rank >= 0 ? std::to_string(f.rank) : std::string()) << ','
            << analysis::findingSeverityName(f.severity) << ',' << report::Csv::field(f.id) << ','
            << report::Csv::field(f.title) << ',' << report::JsonNumber::round6(f.value) << ','
            << report::JsonNumber::round6(f.threshold) << ',' << report::Csv::field(f.unit) << ',' << f.atStakeNs << ','
            << f.ranges.size() << ',' << report::Csv::field(f.cause) << ',' << report::Csv::field(f.action) << '\n';
    return out.str();
}

QString FindingsWidget::text() const
{
    QString out;
    if (!m_shown)
        return out;
    for (const Finding& f : m_shown->all.findings)
        out += QStringLiteral("%1\t%2\t%3\t%4\n")
                   .arg(QString::fromLatin1(analysis::findingSeverityName(f.severity)), QString::fromStdString(f.title),
                       FindingsModel::valueText(f), UnitFormat::duration(f.atStakeNs));
    return out;
}

void FindingsWidget::contextMenu(const QPoint& pos)
{
    QMenu menu(this);
    TableSupport::addCopyEntry(
        &menu, this, [this] { TableSupport::copyText(text()); }, m_shown != nullptr);
    menu.addSeparator();
    ExportActions::addPair(
        &menu, this, QStringLiteral("findings"), [this] { return csv(); }, [this] { return json(); });
    for (QAction* a : menu.actions())
        if (a->text().startsWith(tr("Export")))
            a->setEnabled(m_shown != nullptr);
    menu.addSeparator();
    menu.addAction(tr("Thresholds…"), this, &FindingsWidget::editThresholds);
    TableSupport::addExpandCollapse(&menu, m_view, m_shown != nullptr);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

} // namespace strata::widgets
