#pragma once
#include <QObject>

namespace strata::widgets {

// Whether the timelines draw the findings' bands (View > Finding Bands), one choice for the
// window's timeline and a comparison's B pane alike. On until the user turns it off; the
// choice is kept in the settings ("timeline/findingBands"). Without findings published
// (model::FindingsBoard) there are no bands either way.
class FindingBandsPreference : public QObject {
    Q_OBJECT
public:
    static FindingBandsPreference* instance();
    bool shown() const;
    // Saves the user's choice; every timeline follows it (changed()).
    void setShown(bool on);

signals:
    void changed();

private:
    using QObject::QObject;
};

} // namespace strata::widgets
