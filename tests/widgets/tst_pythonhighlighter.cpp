// PythonHighlighter: keywords, builtins, numbers, decorators, strings (also triple-quoted
// across lines) and comments, with strings and comments winning over words inside them.
#include "highlighttest.h"

#include <code/pythonhighlighter.h>

#include <QtTest>

using strata::widgets::PythonHighlighter;

class tst_PythonHighlighter : public QObject {
    Q_OBJECT
private slots:
    void roles_data()
    {
        highlighttest::addRoleColumns();
        QTest::newRow("def") << "def forward(self, x):" << 0 << 0 << "keyword";
        QTest::newRow("function name") << "def forward(self, x):" << 0 << 5 << "builtin"; // definition colour
        QTest::newRow("self") << "def forward(self, x):" << 0 << 13 << "builtin";
        QTest::newRow("parameter") << "def forward(self, x):" << 0 << 18 << "plain";
        QTest::newRow("return") << "    return x + 1" << 0 << 4 << "keyword";
        QTest::newRow("number") << "    return x + 1" << 0 << 15 << "number";
        QTest::newRow("comment") << "x = 1  # the loop" << 0 << 9 << "comment";
        QTest::newRow("keyword in a comment") << "x = 1  # for each" << 0 << 9 << "comment";
        QTest::newRow("hash in a string") << "s = 'a # b'" << 0 << 7 << "string";
        QTest::newRow("keyword in a string") << "s = \"return\"" << 0 << 6 << "string";
        QTest::newRow("escaped quote") << "s = 'it\\'s' + t" << 0 << 14 << "plain";
        QTest::newRow("decorator") << "@torch.no_grad()" << 0 << 1 << "decorator";
        QTest::newRow("triple string, first line") << "doc = \"\"\"Some\nreturn here\n\"\"\" + x" << 0 << 7 << "string";
        QTest::newRow("triple string carries over")
            << "doc = \"\"\"Some\nreturn here\n\"\"\" + x" << 1 << 0 << "string";
        QTest::newRow("after the triple string") << "doc = \"\"\"Some\nreturn here\n\"\"\" + x" << 2 << 6 << "plain";
        QTest::newRow("None") << "y = None" << 0 << 4 << "keyword";
    }

    void roles() { highlighttest::checkRole<PythonHighlighter>(); }

    void keywordsAreBold()
    {
        QTextDocument doc(QStringLiteral("import torch"));
        PythonHighlighter h(&doc);
        h.rehighlight();
        const auto formats = doc.firstBlock().layout()->formats();
        QVERIFY(!formats.isEmpty());
        QCOMPARE(formats.first().start, 0);
        QCOMPARE(formats.first().format.fontWeight(), int(QFont::Bold));
    }
};

QTEST_MAIN(tst_PythonHighlighter)
#include "tst_pythonhighlighter.moc"
