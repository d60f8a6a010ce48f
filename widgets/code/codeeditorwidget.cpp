#include "codeeditorwidget.h"

#include "sourceview.h"
#include <common/qstr.h>
#include <common/unitformat.h>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QToolButton>
#include <QVBoxLayout>
#include <state/session.h>

namespace strata::widgets {

using model::EventRef;

namespace {

constexpr qint64 kMaxFileBytes = 16 << 20; // a source file, not a data dump

} // namespace

struct CodeEditorWidget::Loaded {
    int file = -1;
    QString localPath; // empty: not found
    QString text;
    QString error;
};

CodeEditorWidget::CodeEditorWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_selection(context.session->selection())
{
    setObjectName(QStringLiteral("codeEditor"));
    m_files = new QComboBox(this);
    m_files->setObjectName(QStringLiteral("sourceFiles"));
    m_files->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_files->setMinimumContentsLength(16);
    m_files->setToolTip(tr("The source files this profile's events point at"));
    m_rootButton = new QToolButton(this);
    m_rootButton->setText(tr("Set Source Root…"));
    m_rootButton->setToolTip(tr("The folder the profile's source paths are relative to (remembered for this trace)"));
    m_rootButton->setAutoRaise(true);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("codeStatus"));
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_view = new SourceView(this);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 4, 4, 0);
    bar->setSpacing(6);
    bar->addWidget(m_files, 1);
    bar->addWidget(m_rootButton);
    auto* col = new QVBoxLayout(this);
    col->setContentsMargins(0, 0, 0, 0);
    col->setSpacing(2);
    col->addLayout(bar);
    auto* statusRow = new QHBoxLayout;
    statusRow->setContentsMargins(8, 0, 8, 0);
    statusRow->addWidget(m_status, 1);
    col->addLayout(statusRow);
    col->addWidget(m_view, 1);

    connect(m_files, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        if (m_files->itemData(i).isValid())
            openFile(m_files->itemData(i).toInt());
    });
    connect(m_rootButton, &QToolButton::clicked, this, &CodeEditorWidget::promptSourceRoot);
    connect(m_view, &SourceView::linesSelected, this, &CodeEditorWidget::onLinesSelected);
    connect(m_selection, &model::Selection::currentChanged, this, &CodeEditorWidget::onCurrentChanged);
    connect(m_selection, &model::Selection::sourceRequested, this, &CodeEditorWidget::onSourceRequested);
    connect(m_selection, &model::Selection::highlightChanged, this, [this] {
        if (m_ownHighlight && m_selection->highlighted() != m_ownHighlight)
            m_ownHighlight.reset();
    });
    setStore(nullptr, QString());
    model::Session* session = context.session;
    session->follow(
        this, [this, session] { setStore(session->store(), session->filePath()); },
        [this, session] { takeIndex(session->analyses()->get<analysis::SourceIndex>()); });
}

CodeEditorWidget::~CodeEditorWidget() = default;

void CodeEditorWidget::setStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void CodeEditorWidget::setStore(std::shared_ptr<const store::EventStore> store, const QString& tracePath)
{
    m_loadJob.cancel(); // a file or rows of the previous profile are dropped
    m_rowsJob.cancel();
    m_store = std::move(store);
    m_index.reset();
    m_resolver = SourceFileResolver(tracePath);
    m_file = -1;
    m_loading = false;
    m_pendingEventLine = 0;
    m_pendingSelectLine = 0;
    m_pendingSelectFile.clear();
    m_ownHighlight.reset();
    m_files->clear();
    m_files->setEnabled(false);
    m_rootButton->setEnabled(m_store != nullptr);
    m_view->showMessage(m_store ? tr("Reading the profile's source locations…") : tr("No profile is open."));
    setStatus(QString());
}

void CodeEditorWidget::takeIndex(std::shared_ptr<const analysis::SourceIndex> index)
{
    if (!m_store || !index || index == m_index)
        return;
    onIndexBuilt(std::move(index));
}

void CodeEditorWidget::onIndexBuilt(std::shared_ptr<const analysis::SourceIndex> index)
{
    m_index = std::move(index);
    fillFileList();
    if (m_index->empty()) {
        m_view->showMessage(tr("This profile's events name no source lines (no source, loc, file/line, NKI or "
                               "call stack args)."));
    } else if (!m_pendingSelectFile.isEmpty()) {
        const QString file = std::exchange(m_pendingSelectFile, QString());
        selectSourceLine(file, std::exchange(m_pendingSelectLine, 0));
    } else if (m_selection->current().valid()) {
        showEventLine(m_selection->current(), true);
    }
    if (m_file < 0 && !m_index->empty()) {
        // Nothing asked for a file: open the one with the most time.
        int best = 0;
        for (size_t i = 1; i < m_index->files().size(); ++i)
            if (m_index->files()[i].totalNs > m_index->files()[size_t(best)].totalNs)
                best = int(i);
        openFile(best);
    }
    emit indexReady();
}

void CodeEditorWidget::fillFileList()
{
    const QSignalBlocker block(m_files);
    m_files->clear();
    if (!m_index)
        return;
    for (size_t i = 0; i < m_index->files().size(); ++i) {
        const analysis::SourceFile& f = m_index->files()[i];
        const QString path = qstr(f.path);
        m_files->addItem(
            tr("%1 — %2 events, %3")
                .arg(path, UnitFormat::count(quint64(f.slices) + f.instants), UnitFormat::duration(f.totalNs)),
            int(i));
        m_files->setItemData(int(i), path, Qt::ToolTipRole);
    }
    m_files->setEnabled(m_files->count() > 0);
}

void CodeEditorWidget::openFile(int file)
{
    if (!m_index || file < 0 || size_t(file) >= m_index->files().size())
        return;
    m_file = file;
    m_loading = true;
    {
        const QSignalBlocker block(m_files);
        m_files->setCurrentIndex(m_files->findData(file));
    }
    const QString profilePath = qstr(m_index->files()[size_t(file)].path);
    m_loadJob.run(
        this,
        [resolver = m_resolver, profilePath, file](const std::atomic<bool>&) {
            Loaded out;
            out.file = file;
            out.localPath = resolver.resolve(profilePath);
            if (out.localPath.isEmpty())
                return out;
            QFile f(out.localPath);
            if (f.size() > kMaxFileBytes) {
                out.error = tr("%1 is %2 MB, too large to show").arg(out.localPath).arg(f.size() >> 20);
            } else if (!f.open(QIODevice::ReadOnly)) {
                out.error = tr("%1: %2").arg(out.localPath, f.errorString());
            } else {
                out.text = QString::fromUtf8(f.readAll());
            }
            return out;
        },
        [this](const Loaded& loaded) { onFileLoaded(loaded); });
}

void CodeEditorWidget::onFileLoaded(const Loaded& loaded)
{
    m_loading = false;
    if (!m_index || loaded.file != m_file)
        return;
    const analysis::SourceFile& f = m_index->files()[size_t(loaded.file)];
    const QString path = qstr(f.path);
    if (loaded.localPath.isEmpty() || !loaded.error.isEmpty()) {
        const QStringList dirs = m_resolver.searchDirs();
        m_view->showMessage(loaded.error.isEmpty()
                ? tr("%1 was not found.\n\nLooked in:\n%2\n\nUse “Set Source Root…” to point at the folder the "
                     "profile's paths are relative to.")
                      .arg(path, dirs.join(QLatin1Char('\n')))
                : loaded.error);
        setStatus(tr("%1 events on %2 lines; source not found")
                      .arg(UnitFormat::count(quint64(f.slices) + f.instants))
                      .arg(UnitFormat::count(f.lines.size())));
    } else {
        m_view->setSource(loaded.text, loaded.localPath, &f);
        setStatus(QDir::toNativeSeparators(loaded.localPath));
    }
    if (m_pendingEventLine) {
        m_view->setEventLine(m_pendingEventLine);
        if (m_pendingCenter)
            m_view->centerOnLine(m_pendingEventLine);
    } else if (const analysis::SourceIndex::Location loc = locationOf(m_selection->current()); loc.file == m_file) {
        m_view->setEventLine(loc.line); // the current event is in this file: its mark
    }
    m_pendingEventLine = 0;
    if (const uint32_t line = std::exchange(m_pendingSelectLine, 0)) {
        m_view->centerOnLine(line);
        m_view->selectLines(line, line);
    }
    emit fileShown(loaded.file);
}

void CodeEditorWidget::onCurrentChanged(EventRef e)
{
    showEventLine(e, false);
}

void CodeEditorWidget::onSourceRequested(EventRef e)
{
    showEventLine(e, true);
    emit raiseRequested();
}

analysis::SourceIndex::Location CodeEditorWidget::locationOf(EventRef e) const
{
    if (!m_index || !m_store)
        return {};
    if (e.kind == EventRef::Kind::Slice && e.row < m_store->sliceCount())
        return m_index->locationOf(*m_store, store::SliceRow(e.row));
    if (e.kind == EventRef::Kind::Instant && e.row < m_store->instantCount())
        return m_index->locationOf(*m_store, store::InstantRow(e.row));
    return {};
}

void CodeEditorWidget::showEventLine(EventRef e, bool center)
{
    if (!m_index || !m_store)
        return;
    const analysis::SourceIndex::Location loc = locationOf(e);
    if (!loc.valid()) {
        m_view->setEventLine(0);
        if (center && e.valid())
            setStatus(tr("This event has no source location."));
        return;
    }
    if (loc.file != m_file || m_loading) {
        m_pendingEventLine = loc.line;
        m_pendingCenter = true; // a new file: scroll to the line, whatever the click
        if (loc.file != m_file)
            openFile(loc.file);
        return;
    }
    m_view->setEventLine(loc.line);
    if (center)
        m_view->centerOnLine(loc.line);
}

void CodeEditorWidget::selectSourceLine(const QString& file, uint32_t line)
{
    if (!m_index) {
        m_pendingSelectFile = file;
        m_pendingSelectLine = line;
        return;
    }
    const int f = m_index->findFile(file.toStdString());
    if (f < 0) {
        setStatus(tr("The profile names no events in %1.").arg(file));
        return;
    }
    if (f == m_file && !m_loading) {
        m_view->centerOnLine(line);
        m_view->selectLines(line, line);
        return;
    }
    m_pendingSelectLine = line;
    if (f != m_file)
        openFile(f);
}

void CodeEditorWidget::onLinesSelected(const QList<uint>& lines)
{
    if (!m_index || !m_store || m_file < 0)
        return;
    std::vector<uint32_t> wanted(lines.begin(), lines.end());
    const int file = m_file;
    const QString path = QFileInfo(qstr(m_index->files()[size_t(file)].path)).fileName();
    const QString label = lines.size() == 1 ? QStringLiteral("%1:%2").arg(path).arg(lines.first())
                                            : QStringLiteral("%1:%2–%3").arg(path).arg(lines.first()).arg(lines.last());
    using Rows = std::pair<model::Selection::RowSet, model::Selection::InstantSet>;
    m_rowsJob.run(
        this,
        [index = m_index, file, wanted](const std::atomic<bool>&) {
            return Rows(std::make_shared<const std::vector<store::SliceRow>>(index->rowsForLines(file, wanted)),
                std::make_shared<const std::vector<store::InstantRow>>(index->instantsForLines(file, wanted)));
        },
        [this, label](const Rows& rows) {
            if (rows.first->empty() && rows.second->empty()) {
                if (m_ownHighlight && m_selection->highlighted() == m_ownHighlight)
                    m_selection->clearHighlighted();
                m_ownHighlight.reset();
                return;
            }
            m_ownHighlight = rows.first;
            m_selection->setHighlighted(rows.first, rows.second, label);
        });
}

void CodeEditorWidget::setSourceRoot(const QString& dir)
{
    m_resolver.setSourceRoot(dir);
    if (m_file >= 0)
        openFile(m_file);
}

void CodeEditorWidget::promptSourceRoot()
{
    const QString start = !sourceRoot().isEmpty() ? sourceRoot() : QFileInfo(m_resolver.tracePath()).absolutePath();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Source Root"), start);
    if (!dir.isEmpty())
        setSourceRoot(dir);
}

} // namespace strata::widgets
