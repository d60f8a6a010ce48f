#pragma once

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
};

} // namespace strata::widgets
