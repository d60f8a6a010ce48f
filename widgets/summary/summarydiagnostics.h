#pragma once
#include <analysis/summary/summaryresult.h>

#include <QStringList>
#include <QTreeWidget>

#include <string>
#include <vector>

namespace strata::widgets {

// The import diagnostics of a summary (objectName "summaryDiagnostics"): one row per kind
// with its count, under it the messages the importer kept (with their byte offsets), and
// "other messages" for those of no listed kind. Selected rows copy as "kind\tcount".
class SummaryDiagnostics : public QTreeWidget {
    Q_OBJECT
public:
    explicit SummaryDiagnostics(QWidget* parent = nullptr);

    // Fills the tree from the summary; the same diagnostics as last time leave it as it is
    // (they are the profile's, the same for every window). `loadNotes`: what happened on the
    // way to the store that is not the importer's (a cached snapshot refused and deleted),
    // listed last under "snapshot cache".
    void setSummary(const analysis::TraceSummary& s, const QStringList& loadNotes = {});

    static uint64_t total(const analysis::TraceSummary& s); // occurrences of every kind

private:
    std::vector<std::string> m_shown; // the kinds, counts and messages last put in the view
};

} // namespace strata::widgets
