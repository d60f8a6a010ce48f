#pragma once
#include <analysis/operators/operatorlevel.h>

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace strata::widgets {

// The groupings the Operator Table offers: the levels of its tree, outermost first.
class OperatorGroupings {
    Q_DECLARE_TR_FUNCTIONS(OperatorGroupings)

public:
    struct Grouping {
        QString label;
        std::vector<analysis::OperatorLevel> levels;
    };
    static const std::vector<Grouping>& all(); // [0] framework › operator › command
    // The first grouping that starts at `level` (0 when none does): where a profile opens
    // for the level DefaultLevel picked.
    static int startingAt(analysis::OperatorLevel level);
};

} // namespace strata::widgets
