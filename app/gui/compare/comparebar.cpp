#include "comparebar.h"

#include <state/comparison.h>

#include <common/deltaformat.h>

#include <QComboBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSignalBlocker>

#include <algorithm>

namespace strata::app {

using model::Comparison;

namespace {

// The picker's rows, in order; Manual is the last and only shows what a drag set.
constexpr Comparison::Alignment kRows[] = { Comparison::Alignment::TraceStart, Comparison::Alignment::FirstStep,
    Comparison::Alignment::Markers, Comparison::Alignment::SelectedEvent, Comparison::Alignment::Manual };

QString whyNot(Comparison::Alignment how)
{
    switch (how) {
    case Comparison::Alignment::FirstStep:
        return CompareBar::tr("Cannot align on the first step: one of the profiles has no repeated step");
    case Comparison::Alignment::Markers:
        return CompareBar::tr("Cannot align on markers: add a marker (M) in both profiles first");
    case Comparison::Alignment::SelectedEvent:
        return CompareBar::tr("Cannot align on the selected event: select a slice in A that B also has");
    default: return QString();
    }
}

} // namespace

CompareBar::CompareBar(Comparison* comparison, QWidget* parent)
    : QFrame(parent)
    , m_comparison(comparison)
    , m_a(new QLabel(this))
    , m_b(new QLabel(this))
    , m_swap(new QPushButton(tr("Swap"), this))
    , m_picker(new QComboBox(this))
    , m_offset(new QLabel(this))
    , m_end(new QPushButton(tr("End Comparison"), this))
{
    setObjectName(QStringLiteral("compareBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_a->setObjectName(QStringLiteral("compareA"));
    m_b->setObjectName(QStringLiteral("compareB"));
    m_offset->setObjectName(QStringLiteral("compareOffset"));
    m_picker->setObjectName(QStringLiteral("compareAlignment"));
    m_swap->setObjectName(QStringLiteral("compareSwap"));
    m_end->setObjectName(QStringLiteral("compareEnd"));
    m_swap->setToolTip(tr("Make B the baseline and A the profile compared with it"));
    m_picker->setToolTip(tr("What B's timeline is aligned on; drag B's header to shift it by hand"));
    m_picker->addItems({ tr("Trace start"), tr("First step"), tr("Markers"), tr("Selected event"), tr("Manual") });
    m_picker->setFocusPolicy(Qt::NoFocus); // the timeline keeps the keyboard
    m_swap->setFocusPolicy(Qt::NoFocus);
    m_end->setFocusPolicy(Qt::NoFocus);
    for (QLabel* l : { m_a, m_b }) {
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setMinimumWidth(l->fontMetrics().averageCharWidth() * 8); // below it the name is elided
    }

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 6, 2);
    row->addWidget(m_a);
    row->addSpacing(12);
    row->addWidget(m_b);
    row->addSpacing(12);
    row->addWidget(m_swap);
    row->addStretch(1);
    row->addWidget(new QLabel(tr("Align on"), this));
    row->addWidget(m_picker);
    row->addWidget(m_offset);
    row->addSpacing(12);
    row->addWidget(m_end);

    connect(m_swap, &QPushButton::clicked, m_comparison, &Comparison::swap);
    connect(m_end, &QPushButton::clicked, m_comparison, &Comparison::end);
    connect(m_picker, &QComboBox::activated, this, &CompareBar::pick);
    connect(m_comparison, &Comparison::changed, this, &CompareBar::refresh);
    connect(m_comparison, &Comparison::offsetChanged, this, &CompareBar::refresh);
    connect(m_comparison, &Comparison::alignmentChanged, this, &CompareBar::showAlignment);
    connect(m_comparison, &Comparison::alignmentFailed, this,
        [this](Comparison::Alignment how) { emit message(whyNot(how)); });
    refresh();
    showAlignment();
}

void CompareBar::refresh()
{
    setVisible(m_comparison->active());
    if (!m_comparison->active())
        return;
    showNames();
    m_a->setToolTip(m_comparison->a()->filePath());
    m_b->setToolTip(m_comparison->b()->filePath());
    // Shown as where B's start sits against A's ("B starts at A +1.2 ms"): the raw offset of two
    // captures is mostly the difference of their clocks' epochs, which means nothing to a user.
    const store::TimeNs shift = m_comparison->startShiftNs();
    m_offset->setText(tr("B starts at A %1").arg(widgets::DeltaFormat::startShift(shift)));
    m_offset->setToolTip(tr("B's trace start is drawn %1 ns from A's. B's clock minus A's at the alignment "
                            "point: %2 ns")
                             .arg(shift)
                             .arg(m_comparison->offsetNs()));
}

void CompareBar::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    showNames();
}

void CompareBar::showNames()
{
    if (!m_comparison->active())
        return;
    int others = 0; // what the rest of the row asks for: its widgets, spacings and margins
    for (QWidget* w : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
        if (w != m_a && w != m_b && !w->isHidden())
            others += w->sizeHint().width() + layout()->spacing();
    others
        += 3 * 12 + 2 * layout()->spacing() + layout()->contentsMargins().left() + layout()->contentsMargins().right();
    QFont bold = m_a->font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    // Never shorter than ten characters, however narrow the bar: the label then clips rather
    // than show a bare ellipsis.
    const int each
        = std::max(fm.averageCharWidth() * 10, (width() - others) / 2 - fm.horizontalAdvance(QStringLiteral("A: ")));
    auto name
        = [&](const model::Session* s) { return fm.elidedText(s->fileName(), Qt::ElideMiddle, each).toHtmlEscaped(); };
    m_a->setText(tr("A: <b>%1</b>").arg(name(m_comparison->a())));
    m_b->setText(tr("B: <b>%1</b>").arg(name(m_comparison->b())));
}

void CompareBar::showAlignment()
{
    const QSignalBlocker block(m_picker);
    for (int i = 0; i < int(std::size(kRows)); ++i) {
        if (kRows[i] == m_comparison->alignment())
            m_picker->setCurrentIndex(i);
    }
}

void CompareBar::pick(int index)
{
    if (index < 0 || index >= int(std::size(kRows)))
        return;
    if (!m_comparison->align(kRows[index]))
        emit message(whyNot(kRows[index]));
    showAlignment(); // a refused choice goes back to what is in effect
}

} // namespace strata::app
