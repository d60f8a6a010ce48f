#include "memorywidget.h"

#include <common/imageexport.h>

#include "memorychart.h"
#include "memoryusagebar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <state/session.h>

#include <algorithm>
#include <map>

namespace strata::widgets {

namespace {
QString swatch(const QColor& c)
{
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>").arg(c.name());
}
} // namespace

MemoryWidget::MemoryWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
    , m_viewport(context.session->viewport())
{
    setObjectName(QStringLiteral("memory"));
    m_stack = new QStackedWidget(this);
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(QStringLiteral("memoryPlaceholder"));
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setMargin(12);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);

    m_content = new QWidget(this);
    m_legend = new QLabel(m_content);
    m_legend->setObjectName(QStringLiteral("memoryLegend"));
    m_legend->setText(
        tr("%1 read &nbsp; %2 write").arg(swatch(MemoryChart::kReadColor), swatch(MemoryChart::kWriteColor)));
    m_legend->setToolTip(tr("x: time, the timeline's visible range (drag to pan, wheel to zoom)\n"
                            "y: address, lowest at the top\nClick an access to select its instruction"));
    m_usageTitle = new QLabel(tr("GLOBAL MEM:"), m_content);
    m_usage = new MemoryUsageBar(m_content);
    auto* header = new QHBoxLayout;
    header->setContentsMargins(6, 3, 6, 3);
    header->addWidget(m_legend, 1);
    header->addWidget(m_usageTitle);
    header->addWidget(m_usage);
    m_split = new QSplitter(Qt::Vertical, m_content);
    m_split->setObjectName(QStringLiteral("memorySplitter"));
    m_split->setChildrenCollapsible(false);
    auto* contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(0);
    contentLayout->addLayout(header);
    contentLayout->addWidget(m_split, 1);

    m_stack->addWidget(m_placeholder);
    m_stack->addWidget(m_content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    showPlaceholder(tr("Open a profile to see its memory accesses."));
    model::Session* session = context.session;
    session->follow(this, [this, session] { setStore(session->store()); });
}

MemoryWidget::~MemoryWidget() { }

bool MemoryWidget::hasAccesses() const
{
    return m_store && !m_store->memoryAccesses().empty();
}

bool MemoryWidget::isShowingPlaceholder() const
{
    return m_stack->currentWidget() == m_placeholder;
}

QString MemoryWidget::placeholderText() const
{
    return m_placeholder->text();
}

void MemoryWidget::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentWidget(m_placeholder);
}

void MemoryWidget::setStore(std::shared_ptr<const store::EventStore> store)
{
    m_job.cancel(); // the axes of the previous store are dropped
    for (MemoryChart* c : m_charts)
        c->deleteLater();
    m_charts.clear();
    m_store = std::move(store);
    if (!m_store) {
        showPlaceholder(tr("Open a profile to see its memory accesses."));
        return;
    }
    if (m_store->memoryAccesses().empty()) {
        showPlaceholder(tr("This profile records no memory accesses. The memory chart shows address ranges over "
                           "time for formats that record them, such as a Sophgo bmprofile folder."));
        return;
    }
    showPlaceholder(tr("Reading memory accesses…"));
    // The global axis looks at every access once: a worker's job, dropped if stale. The work
    // holds its own reference to the store.
    m_job.run(
        this,
        [s = m_store](const std::atomic<bool>&) {
            Axes axes;
            const store::MemoryAccessTable& m = s->memoryAccesses();
            for (uint32_t i = 0; i < m.spaceCount(); ++i) {
                const store::MemorySpaceId id(i);
                std::vector<MemoryAddressAxis::Band> bands = MemoryAddressAxis::collectBands(*s, id);
                if (!m.rowsOf(id).empty() || !bands.empty())
                    axes.emplace_back(id, std::move(bands));
            }
            // Local (on-chip) memory first, as Sophgo's profile view shows it above global memory.
            std::stable_sort(axes.begin(), axes.end(), [&m](const auto& a, const auto& b) {
                return m.space(a.first).kind == store::MemoryKind::Local
                    && m.space(b.first).kind != store::MemoryKind::Local;
            });
            return axes;
        },
        [this](Axes axes) { onAxesReady(std::move(axes)); });
}

void MemoryWidget::onAxesReady(Axes axes)
{
    if (!m_store)
        return;
    const store::MemoryAccessTable& m = m_store->memoryAccesses();
    for (auto& axis : axes) {
        const store::MemorySpaceId space = axis.first;
        auto* chart = new MemoryChart(m_viewport, m_selection, m_split);
        chart->setSpace(m_store, space, std::move(axis.second)); // the bands
        chart->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(chart, &QWidget::customContextMenuRequested, this, [this, chart](const QPoint& pos) {
            QMenu menu(this);
            ImageExport::addToMenu(&menu, m_content, QStringLiteral("memory")); // every chart, legend and usage
            menu.exec(chart->mapToGlobal(pos));
        });
        m_split->addWidget(chart);
        // Local memory has its banks to label: it gets the larger share.
        m_split->setStretchFactor(m_split->count() - 1, m.space(space).kind == store::MemoryKind::Local ? 3 : 2);
        m_charts.push_back(chart);
    }
    // Usage by kind of the global memory's regions, in Sophgo's order (Coeff, Runtime, Tensor).
    std::map<QString, uint64_t> usage;
    for (const store::MemoryRegion& r : m.regions()) {
        if (!r.space.valid() || m.space(r.space).kind != store::MemoryKind::Global)
            continue;
        const std::string_view c = m_store->str(r.category);
        usage[c.empty() ? tr("Other") : QString::fromUtf8(c.data(), qsizetype(c.size()))] += r.size;
    }
    std::vector<MemoryUsageBar::Part> parts;
    for (const char* kind : { "Coeff", "Runtime", "Tensor" }) {
        auto it = usage.find(QLatin1String(kind));
        if (it != usage.end()) {
            parts.push_back({ it->first, it->second });
            usage.erase(it);
        }
    }
    for (const auto& [k, v] : usage)
        parts.push_back({ k, v });
    m_usage->setParts(parts);
    m_usage->setVisible(!parts.empty());
    m_usageTitle->setVisible(!parts.empty());
    m_stack->setCurrentWidget(m_content);
    emit ready();
}

} // namespace strata::widgets
