#pragma once
#include <QString>

class QWidget;

namespace strata::app {

// The message box of a failed load: the loader's reason ("<path>: reason (at byte N)"
// without the path; a refused job's lists its files, a line each), the path in a quieter
// colour, which profile stays open, and the whole error as details. And the box of a job
// that opened without some of its files: each with its reason and byte offset. Window-modal
// and deleted on close, so the event loop keeps running.
class LoadErrorBox {
public:
    // `stillOpen`: the name of the profile that stays open, if any.
    static void open(QWidget* parent, const QString& path, const QString& error, const QString& stillOpen);
    // "<path>: reason (at byte N)" → "reason (at byte N)".
    static QString reasonOf(const QString& path, const QString& error);
    // A job `name` is open with its good ranks; `problems`: "FILE: reason (at byte N)" lines.
    static void openJobProblems(QWidget* parent, const QString& name, const QString& problems);
};

} // namespace strata::app
