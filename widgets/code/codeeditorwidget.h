#pragma once
#include "sourcefileresolver.h"
#include <common/dockcontext.h>

#include <analysis/source/sourceindex.h>
#include <state/latestjob.h>
#include <state/selection.h>
#include <state/statefwd.h>
#include <store/eventstore.h>

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QToolButton;

namespace strata::widgets {

class SourceView;

// The Code dock (objectName "codeEditor"): the profile's source files (from
// analysis::SourceIndex, built off the GUI thread by the session) in a read-only view with
// per-line event counts and time in the gutter. Files are found next to the trace or under
// a source root the user picks (SourceFileResolver) and read off the GUI thread.
// Linked through the shared Selection only:
// * the current event → its line is marked (its file opens; the view scrolls only when it
//   had to switch files);
// * Selection::sourceRequested (Ctrl+click on an event) → the line is marked and scrolled
//   to, and raiseRequested() asks the window to bring the dock forward;
// * the user puts the cursor on a line, or selects several → all their events are
//   highlighted (Selection::setHighlighted, the union of the lines; computed on a worker).
class CodeEditorWidget : public QWidget {
    Q_OBJECT
public:
    // Follows the context's session: its profile, analyses and the state objects it shares.
    explicit CodeEditorWidget(const DockContext& context, QWidget* parent = nullptr);
    ~CodeEditorWidget() override;

    std::shared_ptr<const analysis::SourceIndex> index() const { return m_index; }
    bool isIndexing() const { return m_store && !m_index; } // the source index has not come yet

    void openFile(int file); // an index into index()->files(); fileShown() when on screen
    int currentFile() const { return m_file; }
    // Opens `file` (a profile path or its tail, SourceIndex::findFile) and selects `line` as
    // if the user clicked it. Waits for the index and the file when they are not there yet.
    void selectSourceLine(const QString& file, uint32_t line);

    QString sourceRoot() const { return m_resolver.sourceRoot(); }
    void setSourceRoot(const QString& dir); // remembered for this trace; reloads the file
    SourceView* view() const { return m_view; }
    QComboBox* fileList() const { return m_files; }

signals:
    void indexReady();
    void fileShown(int file); // the file's text, or a note that it was not found, is shown
    void raiseRequested();

private:
    void setStore(std::shared_ptr<const store::EventStore> store, const QString& tracePath);
    void takeIndex(std::shared_ptr<const analysis::SourceIndex> index); // when new
    struct Loaded;
    void onIndexBuilt(std::shared_ptr<const analysis::SourceIndex> index);
    void onFileLoaded(const Loaded& loaded);
    void onCurrentChanged(model::EventRef e);
    void onSourceRequested(model::EventRef e);
    void showEventLine(model::EventRef e, bool center);
    analysis::SourceIndex::Location locationOf(model::EventRef e) const;
    void onLinesSelected(const QList<uint>& lines);
    void promptSourceRoot();
    void fillFileList();
    void setStatus(const QString& text);

    model::Selection* m_selection;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::SourceIndex> m_index;
    SourceFileResolver m_resolver;
    QComboBox* m_files;
    QToolButton* m_rootButton;
    QLabel* m_status;
    SourceView* m_view;

    int m_file = -1; // shown (or loading) file
    bool m_loading = false;
    model::LatestJob m_loadJob; // reading the file to show
    model::LatestJob m_rowsJob; // line → rows
    // What to do once the loading file is shown.
    uint32_t m_pendingEventLine = 0;
    bool m_pendingCenter = false;
    uint32_t m_pendingSelectLine = 0;
    QString m_pendingSelectFile; // selectSourceLine before the index is ready
    model::Selection::RowSet m_ownHighlight;
};

} // namespace strata::widgets
