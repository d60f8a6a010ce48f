#pragma once
#include <QFrame>

class QLabel;
class QProgressBar;
class QPushButton;

namespace strata::app {

// A card floating over the centre of its parent while a profile loads: the file, a progress
// bar and Cancel; for a job, the ranks loaded so far ("3 of 8 ranks loaded"). Not modal:
// the window, the menus and the open profile stay usable.
class LoadProgressPanel : public QFrame {
    Q_OBJECT
public:
    explicit LoadProgressPanel(QWidget* parent);
    void start(const QString& fileName);
    void setProgress(double fraction);
    // The load is a job of `ranks` ranks: the progress counts them (start() forgets it).
    void setRanks(int ranks);
    QString detailText() const;
    void setCancelling();

signals:
    void cancelRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void recentre();

    QLabel* m_title;
    QLabel* m_detail;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
    int m_ranks = 0;
};

} // namespace strata::app
