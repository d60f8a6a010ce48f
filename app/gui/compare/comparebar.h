#pragma once
#include <QFrame>

class QComboBox;
class QLabel;
class QPushButton;

namespace strata::model {
class Comparison;
}

namespace strata::app {

// The strip under the toolbar while two profiles are compared: which file is A and which is
// B, Swap, how B is aligned (the picker calls Comparison::align) with the resulting offset,
// and End comparison. Shown exactly while the comparison is active. The file names are
// elided to the room the bar has, so a long name never widens the window's minimum beyond
// what a small screen holds.
class CompareBar : public QFrame {
    Q_OBJECT
public:
    explicit CompareBar(model::Comparison* comparison, QWidget* parent = nullptr);

    QLabel* aLabel() const { return m_a; }
    QLabel* bLabel() const { return m_b; }
    QPushButton* swapButton() const { return m_swap; }
    QPushButton* endButton() const { return m_end; }
    QComboBox* alignmentPicker() const { return m_picker; }
    QLabel* offsetLabel() const { return m_offset; }

signals:
    void message(const QString& text); // an alignment that could not be applied, and why

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void refresh();
    void showNames(); // A's and B's names, elided to half of the room the rest leaves each
    void showAlignment();
    void pick(int index);

    model::Comparison* m_comparison;
    QLabel* m_a;
    QLabel* m_b;
    QPushButton* m_swap;
    QComboBox* m_picker;
    QLabel* m_offset;
    QPushButton* m_end;
};

} // namespace strata::app
