#include "searchwidget.h"

#include "searchform.h"
#include <common/themepalette.h>
#include <common/unitformat.h>

#include <analysis/search/searchindex.h>

#include <state/session.h>
#include <state/viewport.h>

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace strata::widgets {

using model::EventRef;

SearchWidget::SearchWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
    , m_viewport(context.session->viewport())
{
    setObjectName(QStringLiteral("search"));
    m_form = new SearchForm(this);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("searchSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setToolTip(tr("Every field that is filled must hold: an event matches when it matches them all"));
    m_position = new QLabel(this);
    m_position->setObjectName(QStringLiteral("searchPosition"));
    m_previous = new QToolButton(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous match (Shift+Enter)"));
    m_next = new QToolButton(this);
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next match (Enter)"));
    m_dimOthers = new QCheckBox(tr("Show only matches"), this);
    m_dimOthers->setToolTip(tr("Dim every event on the timeline that is not highlighted"));
    m_dimOthers->setChecked(m_selection->highlightDimsOthers());

    auto* nav = new QHBoxLayout;
    nav->setContentsMargins(6, 0, 6, 0);
    nav->setSpacing(2);
    nav->addWidget(m_dimOthers);
    nav->addStretch(1);
    nav->addWidget(m_position);
    nav->addSpacing(4);
    nav->addWidget(m_previous);
    nav->addWidget(m_next);
    // The fields scroll rather than overlap when the dock is squeezed (a small window, a
    // tall Event Details under it); the match count and the step buttons stay pinned under
    // them, so a squeezed dock still pages through its matches.
    auto* content = m_content = new QWidget;
    auto* scroll = m_scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 6);
    outer->setSpacing(4);
    outer->addWidget(scroll, 1);
    outer->addLayout(nav);
    auto* summaryRow = new QHBoxLayout;
    summaryRow->setContentsMargins(6, 0, 6, 0);
    summaryRow->addWidget(m_summary, 1);
    outer->addLayout(summaryRow);
    auto* col = new QVBoxLayout(content);
    col->setContentsMargins(0, 0, 0, 0);
    col->addWidget(m_form);
    col->addStretch(1);
    scroll->setWidget(content);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &SearchWidget::search);
    connect(m_form, &SearchForm::edited, this, &SearchWidget::onEdited);
    connect(m_form, &SearchForm::stepRequested, this, &SearchWidget::step);
    connect(m_form, &SearchForm::clearRequested, this, &SearchWidget::clearResults);
    connect(m_next, &QToolButton::clicked, this, [this] { step(false); });
    connect(m_previous, &QToolButton::clicked, this, [this] { step(true); });
    connect(m_dimOthers, &QCheckBox::toggled, m_selection, &model::Selection::setHighlightDimsOthers);
    connect(m_selection, &model::Selection::highlightChanged, this, [this] {
        const QSignalBlocker block(m_dimOthers);
        m_dimOthers->setChecked(m_selection->highlightDimsOthers());
        if (m_ownHighlight && m_selection->highlighted() != m_ownHighlight)
            m_ownHighlight.reset(); // another dock highlights now; the matches still page
    });
    connect(m_selection, &model::Selection::currentChanged, this, &SearchWidget::syncPosition);
    connect(m_viewport, &model::Viewport::visibleChanged, this, [this] {
        if (m_form->visibleOnly() && !m_form->isEmpty()) {
            m_dirty = true;
            m_debounce.start();
        }
    });
    updateLabels();
    model::Session* session = context.session;
    session->follow(this, [this, session] { setStore(session->store(), session->lazyIndexes()); });
}

SearchWidget::~SearchWidget()
{
    cancelRunning();
}

QSize SearchWidget::sizeHint() const
{
    // The layout's wish counts the scroll area at its own small hint; the fields want all of
    // theirs. The summary counts as two lines whatever it says now, so the wish (and the
    // default layout made from it) does not depend on the last search.
    QSize hint = QWidget::sizeHint();
    hint.setHeight(hint.height() - m_scroll->sizeHint().height() + m_content->sizeHint().height()
        - m_summary->sizeHint().height() + 2 * fontMetrics().lineSpacing());
    return hint;
}

void SearchWidget::setStore(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<analysis::LazyIndexes> indexes)
{
    cancelRunning();
    m_store = std::move(store);
    // A running search keeps the old set.
    m_indexes = indexes ? std::move(indexes) : std::make_shared<analysis::LazyIndexes>(m_store);
    m_matches.reset();
    m_ownHighlight.reset();
    m_index = -1;
    m_pendingStep = 0;
    m_error.clear();
    m_dirty = true;
    m_debounce.stop();
    // A query belongs to the profile it was typed for: running it on the next one would
    // paint matches the user never asked for there (4.4 M on a 10M-event trace).
    if (!m_form->isEmpty()) {
        const QSignalBlocker block(m_form);
        m_form->clear();
    }
    updateLabels();
}

void SearchWidget::focusSearch()
{
    m_form->nameEdit()->setFocus(Qt::ShortcutFocusReason);
    m_form->nameEdit()->selectAll();
}

void SearchWidget::onEdited()
{
    m_dirty = true;
    m_debounce.start();
}

void SearchWidget::cancelRunning()
{
    m_job.cancel(); // whatever is still running reports to nobody
    m_running = false;
}

void SearchWidget::search()
{
    m_debounce.stop();
    cancelRunning();
    m_error.clear();
    if (!m_store || m_form->isEmpty()) {
        clearResults(); // also drops a pending step
        emit finished();
        return;
    }
    analysis::SearchQuery query;
    QString error;
    if (!m_form->query(&query, &error, m_store->extent().start, m_viewport->visible())) {
        m_pendingStep = 0;
        m_matches.reset();
        m_index = -1;
        m_error = error;
        updateLabels();
        emit finished();
        return;
    }
    m_dirty = false;
    m_running = true;
    m_job.run(
        this,
        [store = m_store, query, indexes = m_indexes](const std::atomic<bool>& cancel) {
            // On the worker: the first search of a store builds its index (a pass over every
            // slice's type), every later one only reads it.
            const std::shared_ptr<const analysis::SearchIndex> index
                = indexes->get<analysis::SearchIndex>(analysis::IndexSet(), &cancel);
            return SearchMatches::run(store, query, &cancel, index.get());
        },
        [this](std::shared_ptr<const SearchMatches> matches) { onResults(std::move(matches)); });
    updateLabels();
}

void SearchWidget::onResults(std::shared_ptr<const SearchMatches> matches)
{
    m_running = false;
    if (!matches->ok()) {
        m_matches.reset();
        m_error = matches->error();
        m_pendingStep = 0;
    } else {
        m_matches = std::move(matches);
        m_ownHighlight = m_matches->slices();
        m_selection->setHighlighted(m_matches->slices(), m_matches->instants(),
            tr("search: %1")
                .arg(m_form->nameEdit()->text().trimmed().isEmpty() ? tr("fields")
                                                                    : m_form->nameEdit()->text().trimmed()));
        m_index = -1;
        syncPosition();
    }
    updateLabels();
    if (const int pending = std::exchange(m_pendingStep, 0))
        step(pending < 0);
    emit finished();
}

void SearchWidget::searchFor(const QString& name)
{
    m_form->nameEdit()->setText(name);
    step(false);
}

void SearchWidget::step(bool backwards)
{
    if (m_dirty || m_debounce.isActive() || (!m_matches && !m_running)) {
        m_pendingStep = backwards ? -1 : 1;
        search();
        return;
    }
    if (m_running) {
        m_pendingStep = backwards ? -1 : 1;
        return;
    }
    const size_t n = m_matches ? size_t(m_matches->count()) : 0;
    if (n == 0)
        return;
    const EventRef cur = m_selection->current();
    long i = -1;
    if (m_index >= 0 && m_matches->at(size_t(m_index)) == cur) {
        i = m_index + (backwards ? -1 : 1);
    } else if (const long at = m_matches->indexOf(cur); at >= 0) {
        i = at + (backwards ? -1 : 1);
    } else if (cur.valid() && m_store) {
        // From an event that is not a match: the nearest match after (before) it in time.
        const store::TimeNs t = cur.kind == EventRef::Kind::Slice ? m_store->sliceTs(store::SliceRow(cur.row))
                                                                  : m_store->instantTs(store::InstantRow(cur.row));
        const size_t lb = m_matches->lowerBound(t);
        i = backwards ? long(lb) - 1 : long(lb);
    } else {
        i = backwards ? long(n) - 1 : 0;
    }
    i = (i % long(n) + long(n)) % long(n); // wrap around both ends
    m_index = i;
    m_selection->setCurrent(m_matches->at(size_t(i)), /*reveal*/ true);
    updateLabels();
}

void SearchWidget::clearResults()
{
    m_debounce.stop();
    cancelRunning();
    if (m_ownHighlight && m_selection->highlighted() == m_ownHighlight)
        m_selection->clearHighlighted();
    m_ownHighlight.reset();
    m_matches.reset();
    m_index = -1;
    m_pendingStep = 0;
    m_error.clear();
    m_dirty = true;
    updateLabels();
}

void SearchWidget::syncPosition()
{
    if (!m_matches)
        return;
    const EventRef cur = m_selection->current();
    if (m_index >= 0 && m_matches->at(size_t(m_index)) == cur)
        return;
    m_index = m_matches->indexOf(cur);
    updateLabels();
}

QString SearchWidget::summaryText() const
{
    return m_summary->text();
}

QString SearchWidget::positionText() const
{
    return m_position->text();
}

void SearchWidget::updateLabels()
{
    const bool have = m_matches && m_matches->count() > 0;
    m_next->setEnabled(have || (!m_form->isEmpty() && m_store));
    m_previous->setEnabled(m_next->isEnabled());
    if (!m_error.isEmpty()) {
        m_summary->setText(m_error);
        m_summary->setForegroundRole(QPalette::Text);
        // The theme's error colour at the time of the error (it reads on the base in either theme).
        m_summary->setStyleSheet(QStringLiteral("color: %1").arg(ThemePalette::from(palette()).error.name()));
        m_position->clear();
        return;
    }
    m_summary->setStyleSheet(QString());
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    if (m_running) {
        m_summary->setText(tr("Searching…"));
        m_position->clear();
        return;
    }
    if (!m_matches) {
        // One short line: the row under the fields is one line high when the dock is short (a
        // small or 150 % screen), and a wrapped hint lost its second half there.
        m_summary->setText(m_store ? tr("Type a name or fill any field.") : tr("No profile is open."));
        m_position->clear();
        return;
    }
    const uint64_t n = m_matches->count();
    const QString count = n == 1 ? tr("1 match") : tr("%1 matches").arg(UnitFormat::count(quint64(n)));
    m_summary->setText(
        n == 0 ? tr("No matches.") : tr("%1 · %2 total").arg(count, UnitFormat::duration(m_matches->totalNs())));
    m_summary->setForegroundRole(n == 0 ? QPalette::PlaceholderText : QPalette::WindowText);
    if (n == 0)
        m_position->clear();
    else if (m_index < 0)
        m_position->setText(tr("– of %1").arg(UnitFormat::count(quint64(n))));
    else
        m_position->setText(
            tr("match %1 of %2").arg(UnitFormat::count(qint64(m_index) + 1), UnitFormat::count(quint64(n))));
}

} // namespace strata::widgets
