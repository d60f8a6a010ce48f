#pragma once
#include <QObject>

class QKeyEvent;
class QWidget;

namespace strata::widgets {

// Timeline keys reach the timeline wherever the keyboard focus is: a click in a table or a
// combo box must not take W/A/S/D away while the mouse is over the timeline. An
// application event filter; it leaves keys to a text field being edited, to popups and to
// other windows. Esc anywhere in the timeline's window gives the focus back to it.
class TimelineKeyRouter : public QObject {
    Q_OBJECT
public:
    explicit TimelineKeyRouter(QWidget* timeline);

    // A key the timeline acts on: W A S D, arrows, F, 0, M, [ and ], with or without Shift.
    static bool isTimelineKey(const QKeyEvent& e);
    // The focus is in a field that takes typed text (line edit, editable text, spin box).
    static bool isEditingText(const QWidget* focus);
    bool mouseInside() const { return m_mouseInside; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_timeline;
    bool m_mouseInside = false; // the pointer is over the timeline (Enter/Leave of its own)
};

} // namespace strata::widgets
