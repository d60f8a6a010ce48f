#pragma once
#include <window/commandline.h>

#include <QString>

#include <optional>

namespace strata::app {

// A profile to open and what to show once it is open: one value from the command line, a
// menu, a drop or the welcome page to the window, carried through the load instead of
// fields set beforehand. Everything but `path` is optional; the actions run in this order.
struct OpenRequest {
    QString path;
    std::optional<RangeSpec> range; // the visible window
    QString select; // select the longest slice whose name contains this text
    QString sourceFile; // select sourceFile:sourceLine in the Code dock, once its index is there
    uint sourceLine = 0;
    QString search; // search for a name and select the first match
    QString compare; // then compare the profile with this one (B)
    std::optional<model::Comparison::Alignment> align; // and align B so

    static OpenRequest fromCommandLine(const StartupOptions& options)
    {
        OpenRequest r;
        r.path = options.file;
        r.range = options.range;
        r.select = options.select;
        r.sourceFile = options.sourceFile;
        r.sourceLine = options.sourceLine;
        r.search = options.search;
        r.compare = options.compare;
        r.align = options.align;
        return r;
    }
};

} // namespace strata::app
