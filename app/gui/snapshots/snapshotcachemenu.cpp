#include "snapshotcachemenu.h"

#include <snapshot/snapshotcache.h>
#include <state/backgroundpool.h>

#include <common/unitformat.h>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QInputDialog>
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
    connect(&m_watcher, &QFutureWatcher<void>::finished, this, &SnapshotCacheMenu::finished);
}

QString SnapshotCacheMenu::folder() const
{
    return m_folder.isEmpty() ? QFile::decodeName(store::SnapshotCache::defaultFolder().c_str()) : m_folder;
}

QString SnapshotCacheMenu::bytesText(uint64_t bytes)
{
    return widgets::UnitFormat::bytes(double(bytes));
}

void SnapshotCacheMenu::promptClear()
{
    if (isBusy())
        return;
    m_prompt = true;
    start(Job::Count);
}

void SnapshotCacheMenu::promptLimit()
{
    if (isBusy())
        return;
    m_prompt = true;
    start(Job::ReadLimit);
}

void SnapshotCacheMenu::count()
{
    start(Job::Count);
}

void SnapshotCacheMenu::clear()
{
    start(Job::Clear);
}

void SnapshotCacheMenu::setLimit(uint64_t bytes)
{
    start(Job::Trim, bytes);
}

void SnapshotCacheMenu::start(Job job, uint64_t limit)
{
    if (isBusy())
        return;
    m_job = job;
    auto outcome = std::make_shared<Outcome>();
    m_outcome = outcome;
    m_watcher.setFuture(
        model::BackgroundPool::run(m_handover, [outcome, job, limit, dir = QFile::encodeName(folder()).toStdString()] {
            const store::SnapshotCache cache(dir);
            switch (job) {
            case Job::Count: {
                const store::SnapshotCache::Usage use = cache.usage();
                outcome->files = use.files;
                outcome->bytes = use.bytes;
                break;
            }
            case Job::Clear: outcome->bytes = cache.clear(); break;
            case Job::Trim:
                if (store::SnapshotCache::setLimitSetting(limit, &outcome->error)) {
                    outcome->limit = store::SnapshotCache::limitSetting(); // 0 stands for the default
                    outcome->bytes = cache.trim(outcome->limit);
                }
                break;
            case Job::ReadLimit: outcome->limit = store::SnapshotCache::limitSetting(); break;
            }
        }));
}

void SnapshotCacheMenu::finished()
{
    m_handover.receive();
    const Outcome o = *m_outcome;
    const bool prompt = std::exchange(m_prompt, false);
    switch (m_job) {
    case Job::Count:
        emit counted(o.files, o.bytes);
        if (prompt)
            askClear(o.files, o.bytes);
        break;
    case Job::ReadLimit:
        if (prompt)
            askLimit(o.limit);
        break;
    case Job::Clear:
        emit message(tr("Cleared the snapshot cache: freed %1").arg(bytesText(o.bytes)), false);
        emit cleared(o.bytes);
        break;
    case Job::Trim:
        if (!o.error.empty()) {
            emit message(tr("Could not set the snapshot cache limit: %1").arg(QString::fromStdString(o.error)), true);
            break;
        }
        emit message(o.bytes ? tr("The snapshot cache keeps at most %1; trimmed it: freed %2")
                                   .arg(bytesText(o.limit), bytesText(o.bytes))
                             : tr("The snapshot cache keeps at most %1").arg(bytesText(o.limit)),
            false);
        emit cleared(o.bytes);
        break;
    }
}

void SnapshotCacheMenu::askClear(uint64_t files, uint64_t bytes)
{
    if (files == 0) {
        QMessageBox::information(m_window, tr("Clear Snapshot Cache"),
            tr("The snapshot cache is empty (%1).").arg(QDir::toNativeSeparators(folder())));
        return;
    }
    const QString text = tr("Remove %n snapshot(s) (%1) from %2? Profiles then open from their source again, "
                            "and are cached anew.",
        nullptr, int(files))
                             .arg(bytesText(bytes), QDir::toNativeSeparators(folder()));
    if (QMessageBox::question(m_window, tr("Clear Snapshot Cache"), text) == QMessageBox::Yes)
        clear();
}

void SnapshotCacheMenu::askLimit(uint64_t current)
{
    constexpr double kGB = 1e9;
    bool ok = false;
    const double gb = QInputDialog::getDouble(m_window, tr("Snapshot Cache Limit"),
        tr("Keep at most this many GB of snapshots (the least recently used go first; strata-cli uses the same "
           "limit):"),
        double(current) / kGB, 0.1, 100000.0, 1, &ok);
    if (ok)
        setLimit(uint64_t(std::llround(gb * kGB)));
}

} // namespace strata::app
