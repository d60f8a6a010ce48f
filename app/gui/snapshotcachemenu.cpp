#include "snapshotcachemenu.h"

#include <snapshot/snapshotcache.h>
#include <state/backgroundpool.h>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>

#include <cmath>

namespace strata::app {

SnapshotCacheMenu::SnapshotCacheMenu(QWidget* window, QMenu* menu, QString folder)
    : QObject(window)
    , m_window(window)
    , m_folder(std::move(folder))
{
    if (menu) {
        QAction* clear = menu->addAction(tr("Clear Snapshot &Cache…"), this, &SnapshotCacheMenu::promptClear);
        clear->setObjectName(QStringLiteral("clearSnapshotCacheAction"));
        clear->setToolTip(tr("Remove the snapshots that let profiles opened before reopen in about a second"));
        QAction* limit = menu->addAction(tr("Snapshot Cache &Limit…"), this, &SnapshotCacheMenu::promptLimit);
        limit->setObjectName(QStringLiteral("snapshotCacheLimitAction"));
    }
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, [this] {
        m_handover.receive();
        const uint64_t freed = *m_freed;
        if (!m_trimOnly)
            emit message(tr("Cleared the snapshot cache: freed %1").arg(bytesText(freed)), false);
        else if (freed)
            emit message(tr("Trimmed the snapshot cache to its new limit: freed %1").arg(bytesText(freed)), false);
        emit cleared(freed);
    });
}

QString SnapshotCacheMenu::folder() const
{
    return m_folder.isEmpty() ? QFile::decodeName(store::SnapshotCache::defaultFolder().c_str()) : m_folder;
}

QString SnapshotCacheMenu::bytesText(uint64_t bytes)
{
    return QLocale().formattedDataSize(qint64(bytes), 1, QLocale::DataSizeSIFormat);
}

void SnapshotCacheMenu::promptClear()
{
    if (isBusy())
        return;
    // Counting the files reads one folder's entries: quick enough for the GUI thread.
    const store::SnapshotCache cache(QFile::encodeName(folder()).toStdString());
    const store::SnapshotCache::Usage use = cache.usage();
    if (use.files == 0) {
        QMessageBox::information(m_window, tr("Clear Snapshot Cache"),
            tr("The snapshot cache is empty (%1).").arg(QDir::toNativeSeparators(folder())));
        return;
    }
    const QString text = tr("Remove %n snapshot(s) (%1) from %2? Profiles then open from their source again, "
                            "and are cached anew.",
        nullptr, int(use.files))
                             .arg(bytesText(use.bytes), QDir::toNativeSeparators(folder()));
    if (QMessageBox::question(m_window, tr("Clear Snapshot Cache"), text) == QMessageBox::Yes)
        clear();
}

void SnapshotCacheMenu::promptLimit()
{
    constexpr double kGB = 1e9;
    bool ok = false;
    const double gb = QInputDialog::getDouble(m_window, tr("Snapshot Cache Limit"),
        tr("Keep at most this many GB of snapshots (the least recently used go first; strata-cli uses the same "
           "limit):"),
        double(store::SnapshotCache::limitSetting()) / kGB, 0.1, 100000.0, 1, &ok);
    if (ok)
        setLimit(uint64_t(std::llround(gb * kGB)));
}

void SnapshotCacheMenu::clear()
{
    run(false, 0);
}

bool SnapshotCacheMenu::setLimit(uint64_t bytes)
{
    std::string error;
    if (!store::SnapshotCache::setLimitSetting(bytes, &error)) {
        emit message(tr("Could not set the snapshot cache limit: %1").arg(QString::fromStdString(error)), true);
        return false;
    }
    emit message(tr("The snapshot cache keeps at most %1").arg(bytesText(bytes)), false);
    run(true, bytes);
    return true;
}

void SnapshotCacheMenu::run(bool trimOnly, uint64_t limit)
{
    if (isBusy())
        return;
    m_trimOnly = trimOnly;
    auto freed = std::make_shared<uint64_t>(0);
    m_freed = freed;
    m_watcher.setFuture(model::BackgroundPool::run(
        m_handover, [freed, trimOnly, limit, dir = QFile::encodeName(folder()).toStdString()] {
            const store::SnapshotCache cache(dir);
            *freed = trimOnly ? cache.trim(limit) : cache.clear();
        }));
}

} // namespace strata::app
