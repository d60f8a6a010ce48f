#pragma once
#include <analysis/latency/stepbreakdown.h>
#include <common/numbertablemodel.h>

#include <QIcon>

namespace strata::widgets {

// The Latency dock's Steps table: one row per instance of the unit (StepBreakdown, the
// rows of `strata-cli latency --json`'s "steps"), then three foot rows, the mean, standard
// deviation and coefficient of variation of the duration, device-busy and idle columns.
// A step reads as what its name adds to the unit ("#6"), or its position; times in the
// docks' duration format, the step start from the trace start; the tooltips
// and SortRole hold the exact ns. Compute, communication and exposed communication are
// shares of the step (StepRow::breakdown; SortRole holds the percent, the tooltip the time);
// empty without device work. An outlier step (over 1.5 × the median duration) carries
// a warning icon in its Step cell and a tooltip saying by how much.
class StepTableModel : public NumberTableModel {
    Q_OBJECT
public:
    enum Column { Step, Start, Duration, Busy, Idle, Compute, Comm, Exposed, TopOperator, ColumnCount };
    enum Foot { Mean, StdDev, Cv, FootCount };
    static constexpr int OutlierRole = Qt::UserRole + 2; // bool, on every cell of a step row

    explicit StepTableModel(QObject* parent = nullptr);
    // origin: the trace start, from which Start counts.
    void setSteps(analysis::StepTable steps, store::TimeNs origin);
    const analysis::StepTable& steps() const { return m_steps; }
    // The step a row shows; null for a foot row.
    // True when some step has a breakdown (the share columns have something to show).
    bool hasShares() const;
    const analysis::StepRow* step(int row) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    // Each column's tooltip says what it counts.
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString columnTitle(int column) const override;
    QString stepLabel(const analysis::StepRow& s) const;
    QVariant stepData(const analysis::StepRow& s, int column, int role) const;
    QVariant shareData(const analysis::StepRow& s, int column, int role) const;
    QVariant footData(int foot, int column, int role) const;

    analysis::StepTable m_steps;
    store::TimeNs m_origin = 0;
    QIcon m_outlierIcon;
};

} // namespace strata::widgets
