#include "loadmessage.h"

#include "jobimport.h"

#include <profileloader.h>

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

namespace strata::app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("LoadMessage", text);
}

} // namespace

QString LoadMessage::savedFrom(const importers::LoadResult& r)
{
    if (!r.portable || r.sourceName.empty())
        return QString();
    return tr("saved from %1").arg(QFileInfo(QString::fromStdString(r.sourceName)).fileName());
}

QString LoadMessage::snapshotNotes(const importers::LoadResult& r)
{
    QStringList lines;
    for (const std::string& note : r.snapshotNotes)
        lines << QString::fromStdString(note);
    return lines.join(QLatin1Char('\n'));
}

QString LoadMessage::origin(const importers::LoadResult& r)
{
    QStringList lines;
    if (r.portable)
        lines << (r.sourceName.empty()
                ? tr("Read from a Strata profile")
                : tr("Read from a Strata profile saved from %1").arg(QString::fromStdString(r.sourceName)));
    else if (r.fromSnapshot)
        lines << tr("Read from its snapshot in the snapshot cache");
    const QString notes = snapshotNotes(r);
    if (!notes.isEmpty())
        lines << notes;
    return lines.join(QLatin1Char('\n'));
}

bool LoadMessage::isWarning(const importers::LoadResult& r)
{
    return !r.snapshotNotes.empty() || (r.store && !r.store->diagnostics().counts().empty());
}

QString LoadMessage::text(const QString& name, const importers::LoadResult& r)
{
    // A snapshot of a small profile opens in milliseconds: "0.00 s" would say nothing.
    const QString seconds = r.seconds >= 0.1 ? QString::number(r.seconds, 'f', 2) + QStringLiteral(" s")
                                             : QString::number(r.seconds * 1000, 'f', 0) + QStringLiteral(" ms");
    QString text;
    if (r.portable) {
        const QString from = savedFrom(r);
        text = from.isEmpty() ? tr("Opened %1 in %2").arg(name, seconds)
                              : tr("Opened %1 (%2) in %3").arg(name, from, seconds);
    } else if (r.fromSnapshot) {
        text = tr("Opened %1 from its snapshot in %2").arg(name, seconds);
    } else {
        text = tr("Opened %1 in %2").arg(name, seconds);
    }
    const size_t fixes = r.store ? r.store->diagnostics().counts().size() : 0;
    if (fixes == 1)
        text += tr(" — the importer fixed or skipped 1 kind of problem");
    else if (fixes > 1)
        text += tr(" — the importer fixed or skipped %1 kinds of problems").arg(fixes);
    // The cache is an optimisation, but a snapshot that was refused says something about the
    // disk or the version; each note is a whole sentence with the reason.
    for (const std::string& note : r.snapshotNotes)
        text += QStringLiteral(" — ") + QString::fromStdString(note);
    return text;
}

QString LoadMessage::text(const QString& name, const importers::LoadResult& r, const JobReport& job)
{
    const QString summary = jobSummary(job);
    return text(summary.isEmpty() ? name : tr("%1 (%2)").arg(name, summary), r);
}

QString LoadMessage::jobSummary(const JobReport& job)
{
    if (!job.isJob)
        return QString();
    const std::optional<analysis::ClockAlignment> a = JobImport::alignmentNamed(job.alignment);
    const QString how = !a                               ? QString()
        : *a == analysis::ClockAlignment::CollectiveEnds ? tr(", clocks aligned on collective ends")
        : *a == analysis::ClockAlignment::FirstStep      ? tr(", clocks aligned on the first step")
                                                         : tr(", clocks as recorded");
    QString text = (job.ranks == 1 ? tr("1 rank") : tr("%1 ranks").arg(job.ranks)) + how;
    if (!job.alignmentError.empty())
        text += QStringLiteral("; ") + QString::fromStdString(job.alignmentError);
    if (!job.problems.empty())
        text += job.problems.size() == 1 ? tr("; 1 file left out or cut short")
                                         : tr("; %1 files left out or cut short").arg(job.problems.size());
    return text;
}

QString LoadMessage::jobProblems(const JobReport& job)
{
    QStringList lines;
    for (const importers::job::JobPlan::Problem& p : job.problems)
        lines << tr("%1: %2 (at byte %3)")
                     .arg(QFileInfo(QString::fromStdString(p.path)).fileName(), QString::fromStdString(p.reason))
                     .arg(p.offset);
    return lines.join(QLatin1Char('\n'));
}

} // namespace strata::app
