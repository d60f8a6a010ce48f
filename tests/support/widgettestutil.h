#pragma once
// Helpers shared by the widget tests: small hand-made stores (storetest::Builder), a dock
// under test with the shared state it is injected with, and waiting for a dock's results.
#include <support/storetestutil.h>

#include <common/dockcontext.h>
#include <state/selection.h>
#include <state/session.h>
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

// Opens `store` in `session` as the window does: the docks get the store at once, the
// analyses follow on the event loop (a test waits for the dock's own result signal, whose
// spy therefore starts before the work can finish).
inline void open(strata::model::Session& session, std::shared_ptr<const strata::store::EventStore> store,
    const QString& path = QString(), const QString& format = QString())
{
    strata::model::LoadInfo info;
    info.format = format;
    session.open(std::move(store), path, info);
}

// Whether the session has published every analysis of its profile within kWaitMs.
inline bool waitForAnalyses(const strata::model::Session& session)
{
    return QTest::qWaitFor([&] { return session.analyses()->complete(); }, kWaitMs);
}

// A dock as the main window makes it: on its own session, made again for each test function
// so no state leaks from one test to the next.
template <typename Dock> struct DockFixture {
    std::unique_ptr<strata::model::Session> session;
    strata::model::Selection* selection = nullptr;
    strata::model::Viewport* viewport = nullptr;
    std::unique_ptr<Dock> widget;

    // The dock, w × h on screen, over a trace spanning `extent`; false when it was not exposed.
    bool show(strata::store::TimeRange extent, int w, int h)
    {
        session = std::make_unique<strata::model::Session>();
        selection = session->selection();
        viewport = session->viewport();
        viewport->setTraceRange(extent);
        widget = std::make_unique<Dock>(strata::widgets::DockContext { session.get() });
        widget->resize(w, h);
        widget->show();
        return QTest::qWaitForWindowExposed(widget.get());
    }
    void open(std::shared_ptr<const strata::store::EventStore> store) { widgettest::open(*session, std::move(store)); }
    // The dock first: it holds pointers to the session.
    void reset()
    {
        widget.reset();
        session.reset();
        selection = nullptr;
        viewport = nullptr;
    }
};

} // namespace widgettest
