#include "timelinekeyrouter.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

#include <algorithm>
#include <iterator>

namespace strata::widgets {

TimelineKeyRouter::TimelineKeyRouter(QWidget* timeline)
    : QObject(timeline)
    , m_timeline(timeline)
{
    qApp->installEventFilter(this);
}

bool TimelineKeyRouter::isTimelineKey(const QKeyEvent& e)
{
    static const int kKeys[] = { Qt::Key_W, Qt::Key_A, Qt::Key_S, Qt::Key_D, Qt::Key_F, Qt::Key_0, Qt::Key_M,
        Qt::Key_Left, Qt::Key_Right, Qt::Key_Up, Qt::Key_Down, Qt::Key_BracketLeft, Qt::Key_BracketRight };
    auto mods = e.modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    if (e.key() == Qt::Key_M) // Alt+M drops a marker without snapping
        mods &= ~Qt::AltModifier;
    return mods == Qt::NoModifier && std::find(std::begin(kKeys), std::end(kKeys), e.key()) != std::end(kKeys);
}

bool TimelineKeyRouter::isEditingText(const QWidget* focus)
{
    if (!focus)
        return false;
    if (const auto* line = qobject_cast<const QLineEdit*>(focus))
        return !line->isReadOnly();
    if (const auto* text = qobject_cast<const QTextEdit*>(focus))
        return !text->isReadOnly();
    if (const auto* plain = qobject_cast<const QPlainTextEdit*>(focus))
        return !plain->isReadOnly();
    return qobject_cast<const QAbstractSpinBox*>(focus) != nullptr;
}

bool TimelineKeyRouter::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_timeline) {
        // Enter and Leave reach the timeline as the pointer crosses its edge (not its
        // children's: they are part of it); a move over it means the pointer is there too.
        if (event->type() == QEvent::Enter || event->type() == QEvent::MouseMove)
            m_mouseInside = true;
        else if (event->type() == QEvent::Leave || event->type() == QEvent::Hide)
            m_mouseInside = false;
        return false;
    }
    if (event->type() != QEvent::KeyPress || !watched->isWidgetType())
        return false;
    auto* target = static_cast<QWidget*>(watched);
    // Only keys typed in the timeline's own window: dialogs, menus and combo popups are
    // windows of their own and keep theirs.
    if (target->window() != m_timeline->window() || !m_timeline->isVisible())
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    QWidget* focus = QApplication::focusWidget();
    if (key->key() == Qt::Key_Escape) {
        if (focus != m_timeline && !(focus && m_timeline->isAncestorOf(focus)))
            m_timeline->setFocus(Qt::ShortcutFocusReason); // the field still sees its Esc
        return false;
    }
    if (!isTimelineKey(*key) || isEditingText(focus) || !m_mouseInside)
        return false;
    if (focus == m_timeline || (focus && m_timeline->isAncestorOf(focus)))
        return false; // on its way there already
    QKeyEvent copy(key->type(), key->key(), key->modifiers(), key->text(), key->isAutoRepeat(), key->count());
    QCoreApplication::sendEvent(m_timeline, &copy);
    return true;
}

} // namespace strata::widgets
