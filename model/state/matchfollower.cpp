#include "matchfollower.h"

#include "comparison.h"
#include "selection.h"

#include <analysis/compare/slicematcher.h>

#include <optional>

namespace strata::model {

MatchFollower::MatchFollower(Comparison* comparison, QObject* parent)
    : QObject(parent)
    , m_comparison(comparison)
{
    connect(comparison->a()->selection(), &Selection::currentChanged, this, &MatchFollower::follow);
    connect(comparison, &Comparison::changed, this, &MatchFollower::follow);
}

void MatchFollower::follow()
{
    Session* a = m_comparison->a();
    Session* b = m_comparison->b();
    const EventRef cur = a->selection()->current();
    if (!m_comparison->active() || !a->isOpen() || cur.kind != EventRef::Kind::Slice) {
        m_followJob.cancel();
        return;
    }
    m_followJob.run(
        this,
        [sa = a->store(), sb = b->store(), row = store::SliceRow(cur.row)](
            const std::atomic<bool>&) -> std::optional<store::SliceRow> {
            const auto id = analysis::SliceMatcher::identify(*sa, row);
            return id ? analysis::SliceMatcher::find(*sb, *id) : std::nullopt;
        },
        [this, b, generation = b->generation()](std::optional<store::SliceRow> match) {
            if (generation != b->generation())
                return;
            b->selection()->setCurrent(match ? EventRef::slice(*match) : EventRef());
            emit followed();
        });
}

void MatchFollower::step(int direction)
{
    Session* a = m_comparison->a();
    const EventRef cur = a->selection()->current();
    if (!m_comparison->active() || !a->isOpen() || cur.kind != EventRef::Kind::Slice || direction == 0)
        return;
    m_stepJob.run(
        this,
        [sa = a->store(), row = store::SliceRow(cur.row), direction](
            const std::atomic<bool>&) -> std::optional<store::SliceRow> {
            auto id = analysis::SliceMatcher::identify(*sa, row);
            if (!id || (direction < 0 && id->ordinal == 0))
                return std::nullopt;
            id->ordinal = direction < 0 ? id->ordinal - 1 : id->ordinal + 1;
            return analysis::SliceMatcher::find(*sa, *id);
        },
        [a, generation = a->generation()](std::optional<store::SliceRow> next) {
            if (next && generation == a->generation())
                a->selection()->setCurrent(EventRef::slice(*next), /*reveal*/ true);
        });
}

} // namespace strata::model
