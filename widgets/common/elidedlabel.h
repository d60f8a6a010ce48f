#pragma once
#include <QLabel>

namespace strata::widgets {

// A one-line label of plain text that never widens its dock: a text longer than the width
// ends in "…", and then its tooltip holds the whole of it. For the status lines above a
// dock's tables, where a wrapped second line would take a row from the table under it.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    void setFullText(const QString& text);
    QString fullText() const { return m_full; }
    bool isElided() const { return text() != m_full; }
    QSize minimumSizeHint() const override; // one line high, a few characters wide

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();

    QString m_full;
};

} // namespace strata::widgets
