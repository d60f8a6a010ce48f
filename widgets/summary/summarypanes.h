#pragma once
#include <QCoreApplication>
#include <QSize>
#include <QString>

#include <functional>
#include <vector>

class QLabel;
class QSplitter;
class QTabWidget;
class QWidget;

namespace strata::widgets {

// Where a SummaryView's panes sit: the engines table, the owner's panes (addPane) and the
// side pane (counters above the import diagnostics), each under its title, side by side,
// stacked, one above the other or as tabs, after the shape of the area they share.
// The panes' widgets belong to the area; this only places them and sizes the splitters.
class SummaryPanes {
    Q_DECLARE_TR_FUNCTIONS(SummaryPanes)
public:
    enum class Arrangement {
        Row, // side by side: a dock across the bottom
        Stacked, // the engines on top, the other panes side by side below: a large floating dock
        Column, // one above the other: a tall side dock
        Tabs, // one pane at a time: a dock too small to show them together
    };
    // What the engines table needs to show its columns and rows whole, without its title.
    using TrackNeeds = std::function<QSize()>;

    // area: the widget whose size decides (the SummaryView); host: the one the splitter and
    // the tabs go in. Starts as Row.
    SummaryPanes(
        QWidget* area, QWidget* host, QWidget* tracks, QWidget* counters, QWidget* diagnostics, TrackNeeds trackNeeds);

    // A titled section: the title in bold above the body.
    static QWidget* section(QWidget* parent, const QString& title, QWidget* body, QLabel** titleLabel = nullptr);
    // Adds a pane after the engines table and lays out again.
    void addPane(QWidget* pane, const QString& title);
    // The arrangement for an area of this size; true when it changed.
    bool arrangeFor(QSize size);
    bool arrange(Arrangement a);
    // Gives the panes their share of the splitters for the arrangement.
    void distribute();
    // The side pane's stretch: an empty section is just its title line.
    void setSideStretch(bool counters, bool diagnostics);
    // The side pane's tabs' titles, when they are tabs.
    void setTabTitles(const QString& counters, const QString& diagnostics);

    Arrangement arrangement() const { return m_arrangement; }
    QSplitter* splitter() const { return m_split; }
    QTabWidget* tabs() const { return m_tabs; }
    QLabel* trackTitle() const { return m_trackTitle; }
    QLabel* counterTitle() const { return m_counterTitle; }
    QLabel* diagnosticsTitle() const { return m_diagTitle; }

private:
    QWidget* m_area;
    TrackNeeds m_trackNeeds;
    QSplitter* m_split; // the outer one
    QSplitter* m_lower; // Stacked: the panes under the engines
    QWidget* m_trackPane;
    QWidget* m_sidePane; // counters and diagnostics
    QWidget* m_counterSection;
    QWidget* m_diagSection;
    QTabWidget* m_tabs; // Tabs
    QLabel* m_trackTitle = nullptr;
    QLabel* m_counterTitle = nullptr;
    QLabel* m_diagTitle = nullptr;
    struct Pane {
        QWidget* widget;
        QLabel* titleLabel;
        QString title;
    };
    std::vector<Pane> m_panes; // addPane's
    Arrangement m_arrangement = Arrangement::Row;
    int m_tabIndex = 0; // the tab shown last time the panes were tabs
};

} // namespace strata::widgets
