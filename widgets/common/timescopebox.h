#pragma once
#include "timescope.h"

#include <QComboBox>

#include <vector>

namespace strata::widgets {

// The combo box a dock puts in its bar to pick its TimeScope's mode, offering the modes
// that make sense for that dock, in the order given (the first is the default). The box
// and the scope follow each other: picking an entry sets the mode, and setMode() on the
// scope moves the box (to nothing shown when the box does not offer that mode).
class TimeScopeBox : public QComboBox {
    Q_OBJECT
public:
    TimeScopeBox(TimeScope* scope, std::vector<TimeScope::Mode> offered, QWidget* parent = nullptr);

    TimeScope* scope() const { return m_scope; }

private:
    void showMode();

    TimeScope* m_scope;
};

} // namespace strata::widgets
