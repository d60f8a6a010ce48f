#pragma once
// The shared state types by name only, for the headers of the docks that hold pointers to
// them (one include instead of a forward-declaration block in every dock).

namespace strata::model {
struct Analyses;
class AnnotationsModel;
class FindingsBoard;
class Selection;
class Session;
class TrackFilter;
class Viewport;
} // namespace strata::model
