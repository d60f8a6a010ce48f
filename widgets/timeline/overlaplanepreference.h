#pragma once
#include <QObject>

namespace strata::widgets {

// Whether the timelines show the overlap lane (View > Overlap Lane), one choice for the
// window's timeline and a comparison's B pane alike. Until the user chooses, the lane shows
// for a profile with communication work and not for others; the choice, once made, is kept
// in the settings ("timeline/overlapLane") and holds for every profile.
class OverlapLanePreference : public QObject {
    Q_OBJECT
public:
    enum class Mode { Auto, On, Off };

    static OverlapLanePreference* instance();
    Mode mode() const;
    // Saves the user's choice; every timeline follows it (changed()).
    void setShown(bool on);
    // Whether a profile shows the lane, given whether it has communication work.
    bool shows(bool hasCommunication) const { return mode() == Mode::On || (mode() == Mode::Auto && hasCommunication); }

signals:
    void changed();

private:
    using QObject::QObject;
};

} // namespace strata::widgets
