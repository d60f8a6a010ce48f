// What a loaded profile's OpenRequest does, one kind of request per row: the visible range,
// the selection by name, the source line in the Code dock, the search in the Search dock,
// the comparison with B; and what every load sets (LoadInfo, the snapshot keeper).
#include "cachehome.h"
#include <loading/loadprogresspanel.h>
#include <loading/openrequestapplier.h>
#include <loading/profileopener.h>
#include <snapshots/snapshotsaver.h>
#include <window/commandline.h>
#include <window/dockregistry.h>
#include <window/dockset.h>

#include <code/codeeditorwidget.h>
#include <common/dockcontext.h>
#include <search/searchwidget.h>
#include <state/comparison.h>
#include <state/selection.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QDockWidget>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <support/sourcedir.h>

using namespace strata;
using app::OpenRequest;
using app::OpenRequestApplier;

namespace {

const QString kSample = strata::test::sourcePath("/resources/samples/sample_profile.json");
constexpr int kLoadTimeoutMs = 60000; // a bound for a hang, not a timing assertion

// The parts a window gives the applier: its session and comparison, its docks and B's
// progress panel.
struct Fixture {
    QMainWindow window;
    model::Session* session = new model::Session(&window);
    model::Comparison* comparison = new model::Comparison(session, &window);
    app::DockSet docks;
    app::LoadProgressPanel* progress = new app::LoadProgressPanel(&window);
    OpenRequestApplier* applier = nullptr;

    Fixture()
    {
        docks.build(&window, widgets::DockContext { session, comparison });
        applier = new OpenRequestApplier(comparison, &docks, progress, &window);
    }

    // Loads the request's profile as the window does and hands it to the applier.
    bool load(const OpenRequest& request)
    {
        app::ProfileOpener opener;
        bool done = false, ok = false;
        QObject::connect(&opener, &app::ProfileOpener::finished,
            [&](const OpenRequest& r, const importers::LoadResult& result, const model::Analyses& prebuilt) {
                done = true;
                ok = result.store != nullptr;
                if (ok)
                    applier->apply(r, result, prebuilt);
            });
        opener.open(request);
        if (!QTest::qWaitFor([&] { return done; }, kLoadTimeoutMs) || !ok)
            return false;
        session->startAnalyses(session->generation()); // as after the first paint
        return true;
    }
};

using apptest::CacheHome;

} // namespace

class tst_OpenRequestApplier : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void appliesEachKindOfRequest_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("text"); // the request's field for this kind
        QTest::newRow("range") << "range"
                               << "1ms:2ms";
        QTest::newRow("select by name") << "select"
                                        << "CONV";
        QTest::newRow("select, no such name") << "select"
                                              << "no-such-slice-name";
        QTest::newRow("source line") << "source"
                                     << "model.py:121";
        QTest::newRow("search") << "search"
                                << "conv";
        QTest::newRow("compare") << "compare" << kSample;
        QTest::newRow("nothing more") << "none"
                                      << "";
    }

    void appliesEachKindOfRequest()
    {
        QFETCH(QString, kind);
        QFETCH(QString, text);
        CacheHome cache;
        Fixture f;
        OpenRequest request;
        request.path = kSample;
        if (kind == QLatin1String("range"))
            request.range = app::CommandLine::parseRange(text);
        else if (kind == QLatin1String("select"))
            request.select = text;
        else if (kind == QLatin1String("source")) {
            request.sourceFile = text.section(QLatin1Char(':'), 0, 0);
            request.sourceLine = text.section(QLatin1Char(':'), 1).toUInt();
        } else if (kind == QLatin1String("search"))
            request.search = text;
        else if (kind == QLatin1String("compare"))
            request.compare = text;
        QSignalSpy messages(f.applier, &OpenRequestApplier::statusMessage);
        QSignalSpy compared(f.applier, &OpenRequestApplier::compareFinished);
        QVERIFY(f.load(request));

        // Every load: the profile is the session's, with how it was read, and its snapshot
        // keeper holds it.
        QCOMPARE(f.session->filePath(), QFileInfo(kSample).absoluteFilePath());
        QVERIFY(!f.session->loadInfo().format.isEmpty());
        QVERIFY(f.applier->snapshots()->hasProfile());
        model::Selection* selection = f.session->selection();
        if (kind == QLatin1String("range")) {
            QVERIFY(request.range);
            const store::TimeRange want = request.range->resolve(f.session->viewport()->traceRange());
            QCOMPARE(f.session->viewport()->visible().start, want.start);
            QCOMPARE(f.session->viewport()->visible().end, want.end);
        } else if (kind == QLatin1String("select") && text.startsWith(QLatin1String("no-"))) {
            QVERIFY(QTest::qWaitFor(
                [&] {
                    for (const QList<QVariant>& m : messages)
                        if (m.value(0).toString().contains(text))
                            return true;
                    return false;
                },
                kLoadTimeoutMs));
            QVERIFY(!selection->current().valid());
        } else if (kind == QLatin1String("select") || kind == QLatin1String("search")) {
            QVERIFY(QTest::qWaitFor([&] { return selection->current().valid(); }, kLoadTimeoutMs));
            const auto& s = *f.session->store();
            const model::EventRef e = selection->current();
            if (e.kind == model::EventRef::Kind::Slice) {
                const QString name = QString::fromStdString(std::string(s.str(s.sliceName(store::SliceRow(e.row)))));
                QVERIFY2(name.contains(text, Qt::CaseInsensitive), qPrintable(name));
            }
            if (kind == QLatin1String("search"))
                QVERIFY(f.docks.view<widgets::SearchWidget>(app::DockId::search)->currentMatch() >= 0);
        } else if (kind == QLatin1String("source")) {
            auto* code = f.docks.view<widgets::CodeEditorWidget>(app::DockId::code);
            QVERIFY(QTest::qWaitFor([&] { return code->currentFile() >= 0; }, kLoadTimeoutMs));
            const std::string shown = code->index()->files()[size_t(code->currentFile())].path;
            QVERIFY2(QString::fromStdString(shown).endsWith(request.sourceFile), shown.c_str());
            QVERIFY(f.docks.dock(QLatin1String(app::DockId::code))->isVisibleTo(&f.window));
        } else if (kind == QLatin1String("compare")) {
            QVERIFY(compared.count() || compared.wait(kLoadTimeoutMs));
            QCOMPARE(compared.first().value(0).toBool(), true);
            QVERIFY(f.comparison->active());
        } else {
            QVERIFY(!selection->current().valid());
            QVERIFY(!f.comparison->active());
            QCOMPARE(compared.count(), 0);
        }
    }

    // B needs an A: comparing with nothing open says so and loads nothing.
    void compareWithoutProfileSaysSo()
    {
        Fixture f;
        QSignalSpy compared(f.applier, &OpenRequestApplier::compareFinished);
        QSignalSpy messages(f.applier, &OpenRequestApplier::statusMessage);
        f.applier->compareWith(kSample);
        QCOMPARE(compared.count(), 1);
        QCOMPARE(compared.first().value(0).toBool(), false);
        QVERIFY(compared.first().value(2).toString().contains(QLatin1String("Open a profile first")));
        QCOMPARE(messages.count(), 1);
        QVERIFY(!f.applier->isLoadingComparison());
    }
};

QTEST_MAIN(tst_OpenRequestApplier)
#include "tst_openrequestapplier.moc"
