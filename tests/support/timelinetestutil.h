#pragma once
// The set-up of the tests of what the timeline draws over its tracks (finding bands, overlap
// lanes): a timeline made as the main window makes it, on a session of its own, shown with
// a store open and everything it draws from computed.
#include <support/widgettestutil.h>

#include <state/session.h>
#include <timeline/timelinewidget.h>

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <memory>

namespace widgettest {

// Settings of the test's own, emptied: no choice saved by a user or an earlier run leaks in.
inline void clearSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

// Makes `session` and `timeline` afresh, size w x h, opens `store` and shows it; true once
// the session's analyses are in and the timeline has its index (it can draw the tracks).
inline bool showTimeline(std::unique_ptr<strata::model::Session>& session,
    std::unique_ptr<strata::widgets::TimelineWidget>& timeline, std::shared_ptr<const strata::store::EventStore> store,
    int w = 1000, int h = 600)
{
    timeline.reset();
    session = std::make_unique<strata::model::Session>();
    timeline = std::make_unique<strata::widgets::TimelineWidget>(session.get());
    timeline->resize(w, h);
    open(*session, std::move(store));
    timeline->show();
    return QTest::qWaitForWindowExposed(timeline.get()) && waitForAnalyses(*session)
        && QTest::qWaitFor([&] { return timeline->hasIndex(); }, kWaitMs);
}

} // namespace widgettest
