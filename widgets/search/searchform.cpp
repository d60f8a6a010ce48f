#include "searchform.h"

#include <analysis/time/timetext.h>

#include <QCheckBox>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QToolButton>

namespace strata::widgets {

namespace {

QToolButton* toggle(const QString& text, const QString& toolTip, QWidget* parent)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(toolTip);
    b->setCheckable(true);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::TabFocus);
    return b;
}

QLabel* label(const QString& text, QWidget* parent)
{
    auto* l = new QLabel(text, parent);
    l->setForegroundRole(QPalette::PlaceholderText);
    return l;
}

std::string utf8(const QString& s)
{
    return s.trimmed().toStdString();
}

} // namespace

SearchForm::SearchForm(QWidget* parent)
    : QWidget(parent)
{
    m_name = lineEdit(tr("Name contains…"), tr("Event name. Enter: next match, Shift+Enter: previous, Esc: clear"));
    m_name->setObjectName(QStringLiteral("searchName"));
    m_name->setClearButtonEnabled(true);
    m_regex = toggle(QStringLiteral(".*"), tr("Regular expression (ECMAScript), matched anywhere in the name"), this);
    m_case = toggle(QStringLiteral("Aa"), tr("Case-sensitive name, category, track and args"), this);
    m_category = lineEdit(tr("category"), tr("The whole category, or one of its comma-separated parts"));
    m_track = lineEdit(tr("track or process"), tr("Part of the track's or its process's name"));
    m_args = new QPlainTextEdit(this);
    m_args->setObjectName(QStringLiteral("searchArgs"));
    // Two short lines: a narrow dock must not wrap the hint past the field's two lines.
    m_args->setPlaceholderText(tr("args, one per line:\nbytes>1000000  opcode=dma"));
    m_args->setToolTip(tr("One condition a line: KEY (has it), KEY=V, KEY!=V, KEY~V (contains), KEY<V, KEY>V, "
                          "KEY<=V, KEY>=V. Numbers compare as numbers. Ctrl+Enter: next match"));
    m_args->setTabChangesFocus(true);
    m_args->setLineWrapMode(QPlainTextEdit::NoWrap);
    const QFontMetrics fm(m_args->font());
    m_args->setFixedHeight(fm.lineSpacing() * 2 + 2 * m_args->frameWidth() + 10);
    m_args->installEventFilter(this);
    m_minDur = lineEdit(tr("min"), tr("Shortest duration, e.g. 1500 (ns), 1.5us, 2ms"));
    m_maxDur = lineEdit(tr("max"), tr("Longest duration, e.g. 10ms"));
    m_from = lineEdit(tr("from"), tr("Events overlapping this time after the trace start, e.g. 1.5ms"));
    m_to = lineEdit(tr("to"), tr("…up to this time after the trace start, e.g. 2ms"));
    m_visibleOnly = new QCheckBox(tr("Visible window only"), this);
    m_visibleOnly->setToolTip(tr("Search only what the timeline shows; follows zoom and pan"));

    auto* nameRow = new QHBoxLayout;
    nameRow->setSpacing(2);
    nameRow->addWidget(m_name, 1);
    nameRow->addWidget(m_regex);
    nameRow->addWidget(m_case);

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(6, 6, 6, 2);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(4);
    grid->addLayout(nameRow, 0, 0, 1, 4);
    grid->addWidget(m_category, 1, 0, 1, 2);
    grid->addWidget(m_track, 1, 2, 1, 2);
    grid->addWidget(m_args, 2, 0, 1, 4);
    grid->addWidget(label(tr("Duration"), this), 3, 0);
    grid->addWidget(m_minDur, 3, 1);
    grid->addWidget(label(QStringLiteral("–"), this), 3, 2, Qt::AlignCenter);
    grid->addWidget(m_maxDur, 3, 3);
    grid->addWidget(label(tr("Time"), this), 4, 0);
    grid->addWidget(m_from, 4, 1);
    grid->addWidget(label(QStringLiteral("–"), this), 4, 2, Qt::AlignCenter);
    grid->addWidget(m_to, 4, 3);
    grid->addWidget(m_visibleOnly, 5, 1, 1, 3);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    for (QLineEdit* e : { m_name, m_category, m_track, m_minDur, m_maxDur, m_from, m_to })
        connect(e, &QLineEdit::textChanged, this, &SearchForm::edited);
    connect(m_args, &QPlainTextEdit::textChanged, this, &SearchForm::edited);
    connect(m_regex, &QToolButton::toggled, this, &SearchForm::edited);
    connect(m_case, &QToolButton::toggled, this, &SearchForm::edited);
    connect(m_visibleOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_from->setEnabled(!on);
        m_to->setEnabled(!on);
        emit edited();
    });
}

QLineEdit* SearchForm::lineEdit(const QString& placeholder, const QString& toolTip)
{
    auto* e = new QLineEdit(this);
    e->setPlaceholderText(placeholder);
    e->setToolTip(toolTip);
    e->installEventFilter(this);
    return e;
}

bool SearchForm::isEmpty() const
{
    for (QLineEdit* e : { m_name, m_category, m_track, m_minDur, m_maxDur, m_from, m_to })
        if (!e->text().trimmed().isEmpty())
            return false;
    return m_args->toPlainText().trimmed().isEmpty();
}

bool SearchForm::visibleOnly() const
{
    return m_visibleOnly->isChecked();
}

bool SearchForm::query(
    analysis::SearchQuery* out, QString* error, store::TimeNs traceStart, store::TimeRange visible) const
{
    analysis::SearchQuery q;
    q.name = m_name->text().toStdString(); // spaces may matter in a name
    q.nameMode = m_regex->isChecked() ? analysis::NameMode::Regex : analysis::NameMode::Substring;
    q.caseSensitive = m_case->isChecked();
    q.category = utf8(m_category->text());
    q.track = utf8(m_track->text());
    for (const QString& line : m_args->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.trimmed().isEmpty())
            continue;
        analysis::ArgCondition c;
        std::string why;
        if (!analysis::SearchQuery::parseArgCondition(line.toStdString(), &c, &why)) {
            *error = QString::fromStdString(why);
            return false;
        }
        q.args.push_back(std::move(c));
    }
    auto time = [&](QLineEdit* e, const QString& what, std::optional<store::TimeNs>* into) {
        if (e->text().trimmed().isEmpty())
            return true;
        std::string why;
        *into = analysis::TimeText::parse(utf8(e->text()), &why);
        if (!*into)
            *error = what + QStringLiteral(": ") + QString::fromStdString(why);
        return into->has_value();
    };
    if (!time(m_minDur, tr("Minimum duration"), &q.minDur) || !time(m_maxDur, tr("Maximum duration"), &q.maxDur))
        return false;
    if (m_visibleOnly->isChecked()) {
        q.range = visible;
    } else {
        std::optional<store::TimeNs> from, to;
        if (!time(m_from, tr("From"), &from) || !time(m_to, tr("To"), &to))
            return false;
        if (from || to)
            q.range = store::TimeRange { from ? traceStart + *from : store::kTimeMin / 2,
                to ? traceStart + *to : store::kTimeMax / 2 };
    }
    std::string why;
    if (!q.validate(&why)) {
        *error = QString::fromStdString(why);
        return false;
    }
    *out = std::move(q);
    return true;
}

void SearchForm::clear()
{
    {
        const QSignalBlocker blockName(m_name), blockCategory(m_category), blockTrack(m_track), blockArgs(m_args),
            blockMin(m_minDur), blockMax(m_maxDur), blockFrom(m_from), blockTo(m_to);
        for (QLineEdit* e : { m_name, m_category, m_track, m_minDur, m_maxDur, m_from, m_to })
            e->clear();
        m_args->clear();
    }
    emit edited();
}

bool SearchForm::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        auto* k = static_cast<QKeyEvent*>(event);
        const bool enter = k->key() == Qt::Key_Return || k->key() == Qt::Key_Enter;
        if (enter && (watched != m_args || (k->modifiers() & Qt::ControlModifier))) {
            emit stepRequested(k->modifiers() & Qt::ShiftModifier);
            return true;
        }
        if (k->key() == Qt::Key_Escape) {
            emit clearRequested();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace strata::widgets
