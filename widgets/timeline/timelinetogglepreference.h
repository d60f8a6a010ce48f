#pragma once
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QMenu;

namespace strata::widgets {

// One on/off choice of what the timelines draw beside the tracks (View > Overlap Lane, Skew
// Strip, Finding Bands): one choice for the window's timeline and a comparison's B pane alike,
// kept in the settings under its key and holding for every profile to come. There is one
// object per toggle, made on first use; what differs between them is data: the key, what
// shows before the user chooses, and the View menu's text. The keys and defaults are the ones
// users' settings were saved under and must not change.
class TimelineTogglePreference : public QObject {
    Q_OBJECT
public:
    // The overlap lane: until the user chooses, it shows for a profile with communication work.
    static TimelineTogglePreference* overlapLane();
    // A job's collective skew strip: on until the user turns it off (a profile that is not a
    // job has no strip either way).
    static TimelineTogglePreference* skewStrip();
    // The findings' bands: on until the user turns it off (no findings, no bands either way).
    static TimelineTogglePreference* findingBands();

    QString key() const { return m_key; }
    // What shows before the user chooses; none when it is up to the profile.
    std::optional<bool> byDefault() const { return m_default; }
    // The user's choice, once made.
    std::optional<bool> choice() const;
    // Whether a timeline shows it: the user's choice, else the default, else `profileDefault`.
    bool shows(bool profileDefault = true) const { return choice().value_or(m_default.value_or(profileDefault)); }
    // Saves the user's choice; every timeline follows it (changed()).
    void setShown(bool on);

    // A checkable action at the end of `menu` with this toggle's text and tooltip, that saves
    // the user's choice when triggered and is re-checked from `checked` (by default shows())
    // each time the menu opens, so it follows choices made elsewhere.
    QAction* addTo(QMenu* menu, std::function<bool()> checked = {});

signals:
    void changed();

private:
    TimelineTogglePreference(QString key, std::optional<bool> byDefault, QString text, QString toolTip);

    const QString m_key;
    const std::optional<bool> m_default;
    const QString m_text;
    const QString m_toolTip;
};

} // namespace strata::widgets
