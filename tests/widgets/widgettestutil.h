#pragma once
// Helpers shared by the widget tests: small hand-made stores (storetest::Builder), a dock
// under test with the shared state it is injected with, and waiting for a dock's results.
#include "../store/storetestutil.h"

#include <state/selection.h>
#include <state/viewport.h>

#include <QSignalSpy>
#include <QtTest>

#include <memory>

namespace widgettest {

using storetest::Builder;

// How long a test waits for work a dock does on a worker thread.
constexpr int kWaitMs = 10000;

// Whether `signal` of `sender` comes within kWaitMs. For results computed off the GUI
// thread: the spy starts now, so the work must not be able to finish before this call.
template <typename Sender, typename Signal> bool waitFor(const Sender* sender, Signal signal)
{
    QSignalSpy spy(sender, signal);
    return spy.wait(kWaitMs);
}

// A dock as the main window makes it: on its own Selection and Viewport, made again for
// each test function so no state leaks from one test to the next.
template <typename Dock> struct DockFixture {
    std::unique_ptr<strata::model::Selection> selection;
    std::unique_ptr<strata::model::Viewport> viewport;
    std::unique_ptr<Dock> widget;

    // The dock, w × h on screen, over a trace spanning `extent`; false when it was not exposed.
    bool show(strata::store::TimeRange extent, int w, int h)
    {
        selection = std::make_unique<strata::model::Selection>();
        viewport = std::make_unique<strata::model::Viewport>();
        viewport->setTraceRange(extent);
        widget = std::make_unique<Dock>(selection.get(), viewport.get());
        widget->resize(w, h);
        widget->show();
        return QTest::qWaitForWindowExposed(widget.get());
    }
    // The dock first: it holds pointers to the shared state.
    void reset()
    {
        widget.reset();
        viewport.reset();
        selection.reset();
    }
};

} // namespace widgettest
