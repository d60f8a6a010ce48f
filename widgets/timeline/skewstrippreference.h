#pragma once
#include <QObject>

namespace strata::widgets {

// Whether the timelines show a job's collective skew strip (View > Skew Strip), one choice
// for the window's timeline and a comparison's B pane alike. On until the user turns it off;
// the choice is kept in the settings ("timeline/skewStrip") and holds for every job. A
// profile that is not a job has no strip either way.
class SkewStripPreference : public QObject {
    Q_OBJECT
public:
    static SkewStripPreference* instance();
    bool shown() const;
    // Saves the user's choice; every timeline follows it (changed()).
    void setShown(bool on);

signals:
    void changed();

private:
    using QObject::QObject;
};

} // namespace strata::widgets
