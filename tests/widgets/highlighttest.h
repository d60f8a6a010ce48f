#pragma once
// Shared by the highlighter tests: the role a highlighter gave one character.
#include <code/rulehighlighter.h>

#include <QGuiApplication>
#include <QPalette>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

namespace highlighttest {

using Role = strata::widgets::RuleHighlighter::Role;

// "keyword", "string", ... or "plain" for the character at (line, column) of the document.
inline QString roleAt(QTextDocument& doc, int line, int column)
{
    const bool dark = QGuiApplication::palette().color(QPalette::Base).lightness() < 128;
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
        if (strata::widgets::RuleHighlighter::formatFor(role, dark).foreground().color() == colour && found.isEmpty())
            found = QString::fromLatin1(name);
    return found.isEmpty() ? QStringLiteral("other") : found;
}

} // namespace highlighttest
