// A view written as PNG (on-screen size, or scaled for slides) or SVG (vector, its viewBox
// the on-screen size), atomically.
#include <common/imageexport.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QMainWindow>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using strata::widgets::ImageExport;

namespace {

// A view with known pixels: red on its left half, blue on its right.
class Halves : public QWidget {
protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.fillRect(QRect(0, 0, width() / 2, height()), Qt::red);
        p.fillRect(QRect(width() / 2, 0, width() - width() / 2, height()), Qt::blue);
    }
};

} // namespace

class tst_ImageExport : public QObject {
    Q_OBJECT
private slots:
    void formatFollowsSuffix_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("svg");
        QTest::newRow("png") << "a.png" << false;
        QTest::newRow("svg") << "a.svg" << true;
        QTest::newRow("SVG, upper case") << "A.SVG" << true;
        QTest::newRow("no suffix") << "picture" << false;
    }

    void formatFollowsSuffix()
    {
        QFETCH(QString, path);
        QFETCH(bool, svg);
        QCOMPARE(ImageExport::formatOf(path) == ImageExport::Format::Svg, svg);
    }

    void writesPng_data()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("on-screen size") << 1.0;
        QTest::newRow("2x for slides") << 2.0;
    }

    void writesPng()
    {
        QFETCH(double, scale);
        Halves view;
        view.resize(300, 200);
        const QString path = m_dir.filePath(QStringLiteral("v%1.png").arg(scale));
        QString error;
        QVERIFY2(ImageExport::write(&view, path, scale, &error), qPrintable(error));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(300, 200) * scale);
        QCOMPARE(QColor(image.pixel(int(10 * scale), int(100 * scale))), QColor(Qt::red));
        QCOMPARE(QColor(image.pixel(int(290 * scale), int(100 * scale))), QColor(Qt::blue));
    }

    void writesSvg()
    {
        Halves view;
        view.resize(320, 180);
        const QString path = m_dir.filePath(QStringLiteral("v.svg"));
        QString error;
        QVERIFY2(ImageExport::write(&view, path, 2.0, &error), qPrintable(error)); // SVG has no scale
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.startsWith("<?xml"));
        QVERIFY(svg.contains("viewBox=\"0 0 320 180\""));
        QVERIFY(svg.contains("#ff0000") && svg.contains("#0000ff"));
    }

    // A file that cannot be written is reported, and an existing picture is left whole.
    void failureLeavesExistingFile()
    {
        Halves view;
        view.resize(50, 50);
        QString error;
        QVERIFY(!ImageExport::write(&view, m_dir.filePath(QStringLiteral("no/such/dir/x.png")), 1.0, &error));
        QVERIFY(error.contains(QStringLiteral("x.png")));
        QWidget empty; // no size: nothing to draw
        empty.resize(0, 0);
        const QString kept = m_dir.filePath(QStringLiteral("kept.png"));
        QVERIFY(ImageExport::write(&view, kept));
        QVERIFY(!ImageExport::write(&empty, kept, 1.0, &error));
        QCOMPARE(QImage(kept).size(), QSize(50, 50));
    }

    // A written picture is confirmed in the main window's status bar, with its path; a view
    // in no main window (a test's, a dialog's) is left alone.
    void confirmsInTheStatusBar()
    {
        QMainWindow window;
        auto* view = new Halves;
        window.setCentralWidget(view);
        const QString path = m_dir.filePath(QStringLiteral("confirmed.png"));
        ImageExport::confirm(view, path);
        QCOMPARE(window.statusBar()->currentMessage(), ImageExport::confirmation(path));
        QVERIFY(window.statusBar()->currentMessage().contains(QDir::toNativeSeparators(path)));
        Halves alone;
        ImageExport::confirm(&alone, path); // no status bar to find, nothing to do
    }

    // The save dialog starts in the open profile's folder (the window's file path), else in
    // the folder last used for images.
    void suggestsTheProfileFolder()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QMainWindow window;
        auto* view = new Halves;
        window.setCentralWidget(view);
        const QString profiles = m_dir.filePath(QStringLiteral("profiles"));
        const QString pictures = m_dir.filePath(QStringLiteral("pictures"));
        QVERIFY(QDir().mkpath(profiles) && QDir().mkpath(pictures));
        ImageExport::rememberFolder(pictures + QStringLiteral("/old.png"));
        QCOMPARE(ImageExport::suggestedPath(view, QStringLiteral("t")), pictures + QStringLiteral("/t.png"));
        window.setWindowFilePath(profiles + QStringLiteral("/run.json"));
        QCOMPARE(ImageExport::suggestedPath(view, QStringLiteral("t")), profiles + QStringLiteral("/t.png"));
        QSettings().clear();
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(tst_ImageExport)
#include "tst_imageexport.moc"
