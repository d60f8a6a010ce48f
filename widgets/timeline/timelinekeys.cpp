#include "timelinekeys.h"

#include "timelinelayout.h"
#include "timelinenavigator.h"
#include "timelinewidget.h"

#include <analysis/flows/flowchain.h>
#include <state/selection.h>
#include <state/viewport.h>

#include <QKeyEvent>

#include <algorithm>
#include <iterator>

namespace strata::widgets {

using model::EventRef;

bool TimelineKeys::claimsShortcut(const QKeyEvent& e)
{
    static const int kKeys[] = { Qt::Key_W, Qt::Key_A, Qt::Key_S, Qt::Key_D, Qt::Key_F, Qt::Key_0, Qt::Key_Question,
        Qt::Key_Left, Qt::Key_Right, Qt::Key_Up, Qt::Key_Down, Qt::Key_M, Qt::Key_Delete };
    auto mods = e.modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    if (e.key() == Qt::Key_M) // Alt+M drops a marker without snapping
        mods &= ~Qt::AltModifier;
    return mods == Qt::NoModifier && std::find(std::begin(kKeys), std::end(kKeys), e.key()) != std::end(kKeys);
}

bool TimelineKeys::press(QKeyEvent* e)
{
    const bool fast = e->modifiers() & Qt::ShiftModifier;
    const bool alt = e->modifiers() & Qt::AltModifier;
    const double pan = fast ? TimelineWidget::kPanStepFast : TimelineWidget::kPanStep;
    const double zoom = fast ? TimelineWidget::kZoomStepFast : TimelineWidget::kZoomStep;
    const int scroll = fast ? m_w.frame().canvas.height() * 4 / 5 : 3 * TimelineLayout::kRowPitch;
    if (e->key() == Qt::Key_Question || e->text() == QLatin1String("?")) {
        m_w.setKeyHelpVisible(!m_w.m_keyHelp);
        return true;
    }
    if (m_w.m_keyHelp && e->key() == Qt::Key_Escape) {
        m_w.setKeyHelpVisible(false);
        return true;
    }
    if (!m_w.m_store)
        return false;
    const store::EventStore& store = *m_w.m_store;
    model::Selection& selection = *m_w.m_selection;
    model::Viewport& viewport = *m_w.m_viewport;
    switch (e->key()) {
    case Qt::Key_W: m_w.navigator().zoomBy(zoom, m_w.anchorTime()); break;
    case Qt::Key_S: m_w.navigator().zoomBy(1 / zoom, m_w.anchorTime()); break;
    case Qt::Key_A: m_w.navigator().panBy(-pan); break;
    case Qt::Key_D: m_w.navigator().panBy(pan); break;
    case Qt::Key_Left: alt ? (void)viewport.back() : m_w.navigator().panBy(-pan); break;
    case Qt::Key_Right: alt ? (void)viewport.forward() : m_w.navigator().panBy(pan); break;
    case Qt::Key_Up: m_w.setScrollY(m_w.m_scrollY - scroll); break;
    case Qt::Key_Down: m_w.setScrollY(m_w.m_scrollY + scroll); break;
    case Qt::Key_F: m_w.navigator().focus(store, selection); break;
    case Qt::Key_0: viewport.reset(); break;
    case Qt::Key_M:
        m_w.m_markers.addAt(store, m_w.m_layout, m_w.frame(), m_w.anchorTime(), m_w.anchorY(), /*snap*/ !alt);
        break;
    case Qt::Key_Delete:
    case Qt::Key_Backspace: return m_w.m_markers.removeSelected();
    case Qt::Key_BracketLeft:
    case Qt::Key_BracketRight: {
        const EventRef cur = selection.current();
        if (cur.kind != EventRef::Kind::Slice)
            break;
        const store::SliceRow r(cur.row);
        const store::SliceRow next = e->key() == Qt::Key_BracketRight ? analysis::FlowChain::following(store, r)
                                                                      : analysis::FlowChain::preceding(store, r);
        if (next.valid())
            selection.setCurrent(EventRef::slice(next), /*reveal*/ true);
        break;
    }
    case Qt::Key_Escape:
        selection.clearMeasure();
        selection.setCurrent(EventRef());
        selection.clearTimeSelection();
        break;
    default: return false;
    }
    return true;
}

} // namespace strata::widgets
