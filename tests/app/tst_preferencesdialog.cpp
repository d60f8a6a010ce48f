// Edit ▸ Preferences…: shows the saved choices, saves what OK confirms (and only then),
// stays open and says why when the settings cannot be written, and is reached from the menu.
#include <window/mainwindow.h>
#include <window/preferencesdialog.h>

#include <snapshots/annotationsidecar.h>

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using strata::app::MainWindow;
using strata::app::Preferences;
using strata::app::PreferencesDialog;
using Keep = strata::app::SidecarLocation::Keep;

Q_DECLARE_METATYPE(Keep)

namespace {

QRadioButton* choice(QWidget& dialog, Keep keep)
{
    return dialog.findChild<QRadioButton*>(keep == Keep::DataFolder ? QStringLiteral("keepMarkersInDataFolder")
                                                                    : QStringLiteral("keepMarkersNextToProfile"));
}

void clickOk(QDialog& dialog)
{
    dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
}

} // namespace

class tst_PreferencesDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        // As the application names its own: without one QSettings reports every access an error.
        QCoreApplication::setOrganizationName(QStringLiteral("StrataTest"));
    }
    void init() { QSettings().clear(); }

    void showsTheCurrentChoice_data()
    {
        QTest::addColumn<Keep>("keep");
        QTest::newRow("data folder") << Keep::DataFolder;
        QTest::newRow("next to the profile") << Keep::NextToProfile;
    }
    void showsTheCurrentChoice()
    {
        QFETCH(Keep, keep);
        Preferences p;
        p.keepMarkers = keep;
        PreferencesDialog dialog(p);
        QVERIFY(choice(dialog, keep)->isChecked());
        QCOMPARE(dialog.chosen(), p);
    }

    void okSaves()
    {
        PreferencesDialog dialog(Preferences::load());
        QVERIFY(choice(dialog, Keep::DataFolder)->isChecked()); // the default
        QSignalSpy saved(&dialog, &PreferencesDialog::saved);
        choice(dialog, Keep::NextToProfile)->click();
        QCOMPARE(Preferences::load().keepMarkers, Keep::DataFolder); // nothing saved before OK
        dialog.show();
        clickOk(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.isVisible());
        QCOMPARE(saved.count(), 1);
        QCOMPARE(saved.first().at(0).value<Preferences>().keepMarkers, Keep::NextToProfile);
        QCOMPARE(Preferences::load().keepMarkers, Keep::NextToProfile);
        QVERIFY(dialog.error().isEmpty());
    }

    void cancelSavesNothing()
    {
        PreferencesDialog dialog(Preferences::load());
        QSignalSpy saved(&dialog, &PreferencesDialog::saved);
        choice(dialog, Keep::NextToProfile)->click();
        dialog.show();
        dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel)->click();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(saved.count(), 0);
        QCOMPARE(Preferences::load().keepMarkers, Keep::DataFolder);
    }

    // The settings file cannot be replaced (its path is a folder): OK says so and the dialog
    // stays open with the choice, so it is not taken for saved.
    void failedSaveStaysOpen()
    {
        QTemporaryDir dir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
        const QString file = QSettings().fileName();
        QVERIFY(QDir().mkpath(file)); // a folder where the file would go
        PreferencesDialog dialog(Preferences::load());
        QSignalSpy saved(&dialog, &PreferencesDialog::saved);
        choice(dialog, Keep::NextToProfile)->click();
        dialog.show();
        clickOk(dialog);
        QVERIFY(dialog.isVisible());
        QCOMPARE(saved.count(), 0);
        QVERIFY2(dialog.error().contains(file), qPrintable(dialog.error()));
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("preferencesError"))->isVisible());
        QVERIFY(QDir().rmdir(file));
        clickOk(dialog); // the way is clear again
        QVERIFY(!dialog.isVisible());
        QVERIFY(dialog.error().isEmpty());
        QCOMPARE(saved.count(), 1);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
            QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation));
    }

    // Edit ▸ Preferences… opens the dialog over the window; what it saves reaches the
    // markers' sidecar at once and the status bar says so.
    void fromTheMenu()
    {
        MainWindow w;
        w.setPersistent(false);
        QAction* entry = nullptr;
        for (QAction* m : w.menuBar()->actions()) {
            if (m->text().remove(QLatin1Char('&')) != QLatin1String("Edit"))
                continue;
            for (QAction* a : m->menu()->actions()) {
                if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Preferences…"))
                    entry = a;
            }
        }
        QVERIFY(entry);
        QCOMPARE(entry->menuRole(), QAction::PreferencesRole);
        bool seen = false;
        QTimer::singleShot(0, &w, [&] {
            auto* dialog = w.findChild<PreferencesDialog*>();
            seen = dialog && dialog->isVisible();
            if (!dialog)
                return;
            choice(*dialog, Keep::NextToProfile)->click();
            clickOk(*dialog);
            if (dialog->isVisible()) // not saved: the test fails below, without hanging here
                dialog->reject();
        });
        entry->trigger(); // runs the dialog until the timer's OK
        QVERIFY(seen);
        QCOMPARE(Preferences::load().keepMarkers, Keep::NextToProfile);
        QCOMPARE(w.statusBar()->currentMessage(), QStringLiteral("Preferences saved"));
    }
};

QTEST_MAIN(tst_PreferencesDialog)
#include "tst_preferencesdialog.moc"
