#pragma once
#include <store/types.h>

#include <QObject>

#include <set>

namespace strata::model {

// Which tracks the views show: hidden tracks and collapsed process groups.
class TrackFilter : public QObject {
    Q_OBJECT
public:
    explicit TrackFilter(QObject* parent = nullptr);

    bool isHidden(store::TrackId t) const { return m_hidden.count(t.v) != 0; }
    void setHidden(store::TrackId t, bool hidden);
    bool isCollapsed(store::ProcessId p) const { return m_collapsed.count(p.v) != 0; }
    void setCollapsed(store::ProcessId p, bool collapsed);
    void clear();

signals:
    void changed();

private:
    std::set<uint32_t> m_hidden, m_collapsed;
};

} // namespace strata::model
