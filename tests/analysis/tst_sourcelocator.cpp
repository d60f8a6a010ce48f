// SourceLocator's text rules on their own: "file:line" forms, Kineto call stacks, path
// normalisation and location lists (how events get their locations is tst_sourceindex's).
#include <analysis/source/sourcelocator.h>

#include <QtTest>

using namespace strata::analysis;

namespace {

// What one of the "file and line" readers makes of `text`: "file:line", or "" when it fails.
QString fileLine(bool (*read)(std::string_view, std::string*, uint32_t*), const QString& text)
{
    std::string file;
    uint32_t line = 0;
    return read(text.toStdString(), &file, &line) ? QString("%1:%2").arg(QString::fromStdString(file)).arg(line)
                                                  : QString();
}

} // namespace

class tst_SourceLocator : public QObject {
    Q_OBJECT
private slots:
    void parseFileLine_data();
    void parseFileLine();
    void stackFrames_data();
    void stackFrames();
    void normalisePath_data();
    void normalisePath();
    void lastListEntry_data();
    void lastListEntry();
};

void tst_SourceLocator::parseFileLine_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // file:line or "" when it must fail
    QTest::newRow("file:line") << "model.py:123"
                               << "model.py:123";
    QTest::newRow("file:line:col") << "model.py:123:9"
                                   << "model.py:123";
    QTest::newRow("windows drive") << "C:\\src\\model.py:7"
                                   << "C:/src/model.py:7";
    QTest::newRow("windows drive col") << "C:\\src\\model.py:7:3"
                                       << "C:/src/model.py:7";
    QTest::newRow("paren form") << "model.py(44)"
                                << "model.py:44";
    QTest::newRow("traceback") << "File \"/a/b.py\", line 12, in forward"
                               << "/a/b.py:12";
    QTest::newRow("quoted") << "'model.py:5'"
                            << "model.py:5";
    QTest::newRow("spaces") << "  model.py:5  "
                            << "model.py:5";
    QTest::newRow("no line") << "model.py"
                             << "";
    QTest::newRow("line zero") << "model.py:0"
                               << "";
    QTest::newRow("not a number") << "model.py:abc"
                                  << "";
    QTest::newRow("trailing colon") << "model.py:12:"
                                    << "";
    QTest::newRow("empty file") << ":12"
                                << "";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("huge line") << "a.py:12345678901"
                               << "";
}

void tst_SourceLocator::parseFileLine()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(fileLine(&SourceLocator::parseFileLine, text), expected);
}

void tst_SourceLocator::stackFrames_data()
{
    QTest::addColumn<QString>("stack");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one frame") << "train.py(88): forward"
                               << "train.py:88";
    QTest::newRow("innermost user first")
        << "/usr/lib/python3/dist-packages/torch/nn/modules/module.py(1501): _call_impl;model.py(30): forward;"
           "train.py(12): <module>"
        << "model.py:30";
    QTest::newRow("torch source tree is library")
        << "/home/me/pytorch/torch/nn/functional.py(2450): batch_norm;net.py(7): forward"
        << "net.py:7";
    QTest::newRow("pseudo files skipped") << "<frozen importlib._bootstrap>(241): _call;x.py(3): main"
                                          << "x.py:3";
    QTest::newRow("all library") << "/usr/lib/python3.11/a.py(1): f;/usr/lib/python3.11/b.py(2): g"
                                 << "/usr/lib/python3.11/a.py:1";
    QTest::newRow("newlines") << "\nmodel.py(30): forward\ntrain.py(12): main\n"
                              << "model.py:30";
    QTest::newRow("parens in path") << "dir (copy)/m.py(5): f"
                                    << "dir (copy)/m.py:5";
    QTest::newRow("no frames") << "nothing here"
                               << "";
    QTest::newRow("empty") << ""
                           << "";
}

void tst_SourceLocator::stackFrames()
{
    QFETCH(QString, stack);
    QFETCH(QString, expected);
    QCOMPARE(fileLine(&SourceLocator::innermostUserFrame, stack), expected);
}

void tst_SourceLocator::normalisePath_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("plain") << "a/b.py"
                           << "a/b.py";
    QTest::newRow("dot") << "./a/./b.py"
                         << "a/b.py";
    QTest::newRow("dotdot") << "a/x/../b.py"
                            << "a/b.py";
    QTest::newRow("leading dotdot kept") << "../a/b.py"
                                         << "../a/b.py";
    QTest::newRow("absolute dotdot stops at root") << "/../a.py"
                                                   << "/a.py";
    QTest::newRow("backslashes") << "a\\b\\c.py"
                                 << "a/b/c.py";
    QTest::newRow("double slashes") << "a//b.py"
                                    << "a/b.py";
    QTest::newRow("absolute") << "/home/u/m.py"
                              << "/home/u/m.py";
    QTest::newRow("drive") << "c:\\x\\m.py"
                           << "c:/x/m.py";
    QTest::newRow("file url") << "file:///home/u/m.py"
                              << "/home/u/m.py";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("only dots") << "./."
                               << "";
}

void tst_SourceLocator::normalisePath()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(QString::fromStdString(SourceLocator::normalisePath(in.toStdString())), out);
}

void tst_SourceLocator::lastListEntry_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("expected");
    QTest::newRow("single") << "k.py:4"
                            << "k.py:4";
    QTest::newRow("python list") << "['k.py:4', 'h.py:9']"
                                 << "h.py:9";
    QTest::newRow("json list") << "[\"k.py:4\",\"h.py:9\"]"
                               << "h.py:9";
    QTest::newRow("semicolons") << "k.py:4;h.py:9"
                                << "h.py:9";
    QTest::newRow("bad last entry skipped") << "k.py:4, junk"
                                            << "k.py:4";
    QTest::newRow("empty list") << "[]"
                                << "";
}

void tst_SourceLocator::lastListEntry()
{
    QFETCH(QString, list);
    QFETCH(QString, expected);
    QCOMPARE(fileLine(&SourceLocator::lastListEntry, list), expected);
}

QTEST_APPLESS_MAIN(tst_SourceLocator)
#include "tst_sourcelocator.moc"
