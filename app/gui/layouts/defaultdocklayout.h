#pragma once
#include <QList>

class QDockWidget;
class QMainWindow;

namespace strata::app {

// The arrangement a new user gets (Layout > Reset to Default), read from each dock's place
// in the DockRegistry: the timeline keeps the centre and most of the height; the Right
// docks stack in the right column (Search above Event Details); the Bottom docks sit side
// by side under the timeline (Operator Table | Operator Charts | Latency), with the
// BehindBottomFirst docks (Compare, the summaries, Memory) as tabs behind the first and the
// BehindBottomLast docks (Code, Annotations, Time Breakdown) behind the last, which stay in front, and the
// BehindRightFirst docks (Findings) behind Search, which stays in front. Sizes are
// proportions of the window, so the arrangement fits any screen. Docks are found by
// objectName, so a dock that is not there is simply left out.
class DefaultDockLayout {
public:
    static void arrange(QMainWindow& window, const QList<QDockWidget*>& docks);
    // Sizes need a laid-out window: call again once it is shown.
    static void applySizes(QMainWindow& window);
};

} // namespace strata::app
