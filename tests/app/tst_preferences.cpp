// The preferences read back as saved, and read as their defaults when the settings hold
// nothing or something this Strata does not know.
#include <window/preferences.h>

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using strata::app::Preferences;
using Keep = strata::app::SidecarLocation::Keep;

Q_DECLARE_METATYPE(Keep)

class tst_Preferences : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // As the application names its own: without one QSettings reports every access an error.
        QCoreApplication::setOrganizationName(QStringLiteral("StrataTest"));
    }
    void init() { QSettings().clear(); }

    void defaultsKeepMarkersInTheDataFolder()
    {
        QCOMPARE(Preferences::load().keepMarkers, Keep::DataFolder);
        QCOMPARE(Preferences().keepMarkers, Keep::DataFolder);
    }

    void roundTrip_data()
    {
        QTest::addColumn<Keep>("keep");
        QTest::newRow("next to the profile") << Keep::NextToProfile;
        QTest::newRow("data folder") << Keep::DataFolder;
    }
    void roundTrip()
    {
        QFETCH(Keep, keep);
        Preferences p;
        p.keepMarkers = keep;
        QString error;
        QVERIFY2(p.save(&error), qPrintable(error));
        QVERIFY(error.isEmpty());
        QCOMPARE(Preferences::load(), p);
        QVERIFY(QSettings().contains(QStringLiteral("preferences/keepMarkers")));
    }

    void unknownValueReadsAsTheDefault()
    {
        QSettings().setValue(QStringLiteral("preferences/keepMarkers"), QStringLiteral("onTheMoon"));
        QCOMPARE(Preferences::load().keepMarkers, Keep::DataFolder);
    }
};

QTEST_GUILESS_MAIN(tst_Preferences)
#include "tst_preferences.moc"
