#include "comparewindowbox.h"

#include <common/unitformat.h>
#include <state/annotationsmodel.h>
#include <state/comparison.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QVariantList>

#include <algorithm>

namespace strata::widgets {

namespace {
constexpr int kWholeTrace = 0;
constexpr int kCurrentSelection = 1;

QString span(store::TimeRange r, store::TimeNs origin)
{
    return QObject::tr("%1 – %2 (%3)")
        .arg(UnitFormat::duration(r.start - origin), UnitFormat::duration(r.end - origin),
            UnitFormat::duration(r.duration()));
}

store::TimeRange shifted(store::TimeRange r, store::TimeNs by)
{
    return { r.start + by, r.end + by };
}
} // namespace

CompareWindowBox::CompareWindowBox(model::Comparison* comparison, Side side, QWidget* parent)
    : QComboBox(parent)
    , m_comparison(comparison)
    , m_side(side)
{
    setObjectName(side == Side::A ? QStringLiteral("compareWindowA") : QStringLiteral("compareWindowB"));
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(14);
    addItem(tr("Whole trace"));
    addItem(tr("Current selection"));
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &CompareWindowBox::report);
    connect(this, &QComboBox::currentIndexChanged, this, [this] {
        m_debounce.stop();
        report();
    });

    model::Session* a = comparison->a();
    model::Session* b = comparison->b();
    // Whatever this side's current selection is made of may move; the B side also reads A's.
    connect(a->selection(), &model::Selection::timeSelectionChanged, this, &CompareWindowBox::onMoved);
    connect(a->viewport(), &model::Viewport::visibleChanged, this, &CompareWindowBox::onMoved);
    if (side == Side::B) {
        connect(b->selection(), &model::Selection::timeSelectionChanged, this, &CompareWindowBox::onMoved);
        connect(comparison, &model::Comparison::offsetChanged, this, &CompareWindowBox::onMoved);
    }
    connect(side == Side::A ? a->annotations() : b->annotations(), &model::AnnotationsModel::changed, this,
        &CompareWindowBox::rebuildMarkers);
    connect(comparison, &model::Comparison::changed, this, &CompareWindowBox::rebuildMarkers);
    m_reported = window();
    rebuildMarkers();
}

void CompareWindowBox::report()
{
    m_reported = window();
    updateToolTip();
    emit windowChanged();
}

model::Session* CompareWindowBox::side() const
{
    return m_side == Side::A ? m_comparison->a() : m_comparison->b();
}

store::TimeNs CompareWindowBox::origin() const
{
    return side()->viewport()->traceRange().start;
}

CompareWindowBox::Mode CompareWindowBox::mode() const
{
    const int i = currentIndex();
    return i <= kWholeTrace ? Mode::WholeTrace : i == kCurrentSelection ? Mode::CurrentSelection : Mode::Markers;
}

void CompareWindowBox::onMoved()
{
    if (mode() == Mode::CurrentSelection)
        m_debounce.start();
}

// One entry per neighbouring pair of markers, in time order; the chosen pair stays chosen
// while both its markers are there, else the window falls back to the whole trace.
void CompareWindowBox::rebuildMarkers()
{
    const QVariant chosen = mode() == Mode::Markers ? currentData() : QVariant();
    const std::vector<model::Marker>& markers = side()->annotations()->markers();
    {
        const QSignalBlocker block(this);
        while (count() > kCurrentSelection + 1)
            removeItem(count() - 1);
        const store::TimeNs o = origin();
        for (size_t i = 0; i + 1 < markers.size(); ++i) {
            const model::Marker& m = markers[i];
            const model::Marker& n = markers[i + 1];
            addItem(tr("%1 – %2").arg(m.name, n.name), QVariantList { m.id.v, n.id.v });
            setItemData(count() - 1, span({ m.time, n.time }, o), Qt::ToolTipRole);
        }
        int index = chosen.isValid() ? findData(chosen) : -1;
        if (chosen.isValid() && index < 0)
            index = kWholeTrace;
        if (index >= 0)
            setCurrentIndex(index);
    }
    // The markers have moved already: compare with what was last reported, not with window().
    const store::TimeRange now = window();
    if (now.start != m_reported.start || now.end != m_reported.end)
        report();
    else
        updateToolTip();
}

bool CompareWindowBox::selectMarkerPair(model::MarkerId first)
{
    for (int i = kCurrentSelection + 1; i < count(); ++i) {
        const QVariantList ids = itemData(i).toList();
        if (ids.size() == 2 && ids[0].toUInt() == first.v) {
            setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

store::TimeRange CompareWindowBox::window() const
{
    switch (mode()) {
    case Mode::WholeTrace: break;
    case Mode::CurrentSelection: {
        model::Session* a = m_comparison->a();
        model::Session* b = m_comparison->b();
        if (m_side == Side::B && b->selection()->hasTimeSelection())
            return b->selection()->timeSelection();
        const store::TimeNs by = m_side == Side::B ? m_comparison->offsetNs() : 0;
        if (a->selection()->hasTimeSelection())
            return shifted(a->selection()->timeSelection(), by);
        return shifted(a->viewport()->visible(), by);
    }
    case Mode::Markers: {
        const QVariantList ids = currentData().toList();
        const model::AnnotationsModel* annotations = side()->annotations();
        const model::Marker* m = ids.size() == 2 ? annotations->find(model::MarkerId(ids[0].toUInt())) : nullptr;
        const model::Marker* n = ids.size() == 2 ? annotations->find(model::MarkerId(ids[1].toUInt())) : nullptr;
        if (m && n)
            return { std::min(m->time, n->time), std::max(m->time, n->time) };
        break;
    }
    }
    return { store::kTimeMin, store::kTimeMax };
}

QString CompareWindowBox::describe() const
{
    const QString name = m_side == Side::A ? QStringLiteral("A") : QStringLiteral("B");
    switch (mode()) {
    case Mode::WholeTrace: break;
    case Mode::CurrentSelection: {
        const QString range = span(window(), origin());
        model::Session* a = m_comparison->a();
        if (m_side == Side::B && m_comparison->b()->selection()->hasTimeSelection())
            return tr("B's time selection %1").arg(range);
        const bool selection = a->selection()->hasTimeSelection();
        if (m_side == Side::A)
            return selection ? tr("A's time selection %1").arg(range) : tr("A's visible window %1").arg(range);
        const QString offset = UnitFormat::duration(m_comparison->offsetNs());
        return selection
            ? tr("A's time selection shifted by the alignment offset (%1), as B has none: %2").arg(offset, range)
            : tr("A's visible window shifted by the alignment offset (%1), as B has no time "
                 "selection: %2")
                  .arg(offset, range);
    }
    case Mode::Markers: return tr("%1's markers %2: %3").arg(name, currentText(), span(window(), origin()));
    }
    return tr("%1's whole trace").arg(name);
}

void CompareWindowBox::updateToolTip()
{
    setToolTip(tr("Which time of %1 is compared: the whole trace, the current selection, or a pair of its "
                  "markers.\nNow: %2")
                   .arg(m_side == Side::A ? QStringLiteral("A") : QStringLiteral("B"), describe()));
}

} // namespace strata::widgets
