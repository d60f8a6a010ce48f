#include "dockcontext.h"

#include <state/comparison.h>
#include <state/session.h>

namespace strata::widgets {

DockContext DockContext::of(model::Comparison* compare)
{
    return { compare->a(), compare };
}

void DockContext::followB(QObject* receiver, std::function<void()> onB) const
{
    if (!compare)
        return;
    QObject::connect(compare, &model::Comparison::changed, receiver, onB);
    model::Session* b = compare->b();
    QObject::connect(b, &model::Session::storeChanged, receiver, onB);
    QObject::connect(b, &model::Session::analysesChanged, receiver, onB);
}

void DockContext::followOffset(QObject* receiver, std::function<void()> onOffset) const
{
    if (compare)
        QObject::connect(compare, &model::Comparison::offsetChanged, receiver, [onOffset] { onOffset(); });
}

} // namespace strata::widgets
