#pragma once
#include <QStringList>
#include <QWidget>

class QLabel;
class QPushButton;

namespace strata::app {

// The central area while no profile is open: the sample, Open…, and the recent files.
class WelcomePage : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);
    void setRecentFiles(const QStringList& files);
    void setSampleAvailable(bool available);
    // While a first profile loads the page clears, leaving the room to the progress card.
    void setBusy(bool busy);

signals:
    void openSampleRequested();
    void openFileRequested();
    void openFolderRequested();
    void openRecentRequested(const QString& path);

private:
    QWidget* m_card;
    QPushButton* m_sample;
    QPushButton* m_open;
    QPushButton* m_openFolder;
    QLabel* m_recentTitle;
    QLabel* m_recent;
    QStringList m_files;
};

} // namespace strata::app
