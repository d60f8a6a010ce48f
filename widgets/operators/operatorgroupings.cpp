#include "operatorgroupings.h"

namespace strata::widgets {

using analysis::OperatorLevel;

const std::vector<OperatorGroupings::Grouping>& OperatorGroupings::all()
{
    static const std::vector<Grouping> g = {
        { tr("Framework › Op › Command"), { OperatorLevel::Framework, OperatorLevel::Op, OperatorLevel::Command } },
        { tr("Layer › Op › Command"), { OperatorLevel::Layer, OperatorLevel::Op, OperatorLevel::Command } },
        { tr("Module › Layer › Command"), { OperatorLevel::Module, OperatorLevel::Layer, OperatorLevel::Command } },
        { tr("HLO › Op › Command"), { OperatorLevel::Hlo, OperatorLevel::Op, OperatorLevel::Command } },
        { tr("Op › Command"), { OperatorLevel::Op, OperatorLevel::Command } },
        { tr("Op › Framework › Command"), { OperatorLevel::Op, OperatorLevel::Framework, OperatorLevel::Command } },
        { tr("Op (flat)"), { OperatorLevel::Op } },
        { tr("Command (flat)"), { OperatorLevel::Command } },
        { tr("Slice name (flat)"), { OperatorLevel::Name } },
    };
    return g;
}

int OperatorGroupings::startingAt(OperatorLevel level)
{
    const std::vector<Grouping>& g = all();
    for (size_t i = 0; i < g.size(); ++i)
        if (g[i].levels.front() == level)
            return int(i);
    return 0;
}

} // namespace strata::widgets
