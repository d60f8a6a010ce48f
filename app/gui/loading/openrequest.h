#pragma once
#include "realignview.h"
#include <window/commandline.h>

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QStringList>

#include <optional>

namespace strata::app {

// A profile to open and what to show once it is open: one value from the command line, a
// menu, a drop or the welcome page to the window, carried through the load instead of
// fields set beforehand. Everything but `path` is optional; the actions run in this order.
// What is opened is `path` (a file, or a folder: one profile or the ranks of a job), or the
// several files of `paths` (the ranks of a job; JobGrouper decides on the load's worker).
struct OpenRequest {
    QString path; // the file or folder opened; with `paths`, the folder they share (the job's name)
    QStringList paths; // several files opened together; empty: `path` alone
    QString alignment; // a job's clock alignment (recorded, collectives, first-step); empty: the default
    std::optional<RangeSpec> range; // the visible window
    QString select; // select the longest slice whose name contains this text
    QString sourceFile; // select sourceFile:sourceLine in the Code dock, once its index is there
    uint sourceLine = 0;
    QString search; // search for a name and select the first match
    QString compare; // then compare the profile with this one (B)
    std::optional<model::Comparison::Alignment> align; // and align B so
    // The view of the job opened before on another alignment, kept (MainWindow::realign);
    // applied before the rest of the request.
    std::optional<RealignView> keep;

    // What the load reads: the several files, else `path`.
    QStringList inputs() const { return paths.isEmpty() ? QStringList { path } : paths; }

    // A request for several files at once (one file: a plain request for it).
    static OpenRequest forFiles(const QStringList& files)
    {
        OpenRequest r;
        if (files.size() == 1) {
            r.path = files.first();
            return r;
        }
        r.paths = files;
        r.path = commonFolder(files);
        return r;
    }

    // The deepest folder holding every file (absolute); the files' own folder when they share one.
    static QString commonFolder(const QStringList& files)
    {
        QString common;
        for (const QString& f : files) {
            const QString dir = QFileInfo(f).absolutePath();
            if (common.isNull()) {
                common = dir;
                continue;
            }
            while (common != dir && !dir.startsWith(common + QLatin1Char('/')) && common != QDir::rootPath()
                && !common.isEmpty())
                common = QFileInfo(common).absolutePath();
        }
        return common;
    }

    static OpenRequest fromCommandLine(const StartupOptions& options)
    {
        OpenRequest r = forFiles(options.files.isEmpty() ? QStringList { options.file } : options.files);
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
