#include "viewportlink.h"

#include "comparison.h"
#include "viewport.h"

#include <algorithm>

namespace strata::model {

ViewportLink::ViewportLink(Comparison* comparison, QObject* parent)
    : QObject(parent)
    , m_comparison(comparison)
{
    Session* a = comparison->a();
    Session* b = comparison->b();
    connect(a, &Session::storeChanged, this, &ViewportLink::rebound);
    // Opening B shows all of B: that is not a user's pan for A to follow.
    connect(b, &Session::aboutToOpen, this, [this] { m_bOpening = true; });
    connect(b, &Session::storeChanged, this, [this] {
        m_bOpening = false;
        rebound();
    });
    connect(comparison, &Comparison::offsetChanged, this, &ViewportLink::rebound);
    connect(comparison, &Comparison::changed, this, &ViewportLink::rebound);
    connect(a->viewport(), &Viewport::visibleChanged, this, &ViewportLink::followA);
    connect(b->viewport(), &Viewport::visibleChanged, this, &ViewportLink::followB);
    rebound();
}

void ViewportLink::rebound()
{
    if (!m_comparison->active() || !m_comparison->a()->isOpen())
        return;
    const TimeNs offset = m_comparison->offsetNs();
    const TimeRange aTrace = m_comparison->a()->viewport()->traceRange();
    const TimeRange bExtent = m_comparison->b()->store()->extent();
    const TimeRange range { std::min(bExtent.start, aTrace.start + offset),
        std::max(bExtent.end, aTrace.end + offset) };
    Viewport* vb = m_comparison->b()->viewport();
    if (vb->traceRange().start != range.start || vb->traceRange().end != range.end) {
        m_syncing = true;
        vb->setTraceRange(range);
        m_syncing = false;
    }
    followA();
}

void ViewportLink::followA()
{
    if (m_syncing || !m_comparison->active())
        return;
    const TimeNs offset = m_comparison->offsetNs();
    const TimeRange va = m_comparison->a()->viewport()->visible();
    m_syncing = true;
    m_comparison->b()->viewport()->setVisible({ va.start + offset, va.end + offset }, Viewport::Nav::Step);
    m_syncing = false;
}

void ViewportLink::followB()
{
    if (m_syncing || m_bOpening || !m_comparison->active())
        return;
    const TimeNs offset = m_comparison->offsetNs();
    const TimeRange vb = m_comparison->b()->viewport()->visible();
    m_syncing = true;
    m_comparison->a()->viewport()->setVisible({ vb.start - offset, vb.end - offset }, Viewport::Nav::Step);
    m_syncing = false;
    followA(); // A may have clamped what B asked for
}

} // namespace strata::model
