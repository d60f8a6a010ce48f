#include "timescopebox.h"

#include <QStringList>

namespace strata::widgets {

TimeScopeBox::TimeScopeBox(TimeScope* scope, std::vector<TimeScope::Mode> offered, QWidget* parent)
    : QComboBox(parent)
    , m_scope(scope)
{
    QStringList tips;
    for (TimeScope::Mode mode : offered) {
        addItem(TimeScope::label(mode), int(mode));
        setItemData(count() - 1, TimeScope::toolTip(mode), Qt::ToolTipRole);
        if (mode != TimeScope::Mode::WholeTrace)
            tips << TimeScope::toolTip(mode);
    }
    setToolTip(tips.join(QLatin1Char('\n')));
    if (!offered.empty())
        m_scope->setMode(offered.front());
    showMode();
    connect(this, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0)
            m_scope->setMode(TimeScope::Mode(itemData(i).toInt()));
    });
    connect(m_scope, &TimeScope::changed, this, &TimeScopeBox::showMode);
}

void TimeScopeBox::showMode()
{
    const int i = findData(int(m_scope->mode()));
    if (i == currentIndex())
        return;
    const QSignalBlocker block(this);
    setCurrentIndex(i);
}

} // namespace strata::widgets
