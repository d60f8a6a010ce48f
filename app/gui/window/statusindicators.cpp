#include "statusindicators.h"

#include <state/session.h>

#include <common/unitformat.h>
#include <state/viewport.h>

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QToolButton>

namespace strata::app {

using widgets::UnitFormat;

namespace {

// Each field is as wide as its widest likely text, whatever it shows now: fields that
// resize with their text make the others jump while the user zooms. `widest` is that text.
QLabel* indicator(QStatusBar* bar, const char* name, const QString& widest)
{
    auto* l = new QLabel(bar);
    l->setObjectName(QLatin1String(name));
    l->setContentsMargins(6, 0, 6, 0);
    l->setFixedWidth(l->fontMetrics().horizontalAdvance(widest) + 12);
    l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addPermanentWidget(l);
    return l;
}

QString zoomText(double factor)
{
    if (factor < 10)
        return QStringLiteral("%1×").arg(factor, 0, 'f', 1);
    if (factor < 10000)
        return QStringLiteral("%1×").arg(qRound64(factor));
    if (factor < 1e7)
        return QStringLiteral("%1k×").arg(factor / 1e3, 0, 'f', factor < 1e5 ? 1 : 0);
    return QStringLiteral("%1M×").arg(factor / 1e6, 0, 'f', factor < 1e8 ? 1 : 0);
}

QString bytesText(quint64 bytes)
{
    return widgets::UnitFormat::bytes(double(bytes));
}

} // namespace

StatusIndicators::StatusIndicators(QStatusBar* bar, model::Session* session)
    : QObject(bar)
    , m_session(session)
{
    m_progress = new QProgressBar(bar);
    m_progress->setObjectName(QStringLiteral("statusProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(180);
    m_progress->setMaximumHeight(16);
    m_progress->setTextVisible(false);
    bar->addPermanentWidget(m_progress);
    m_cancel = new QToolButton(bar);
    m_cancel->setObjectName(QStringLiteral("statusCancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAutoRaise(true);
    bar->addPermanentWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &StatusIndicators::cancelRequested);

    m_file = indicator(bar, "statusFile", QStringLiteral("a_profile_name_of_thirty_chars"));
    m_events = indicator(bar, "statusEvents", tr("%1 events").arg(widgets::UnitFormat::count(999999999)));
    m_range = indicator(bar, "statusRange", QStringLiteral("000.000 000 ms – 000.000 000 ms · 000.000 000 ms"));
    m_zoom = indicator(bar, "statusZoom", tr("Zoom %1").arg(QStringLiteral("999.9M×")));
    m_range->setToolTip(tr("Visible range, from the start of the trace"));
    m_zoom->setToolTip(tr("Zoom level: the whole trace over the visible range"));

    connect(session, &model::Session::storeChanged, this, &StatusIndicators::updateProfile);
    connect(session->viewport(), &model::Viewport::visibleChanged, this, &StatusIndicators::updateRange);
    setIdle();
    updateProfile();
}

void StatusIndicators::setLoading(const QString& fileName)
{
    m_progress->setValue(0);
    m_progress->setToolTip(tr("Opening %1").arg(fileName));
    m_progress->show();
    m_cancel->setEnabled(true);
    m_cancel->show();
}

void StatusIndicators::setProgress(double fraction)
{
    m_progress->setValue(int(fraction * 1000));
}

void StatusIndicators::setCancelling()
{
    m_cancel->setEnabled(false);
}

void StatusIndicators::setIdle()
{
    m_progress->hide();
    m_cancel->hide();
}

void StatusIndicators::updateProfile()
{
    const bool open = m_session->isOpen();
    for (QLabel* l : { m_file, m_events, m_range, m_zoom })
        l->setVisible(open);
    if (!open) {
        m_file->clear();
        m_events->clear();
        return;
    }
    const model::LoadInfo& info = m_session->loadInfo();
    m_file->setText(m_file->fontMetrics().elidedText(m_session->fileName(), Qt::ElideMiddle, m_file->width() - 12));
    m_file->setToolTip(tr("%1\n%2, %3, read in %4 s")
                           .arg(m_session->filePath(), info.format, bytesText(info.fileBytes))
                           .arg(info.seconds, 0, 'f', 2)
        + (m_readNotes.isEmpty() ? QString() : QLatin1Char('\n') + m_readNotes));
    const store::EventStore& s = *m_session->store();
    using widgets::UnitFormat;
    m_events->setText(tr("%1 events").arg(UnitFormat::count(m_session->eventCount())));
    m_events->setToolTip(tr("%1 slices, %2 instants, %3 counter samples, %4 flows on %5 tracks")
                             .arg(UnitFormat::count(s.sliceCount()), UnitFormat::count(s.instantCount()),
                                 UnitFormat::count(s.counterSampleCount()), UnitFormat::count(s.flowCount()),
                                 UnitFormat::count(s.trackCount())));
    updateRange();
}

void StatusIndicators::updateRange()
{
    if (!m_session->isOpen())
        return;
    const store::TimeRange trace = m_session->viewport()->traceRange();
    const store::TimeRange vis = m_session->viewport()->visible();
    const store::TimeNs span = std::max<store::TimeNs>(vis.duration(), 1);
    store::TimeNs resolution = 1; // a power of ten near a thousandth of the span: stable digits
    while (resolution * 10 <= span / 1000)
        resolution *= 10;
    m_range->setText(QStringLiteral("%1 – %2 · %3")
                         .arg(UnitFormat::time(vis.start - trace.start, resolution),
                             UnitFormat::time(vis.end - trace.start, resolution), UnitFormat::duration(span)));
    m_zoom->setText(tr("Zoom %1").arg(zoomText(double(std::max<store::TimeNs>(trace.duration(), 1)) / double(span))));
}

} // namespace strata::app
