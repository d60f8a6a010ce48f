// The fuzz target of a layout file (View › Layouts › Import…): LayoutStore::readFile, then
// LayoutStore::apply on a main window with docks, as importing does. Runs on Qt's
// offscreen platform.
#include <layouts/layoutstore.h>

#include "fuzzscratch.h"
#include "fuzzwindow.h"

#include <QApplication>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int qtArgc = 1;
    static char name[] = "fuzz_layout";
    static char* qtArgv[] = { *argc > 0 ? (*argv)[0] : name, nullptr };
    static QApplication app(qtArgc, qtArgv);
    strata::fuzz::FuzzWindow::instance();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using strata::app::LayoutStore;
    const std::string path = strata::fuzz::FuzzScratch::write("fuzz.strata-layout", data, size);
    QString error;
    const auto layout = LayoutStore::readFile(QString::fromStdString(path), &error);
    if (layout)
        LayoutStore::apply(*layout, strata::fuzz::FuzzWindow::instance(), &error);
    return 0;
}
