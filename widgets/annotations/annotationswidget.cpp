#include "annotationswidget.h"

#include "annotationstablemodel.h"
#include "diffvsdelegate.h"
#include "pairmetricscomputer.h"
#include "pairmetricsview.h"
#include <common/lastfolder.h>
#include <common/timescopebox.h>
#include <common/unitformat.h>

#include <state/analyses.h>
#include <state/annotationsmodel.h>
#include <state/session.h>
#include <state/viewport.h>

#include <QAction>
#include <QColorDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QMessageBox>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace strata::widgets {

using model::Marker;
using model::MarkerId;

AnnotationsWidget::AnnotationsWidget(const DockContext& context, QWidget* parent)
    : QWidget(parent)
    , m_annotations(context.session->annotations())
    , m_viewport(context.session->viewport())
    , m_model(new AnnotationsTableModel(context.session->annotations(), context.session->viewport(), this))
    , m_computer(new PairMetricsComputer(this))
    , m_scope(new TimeScope(context.session, this))
{
    setObjectName(QStringLiteral("annotations"));
    auto* bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("annotationsToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->setIconSize(QSize(16, 16));

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("annotationsTable"));
    m_table->setModel(m_model);
    m_table->setItemDelegateForColumn(AnnotationsTableModel::DiffVs, new DiffVsDelegate(m_annotations, m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setWordWrap(false);
    QHeaderView* h = m_table->horizontalHeader();
    h->setSectionResizeMode(QHeaderView::ResizeToContents); // names and times are never cut
    h->setMinimumSectionSize(24);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_addAction = addAction(tr("Add"), QStringLiteral("addMarker"),
        tr("Add a marker at the centre of the visible window (M on the timeline adds one at the cursor)"),
        &AnnotationsWidget::addMarker);
    m_renameAction = addAction(
        tr("Rename"), QStringLiteral("renameMarker"), tr("Rename the marker (F2)"), &AnnotationsWidget::renameCurrent);
    m_deleteAction = addAction(
        tr("Delete"), QStringLiteral("deleteMarker"), tr("Delete the marker (Del)"), &AnnotationsWidget::deleteCurrent);
    m_colorAction = addAction(tr("Colour…"), QStringLiteral("colorMarker"), tr("Change the marker's colour"),
        &AnnotationsWidget::chooseColor);
    m_saveAction = addAction(tr("Save…"), QStringLiteral("saveMarkers"), tr("Save the markers to a JSON file"),
        &AnnotationsWidget::promptSave);
    m_loadAction = addAction(tr("Load…"), QStringLiteral("loadMarkers"),
        tr("Replace the markers with those of a JSON file"), &AnnotationsWidget::promptLoad);
    m_deleteAction->setShortcut(QKeySequence::Delete);
    m_renameAction->setShortcut(QKeySequence(Qt::Key_F2));
    for (QAction* a : { m_deleteAction, m_renameAction })
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    for (QAction* a : { m_addAction, m_renameAction, m_deleteAction, m_colorAction })
        bar->addAction(a);
    bar->addSeparator();
    bar->addAction(m_saveAction);
    bar->addAction(m_loadAction);
    // What the details pane measures: the marker pair by default.
    m_scope->setPace(kDebounceMs, kDebounceMs);
    m_scopeBox = new TimeScopeBox(m_scope,
        { TimeScope::Mode::MarkerPair, TimeScope::Mode::CurrentSelection, TimeScope::Mode::VisibleRange }, bar);
    m_scopeBox->setObjectName(QStringLiteral("annotationsScope"));
    bar->addSeparator();
    bar->addWidget(m_scopeBox);
    for (QAction* a : { m_addAction, m_renameAction, m_deleteAction, m_colorAction, m_saveAction, m_loadAction })
        m_table->addAction(a);

    m_details = new PairMetricsView(this);
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(m_table);
    m_split->addWidget(m_details);
    m_split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_split, 1);

    connect(m_scope, &TimeScope::changed, this, &AnnotationsWidget::refreshMetrics);
    connect(m_computer, &PairMetricsComputer::ready, this, &AnnotationsWidget::applyMetrics);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& cur) { setCurrent(m_model->markerAt(cur.row())); });
    connect(m_model, &QAbstractItemModel::modelReset, this, &AnnotationsWidget::restoreCurrentRow);
    connect(m_annotations, &model::AnnotationsModel::changed, this, [this] {
        if (!m_annotations->find(m_current))
            m_current = MarkerId();
        updateActions(); // the scope recomputes the pair's metrics after its pause
    });
    connect(m_annotations, &model::AnnotationsModel::selectedChanged, this, [this](MarkerId id) {
        if (id.valid())
            setCurrent(id);
    });
    connect(m_table, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& i) {
        if (i.column() == AnnotationsTableModel::Color)
            chooseColor();
    });
    updateActions();
    model::Session* session = context.session;
    session->follow(
        this,
        [this, session] {
            m_lazyIndexes = session->lazyIndexes();
            setStore(session->store(), session->filePath());
        },
        [this, session] { takeAnalyses(*session->analyses()); });
}

void AnnotationsWidget::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    const Qt::Orientation o = width() > 2 * height() ? Qt::Horizontal : Qt::Vertical;
    if (o == m_split->orientation() && m_splitPlaced)
        return;
    m_split->setOrientation(o);
    // The table holds a few rows; the details of a pair need the room. setSizes scales
    // these to whatever the splitter's length turns out to be.
    m_split->setSizes(o == Qt::Horizontal ? QList<int> { 45, 55 } : QList<int> { 30, 70 });
    m_splitPlaced = true;
}

QAction* AnnotationsWidget::addAction(
    const QString& text, const QString& name, const QString& tip, void (AnnotationsWidget::*slot)())
{
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    a->setToolTip(tip);
    connect(a, &QAction::triggered, this, slot);
    return a;
}

void AnnotationsWidget::setStore(std::shared_ptr<const store::EventStore> store, const QString& tracePath)
{
    m_store = std::move(store);
    m_tracePath = tracePath;
    m_index.reset();
    m_catalog.reset();
    rebuildAnalysis();
    updateActions();
}

void AnnotationsWidget::takeAnalyses(const model::Analyses& analyses)
{
    if (!m_store
        || (analyses.get<analysis::SummaryIndex>() == m_index
            && analyses.get<analysis::OperatorCatalog>() == m_catalog))
        return;
    m_index = analyses.get<analysis::SummaryIndex>();
    m_catalog = analyses.get<analysis::OperatorCatalog>();
    rebuildAnalysis();
}

void AnnotationsWidget::rebuildAnalysis()
{
    m_computer->setAnalysis(m_store, m_index, m_catalog, m_lazyIndexes);
    refreshMetrics();
}

QSize AnnotationsWidget::sizeHint() const
{
    return { 760, 320 };
}

bool AnnotationsWidget::isBusy() const
{
    return m_scope->isPending() || m_computer->isBusy();
}

void AnnotationsWidget::setCurrent(MarkerId id)
{
    if (!m_annotations->find(id))
        id = MarkerId();
    m_current = id;
    if (id.valid())
        m_annotations->setSelected(id);
    m_scope->setMarker(id); // a new pair: measured at once
    const int row = m_model->rowOf(id);
    if (row >= 0 && m_table->currentIndex().row() != row)
        m_table->setCurrentIndex(m_model->index(row, AnnotationsTableModel::Name));
    updateActions();
}

void AnnotationsWidget::restoreCurrentRow()
{
    const int row = m_model->rowOf(m_current);
    if (row >= 0)
        m_table->setCurrentIndex(m_model->index(row, AnnotationsTableModel::Name));
}

void AnnotationsWidget::updateActions()
{
    const bool has = m_annotations->find(m_current) != nullptr;
    m_addAction->setEnabled(m_store != nullptr);
    m_renameAction->setEnabled(has);
    m_deleteAction->setEnabled(has);
    m_colorAction->setEnabled(has);
    m_saveAction->setEnabled(m_annotations->count() > 0);
}

void AnnotationsWidget::refreshMetrics()
{
    m_scope->discardPending();
    const bool pair = m_scope->mode() == TimeScope::Mode::MarkerPair;
    m_details->setHeading(pair ? tr("Between the markers") : tr("In the window"));
    const Marker* m = m_annotations->find(m_scope->marker()); // m_current's pair
    const Marker* other = m ? m_annotations->find(m->diffVs) : nullptr;
    if (!m_scope->hasWindow()) {
        m_computer->cancel();
        m_details->showPlaceholder(m ? tr("%1 has no Diff vs marker: pick one in its Diff vs cell to see what ran "
                                          "between the two.")
                                           .arg(m->name)
                                     : tr("Select a marker with a Diff vs marker to see what ran between the two."));
        emit metricsUpdated();
        return;
    }
    if (!m_computer->canCompute()) {
        m_details->showPlaceholder(m_store ? tr("Building summary…")
                : pair                     ? tr("Open a profile to measure between markers.")
                                           : tr("Open a profile to see what ran in the window."));
        emit metricsUpdated();
        return;
    }
    const store::TimeRange range = m_scope->window();
    if (pair) {
        const store::TimeNs origin = m_store->extent().start;
        m_pendingTitle = tr("%1 vs %2: Δt %3, from %4 to %5")
                             .arg(m->name, other->name, UnitFormat::precise(m->time - other->time),
                                 UnitFormat::precise(range.start - origin), UnitFormat::precise(range.end - origin));
    } else {
        const QString what = m_scope->describe();
        m_pendingTitle = what.left(1).toUpper() + what.mid(1);
    }
    m_computer->request(range);
}

void AnnotationsWidget::applyMetrics(std::shared_ptr<const PairMetrics> metrics)
{
    m_details->setMetrics(std::move(metrics), m_pendingTitle);
    emit metricsUpdated();
}

void AnnotationsWidget::addMarker()
{
    if (!m_store || !m_viewport)
        return;
    const store::TimeRange v = m_viewport->visible();
    m_annotations->setSelected(m_annotations->add(v.start + v.duration() / 2));
}

void AnnotationsWidget::renameCurrent()
{
    const int row = m_model->rowOf(m_current);
    if (row < 0)
        return;
    const QModelIndex i = m_model->index(row, AnnotationsTableModel::Name);
    m_table->setCurrentIndex(i);
    m_table->edit(i);
}

void AnnotationsWidget::deleteCurrent()
{
    m_annotations->remove(m_current);
}

void AnnotationsWidget::chooseColor()
{
    const Marker* m = m_annotations->find(m_current);
    if (!m)
        return;
    auto* dialog = new QColorDialog(QColor::fromRgb(m->rgb), this);
    dialog->setObjectName(QStringLiteral("markerColorDialog"));
    dialog->setWindowTitle(tr("Colour of %1").arg(m->name));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const MarkerId id = m->id;
    connect(dialog, &QColorDialog::colorSelected, this,
        [this, id](const QColor& c) { m_annotations->setColor(id, c.rgb() & 0xffffffu); });
    dialog->open();
}

QString AnnotationsWidget::defaultFileDir(bool saving) const
{
    return LastFolder::forProfile(
        m_tracePath, LastFolder::kMarkers, saving ? LastFolder::Access::Write : LastFolder::Access::Read);
}

void AnnotationsWidget::promptSave()
{
    const QString base = m_tracePath.isEmpty() ? QStringLiteral("markers") : QFileInfo(m_tracePath).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Markers"),
        defaultFileDir(true) + QLatin1Char('/') + base + QStringLiteral(".markers.json"),
        tr("Strata markers (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    LastFolder::remember(LastFolder::kMarkers, path);
    QString error;
    if (!save(path, &error))
        QMessageBox::warning(this, tr("Could not save the markers"), error);
}

void AnnotationsWidget::promptLoad()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Load Markers"), defaultFileDir(false), tr("Strata markers (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    LastFolder::remember(LastFolder::kMarkers, path);
    QString error;
    if (!load(path, &error))
        QMessageBox::warning(this, tr("Could not load the markers"), error + tr("\n\nThe current markers are kept."));
}

bool AnnotationsWidget::save(const QString& path, QString* error)
{
    QString why;
    if (!m_annotations->saveFile(path, &why)) {
        emit statusMessage(why, true);
        if (error)
            *error = why;
        return false;
    }
    emit statusMessage(tr("Saved %n marker(s) to %1", nullptr, m_annotations->count()).arg(path), false);
    return true;
}

bool AnnotationsWidget::load(const QString& path, QString* error)
{
    QString why;
    if (!m_annotations->loadFile(path, &why)) {
        emit statusMessage(why, true);
        if (error)
            *error = why;
        return false;
    }
    // Markers saved on an event's edge move to where that event is in this profile.
    if (m_store)
        m_annotations->resolveAnchors(*m_store);
    emit statusMessage(tr("Loaded %n marker(s) from %1", nullptr, m_annotations->count()).arg(path), false);
    return true;
}

} // namespace strata::widgets
