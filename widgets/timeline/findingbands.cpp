#include "findingbands.h"

#include "timelinetogglepreference.h"

#include <analysis/findings/findingtext.h>
#include <common/qstr.h>
#include <common/timelinestyle.h>
#include <common/unitformat.h>
#include <state/findingsboard.h>
#include <state/trackfilter.h>

#include <QPainter>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace strata::widgets {

using analysis::Finding;
using analysis::FindingSeverity;
using store::TimeNs;
using store::TimeRange;

namespace {
constexpr double kDimmed = 0.55; // how far an unpicked band fades toward the base while one is picked

QString severityName(FindingSeverity s)
{
    return s == FindingSeverity::Critical ? QStringLiteral("Critical")
        : s == FindingSeverity::Warning   ? QStringLiteral("Warning")
                                          : QStringLiteral("Info");
}
} // namespace

QColor FindingBands::colorOf(FindingSeverity s, const QPalette& pal)
{
    return TimelineStyle::from(pal).severity(s);
}

void FindingBands::follow(
    QWidget* timeline, model::FindingsBoard* board, std::function<std::shared_ptr<const store::EventStore>()> store)
{
    auto take = [this, timeline, board, store = std::move(store)] {
        setResult(store(), board->result(), board->current());
        timeline->update();
    };
    take();
    QObject::connect(board, &model::FindingsBoard::changed, timeline, take);
    QObject::connect(board, &model::FindingsBoard::currentChanged, timeline, [this, timeline](int index) {
        setCurrent(index);
        timeline->update();
    });
    QObject::connect(TimelineTogglePreference::findingBands(), &TimelineTogglePreference::changed, timeline,
        qOverload<>(&QWidget::update));
}

void FindingBands::setResult(
    std::shared_ptr<const store::EventStore> store, std::shared_ptr<const analysis::FindingsResult> result, int current)
{
    m_result = store ? std::move(result) : nullptr;
    m_store = m_result ? std::move(store) : nullptr;
    m_current = current;
    m_entries.clear();
    m_byProcess.clear();
    if (!m_result)
        return;
    // Ranked findings, each's ranges most telling first: the order the per-track cap keeps.
    for (size_t i = 0; i < m_result->findings.size(); ++i) {
        const Finding& f = m_result->findings[i];
        for (const analysis::FindingRange& r : f.ranges) {
            if (!r.track.valid() || r.track.v >= m_store->trackCount())
                continue; // shows nowhere; the card of its finding's other bands counts it
            m_entries.push_back(
                { r.track, m_store->track(r.track).process, r.start, std::max(r.start, r.end), uint32_t(i) });
        }
    }
    std::stable_sort(
        m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) { return a.track < b.track; });
    std::vector<Entry> kept;
    kept.reserve(m_entries.size());
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        auto end = std::find_if(it, m_entries.end(), [&](const Entry& e) { return e.track != it->track; });
        const size_t first = kept.size();
        kept.insert(kept.end(), it, it + std::min<ptrdiff_t>(end - it, ptrdiff_t(kMaxPerTrack)));
        std::sort(kept.begin() + ptrdiff_t(first), kept.end(),
            [](const Entry& a, const Entry& b) { return a.start < b.start; });
        it = end;
    }
    m_entries = std::move(kept);
    for (uint32_t i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].process.valid())
            m_byProcess.push_back(i);
    }
    std::sort(m_byProcess.begin(), m_byProcess.end(), [this](uint32_t a, uint32_t b) {
        const Entry &x = m_entries[a], &y = m_entries[b];
        return x.process != y.process ? x.process < y.process : x.start < y.start;
    });
}

std::vector<const FindingBands::Entry*> FindingBands::entriesOf(
    const LayoutRow& row, const model::TrackFilter* filter, TimeRange window) const
{
    std::vector<const Entry*> out;
    auto overlaps = [&](const Entry& e) { return e.end >= window.start && e.start <= window.end; };
    if (row.kind == LayoutRow::Kind::Track) {
        auto lo = std::lower_bound(m_entries.begin(), m_entries.end(), row.track,
            [](const Entry& e, store::TrackId t) { return e.track < t; });
        for (; lo != m_entries.end() && lo->track == row.track; ++lo) {
            if (overlaps(*lo))
                out.push_back(&*lo);
        }
    } else if (row.kind == LayoutRow::Kind::Process && row.collapsed) {
        auto lo = std::lower_bound(m_byProcess.begin(), m_byProcess.end(), row.process,
            [this](uint32_t i, store::ProcessId p) { return m_entries[i].process < p; });
        for (; lo != m_byProcess.end() && m_entries[*lo].process == row.process; ++lo) {
            const Entry& e = m_entries[*lo];
            if (overlaps(e) && !(filter && filter->isHidden(e.track)))
                out.push_back(&e);
        }
    }
    return out;
}

uint8_t FindingBands::levelOf(const Entry& e) const
{
    const auto severity = uint8_t(m_result->findings[e.finding].severity);
    return uint8_t(1 + severity + (int(e.finding) == m_current ? 4 : 0));
}

std::vector<FindingBands::Band> FindingBands::bands(
    const TimelineLayout& layout, const model::TrackFilter* filter, const TimelineFrame& f) const
{
    std::vector<Band> out;
    const int width = f.canvas.width();
    if (m_entries.empty() || width <= 0)
        return out;
    const auto [first, last] = layout.rowsIn(f.scrollY, f.scrollY + f.canvas.height());
    std::vector<uint8_t> columns, starts;
    for (int i = first; i < last; ++i) {
        const LayoutRow& row = layout.rows()[size_t(i)];
        const std::vector<const Entry*> entries = entriesOf(row, filter, { f.t0, f.t1 });
        if (entries.empty())
            continue;
        // One level per pixel column: ranges thinner than a pixel fold into the strongest there,
        // and each keeps at least 2 px so a short one can be seen and pointed at.
        columns.assign(size_t(width), 0);
        starts.assign(size_t(width), 0);
        for (const Entry* e : entries) {
            const double x0 = std::clamp(f.xOf(e->start) - f.canvas.left(), 0.0, double(width));
            const double x1 = std::clamp(f.xOf(e->end) - f.canvas.left(), 0.0, double(width));
            const int c0 = std::min(int(std::floor(x0)), width - 1);
            const int c1 = std::min(std::max(int(std::ceil(x1)), c0 + 2), width);
            const uint8_t level = levelOf(*e);
            for (int c = c0; c < c1; ++c)
                columns[size_t(c)] = std::max(columns[size_t(c)], level);
            if (c1 - c0 >= kSplitPx)
                starts[size_t(c0)] = 1;
        }
        const int top = f.originY() + row.y;
        for (int c = 0; c < width;) {
            const uint8_t level = columns[size_t(c)];
            int end = c + 1;
            while (end < width && columns[size_t(end)] == level && !starts[size_t(end)])
                ++end;
            // Two ranges that touch keep a pixel between them, so each reads as its own.
            const bool touches = end < width && starts[size_t(end)] && columns[size_t(end)] && end - c > 2;
            if (level) {
                const bool picked = level > 4;
                const auto severity = FindingSeverity((level - 1) % 4);
                out.push_back(
                    { QRect(f.canvas.left() + c, top, end - c - (touches ? 1 : 0), picked ? kPickedHeight : kHeight),
                        severity, picked });
            }
            c = end;
        }
    }
    return out;
}

void FindingBands::paint(QPainter& p, const TimelineLayout& layout, const model::TrackFilter* filter,
    const TimelineFrame& f, const QPalette& pal) const
{
    const std::vector<Band> all = bands(layout, filter, f);
    if (all.empty())
        return;
    const TimelineStyle st = TimelineStyle::from(pal);
    const QColor colors[] = { colorOf(FindingSeverity::Info, pal), colorOf(FindingSeverity::Warning, pal),
        colorOf(FindingSeverity::Critical, pal) };
    // Opaque mixes, not alpha: a translucent fill costs a blend per span (ThemePalette).
    const QColor dimmed[] = { TimelineStyle::mix(colors[0], st.base, kDimmed),
        TimelineStyle::mix(colors[1], st.base, kDimmed), TimelineStyle::mix(colors[2], st.base, kDimmed) };
    const bool anyPicked = m_current >= 0;
    for (const Band& b : all) {
        const int s = int(b.severity);
        p.fillRect(b.rect, anyPicked && !b.picked ? dimmed[s] : colors[s]);
        // A line under each band keeps it apart from the slices it lies over, whatever their
        // colour: the base's, or the text's under the picked finding's bands, so they stand out.
        p.fillRect(QRect(b.rect.left(), b.rect.bottom() + 1, b.rect.width(), 1), b.picked ? st.text : st.base);
    }
}

int FindingBands::rowOf(const TimelineLayout& layout, const model::TrackFilter* filter, store::TrackId track) const
{
    if (!m_store || !track.valid() || track.v >= m_store->trackCount() || (filter && filter->isHidden(track)))
        return -1;
    const int row = layout.rowOfTrack(track);
    if (row >= 0)
        return row;
    const store::ProcessId p = m_store->track(track).process;
    const int header = p.valid() ? layout.rowOfProcess(p) : -1;
    return header >= 0 && layout.rows()[size_t(header)].collapsed ? header : -1;
}

int FindingBands::findingAt(const TimelineLayout& layout, const model::TrackFilter* filter, const TimelineFrame& f,
    QPoint pos, int* count) const
{
    if (count)
        *count = 0;
    if (m_entries.empty() || !f.canvas.contains(pos))
        return -1;
    const int row = layout.rowAt(pos.y() - f.originY());
    if (row < 0)
        return -1;
    const LayoutRow& r = layout.rows()[size_t(row)];
    const int below = pos.y() - (f.originY() + r.y); // px under the row's top
    if (below >= kPickedHeight + kSlack)
        return -1;
    const TimeRange pixel { f.timeAt(pos.x() - kSlack), f.timeAt(pos.x() + kSlack + 1) };
    int best = -1;
    uint8_t bestLevel = 0;
    std::vector<uint32_t> here; // the findings under the pointer
    for (const Entry* e : entriesOf(r, filter, pixel)) {
        const uint8_t level = levelOf(*e);
        const int height = level > 4 ? kPickedHeight : kHeight;
        if (below >= height + kSlack)
            continue;
        if (std::find(here.begin(), here.end(), e->finding) == here.end())
            here.push_back(e->finding);
        if (level > bestLevel || (level == bestLevel && int(e->finding) < best)) {
            best = int(e->finding);
            bestLevel = level;
        }
    }
    if (count)
        *count = int(here.size());
    return best;
}

TooltipContent FindingBands::hover(const TimelineLayout& layout, const model::TrackFilter* filter,
    const TimelineFrame& f, QPoint pos, const QPalette& pal) const
{
    TooltipContent c;
    int count = 0;
    const int at = findingAt(layout, filter, f, pos, &count);
    if (at < 0)
        return c;
    const Finding& finding = m_result->findings[size_t(at)];
    auto field = [&c](const QString& key, const QString& value, const QColor& swatch = QColor()) {
        c.fields.push_back({ key, value });
        c.swatches.push_back(swatch);
    };
    c.title = qstr(finding.title);
    field(QStringLiteral("Finding"), severityName(finding.severity) + QStringLiteral(" · ") + qstr(finding.id),
        colorOf(finding.severity, pal));
    field(QStringLiteral("Value"),
        QStringLiteral("%1 (threshold %2)")
            .arg(qstr(analysis::FindingText::value(finding.value, finding.unit)),
                qstr(analysis::FindingText::value(finding.threshold, finding.unit))));
    field(QStringLiteral("At stake"), UnitFormat::duration(finding.atStakeNs));
    // The range under the pointer (the longest of this finding's there) and how many show nowhere.
    const int row = layout.rowAt(pos.y() - f.originY());
    const TimeRange pixel { f.timeAt(pos.x() - kSlack), f.timeAt(pos.x() + kSlack + 1) };
    const analysis::FindingRange* here = nullptr;
    size_t hidden = 0;
    for (const analysis::FindingRange& r : finding.ranges) {
        const int shownOn = rowOf(layout, filter, r.track);
        if (shownOn < 0)
            ++hidden;
        else if (shownOn == row && r.end >= pixel.start && r.start <= pixel.end
            && (!here || r.end - r.start > here->end - here->start))
            here = &r;
    }
    if (here) {
        // The start to about a thousandth of the range: "26.705 ms", not "26.705 055 ms".
        TimeNs resolution = 1;
        while (resolution * 10 <= (here->end - here->start) / 1000)
            resolution *= 10;
        field(QStringLiteral("Range"),
            UnitFormat::time(here->start - m_store->extent().start, resolution) + QStringLiteral(" + ")
                + UnitFormat::duration(here->end - here->start));
        field(QStringLiteral("Track"), qstr(m_store->trackLabel(here->track)));
        if (here->rank >= 0)
            field(QStringLiteral("Rank"), QString::number(here->rank));
    }
    if (count > 1)
        field(QStringLiteral("Here"), QStringLiteral("%1 findings; the picked or most severe shown").arg(count));
    if (hidden > 0)
        field(QStringLiteral("Not shown"),
            QStringLiteral("%1 of its %2 ranges: on hidden tracks or on no track")
                .arg(hidden)
                .arg(finding.ranges.size()));
    return c;
}

} // namespace strata::widgets
