#include "summarypanes.h"

#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace strata::widgets {

SummaryPanes::SummaryPanes(
    QWidget* area, QWidget* host, QWidget* tracks, QWidget* counters, QWidget* diagnostics, TrackNeeds trackNeeds)
    : m_area(area)
    , m_trackNeeds(std::move(trackNeeds))
{
    m_split = new QSplitter(Qt::Horizontal, host);
    m_split->setObjectName(QStringLiteral("summarySplitter"));
    m_split->setChildrenCollapsible(false);
    m_lower = new QSplitter(Qt::Horizontal, m_split);
    m_lower->setChildrenCollapsible(false);
    m_trackPane = section(area, tr("Engines"), tracks, &m_trackTitle);
    m_sidePane = new QWidget(area);
    auto* sideLayout = new QVBoxLayout(m_sidePane);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->setSpacing(0);
    m_counterSection = section(area, tr("Counters"), counters, &m_counterTitle);
    m_diagSection = section(area, tr("Import diagnostics"), diagnostics, &m_diagTitle);
    sideLayout->addWidget(m_counterSection, 3);
    sideLayout->addWidget(m_diagSection, 1);
    m_tabs = new QTabWidget(host);
    m_tabs->setObjectName(QStringLiteral("summaryTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->hide();
    m_arrangement = Arrangement::Column; // differs from Row, so the call below lays out
    arrange(Arrangement::Row);
}

QWidget* SummaryPanes::section(QWidget* parent, const QString& title, QWidget* body, QLabel** titleLabel)
{
    auto* w = new QWidget(parent);
    auto* l = new QVBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->setSpacing(0);
    auto* label = new QLabel(title, w);
    label->setObjectName(QStringLiteral("summarySectionTitle"));
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    label->setContentsMargins(10, 6, 10, 4);
    label->setTextFormat(Qt::RichText);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop); // stays on top when its body is hidden
    l->addWidget(label);
    l->addWidget(body, 1);
    if (titleLabel)
        *titleLabel = label;
    return w;
}

void SummaryPanes::addPane(QWidget* pane, const QString& title)
{
    QLabel* label = nullptr;
    QWidget* w = section(m_area, title, pane, &label);
    m_panes.push_back({ w, label, title });
    const Arrangement a = m_arrangement;
    m_arrangement = a == Arrangement::Row ? Arrangement::Column : Arrangement::Row;
    arrange(a);
}

bool SummaryPanes::arrangeFor(QSize size)
{
    // Row when the engines table and the other panes fit side by side; Column in a tall
    // side dock; Stacked in a large, squarish one; else one pane at a time.
    const int w = size.width(), h = size.height();
    const int rowWidth = m_panes.empty() ? 900 : 1200;
    if (w >= rowWidth && w * 4 >= h * 5)
        return arrange(Arrangement::Row);
    if (w * 5 < h * 4 && h >= 640)
        return arrange(Arrangement::Column);
    if (w >= 640 && h >= 560)
        return arrange(Arrangement::Stacked);
    return arrange(Arrangement::Tabs);
}

bool SummaryPanes::arrange(Arrangement a)
{
    if (a == m_arrangement)
        return false;
    m_arrangement = a;
    auto* sideLayout = static_cast<QVBoxLayout*>(m_sidePane->layout());
    if (a == Arrangement::Tabs) {
        m_tabs->clear();
        m_tabs->addTab(m_trackPane, tr("Engines"));
        for (const Pane& p : m_panes) {
            m_tabs->addTab(p.widget, p.title);
            p.titleLabel->hide(); // the tab says it
        }
        m_tabs->addTab(m_counterSection, tr("Counters"));
        m_tabs->addTab(m_diagSection, tr("Diagnostics"));
        m_tabs->setCurrentIndex(std::clamp(m_tabIndex, 0, m_tabs->count() - 1));
        m_split->hide();
        m_tabs->show();
        return true;
    }
    if (m_tabs->count())
        m_tabIndex = m_tabs->currentIndex();
    m_tabs->hide();
    m_tabs->clear(); // gives the panes back (hidden); they are placed and shown below
    for (const Pane& p : m_panes)
        p.titleLabel->show();
    sideLayout->insertWidget(0, m_counterSection, 3);
    sideLayout->insertWidget(1, m_diagSection, 1);
    m_counterSection->show();
    m_diagSection->show();
    m_split->show();

    auto place = [](QSplitter* s, const std::vector<QWidget*>& panes) {
        for (int i = 0; i < int(panes.size()); ++i) {
            s->insertWidget(i, panes[size_t(i)]); // moves it here when it is elsewhere
            s->setStretchFactor(i, 1);
            panes[size_t(i)]->show();
        }
    };
    std::vector<QWidget*> others;
    for (const Pane& p : m_panes)
        others.push_back(p.widget);
    others.push_back(m_sidePane);
    if (a == Arrangement::Stacked) {
        place(m_lower, others);
        m_split->setOrientation(Qt::Vertical);
        place(m_split, { m_trackPane, m_lower });
    } else {
        std::vector<QWidget*> all { m_trackPane };
        all.insert(all.end(), others.begin(), others.end());
        m_split->setOrientation(a == Arrangement::Row ? Qt::Horizontal : Qt::Vertical);
        place(m_split, all);
        m_lower->hide(); // empty now
    }
    distribute();
    return true;
}

// Splitter sizes for the arrangement: the engines table gets what its columns need (within
// limits), the chart and the counters share the rest. QSplitter scales the numbers to its
// length, so they need not add up exactly.
void SummaryPanes::distribute()
{
    const QSize needs = m_trackNeeds();
    const int tableHeight = m_trackTitle->sizeHint().height() + needs.height();
    const int extras = int(m_panes.size());
    switch (m_arrangement) {
    case Arrangement::Row: {
        const int total = std::max(m_area->width(), 1);
        const int tracks = std::clamp(needs.width(), total * 2 / 5, total * 3 / 5);
        const int rest = total - tracks;
        QList<int> sizes { tracks };
        for (int i = 0; i < extras; ++i)
            sizes << rest * 2 / 5 / extras;
        sizes << rest - (extras ? rest * 2 / 5 : 0);
        m_split->setSizes(sizes);
        break;
    }
    case Arrangement::Stacked:
    case Arrangement::Column: {
        const int total = std::max(m_split->height(), m_area->height() * 3 / 4);
        const int tracks = std::clamp(tableHeight, total * 2 / 5, total * 3 / 5);
        if (m_arrangement == Arrangement::Stacked) {
            m_split->setSizes({ tracks, total - tracks });
            QList<int> lower;
            for (int i = 0; i < extras; ++i)
                lower << 45 / extras;
            lower << (extras ? 55 : 100);
            m_lower->setSizes(lower);
        } else {
            QList<int> sizes { tracks };
            const int rest = total - tracks;
            for (int i = 0; i < extras; ++i)
                sizes << rest / 2 / extras;
            sizes << rest - (extras ? rest / 2 : 0);
            m_split->setSizes(sizes);
        }
        break;
    }
    case Arrangement::Tabs: break;
    }
}

void SummaryPanes::setSideStretch(bool counters, bool diagnostics)
{
    if (auto* side = qobject_cast<QVBoxLayout*>(m_sidePane->layout())) {
        side->setStretchFactor(m_diagSection, diagnostics ? 1 : 0);
        side->setStretchFactor(m_counterSection, counters ? 3 : 0);
        if (!counters && !diagnostics)
            side->setStretchFactor(m_diagSection, 1); // keep both titles at the top
    }
}

void SummaryPanes::setTabTitles(const QString& counters, const QString& diagnostics)
{
    m_tabs->setTabText(m_tabs->indexOf(m_diagSection), diagnostics);
    m_tabs->setTabText(m_tabs->indexOf(m_counterSection), counters);
}

} // namespace strata::widgets
