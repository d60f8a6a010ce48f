// CppHighlighter: keywords, types, numbers, preprocessor lines, strings, // comments and
// /* */ comments that span lines.
#include "highlighttest.h"

#include <code/cpphighlighter.h>

#include <QtTest>

using strata::widgets::CppHighlighter;

class tst_CppHighlighter : public QObject {
    Q_OBJECT
private slots:
    void roles_data()
    {
        highlighttest::addRoleColumns();
        QTest::newRow("return") << "  return x * 2;" << 0 << 2 << "keyword";
        QTest::newRow("number") << "  return x * 2;" << 0 << 13 << "number";
        QTest::newRow("hex with suffix") << "auto m = 0xffu;" << 0 << 10 << "number";
        QTest::newRow("type") << "int64_t n = 0;" << 0 << 0 << "builtin";
        QTest::newRow("identifier") << "int64_t n = 0;" << 0 << 8 << "plain";
        QTest::newRow("include") << "#include <vector>" << 0 << 1 << "preprocessor";
        QTest::newRow("include target") << "#include <vector>" << 0 << 11 << "string";
        QTest::newRow("line comment") << "x++; // for ever" << 0 << 9 << "comment";
        QTest::newRow("slashes in a string") << "s = \"a // b\";" << 0 << 7 << "string";
        QTest::newRow("block comment") << "a /* if */ b" << 0 << 6 << "comment";
        QTest::newRow("after a block comment") << "a /* if */ b" << 0 << 11 << "plain";
        QTest::newRow("block comment spans lines") << "/* one\nwhile\ntwo */ int y;" << 1 << 1 << "comment";
        QTest::newRow("code after the closing line") << "/* one\nwhile\ntwo */ int y;" << 2 << 8 << "builtin";
        QTest::newRow("cuda qualifier") << "__global__ void k() {}" << 0 << 0 << "keyword";
        QTest::newRow("char literal") << "char c = 'x';" << 0 << 10 << "string";
    }

    void roles() { highlighttest::checkRole<CppHighlighter>(); }
};

QTEST_MAIN(tst_CppHighlighter)
#include "tst_cpphighlighter.moc"
