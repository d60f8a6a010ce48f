// TimelineTogglePreference over its three toggles, one row each: the settings key and the
// default users' saved settings depend on (they must never change), what shows before and
// after a choice (the overlap lane's default being the profile's), the choice saved under the
// key and told by changed(), and the View menu action it makes: its text, its tooltip, its
// trigger saving the choice and its check following choices made elsewhere.
#include <timeline/timelinetogglepreference.h>

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using strata::widgets::TimelineTogglePreference;

namespace {

// Toggles by name, for the rows.
TimelineTogglePreference* toggle(const QString& name)
{
    if (name == QLatin1String("overlapLane"))
        return TimelineTogglePreference::overlapLane();
    if (name == QLatin1String("skewStrip"))
        return TimelineTogglePreference::skewStrip();
    return TimelineTogglePreference::findingBands();
}

} // namespace

class tst_TimelineTogglePreference : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void keysAndDefaults_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("byDefault"); // -1: up to the profile
        QTest::addColumn<QString>("text");
        QTest::newRow("overlap lane") << "overlapLane"
                                      << "timeline/overlapLane" << -1 << "Overlap &Lane";
        QTest::newRow("skew strip") << "skewStrip"
                                    << "timeline/skewStrip" << 1 << "&Skew Strip";
        QTest::newRow("finding bands") << "findingBands"
                                       << "timeline/findingBands" << 1 << "Fin&ding Bands";
    }

    void keysAndDefaults()
    {
        QFETCH(QString, name);
        QFETCH(QString, key);
        QFETCH(int, byDefault);
        QFETCH(QString, text);
        TimelineTogglePreference* p = toggle(name);
        QCOMPARE(toggle(name), p); // one object per toggle
        QCOMPARE(p->key(), key);
        QCOMPARE(p->byDefault().has_value(), byDefault >= 0);
        QVERIFY(!p->choice());
        // Before a choice: the default, or the profile's where there is none.
        QCOMPARE(p->shows(true), true);
        QCOMPARE(p->shows(false), byDefault < 0 ? false : bool(byDefault));

        QSignalSpy changed(p, &TimelineTogglePreference::changed);
        p->setShown(false);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(QSettings().value(key), QVariant(false));
        QCOMPARE(p->choice(), std::optional<bool>(false));
        QVERIFY(!p->shows(true)); // a choice holds for every profile
        // A choice saved by an earlier run (the settings as users have them) is read back.
        QSettings().setValue(key, true);
        QVERIFY(p->shows(false));

        QMenu menu;
        QAction* a = p->addTo(&menu);
        QCOMPARE(menu.actions(), QList<QAction*> { a });
        QCOMPARE(a->text(), text);
        QVERIFY(a->isCheckable());
        QVERIFY(!a->toolTip().isEmpty());
        emit menu.aboutToShow();
        QVERIFY(a->isChecked());
        a->trigger();
        QCOMPARE(QSettings().value(key), QVariant(false));
        QCOMPARE(changed.count(), 2);
        p->setShown(true); // from elsewhere: the check follows when the menu opens
        emit menu.aboutToShow();
        QVERIFY(a->isChecked());
    }

    // The check can come from elsewhere: the overlap lane's follows what the open profile shows.
    void checkedFromCaller()
    {
        QMenu menu;
        bool shown = false;
        QAction* a = TimelineTogglePreference::overlapLane()->addTo(&menu, [&shown] { return shown; });
        emit menu.aboutToShow();
        QVERIFY(!a->isChecked());
        shown = true;
        emit menu.aboutToShow();
        QVERIFY(a->isChecked());
    }
};

QTEST_MAIN(tst_TimelineTogglePreference)
#include "tst_timelinetogglepreference.moc"
