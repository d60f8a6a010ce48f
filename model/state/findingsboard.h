#pragma once
#include <analysis/findings/findingsengine.h>

#include <QObject>

#include <memory>

namespace strata::model {

// The findings the Findings dock shows now, and the one the user picked, shared so that the
// timeline draws their ranges as bands above the tracks concerned and marks the picked one
// (docks never talk to each other directly). The dock publishes a result for its scope; a
// new profile clears the board (Session::open). Invariant: current() is -1 or an index into
// result()->findings.
class FindingsBoard : public QObject {
    Q_OBJECT
public:
    explicit FindingsBoard(QObject* parent = nullptr);

    // nullptr when nothing is published (no profile, the dock not run yet).
    const std::shared_ptr<const analysis::FindingsResult>& result() const { return m_result; }
    // Replaces the result and resets the pick to none; nullptr clears.
    void publish(std::shared_ptr<const analysis::FindingsResult> result);
    void clear() { publish(nullptr); }

    int current() const { return m_current; }
    // The picked finding (an index into result()->findings), -1 for none; out-of-range
    // indexes are ignored.
    void setCurrent(int index);
    const analysis::Finding* currentFinding() const;

signals:
    void changed(); // result() replaced (currentChanged(-1) follows when a pick was dropped)
    void currentChanged(int index);

private:
    std::shared_ptr<const analysis::FindingsResult> m_result;
    int m_current = -1;
};

} // namespace strata::model
