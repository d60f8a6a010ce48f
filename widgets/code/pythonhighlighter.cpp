#include "pythonhighlighter.h"

namespace strata::widgets {

PythonHighlighter::PythonHighlighter(QTextDocument* document)
    : RuleHighlighter(document)
{
    addWords({ QStringLiteral("and"), QStringLiteral("as"), QStringLiteral("assert"), QStringLiteral("async"),
                 QStringLiteral("await"), QStringLiteral("break"), QStringLiteral("class"), QStringLiteral("continue"),
                 QStringLiteral("def"), QStringLiteral("del"), QStringLiteral("elif"), QStringLiteral("else"),
                 QStringLiteral("except"), QStringLiteral("finally"), QStringLiteral("for"), QStringLiteral("from"),
                 QStringLiteral("global"), QStringLiteral("if"), QStringLiteral("import"), QStringLiteral("in"),
                 QStringLiteral("is"), QStringLiteral("lambda"), QStringLiteral("nonlocal"), QStringLiteral("not"),
                 QStringLiteral("or"), QStringLiteral("pass"), QStringLiteral("raise"), QStringLiteral("return"),
                 QStringLiteral("try"), QStringLiteral("while"), QStringLiteral("with"), QStringLiteral("yield"),
                 QStringLiteral("None"), QStringLiteral("True"), QStringLiteral("False") },
        Role::Keyword);
    addWords({ QStringLiteral("self"), QStringLiteral("cls"), QStringLiteral("print"), QStringLiteral("len"),
                 QStringLiteral("range"), QStringLiteral("enumerate"), QStringLiteral("zip"), QStringLiteral("int"),
                 QStringLiteral("float"), QStringLiteral("str"), QStringLiteral("list"), QStringLiteral("dict"),
                 QStringLiteral("tuple"), QStringLiteral("set"), QStringLiteral("super"), QStringLiteral("isinstance"),
                 QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("sum"), QStringLiteral("open") },
        Role::Builtin);
    addRule(QStringLiteral("\\b(?:0[xX][0-9a-fA-F_]+|\\d[\\d_]*(?:\\.\\d*)?(?:[eE][+-]?\\d+)?j?)\\b"), Role::Number);
    addRule(QStringLiteral("^\\s*(@[\\w.]+)"), Role::Decorator, 1);
    addRule(QStringLiteral("\\b(?:def|class)\\s+(\\w+)"), Role::Definition, 1);
    setSyntax(QStringLiteral("#"), QString(), QString(), true);
}

} // namespace strata::widgets
