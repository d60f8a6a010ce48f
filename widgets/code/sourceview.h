#pragma once
#include <analysis/source/sourceindex.h>

#include <QList>
#include <QPlainTextEdit>
#include <QTimer>

class QSyntaxHighlighter;

namespace strata::widgets {

class SourceGutter;

// The read-only text of one source file with a gutter (SourceGutter: line numbers, events
// and time per line from analysis::SourceIndex), syntax highlighting by file type (Python,
// C/C++) and two marks: the current event's line, and the lines the user selected. When the
// user (not the program) puts the cursor on a line or selects several, linesSelected()
// says which, once per change.
class SourceView : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceView(QWidget* parent = nullptr);

    // Shows text; stats (may be null) must outlive the view's use of it (the dock keeps the
    // SourceIndex alive). Resets both marks.
    void setSource(const QString& text, const QString& fileName, const analysis::SourceFile* stats);
    void showMessage(const QString& message); // no file: a note in place of the text
    bool hasSource() const { return m_hasSource; }
    QString fileName() const { return m_fileName; }

    void setEventLine(uint32_t line); // 0: none
    uint32_t eventLine() const { return m_eventLine; }
    void centerOnLine(uint32_t line); // scrolls only; the cursor stays
    // Selects lines first..last as the user would (emits linesSelected).
    void selectLines(uint32_t first, uint32_t last);
    QList<uint> selectedLines() const;
    QRect lineRect(uint32_t line) const; // viewport coordinates; empty when not on screen
    uint32_t firstVisibleLine() const;
    uint32_t lastVisibleLine() const;
    const analysis::SourceLine* statsFor(uint32_t line) const;
    QSyntaxHighlighter* highlighter() const { return m_highlighter; }
    SourceGutter* gutter() const { return m_gutter; }

    // For SourceGutter.
    int gutterWidth() const;
    void paintGutter(QWidget* gutter, const QRect& rect);
    void gutterClicked(int y, bool extend);
    QString gutterToolTip(int y) const;

signals:
    void linesSelected(const QList<uint>& lines);

protected:
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    int lineAtY(int y) const; // 1-based, 0 below the text
    void updateMarks();
    void updateGutterGeometry();
    void onCursorMoved();

    SourceGutter* m_gutter;
    QSyntaxHighlighter* m_highlighter = nullptr;
    const analysis::SourceFile* m_stats = nullptr;
    store::TimeNs m_maxLineNs = 0;
    QString m_fileName;
    uint32_t m_eventLine = 0;
    int m_anchorLine = 0; // gutter shift-click extends from here
    int m_programmatic = 0;
    bool m_hasSource = false;
    QTimer m_emitLines; // one linesSelected per burst of cursor moves
};

} // namespace strata::widgets
