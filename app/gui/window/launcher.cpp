#include "launcher.h"

#include "appicon.h"
#include "commandline.h"
#include "mainwindow.h"
#include "screenshotrunner.h"
#include "thememenu.h"

#include <QApplication>
#include <QGuiApplication>
#include <QStringList>

#include <cstdio>

namespace strata::app {

void Launcher::setUpApplication(QApplication& app)
{
    QApplication::setOrganizationName(QStringLiteral("Strata"));
    QApplication::setApplicationName(QStringLiteral("strata"));
    QApplication::setApplicationDisplayName(QStringLiteral("Strata"));
    QApplication::setApplicationVersion(QStringLiteral(STRATA_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("strata"));
    app.setWindowIcon(AppIcon::icon());
}

int Launcher::run(int& argc, char** argv)
{
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    QCoreApplication::setApplicationName(QStringLiteral("strata"));
    QCoreApplication::setApplicationVersion(QStringLiteral(STRATA_VERSION));
    CommandLine cli;
    switch (cli.parse(args)) {
    case CommandLine::Result::Help: std::fputs(qPrintable(cli.helpText()), stdout); return 0;
    case CommandLine::Result::Version: std::printf("strata %s\n", STRATA_VERSION); return 0;
    case CommandLine::Result::Error:
        std::fprintf(stderr, "strata: %s\nTry 'strata --help'.\n", qPrintable(cli.errorText()));
        return 2;
    case CommandLine::Result::Ok: break;
    }
    const StartupOptions& opt = cli.options();
    const bool screenshot = !opt.screenshot.isEmpty();
    // A screenshot needs no screen: without a display, render offscreen instead of failing.
    if (screenshot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    setUpApplication(app);
    // Before the window exists, so it is built in its colours; --theme wins for this run only.
    widgets::Theme::apply(opt.theme.value_or(ThemeMenu::saved()));

    MainWindow window;
    window.setInteractive(!screenshot);
    window.setPersistent(!screenshot);
    importers::CacheOptions cache;
    cache.enabled = !opt.noCache;
    window.setCacheOptions(cache);
    if (!screenshot)
        window.restoreStartupLayout();
    if (!opt.layout.isEmpty()) {
        QString error;
        if (!window.loadLayout(opt.layout, &error)) {
            std::fprintf(stderr, "strata: %s\n", qPrintable(error));
            if (screenshot)
                return 2;
        }
    }
    window.show();

    if (screenshot) {
        ScreenshotRunner runner(&window, OpenRequest::fromCommandLine(opt), opt.screenshot);
        QObject::connect(&runner, &ScreenshotRunner::done, &app, [](int code) { QApplication::exit(code); });
        runner.start();
        return app.exec();
    }
    if (!opt.file.isEmpty())
        window.open(OpenRequest::fromCommandLine(opt));
    return app.exec();
}

} // namespace strata::app
