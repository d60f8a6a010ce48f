// The window on its screen: the first-run size, who starts maximised, a saved frame brought
// onto a smaller screen, and a layout's dock sizes scaled to another window.
#include <layouts/windowfit.h>

#include <QDockWidget>
#include <QJsonDocument>
#include <QLabel>
#include <QMainWindow>
#include <QTest>

using strata::app::WindowFit;

class tst_WindowFit : public QObject {
    Q_OBJECT
private slots:
    void initialGeometry_data()
    {
        QTest::addColumn<QRect>("available");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("maximised");
        QTest::newRow("1366x768 laptop") << QRect(0, 0, 1366, 740) << QSize(1229, 666) << true;
        QTest::newRow("1920x1080 at 150 %") << QRect(0, 0, 1280, 700) << QSize(1152, 630) << true;
        QTest::newRow("1920x1080") << QRect(0, 0, 1920, 1050) << QSize(1600, 945) << false;
        QTest::newRow("2560x1440") << QRect(0, 0, 2560, 1410) << QSize(1600, 1000) << false;
        QTest::newRow("tiny") << QRect(0, 0, 640, 480) << QSize(640, 480) << true;
    }

    void initialGeometry()
    {
        QFETCH(QRect, available);
        QFETCH(QSize, size);
        QFETCH(bool, maximised);
        const QRect r = WindowFit::initialGeometry(available);
        QCOMPARE(r.size(), size);
        QVERIFY(available.contains(r));
        QCOMPARE(WindowFit::prefersMaximized(available), maximised);
    }

    void fitted_data()
    {
        QTest::addColumn<QRect>("frame");
        QTest::addColumn<QRect>("available");
        QTest::addColumn<QRect>("expected");
        const QRect laptop(0, 0, 1366, 740);
        QTest::newRow("fits already") << QRect(10, 10, 800, 600) << laptop << QRect(10, 10, 800, 600);
        QTest::newRow("off the right edge") << QRect(1000, 10, 800, 600) << laptop << QRect(566, 10, 800, 600);
        QTest::newRow("saved on 2560x1440") << QRect(0, 0, 2560, 1400) << laptop << QRect(0, 0, 1353, 740);
        QTest::newRow("above the screen") << QRect(0, -300, 800, 600) << laptop << QRect(0, 0, 800, 600);
        QTest::newRow("second screen") << QRect(100, 100, 800, 600) << QRect(1920, 0, 1366, 740)
                                       << QRect(1920, 100, 800, 600);
    }

    void fitted()
    {
        QFETCH(QRect, frame);
        QFETCH(QRect, available);
        QFETCH(QRect, expected);
        const QRect r = WindowFit::fitted(frame, available);
        QCOMPARE(r, expected);
        QVERIFY(available.contains(r));
    }

    // The sizes are hints: what makes no sense is dropped, never applied.
    void sizesJson_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QSize>("window");
        QTest::addColumn<int>("docks");
        QTest::newRow("whole") << QByteArray(R"({"window":[1600,1000],"docks":{"a":[300,200],"b":[640,400]}})")
                               << QSize(1600, 1000) << 2;
        QTest::newRow("negative and huge dropped")
            << QByteArray(R"({"window":[1600,1000],"docks":{"a":[-3,200],"b":[1e9,4],"c":[10,10]}})")
            << QSize(1600, 1000) << 1;
        QTest::newRow("not numbers") << QByteArray(R"({"window":["w","h"],"docks":{"a":"x"}})") << QSize() << 0;
        QTest::newRow("empty") << QByteArray("{}") << QSize() << 0;
    }

    void sizesJson()
    {
        QFETCH(QByteArray, json);
        QFETCH(QSize, window);
        QFETCH(int, docks);
        const WindowFit::Sizes s = WindowFit::Sizes::fromJson(QJsonDocument::fromJson(json).object());
        QCOMPARE(s.window, window);
        QCOMPARE(int(s.docks.size()), docks);
        const WindowFit::Sizes back = WindowFit::Sizes::fromJson(s.toJson());
        QCOMPARE(back.window, s.window);
        QCOMPARE(back.docks, s.docks);
    }

    // A layout captured in a 1600×1000 window, applied to an 800×500 one: the docks keep
    // their share of the window instead of their pixels.
    void scaleDocksKeepsShares()
    {
        QMainWindow w;
        w.setCentralWidget(new QLabel(QStringLiteral("timeline")));
        auto* right = new QDockWidget(QStringLiteral("right"), &w);
        right->setObjectName(QStringLiteral("right"));
        right->setWidget(new QLabel(QStringLiteral("r")));
        auto* bottom = new QDockWidget(QStringLiteral("bottom"), &w);
        bottom->setObjectName(QStringLiteral("bottom"));
        bottom->setWidget(new QLabel(QStringLiteral("b")));
        w.addDockWidget(Qt::RightDockWidgetArea, right);
        w.addDockWidget(Qt::BottomDockWidgetArea, bottom);
        w.resize(800, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        WindowFit::Sizes saved;
        saved.window = QSize(1600, 1000);
        saved.docks.insert(QStringLiteral("right"), QSize(480, 600));
        saved.docks.insert(QStringLiteral("bottom"), QSize(1120, 400));
        WindowFit::scaleDocks(w, saved);
        QCoreApplication::processEvents();
        QVERIFY2(qAbs(right->width() - 240) <= 8, qPrintable(QString::number(right->width())));
        QVERIFY2(qAbs(bottom->height() - 200) <= 8, qPrintable(QString::number(bottom->height())));
        const WindowFit::Sizes now = WindowFit::capture(w);
        QCOMPARE(now.window, QSize(800, 500));
        QVERIFY(now.docks.contains(QStringLiteral("right")) && now.docks.contains(QStringLiteral("bottom")));
    }
};

QTEST_MAIN(tst_WindowFit)
#include "tst_windowfit.moc"
