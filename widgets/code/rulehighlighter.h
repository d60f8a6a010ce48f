#pragma once
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>
#include <vector>

namespace strata::widgets {

struct ThemePalette;

// The common part of the source view's highlighters: regex rules for words (keywords,
// builtins, numbers, decorators, preprocessor lines), then one left-to-right scan for
// strings and comments, which override the rules, so "# x" in a string stays a string and
// a keyword in a comment stays a comment. Multi-line constructs (C block comments, Python
// triple-quoted strings) carry over between lines in the block state.
class RuleHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Role { Keyword, Builtin, Number, String, Comment, Decorator, Preprocessor, Definition };
    // Colours from the theme (dark themes get lighter ones).
    static QTextCharFormat formatFor(Role role, const ThemePalette& theme);
    // Takes the colours of `palette` and highlights the document again: the view calls it
    // on QEvent::PaletteChange, so a theme switch recolours open source.
    void setPalette(const QPalette& palette);

protected:
    explicit RuleHighlighter(QTextDocument* document);

    void addWords(const QStringList& words, Role role);
    void addRule(const QString& pattern, Role role, int group = 0);
    // Scanner syntax: the line comment opener ("#", "//"), an optional block comment pair,
    // and whether ''' and """ open strings that may span lines.
    void setSyntax(const QString& lineComment, const QString& blockOpen, const QString& blockClose, bool tripleQuotes);

    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression re;
        Role role;
        int group;
    };
    // Block states: -1/0 nothing open; 1 block comment; 2 ''' string; 3 """ string.
    void takeColours(const QPalette& palette);
    int scanFrom(const QString& text, int at, const QString& close, Role role, int openState);

    std::vector<Rule> m_rules;
    QString m_lineComment, m_blockOpen, m_blockClose;
    bool m_tripleQuotes = false;
    std::array<QTextCharFormat, size_t(Role::Definition) + 1> m_formats;
};

} // namespace strata::widgets
