#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace strata::report {

// Fits the names of one table column to a width so that no two rows read alike. A cut at a
// fixed width ("autograd::engine::evaluate_function: torch::a...") leaves rows whose
// names differ only past the cut indistinguishable, so a name too long for the column keeps
// its head and its tail around an ellipsis, split where it differs from every other name of
// the table: by its start when that is where it differs, else by its end. A C++ function
// whose template arguments are shown drops its parameter list first ("kernel<...>(...)"),
// unless that makes two names alike. The column widens, up to a cap, until each long name
// keeps enough beside what tells it apart, and past the cap only while two shown names are
// still alike. The CLI's text tables call it with a width in characters; the GUI's tables
// with the width a cell's pixels hold.
class NameFit {
public:
    struct Options {
        size_t width = 48; // the column, in characters (code points); names this short stay whole
        size_t cap = 80; // how far the column may widen for context; past it only to tell names apart
        std::string ellipsis = "...";
        // The preferred share of the kept characters taken from the name's start: 0.5 keeps
        // both ends alike, 0 collapses the start first (the tail of a C++ name is its most
        // specific part).
        double headShare = 0.5;
    };
    struct Result {
        std::vector<std::string> names; // one per input, in order; equal inputs stay equal
        size_t width = 0; // the column's width: at least Options::width
    };

    // The names as shown: every name no wider than the result's width, and two different
    // names never shown alike. When every name fits Options::width, they are returned as
    // they are and the width is Options::width.
    static Result fit(const std::vector<std::string>& names, const Options& options);
    // The names whole, the column as wide as the widest (at least `width`): the CLI's --wide.
    static Result whole(const std::vector<std::string>& names, size_t width);
    // A UTF-8 text's width in a terminal: its code points.
    static size_t columns(const std::string& text);
};

} // namespace strata::report
