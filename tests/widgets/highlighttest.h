#pragma once
// Shared by the highlighter tests: the role a highlighter gave one character, and the
// data-driven roles() test every highlighter runs on its own table of rows.
#include <code/rulehighlighter.h>
#include <common/themepalette.h>

#include <QGuiApplication>
#include <QPalette>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

namespace highlighttest {

using Role = strata::widgets::RuleHighlighter::Role;

// "keyword", "string", ... or "plain" for the character at (line, column) of the document.
inline QString roleAt(QTextDocument& doc, int line, int column)
{
    const auto theme = strata::widgets::ThemePalette::from(QGuiApplication::palette());
    const QTextBlock block = doc.findBlockByNumber(line);
    QColor colour;
    for (const QTextLayout::FormatRange& r : block.layout()->formats())
        if (column >= r.start && column < r.start + r.length && r.format.hasProperty(QTextFormat::ForegroundBrush))
            colour = r.format.foreground().color();
    const std::pair<Role, const char*> roles[] = { { Role::Keyword, "keyword" }, { Role::Builtin, "builtin" },
        { Role::Number, "number" }, { Role::String, "string" }, { Role::Comment, "comment" },
        { Role::Decorator, "decorator" }, { Role::Preprocessor, "preprocessor" }, { Role::Definition, "definition" } };
    if (!colour.isValid())
        return QStringLiteral("plain");
    // Builtin and Definition share a colour; Definition is also bold.
    QString found;
    for (const auto& [role, name] : roles)
        if (strata::widgets::RuleHighlighter::formatFor(role, theme).foreground().color() == colour && found.isEmpty())
            found = QString::fromLatin1(name);
    return found.isEmpty() ? QStringLiteral("other") : found;
}

// The columns of a roles_data() table: `text`, and the `role` expected at (line, column).
inline void addRoleColumns()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("role");
}

// The body of roles(): the row's text highlighted by a Highlighter has the row's role.
template <typename Highlighter> void checkRole()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, role);
    QTextDocument doc(text);
    Highlighter h(&doc);
    h.rehighlight();
    QCOMPARE(roleAt(doc, line, column), role);
}

} // namespace highlighttest
