// NameFit: a table's names fitted to a column so that no two rows read alike, whatever the
// names share, and names that fit are left exactly as they are.
#include <report/namefit.h>

#include <QtTest>

#include <set>

using strata::report::NameFit;

namespace {

QStringList qt(const std::vector<std::string>& v)
{
    QStringList out;
    for (const std::string& s : v)
        out << QString::fromStdString(s);
    return out;
}

std::vector<std::string> std_(const QStringList& v)
{
    std::vector<std::string> out;
    for (const QString& s : v)
        out.push_back(s.toStdString());
    return out;
}

const QString autograd = "autograd::engine::evaluate_function: torch::autograd::generated::";
const QString kernel = "void at::native::vectorized_elementwise_kernel<4, at::native::%1, at::detail::Array<char*, %2> "
                       ">(int, at::native::%1, at::detail::Array<char*, %2>)";

} // namespace

class tst_NameFit : public QObject {
    Q_OBJECT
private slots:
    void fit_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<int>("width");
        QTest::addColumn<double>("headShare");
        QTest::addColumn<QStringList>("expected"); // empty: only the invariants are checked
        QTest::addColumn<int>("expectedWidth");

        QTest::newRow("already short") << QStringList { "aten::mm", "aten::addmm", "aten::mm" } << 48 << 0.5
                                       << QStringList { "aten::mm", "aten::addmm", "aten::mm" } << 48;
        QTest::newRow("shared prefix") << QStringList { autograd + "AddmmBackward0", autograd + "MmBackward0",
            autograd + "AddBackward0", "aten::mm" }
                                       << 48 << 0.5
                                       << QStringList { "autograd::engine::ev...generated::AddmmBackward0",
                                              "autograd::engine::evalu...generated::MmBackward0",
                                              "autograd::engine::eval...generated::AddBackward0", "aten::mm" }
                                       << 48;
        QTest::newRow("shared prefix, start collapsed first")
            << QStringList { autograd + "AddmmBackward0", autograd + "MmBackward0" } << 30 << 0.0
            << QStringList { "...torch::autograd::generated::AddmmBackward0",
                   "...torch::autograd::generated::MmBackward0" }
            << 45;
        QTest::newRow("shared suffix") << QStringList { "rank0_stream7_" + QString(60, 'x'),
            "rank1_stream7_" + QString(60, 'x') }
                                       << 40 << 0.5 << QStringList {} << 0;
        QTest::newRow("templates") << QStringList { kernel.arg("FillFunctor<float>").arg(1),
            kernel.arg("FillFunctor<int>").arg(1), kernel.arg("CUDAFunctor_add<float>").arg(3) }
                                   << 56 << 0.0
                                   << QStringList { "...kernel<4, FillFunctor<float>, Array<char*, 1> >(...)",
                                          "...kernel<4, FillFunctor<int>, Array<char*, 1> >(...)",
                                          "...kernel<4, CUDAFunctor_add<float>, Array<char*, 3> >(...)" }
                                   << 59;
        QTest::newRow("templates alike but for their parameters")
            << QStringList { "void k<float>(" + QString(50, 'a') + ")", "void k<float>(" + QString(50, 'b') + ")" }
            << 20 << 0.5 << QStringList {} << 0;
        QTest::newRow("equal names stay equal")
            << QStringList { autograd + "MmBackward0", autograd + "MmBackward0", autograd + "AddBackward0" } << 40
            << 0.5 << QStringList {} << 0;
        QTest::newRow("differ only in the middle")
            << QStringList { QString(40, 'a') + "1" + QString(40, 'z'), QString(40, 'a') + "2" + QString(40, 'z') }
            << 30 << 0.5 << QStringList {} << 0;
        QTest::newRow("utf-8 counted in columns")
            << QStringList { QString::fromUtf8("NPU 0 \u203a ") + QString(50, 'q') + "1",
                   QString::fromUtf8("NPU 0 \u203a ") + QString(50, 'q') + "2" }
            << 20 << 0.5 << QStringList {} << 0;
    }

    void fit()
    {
        QFETCH(QStringList, names);
        QFETCH(int, width);
        QFETCH(double, headShare);
        QFETCH(QStringList, expected);
        QFETCH(int, expectedWidth);
        NameFit::Options options;
        options.width = size_t(width);
        options.headShare = headShare;
        const NameFit::Result r = NameFit::fit(std_(names), options);
        const QStringList shown = qt(r.names);
        if (!expected.isEmpty()) {
            QCOMPARE(shown, expected);
            QCOMPARE(int(r.width), expectedWidth);
        }
        QCOMPARE(shown.size(), names.size());
        QVERIFY(r.width >= size_t(width));
        for (int i = 0; i < names.size(); ++i) {
            QVERIFY2(NameFit::columns(r.names[size_t(i)]) <= r.width, qPrintable(shown[i]));
            if (names[i].size() <= width)
                QCOMPARE(shown[i], names[i]);
            for (int j = 0; j < i; ++j)
                QVERIFY2((names[i] == names[j]) == (shown[i] == shown[j]), qPrintable(shown[i] + " / " + shown[j]));
        }
    }

    // Invalid UTF-8 survives: its bytes are shown, never replaced.
    void invalidBytesKept()
    {
        const std::string bad = "name\xff\xfe-" + std::string(20, 'x');
        NameFit::Options options;
        options.width = 60;
        QCOMPARE(NameFit::fit({ bad }, options).names.front(), bad);
        options.width = 10;
        const std::string shown = NameFit::fit({ bad, bad + "y" }, options).names.front();
        QVERIFY(shown.find('\xff') != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(tst_NameFit)
#include "tst_namefit.moc"
