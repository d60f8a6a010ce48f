// SliceNameLookup: the longest slice whose name contains a text, on scripted stores with the
// expected slice by hand, and against the loop it replaces (every slice scanned, the text
// lowered by Qt and the names byte by byte) on those stores and a large random one.
#include <support/analysistestutil.h>

#include <analysis/search/slicenamelookup.h>
#include <store/storefinalizer.h>

#include <QtTest>

#include <cctype>
#include <random>

using namespace strata::store;
using namespace strata::analysis;

namespace {

// The GUI's select-by-name loop as it was written: the text lowered with Unicode rules,
// each type name with std::tolower, the strictly longer duration replacing the best.
SliceRow reference(const EventStore& s, const QString& text)
{
    if (text.isEmpty())
        return SliceRow();
    const std::string needle = text.toLower().toStdString();
    std::vector<char> match(s.types().size(), 0);
    for (uint32_t t = 0; t < match.size(); ++t) {
        std::string name(s.str(s.types().get(TypeId(t)).name));
        for (char& c : name)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        match[t] = name.find(needle) != std::string::npos;
    }
    SliceRow best;
    for (uint32_t r = 0; r < s.sliceCount(); ++r) {
        const SliceRow row(r);
        if (match[s.sliceType(row).v] && (!best.valid() || s.sliceDur(row) > s.sliceDur(best)))
            best = row;
    }
    return best;
}

// "name@ts" of a slice, "" for an invalid row.
QString sliceText(const EventStore& s, SliceRow row)
{
    if (!row.valid())
        return QString();
    return QString("%1@%2").arg(QString::fromStdString(std::string(s.str(s.sliceName(row))))).arg(s.sliceTs(row));
}

} // namespace

class tst_SliceNameLookup : public QObject {
    Q_OBJECT
private slots:
    void longest_data();
    void longest();
    void cancelled();
    void largeStoreMatchesReference_data();
    void largeStoreMatchesReference();
};

void tst_SliceNameLookup::longest_data()
{
    QTest::addColumn<QString>("script"); // analysistest::Script
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // name@ts of the slice found, "" for none
    const QString ops = "X 1 aten::conv2d 0 50;X 1 Conv2D_backward 100 80;X 1 matmul 200 90";
    // clang-format off
    QTest::newRow("substring, name in any case") << ops << "conv" << "Conv2D_backward@100";
    QTest::newRow("text in any case") << ops << "CONV2d" << "Conv2D_backward@100";
    QTest::newRow("inside the name") << ops << "::C" << "aten::conv2d@0";
    QTest::newRow("the longest of all matches") << ops << "a" << "matmul@200";
    QTest::newRow("none") << ops << "relu" << "";
    QTest::newRow("empty text selects nothing") << ops << "" << "";
    QTest::newRow("the category is not searched") << ops << "cat" << "";
    QTest::newRow("nested: the longer child") << "X 1 step 0 100;X 1 conv 10 50;X 1 conv 70 20" << "conv" << "conv@10";
    QTest::newRow("nested: the parent") << "X 1 conv_outer 0 100;X 1 conv 10 50" << "conv" << "conv_outer@0";
    QTest::newRow("tie on a track: the earlier") << "X 1 a 20 10;X 1 a 0 10" << "a" << "a@0";
    // Rows run track by track, so a tie goes to the first track, not to the earlier slice.
    QTest::newRow("tie across tracks: the first row") << "X 1 op 50 10;X 2 op 0 10" << "op" << "op@50";
    QTest::newRow("async slices count") << "X 1 a 0 10;b 7 async_a 0;e 7 async_a 40" << "A" << "async_a@0";
    QTest::newRow("non-ASCII bytes as they are") << "X 1 Größe 0 10" << "größe" << "Größe@0";
    QTest::newRow("non-ASCII capitals are not folded") << "X 1 Größe 0 10" << "GRÖ" << "";
    // clang-format on
}

void tst_SliceNameLookup::longest()
{
    QFETCH(QString, script);
    QFETCH(QString, text);
    QFETCH(QString, expected);
    analysistest::Script sc;
    const auto store = sc.run(script);
    QCOMPARE(sliceText(*store, SliceNameLookup::longest(*store, text.toStdString())), expected);
    // The GUI's former loop finds the same slice once the text is lowered as it lowered it.
    QCOMPARE(SliceNameLookup::longest(*store, text.toLower().toStdString()), reference(*store, text));
}

void tst_SliceNameLookup::cancelled()
{
    analysistest::Script sc;
    const auto store = sc.run("X 1 conv 0 10");
    std::atomic<bool> cancel { true };
    QVERIFY(!SliceNameLookup::longest(*store, "conv", &cancel).valid());
    cancel = false;
    QCOMPARE(SliceNameLookup::longest(*store, "conv", &cancel), SliceRow(0));
}

void tst_SliceNameLookup::largeStoreMatchesReference_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("one type") << "op_17";
    QTest::newRow("several types") << "OP_1";
    QTest::newRow("every type") << "op";
    QTest::newRow("none") << "nothing";
}

// More rows than one cancel poll covers, durations drawn from a few values: many ties.
void tst_SliceNameLookup::largeStoreMatchesReference()
{
    QFETCH(QString, text);
    static const std::shared_ptr<const EventStore> store = [] {
        StoreBuilder b;
        const ProcessId p = b.process(IdValue::number(1));
        std::mt19937_64 rng(11);
        std::vector<TypeId> types;
        types.reserve(40);
        for (int i = 0; i < 40; ++i)
            types.push_back(b.type(b.intern("op_" + std::to_string(i)), b.intern("k")));
        for (int t = 0; t < 3; ++t) {
            const uint32_t th = b.thread(p, IdValue::number(t));
            TimeNs ts = 0;
            for (int i = 0; i < 50000; ++i) {
                const TimeNs dur = TimeNs(1 + rng() % 8);
                b.completeSlice(th, ts, dur, types[rng() % types.size()], ArgSetId());
                ts += dur;
            }
        }
        return StoreFinalizer::finalize(b);
    }();
    QVERIFY(store->sliceCount() > (1u << 17));
    std::atomic<bool> cancel { false };
    QCOMPARE(SliceNameLookup::longest(*store, text.toStdString(), &cancel), reference(*store, text));
}

QTEST_APPLESS_MAIN(tst_SliceNameLookup)
#include "tst_slicenamelookup.moc"
