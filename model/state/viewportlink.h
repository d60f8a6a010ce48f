#pragma once
#include <store/types.h>

#include <QObject>

namespace strata::model {

class Comparison;

// Keeps the two sides of a Comparison on one time axis: B's visible range is always A's plus
// the offset, and a pan or zoom in B's timeline moves A's view by the same amount (A's
// clamp then decides, and B follows A again, so neither can drift). B's trace range is
// widened to hold A's shifted by the offset, so B's clamp never breaks the alignment.
class ViewportLink : public QObject {
    Q_OBJECT
public:
    explicit ViewportLink(Comparison* comparison, QObject* parent = nullptr);

private:
    void rebound(); // B's trace range after a new store or offset, then B from A
    void followA();
    void followB();

    Comparison* m_comparison;
    bool m_syncing = false; // set while this class moves a viewport: its signal is not a user's
    bool m_bOpening = false; // between B's aboutToOpen and storeChanged
};

} // namespace strata::model
