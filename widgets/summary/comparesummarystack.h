#pragma once
#include <QWidget>

class QStackedWidget;
class QToolButton;

namespace strata::model {
class Comparison;
}

namespace strata::widgets {

class CompareSummaryTable;

// What a summary dock shows while two profiles are compared: its own page (A alone) or the
// A | B | Δ table, with a switch between them ("A | B | Δ", objectName "compareSummaryToggle")
// that is there only while the comparison is active. The table is on by default each time a
// comparison starts; swapping A and B keeps the user's choice.
class CompareSummaryStack : public QWidget {
    Q_OBJECT
public:
    CompareSummaryStack(model::Comparison* comparison, QWidget* aPage, QWidget* parent = nullptr);

    bool comparing() const; // the table is shown (active comparison, switch on)
    void setComparing(bool on); // the switch; ignored while no comparison is active
    CompareSummaryTable* table() const { return m_table; }
    QToolButton* toggle() const { return m_toggle; }

signals:
    void comparingChanged(bool comparing);

private:
    void update();

    model::Comparison* m_comparison;
    QToolButton* m_toggle;
    QStackedWidget* m_stack;
    QWidget* m_aPage;
    CompareSummaryTable* m_table;
    bool m_wasActive = false;
    bool m_shown = false; // comparing() as last announced
};

} // namespace strata::widgets
