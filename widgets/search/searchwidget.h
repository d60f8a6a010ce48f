#pragma once
#include "searchmatches.h"
#include <common/dockcontext.h>

#include <analysis/indexes/lazyindexes.h>
#include <state/latestjob.h>
#include <state/selection.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>

class QCheckBox;
class QLabel;
class QScrollArea;
class QToolButton;

namespace strata::widgets {

class SearchForm;

// The Search dock (objectName "search"): filter events by fields (SearchForm), run off the
// GUI thread (SearchEngine via SearchMatches on the thread pool; a new search cancels the
// running one, stale results are dropped), show the count and total time, highlight every
// match on the timeline (Selection::setHighlighted, "Show only matches" =
// Selection::setHighlightDimsOthers) and page through them in time order: Next / Previous,
// Enter / Shift+Enter make the match current and reveal it, so Event Details shows it.
// Typing searches after a short pause; Esc clears the results and the highlight.
class SearchWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr int kDebounceMs = 250;

    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit SearchWidget(const DockContext& context, QWidget* parent = nullptr);
    ~SearchWidget() override;

    SearchForm* form() const { return m_form; }
    // The fields' own height: the scroll area around them would hint less.
    QSize sizeHint() const override;

    void focusSearch(); // the name field, its text selected
    void search(); // now, with the form as it is
    // Next (or previous) match after the current event; searches first when the form changed
    // since the last search, and steps once the results are in.
    void step(bool backwards);
    void clearResults(); // and the highlight, when it is this dock's
    // Searches for events named like `name` (the form's name field) and selects the first
    // match once the results are in: strata --search, for one.
    void searchFor(const QString& name);

    bool isRunning() const { return m_running; }
    std::shared_ptr<const SearchMatches> matches() const { return m_matches; }
    long currentMatch() const { return m_index; } // -1: none
    QString summaryText() const;
    QString positionText() const;
    QCheckBox* showOnlyMatchesBox() const { return m_dimOthers; }
    QToolButton* nextButton() const { return m_next; }
    QToolButton* previousButton() const { return m_previous; }

signals:
    void finished(); // a search ended: results, an error, or nothing to search for

private:
    // `indexes`: the profile's lazy indexes (the session's), where the search index is built
    // once for every search; null: a set of this dock's own.
    void setStore(
        std::shared_ptr<const store::EventStore> store, std::shared_ptr<analysis::LazyIndexes> indexes = nullptr);
    void onEdited();
    void onResults(std::shared_ptr<const SearchMatches> matches);
    void cancelRunning();
    void syncPosition();
    void updateLabels();

    model::Selection* m_selection;
    model::Viewport* m_viewport;
    std::shared_ptr<const store::EventStore> m_store;
    SearchForm* m_form;
    QWidget* m_content = nullptr; // the fields, inside a scroll area
    QScrollArea* m_scroll = nullptr;
    QLabel* m_summary;
    QLabel* m_position;
    QToolButton* m_previous;
    QToolButton* m_next;
    QCheckBox* m_dimOthers;
    QTimer m_debounce;

    std::shared_ptr<const SearchMatches> m_matches;
    model::Selection::RowSet m_ownHighlight; // what this dock highlighted, to know if it still is
    model::LatestJob m_job; // the search under way
    // Where the store's search index is built by the first search's worker and kept.
    std::shared_ptr<analysis::LazyIndexes> m_indexes = std::make_shared<analysis::LazyIndexes>(nullptr);
    long m_index = -1;
    int m_pendingStep = 0; // +1 / -1: step once the running search is done
    bool m_running = false;
    bool m_dirty = true; // the form changed since the last search
    QString m_error;
};

} // namespace strata::widgets
