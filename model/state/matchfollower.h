#pragma once
#include "latestjob.h"

#include <QObject>

namespace strata::model {

class Comparison;

// Compare mode's pairing of events: while comparing, when A's current event is a slice, B's
// current event becomes its match (SliceMatcher: the same normalised name and ordinal), or
// none when B has no match. step() moves A's selection to the previous or next instance of
// the same operator, so B's follows and the pair is stepped through together. The matching
// walks both stores, so it runs on the BackgroundPool; a newer selection drops an older
// result.
class MatchFollower : public QObject {
    Q_OBJECT
public:
    explicit MatchFollower(Comparison* comparison, QObject* parent = nullptr);

    // -1 previous, +1 next instance pair; nothing happens at either end or without a slice.
    void step(int direction);

signals:
    void followed(); // B's current event was set from A's (a match or none)

private:
    void follow();

    Comparison* m_comparison;
    LatestJob m_followJob;
    LatestJob m_stepJob;
};

} // namespace strata::model
