#include "comparehighlighter.h"

#include <analysis/operators/operatorrows.h>
#include <state/comparison.h>
#include <state/selection.h>

#include <algorithm>
#include <iterator>

namespace strata::widgets {

namespace {

// The side's slices of every key, ascending.
std::vector<store::SliceRow> rowsOf(const CompareHighlighter::Side& side, analysis::OperatorLevel level,
    analysis::OperatorScope scope, const std::atomic<bool>& cancel)
{
    std::vector<store::SliceRow> all;
    for (uint32_t key : side.keys) {
        std::vector<store::SliceRow> rows = analysis::OperatorRows::collect(
            *side.store, *side.catalog, { level }, { key }, side.window, scope, &cancel);
        if (cancel.load())
            return {};
        std::vector<store::SliceRow> merged;
        merged.reserve(all.size() + rows.size());
        std::set_union(all.begin(), all.end(), rows.begin(), rows.end(), std::back_inserter(merged));
        all = std::move(merged);
    }
    return all;
}

} // namespace

CompareHighlighter::CompareHighlighter(model::Comparison* comparison, QObject* parent)
    : QObject(parent)
    , m_comparison(comparison)
{
    for (model::Session* s : { comparison->a(), comparison->b() }) {
        connect(s->selection(), &model::Selection::highlightChanged, this, [this] {
            if (m_ownA && m_comparison->a()->selection()->highlighted() != m_ownA)
                m_ownA.reset();
            if (m_ownB && m_comparison->b()->selection()->highlighted() != m_ownB)
                m_ownB.reset();
        });
    }
}

void CompareHighlighter::highlight(
    Side a, Side b, analysis::OperatorLevel level, analysis::OperatorScope scope, const QString& label)
{
    using Pair = std::pair<RowSet, RowSet>;
    m_job.run(
        this,
        [a = std::move(a), b = std::move(b), level, scope](const std::atomic<bool>& cancel) -> Pair {
            auto rowsA = rowsOf(a, level, scope, cancel);
            auto rowsB = rowsOf(b, level, scope, cancel);
            if (cancel.load())
                return {};
            return { std::make_shared<const std::vector<store::SliceRow>>(std::move(rowsA)),
                std::make_shared<const std::vector<store::SliceRow>>(std::move(rowsB)) };
        },
        [this, label](const Pair& sets) {
            if (!sets.first || !sets.second)
                return;
            apply(m_comparison->a()->selection(), sets.first, m_ownA, label);
            apply(m_comparison->b()->selection(), sets.second, m_ownB, label);
            emit applied();
        });
}

void CompareHighlighter::apply(model::Selection* selection, const RowSet& rows, RowSet& own, const QString& label)
{
    if (!rows->empty()) {
        own = rows;
        selection->setHighlighted(rows, label);
        return;
    }
    if (own && selection->highlighted() == own)
        selection->clearHighlighted();
    own.reset();
}

void CompareHighlighter::clear()
{
    m_job.cancel();
    model::Selection* a = m_comparison->a()->selection();
    model::Selection* b = m_comparison->b()->selection();
    if (m_ownA && a->highlighted() == m_ownA)
        a->clearHighlighted();
    if (m_ownB && b->highlighted() == m_ownB)
        b->clearHighlighted();
    m_ownA.reset();
    m_ownB.reset();
}

} // namespace strata::widgets
