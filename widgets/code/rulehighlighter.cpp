#include "rulehighlighter.h"

#include <common/themepalette.h>

#include <QGuiApplication>
#include <QPalette>

namespace strata::widgets {

RuleHighlighter::RuleHighlighter(QTextDocument* document)
    : QSyntaxHighlighter(document)
{
    takeColours(QGuiApplication::palette());
}

void RuleHighlighter::takeColours(const QPalette& palette)
{
    const ThemePalette theme = ThemePalette::from(palette);
    for (int r = 0; r <= int(Role::Definition); ++r)
        m_formats[size_t(r)] = formatFor(Role(r), theme);
}

void RuleHighlighter::setPalette(const QPalette& palette)
{
    takeColours(palette);
    rehighlight();
}

QTextCharFormat RuleHighlighter::formatFor(Role role, const ThemePalette& theme)
{
    using S = ThemePalette::Syntax;
    QTextCharFormat f;
    switch (role) {
    case Role::Keyword:
        f.setForeground(theme.syntax(S::Keyword));
        f.setFontWeight(QFont::Bold);
        break;
    case Role::Builtin: f.setForeground(theme.syntax(S::Builtin)); break;
    case Role::Number: f.setForeground(theme.syntax(S::Number)); break;
    case Role::String: f.setForeground(theme.syntax(S::String)); break;
    case Role::Comment:
        f.setForeground(theme.syntax(S::Comment));
        f.setFontItalic(true);
        break;
    case Role::Decorator: f.setForeground(theme.syntax(S::Decorator)); break;
    case Role::Preprocessor: f.setForeground(theme.syntax(S::Preprocessor)); break;
    case Role::Definition:
        f.setForeground(theme.syntax(S::Builtin));
        f.setFontWeight(QFont::Bold);
        break;
    }
    return f;
}

void RuleHighlighter::addWords(const QStringList& words, Role role)
{
    addRule(QStringLiteral("\\b(?:%1)\\b").arg(words.join(QLatin1Char('|'))), role);
}

void RuleHighlighter::addRule(const QString& pattern, Role role, int group)
{
    m_rules.push_back({ QRegularExpression(pattern), role, group });
}

void RuleHighlighter::setSyntax(
    const QString& lineComment, const QString& blockOpen, const QString& blockClose, bool tripleQuotes)
{
    m_lineComment = lineComment;
    m_blockOpen = blockOpen;
    m_blockClose = blockClose;
    m_tripleQuotes = tripleQuotes;
}

int RuleHighlighter::scanFrom(const QString& text, int at, const QString& close, Role role, int openState)
{
    int end = text.indexOf(close, at);
    // In a string, an escaped quote does not close it.
    while (role == Role::String && end > 0 && text[end - 1] == QLatin1Char('\\'))
        end = text.indexOf(close, end + 1);
    if (end < 0) {
        setFormat(at, text.size() - at, m_formats[size_t(role)]);
        setCurrentBlockState(openState);
        return text.size();
    }
    setFormat(at, end + close.size() - at, m_formats[size_t(role)]);
    return end + close.size();
}

void RuleHighlighter::highlightBlock(const QString& text)
{
    setCurrentBlockState(0);
    for (const Rule& r : m_rules) {
        auto it = r.re.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            setFormat(int(m.capturedStart(r.group)), int(m.capturedLength(r.group)), m_formats[size_t(r.role)]);
        }
    }
    int i = 0;
    switch (previousBlockState()) {
    case 1: i = scanFrom(text, 0, m_blockClose, Role::Comment, 1); break;
    case 2: i = scanFrom(text, 0, QStringLiteral("'''"), Role::String, 2); break;
    case 3: i = scanFrom(text, 0, QStringLiteral("\"\"\""), Role::String, 3); break;
    default: break;
    }
    while (i < text.size()) {
        const QStringView rest = QStringView(text).mid(i);
        if (!m_lineComment.isEmpty() && rest.startsWith(m_lineComment)) {
            setFormat(i, text.size() - i, m_formats[size_t(Role::Comment)]);
            return;
        }
        if (!m_blockOpen.isEmpty() && rest.startsWith(m_blockOpen)) {
            const int start = i;
            i = scanFrom(text, i + int(m_blockOpen.size()), m_blockClose, Role::Comment, 1);
            setFormat(start, int(m_blockOpen.size()), m_formats[size_t(Role::Comment)]);
            continue;
        }
        const QChar c = text[i];
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const QString triple(3, c);
            if (m_tripleQuotes && rest.startsWith(triple)) {
                const int start = i;
                i = scanFrom(text, i + 3, triple, Role::String, c == QLatin1Char('\'') ? 2 : 3);
                setFormat(start, 3, m_formats[size_t(Role::String)]);
                continue;
            }
            const int start = i;
            int j = i + 1;
            while (j < text.size() && text[j] != c) {
                if (text[j] == QLatin1Char('\\'))
                    ++j;
                ++j;
            }
            i = std::min<int>(j + 1, text.size());
            setFormat(start, i - start, m_formats[size_t(Role::String)]);
            continue;
        }
        ++i;
    }
}

} // namespace strata::widgets
