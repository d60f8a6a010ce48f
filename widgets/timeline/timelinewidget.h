#pragma once
#include "axisframepublisher.h"
#include "eventtooltip.h"
#include "findingbands.h"
#include "markerlayer.h"
#include "overlaplane.h"
#include "overviewbar.h"
#include "skewstrip.h"
#include "timelineframe.h"
#include "timelinekeys.h"
#include "timelinelayout.h"
#include "timelinemouse.h"
#include "timelineoverlay.h"
#include "timelinetogglepreference.h"
#include "timeruler.h"
#include "trackimagecache.h"
#include "trackrenderer.h"
#include "typetables.h"
#include <common/operatorcolors.h>

#include <state/latestjob.h>
#include <state/selection.h>
#include <state/statefwd.h>
#include <state/viewport.h>
#include <store/eventstore.h>

#include <QFutureWatcher>
#include <QImage>
#include <QWidget>

#include <memory>
#include <vector>

namespace strata::analysis {
class LodIndex;
}

namespace strata::widgets {

class TimelineNavigator;

// The device timeline: overview, ruler, label column and tracks in one painting widget.
// Track geometry is rendered once per (visible range, width) into one image per track and
// replayed; hover, selection, highlights and flows are overlays. The pointer gestures are
// TimelineMouse's, the keys TimelineKeys'. Reads the shared Viewport, Selection and
// TrackFilter; talks to no other dock. Where the canvas sits on screen goes to
// Viewport::timeAxisFrame() for the charts that align their time axis to it.
class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    static constexpr double kZoomStep = 0.8; // W: the span shrinks to 80 %
    static constexpr double kZoomStepFast = 0.5; // Shift+W
    static constexpr double kPanStep = 0.1; // A/D: a tenth of the span
    static constexpr double kPanStepFast = 0.5; // Shift+A/D
    static constexpr int kOverviewHeight = 40;
    static constexpr int kRulerHeight = 24;

    // Follows the session's profile, its level-of-detail index, viewport, selection, track
    // filter and markers.
    explicit TimelineWidget(model::Session* session, QWidget* parent = nullptr);
    ~TimelineWidget() override;

    const std::shared_ptr<const store::EventStore>& store() const { return m_store; }
    double lastFrameMs() const { return m_lastFrameMs; }
    // The tracks can be drawn: the session's LOD index and this store's TypeTables are in.
    bool hasIndex() const { return m_lod != nullptr && m_tablesReady; }
    int geometryBuilds() const { return m_images.builds(); } // track images rendered so far
    // Whether the overlap lanes show (TimelineTogglePreference::overlapLane(), once the session has their index),
    // and where a device's lane bar is (widget coordinates; empty when it has none).
    bool overlapLaneShown() const;
    QRect overlapLaneRect(store::ProcessId process) const;
    int laneBuilds() const { return m_lane.builds(); } // lane images rendered so far
    // Whether a job's collective skew strip shows (the session's JobIndex has a matched
    // collective and TimelineTogglePreference::skewStrip() is on); frame().skew is where.
    bool skewStripShown() const;
    int skewBuilds() const { return m_skew.builds(); } // strip images rendered so far
    // Whether the findings' bands show: findings published on the session's FindingsBoard
    // with a range on this store, and TimelineTogglePreference::findingBands() on.
    bool findingBandsShown() const { return !m_bands.empty() && TimelineTogglePreference::findingBands()->shows(); }
    const FindingBands& findingBands() const { return m_bands; }

    int labelWidth() const { return m_labelWidth; }
    void setLabelWidth(int w);
    int scrollY() const { return m_scrollY; }
    void setScrollY(int y);

    // Geometry, for tests and the app.
    TimelineFrame frame() const;
    QRectF eventRect(model::EventRef e) const;
    QString hoverText() const { return m_hover.text(); }
    QColor sliceColor(store::SliceRow r) const;
    bool keyHelpVisible() const { return m_keyHelp; }
    void setKeyHelpVisible(bool on);
    void revealEvent(model::EventRef e);
    // Scrolls the track to the top of the view (Session::revealTrack), its process header with
    // it when it is the process's first track; a collapsed process is expanded first. The
    // visible time range does not change.
    void revealTrack(store::TrackId track);
    // A marker where M would put one: at the mouse when it is over the tracks, else in the
    // middle of the visible range (the toolbar's Add Marker). False with no profile open.
    bool addMarker();
    // NotShownText's sentence for the open profile ("" when all it holds is drawn), and
    // whether the timeline shows it as a banner (something was drawn) or centred (nothing was).
    QString notShownText() const { return m_notShown; }
    bool notShownAsBanner() const { return !m_notShown.isEmpty() && m_drawable; }

    // The shared markers; the timeline draws, adds, drags and removes them.
    const MarkerLayer& markers() const { return m_markers; }
    // The context menu for a widget point (what a right-click pops up); null off the tracks.
    QMenu* createContextMenu(QPoint pos);

signals:
    void painted();

protected:
    bool event(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override { m_mouse.press(e); }
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override { m_mouse.release(e); }
    void mouseDoubleClickEvent(QMouseEvent* e) override { m_mouse.doubleClick(e); }
    void wheelEvent(QWheelEvent* e) override { m_mouse.wheel(e); }
    void keyPressEvent(QKeyEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;

private:
    friend class TimelineMouse; // the pointer gestures act on this widget's state
    friend class TimelineKeys; // and so do the keys

    void setStore(std::shared_ptr<const store::EventStore> store);
    void takeIndex(); // the session's LOD index, when it is new

    void relayout();
    // Draws the visible rows; returns the header bands, which have no image to carry the
    // instant lines.
    std::vector<QRect> paintTracks(
        QPainter& p, const TimelineFrame& f, const std::vector<RulerTick>& ticks, const std::vector<int>& instantLines);
    void paintCorner(QPainter& p, const TimelineFrame& f, const QString& rulerOrigin);
    QFont labelFont() const;

    TimelineOverlay::Hit hitTest(QPoint pos) const;
    void updateHover(QPoint pos);
    void clearHover();
    store::TimeNs anchorTime() const;
    // The pointer's y while it is over the tracks (the row a marker snaps on), else none.
    int anchorY() const
    {
        return m_mouseInside && frame().canvas.contains(m_mousePos) ? m_mousePos.y() : MarkerSnapper::kNoRow;
    }
    TimelineNavigator navigator() const;
    void scrollToRow(int row, int depth);

    model::Session* m_session;
    model::Viewport* m_viewport;
    model::Selection* m_selection;
    model::TrackFilter* m_filter;
    std::shared_ptr<const store::EventStore> m_store;
    std::shared_ptr<const analysis::LodIndex> m_lod; // null until the session has built it
    TypeTables m_tables; // of m_store once m_tablesReady
    bool m_tablesReady = false;
    model::LatestJob m_tablesJob; // builds m_tables of a store with many types
    TimelineLayout m_layout;
    OverviewBar m_overview;

    TrackImageCache m_images;
    OverlapLane m_lane;
    SkewStrip m_skew;
    FindingBands m_bands;
    std::vector<int> m_processRank; // per ProcessId: index of its rank in a job's JobLayout, else -1
    quint64 m_styleGeneration = 1;

    int m_labelWidth;
    int m_scrollY = 0;
    double m_lastFrameMs = 0;

    TimelineMouse m_mouse { *this };
    TimelineKeys m_keys { *this };

    bool m_mouseInside = false;
    QPoint m_mousePos;
    int m_hoverRow = -1;
    TooltipContent m_hover;
    MarkerLayer m_markers;
    AxisFramePublisher* m_axisFrame;
    bool m_keyHelp = false;
    QString m_notShown; // computed once per store: the sentence reads table sizes only
    bool m_drawable = true;
};

} // namespace strata::widgets
