#pragma once
#include <QFrame>

class QLabel;
class QPushButton;

namespace strata::widgets {

// A notice over a dock's table: a sentence that wraps to the dock's width and, when there is
// something to do about it, one button that does it ("Align by collective ends"). Tinted with
// the theme's warning colour (ThemePalette::warning over the base), a bar of it on the left,
// so it reads as a note about the numbers below rather than as part of them. Hidden until
// setNotice(); clearNotice() hides it again. The dock decides what the button does
// (actionTriggered); the bar only reports the click.
class NoticeBar : public QFrame {
    Q_OBJECT
public:
    explicit NoticeBar(QWidget* parent = nullptr);

    // Shows the bar with `text` and, unless `action` is empty, a button labelled `action`
    // (enabled again if a click had disabled it).
    void setNotice(const QString& text, const QString& action = QString());
    void clearNotice();

    QString text() const;
    QLabel* label() const { return m_label; }
    QPushButton* button() const { return m_button; }

signals:
    void actionTriggered();

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QLabel* m_label;
    QPushButton* m_button;
};

} // namespace strata::widgets
