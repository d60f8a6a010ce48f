#include "sourceview.h"

#include "cpphighlighter.h"
#include "pythonhighlighter.h"
#include "sourcegutter.h"

#include <common/themepalette.h>
#include <common/unitformat.h>

#include <QFileInfo>
#include <QFontDatabase>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>

#include <algorithm>

namespace strata::widgets {

namespace {

constexpr int kPad = 6;

QColor mix(const QColor& a, const QColor& b, double t)
{
    return ThemePalette::mix(a, b, t);
}

QSyntaxHighlighter* highlighterFor(const QString& fileName, QTextDocument* doc)
{
    const QString ext = QFileInfo(fileName).suffix().toLower();
    if (ext == QLatin1String("py") || ext == QLatin1String("pyi"))
        return new PythonHighlighter(doc);
    static const QStringList cpp { QStringLiteral("c"), QStringLiteral("cc"), QStringLiteral("cpp"),
        QStringLiteral("cxx"), QStringLiteral("h"), QStringLiteral("hh"), QStringLiteral("hpp"), QStringLiteral("hxx"),
        QStringLiteral("cu"), QStringLiteral("cuh"), QStringLiteral("inl") };
    if (cpp.contains(ext))
        return new CppHighlighter(doc);
    return nullptr;
}

} // namespace

SourceView::SourceView(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_gutter(new SourceGutter(this))
{
    setObjectName(QStringLiteral("sourceView"));
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setFrameShape(QFrame::NoFrame);
    m_emitLines.setSingleShot(true);
    m_emitLines.setInterval(0);
    connect(&m_emitLines, &QTimer::timeout, this, [this] { emit linesSelected(selectedLines()); });
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &SourceView::onCursorMoved);
    connect(this, &QPlainTextEdit::selectionChanged, this, &SourceView::onCursorMoved);
    connect(this, &QPlainTextEdit::blockCountChanged, this, &SourceView::updateGutterGeometry);
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& r, int dy) {
        if (dy)
            m_gutter->scroll(0, dy);
        else
            m_gutter->update(0, r.y(), m_gutter->width(), r.height());
    });
    updateGutterGeometry();
}

void SourceView::setSource(const QString& text, const QString& fileName, const analysis::SourceFile* stats)
{
    ++m_programmatic;
    delete m_highlighter;
    m_highlighter = nullptr;
    m_stats = stats;
    m_maxLineNs = 0;
    if (stats)
        for (const analysis::SourceLine& l : stats->lines)
            m_maxLineNs = std::max(m_maxLineNs, l.totalNs);
    m_fileName = fileName;
    m_eventLine = 0;
    m_anchorLine = 0;
    m_hasSource = true;
    setPlainText(text);
    m_highlighter = highlighterFor(fileName, document());
    --m_programmatic;
    m_emitLines.stop();
    updateGutterGeometry();
    updateMarks();
}

void SourceView::showMessage(const QString& message)
{
    ++m_programmatic;
    delete m_highlighter;
    m_highlighter = nullptr;
    m_stats = nullptr;
    m_fileName.clear();
    m_eventLine = 0;
    m_hasSource = false;
    setPlainText(QString());
    setPlaceholderText(message);
    --m_programmatic;
    m_emitLines.stop();
    updateGutterGeometry();
    updateMarks();
}

const analysis::SourceLine* SourceView::statsFor(uint32_t line) const
{
    if (!m_stats)
        return nullptr;
    const auto& lines = m_stats->lines;
    const auto it = std::lower_bound(
        lines.begin(), lines.end(), line, [](const analysis::SourceLine& l, uint32_t n) { return l.line < n; });
    return it != lines.end() && it->line == line ? &*it : nullptr;
}

void SourceView::setEventLine(uint32_t line)
{
    if (!m_hasSource || int(line) > blockCount())
        line = 0;
    if (line == m_eventLine)
        return;
    m_eventLine = line;
    updateMarks();
    m_gutter->update();
}

void SourceView::centerOnLine(uint32_t line)
{
    if (!m_hasSource || line == 0)
        return;
    const int visible = std::max(1, viewport()->height() / std::max(1, fontMetrics().lineSpacing()));
    verticalScrollBar()->setValue(std::max(0, int(line) - 1 - visible / 2));
    horizontalScrollBar()->setValue(0);
}

void SourceView::selectLines(uint32_t first, uint32_t last)
{
    if (!m_hasSource || first == 0)
        return;
    if (last < first)
        std::swap(first, last);
    const QTextBlock a = document()->findBlockByNumber(int(first) - 1);
    const QTextBlock z = document()->findBlockByNumber(int(std::min<uint32_t>(last, uint32_t(blockCount()))) - 1);
    if (!a.isValid() || !z.isValid())
        return;
    QTextCursor c(document());
    c.setPosition(a.position());
    if (last > first)
        c.setPosition(z.position() + z.length() - 1, QTextCursor::KeepAnchor);
    ++m_programmatic;
    setTextCursor(c);
    --m_programmatic;
    m_anchorLine = int(first);
    updateMarks();
    m_emitLines.stop();
    emit linesSelected(selectedLines());
}

QList<uint> SourceView::selectedLines() const
{
    QList<uint> out;
    if (!m_hasSource)
        return out;
    const QTextCursor c = textCursor();
    const QTextBlock first = document()->findBlock(c.selectionStart());
    QTextBlock last = document()->findBlock(c.selectionEnd());
    // A selection that ends at the very start of a line does not take that line.
    if (c.hasSelection() && last.blockNumber() > first.blockNumber() && c.selectionEnd() == last.position())
        last = last.previous();
    for (int n = first.blockNumber(); n <= last.blockNumber(); ++n)
        out << uint(n + 1);
    return out;
}

void SourceView::onCursorMoved()
{
    if (m_programmatic || !m_hasSource)
        return;
    updateMarks();
    m_emitLines.start();
}

void SourceView::updateMarks()
{
    QList<QTextEdit::ExtraSelection> marks;
    const QColor accent = palette().color(QPalette::Highlight);
    const QColor base = palette().color(QPalette::Base);
    if (m_hasSource) {
        for (uint line : selectedLines()) {
            QTextEdit::ExtraSelection s;
            s.format.setBackground(mix(base, accent, 0.2));
            s.format.setProperty(QTextFormat::FullWidthSelection, true);
            s.cursor = QTextCursor(document()->findBlockByNumber(int(line) - 1));
            marks << s;
        }
        if (m_eventLine > 0) {
            QTextEdit::ExtraSelection s;
            s.format.setBackground(mix(base, accent, 0.4));
            s.format.setProperty(QTextFormat::FullWidthSelection, true);
            s.cursor = QTextCursor(document()->findBlockByNumber(int(m_eventLine) - 1));
            marks << s;
        }
    }
    setExtraSelections(marks);
}

QRect SourceView::lineRect(uint32_t line) const
{
    const QTextBlock b = document()->findBlockByNumber(int(line) - 1);
    if (!b.isValid() || line == 0)
        return {};
    const QRectF g = blockBoundingGeometry(b).translated(contentOffset());
    const QRect r(0, int(g.top()), viewport()->width(), int(g.height()));
    return r.intersects(viewport()->rect()) ? r : QRect();
}

uint32_t SourceView::firstVisibleLine() const
{
    return uint32_t(firstVisibleBlock().blockNumber() + 1);
}

uint32_t SourceView::lastVisibleLine() const
{
    const int line = lineAtY(viewport()->height() - 1);
    return uint32_t(line > 0 ? line : blockCount());
}

int SourceView::lineAtY(int y) const
{
    QTextBlock b = firstVisibleBlock();
    double top = blockBoundingGeometry(b).translated(contentOffset()).top();
    while (b.isValid()) {
        const double bottom = top + blockBoundingRect(b).height();
        if (y >= top && y < bottom)
            return b.blockNumber() + 1;
        top = bottom;
        b = b.next();
    }
    return 0;
}

int SourceView::gutterWidth() const
{
    const QFontMetrics fm(font());
    const int digits = QString::number(std::max(1, blockCount())).size();
    int w = kPad + fm.horizontalAdvance(QLatin1Char('9')) * std::max(3, digits) + kPad + 8;
    if (m_stats && !m_stats->lines.empty())
        w += fm.horizontalAdvance(QStringLiteral("888.888 ms")) + kPad + fm.horizontalAdvance(QStringLiteral("8888×"))
            + kPad;
    return w;
}

void SourceView::updateGutterGeometry()
{
    setViewportMargins(gutterWidth(), 0, 0, 0);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), gutterWidth(), cr.height()));
    m_gutter->update();
}

void SourceView::resizeEvent(QResizeEvent* e)
{
    QPlainTextEdit::resizeEvent(e);
    updateGutterGeometry();
}

void SourceView::changeEvent(QEvent* e)
{
    QPlainTextEdit::changeEvent(e);
    if (e->type() == QEvent::PaletteChange) {
        if (auto* h = qobject_cast<RuleHighlighter*>(m_highlighter))
            h->setPalette(palette());
    }
    if (e->type() == QEvent::FontChange || e->type() == QEvent::PaletteChange) {
        updateGutterGeometry();
        updateMarks();
    }
}

void SourceView::paintGutter(QWidget* gutter, const QRect& rect)
{
    QPainter p(gutter);
    const QPalette& pal = palette();
    const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
    const QColor accent = pal.color(QPalette::Highlight);
    p.fillRect(rect, mix(base, pal.color(QPalette::Window), 0.6));
    p.fillRect(QRect(gutter->width() - 1, rect.top(), 1, rect.height()), mix(base, text, 0.15));
    p.setFont(font());
    const QFontMetrics fm(font());
    const bool stats = m_stats && !m_stats->lines.empty();
    const int timeW = stats ? fm.horizontalAdvance(QStringLiteral("888.888 ms")) : 0;
    const int countW = stats ? fm.horizontalAdvance(QStringLiteral("8888×")) : 0;
    const int numLeft = stats ? kPad + timeW + kPad + countW + kPad : kPad;
    const int numW = gutter->width() - numLeft - kPad - 8;
    const QList<uint> selected = selectedLines();
    QTextBlock b = firstVisibleBlock();
    double top = blockBoundingGeometry(b).translated(contentOffset()).top();
    while (b.isValid() && top <= rect.bottom()) {
        const int h = int(blockBoundingRect(b).height());
        const uint32_t line = uint32_t(b.blockNumber() + 1);
        const QRect row(0, int(top), gutter->width() - 1, h);
        if (b.isVisible() && row.bottom() >= rect.top()) {
            if (const analysis::SourceLine* s = stats ? statsFor(line) : nullptr) {
                // Heat: the bar's length is the line's time against the file's busiest line.
                const double share = m_maxLineNs > 0 ? double(s->totalNs) / double(m_maxLineNs) : 0;
                const int barW = std::max(3, int(share * (kPad + timeW + kPad + countW)));
                p.fillRect(QRect(0, row.top() + 1, barW, h - 2), mix(base, accent, 0.25 + 0.3 * share));
                p.setPen(text);
                p.drawText(QRect(kPad, row.top(), timeW, h), Qt::AlignRight | Qt::AlignVCenter,
                    s->totalNs > 0 ? UnitFormat::duration(s->totalNs) : QString());
                p.setPen(mix(base, text, 0.65));
                p.drawText(QRect(kPad + timeW + kPad, row.top(), countW, h), Qt::AlignRight | Qt::AlignVCenter,
                    QStringLiteral("%1×").arg(s->events()));
            }
            const bool marked = line == m_eventLine || selected.contains(line);
            p.setPen(marked ? text : mix(base, text, 0.45));
            QFont f = font();
            f.setBold(marked);
            p.setFont(f);
            p.drawText(QRect(numLeft, row.top(), numW, h), Qt::AlignRight | Qt::AlignVCenter, QString::number(line));
            p.setFont(font());
            if (line == m_eventLine) {
                const double cx = gutter->width() - 6.5, cy = row.center().y() + 0.5;
                const QPointF tri[] = { { cx - 3.5, cy - 4.5 }, { cx + 2.5, cy }, { cx - 3.5, cy + 4.5 } };
                p.setRenderHint(QPainter::Antialiasing, true);
                p.setPen(Qt::NoPen);
                p.setBrush(accent);
                p.drawPolygon(tri, 3);
                p.setRenderHint(QPainter::Antialiasing, false);
            }
        }
        top += h;
        b = b.next();
    }
}

void SourceView::gutterClicked(int y, bool extend)
{
    const int line = lineAtY(y);
    if (line <= 0)
        return;
    if (extend && m_anchorLine > 0) {
        const int anchor = m_anchorLine;
        if (line == anchor && selectedLines() == QList<uint> { uint(anchor) })
            return; // a drag that has not left the anchor line yet
        selectLines(uint32_t(anchor), uint32_t(line));
        m_anchorLine = anchor; // selectLines moved it to the smaller end
    } else {
        selectLines(uint32_t(line), uint32_t(line));
    }
}

QString SourceView::gutterToolTip(int y) const
{
    const int line = lineAtY(y);
    const analysis::SourceLine* s = line > 0 ? statsFor(uint32_t(line)) : nullptr;
    if (!s)
        return line > 0 ? tr("Line %1: no events").arg(line) : QString();
    return tr(
        "Line %1: %2 events (%3 slices, %4 instants), %5 in all\nClick to highlight them; Shift+click or drag for "
        "several lines")
        .arg(line)
        .arg(UnitFormat::count(s->events()))
        .arg(UnitFormat::count(s->slices))
        .arg(UnitFormat::count(s->instants))
        .arg(UnitFormat::duration(s->totalNs));
}

} // namespace strata::widgets
