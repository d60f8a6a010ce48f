#pragma once
#include <QWidget>

namespace strata::model {
class Comparison;
}
namespace strata::widgets {
class TimelineWidget;
}

namespace strata::app {

class CompareHeader;

// B's side of the central area while comparing: its header strip (drag to shift) over a
// timeline of B's own session, which a ViewportLink keeps aligned with A's. Shown exactly
// while the comparison is active.
class ComparePane : public QWidget {
    Q_OBJECT
public:
    explicit ComparePane(model::Comparison* comparison, QWidget* parent = nullptr);

    CompareHeader* header() const { return m_header; }
    widgets::TimelineWidget* timeline() const { return m_timeline; }

private:
    model::Comparison* m_comparison;
    CompareHeader* m_header;
    widgets::TimelineWidget* m_timeline;
};

} // namespace strata::app
