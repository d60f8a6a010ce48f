#pragma once

#include <functional>

class QObject;

namespace strata::model {
class Comparison;
class Session;
} // namespace strata::model

namespace strata::widgets {

// What every dock is built with: the window's session (profile A) and, for the docks that
// show a comparison, the Comparison that owns profile B. Docks never talk to each other;
// everything they share comes through these two objects.
struct DockContext {
    model::Session* session = nullptr;
    model::Comparison* compare = nullptr;

    // A context for the comparison's A with its B (compare->a() is the session).
    static DockContext of(model::Comparison* compare);

    // Compare mode, next to Session::follow for A: onB() whenever what B shows may have
    // changed (the comparison started, ended or swapped, A or B was replaced, or B published
    // another analysis stage), delivered on receiver's thread while it lives. Nothing
    // happens without a Comparison. Unlike Session::follow it does not run now: B is closed
    // until a comparison starts, and the dock's first update comes from following A.
    void followB(QObject* receiver, std::function<void()> onB) const;
    // onOffset() when the alignment offset changes: for the docks whose B window is A's
    // moved by it.
    void followOffset(QObject* receiver, std::function<void()> onOffset) const;
};

} // namespace strata::widgets
