#pragma once
#include "windowfit.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

class QMainWindow;

namespace strata::app {

// A window arrangement: QMainWindow::saveState (dock placement, sizes, visibility, floating)
// plus saveGeometry. Layouts belong to the user, not to a profile.
struct Layout {
    QString name;
    int version = 0;
    QByteArray state;
    QByteArray geometry;
    // objectNames of the docks in front of their tab groups: QMainWindow::saveState keeps
    // the tabs' order but not which one was current.
    QStringList front;
    // The window's and the docks' sizes when it was saved: a hint (not covered by the
    // checksum, checked for sense) that scales the docks to another window size.
    WindowFit::Sizes sizes;
};

// Named layouts in QSettings ("layouts/<percent-encoded name>/{version,state,geometry}",
// base64 text), the last used name, and the arrangement at the last exit. Entries are read
// defensively: bad base64, an unknown version or a state Qt refuses is reported and
// skipped, never applied half-way.
class LayoutStore {
public:
    // Bump when the dock set changes in a way old states cannot express; older entries are
    // then refused with a message instead of producing a strange window.
    static constexpr int kFormatVersion = 1;

    LayoutStore() = default;

    QStringList names() const; // sorted case-insensitively
    bool contains(const QString& name) const;
    void put(const Layout& layout);
    std::optional<Layout> get(const QString& name, QString* error = nullptr) const;
    bool remove(const QString& name);
    QString lastUsed() const;
    void setLastUsed(const QString& name);
    QString uniqueName(const QString& wanted) const; // "name", or "name (2)", ...

    // The current arrangement of `window`, and applying one (state first: when Qt refuses
    // it nothing has changed, and the geometry is left alone too).
    static Layout capture(const QMainWindow& window, const QString& name);
    static bool apply(const Layout& layout, QMainWindow* window, QString* error = nullptr);
    static QStringList frontDocks(const QMainWindow& window); // sorted objectNames

    bool save(const QString& name, const QMainWindow& window);
    bool restore(const QString& name, QMainWindow* window, QString* error = nullptr);

    // The arrangement at the last exit, outside the named list.
    void saveSession(const Layout& layout);
    std::optional<Layout> session(QString* error = nullptr) const;

    // A layout file: JSON {"format":"strata-layout","name","version","state","geometry","front",
    // "checksum"}, written atomically. "checksum" ("sha256:<hex>" of the state and geometry
    // bytes) is required: a file whose bytes do not match it is refused, never applied.
    static bool writeFile(const Layout& layout, const QString& path, QString* error = nullptr);
    static std::optional<Layout> readFile(const QString& path, QString* error = nullptr);

private:
    static QString key(const QString& name);
    void write(const QString& group, const Layout& layout) const;
    std::optional<Layout> read(const QString& group, const QString& name, QString* error) const;
};

} // namespace strata::app
