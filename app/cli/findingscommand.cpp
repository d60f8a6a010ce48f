// strata-cli findings: what to fix first. Runs every findings rule (analysis::FindingRules)
// over a profile, or over each rank of a job plus the job's own rules (the straggler), ranks
// the findings by time at stake and prints them (report::FindingsReport); --fail-on turns
// matching findings into exit status 3, so a training job's CI can fail on a regression.
#include "clicommandregistry.h"
#include "cliload.h"
#include "clioptions.h"

#include <analysis/breakdown/breakdowncalculator.h>
#include <analysis/collectives/collectiveanalyzer.h>
#include <analysis/findings/findingrules.h>
#include <analysis/findings/findingsengine.h>
#include <analysis/operators/operatorcatalog.h>
#include <report/findingsreport.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace strata::app {
namespace {

struct FindingsOptions {
    std::vector<std::string> paths;
    std::optional<analysis::RelativeRange> range;
    std::optional<analysis::ClockAlignment> align; // none: recorded when the ranks' times overlap, else collectives
    bool json = false, markdown = false;
    std::vector<std::string> failOn; // "warning", "critical" or rule ids
    std::vector<std::string> thresholds; // KEY=VALUE, checked by checkThreshold
    bool listThresholds = false;
};

// "KEY=VALUE" split, the value a finite number; nullopt when it is not that shape.
std::optional<std::pair<std::string, double>> splitThreshold(const std::string& word)
{
    const size_t eq = word.find('=');
    if (eq == std::string::npos || eq + 1 == word.size())
        return std::nullopt;
    const std::string text = word.substr(eq + 1);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return std::make_pair(word.substr(0, eq), value);
}

// The thresholds --threshold sets over the table's defaults.
analysis::FindingThresholds thresholdsOf(const FindingsOptions& o)
{
    analysis::FindingThresholds t;
    for (const std::string& word : o.thresholds)
        if (const auto kv = splitThreshold(word))
            t.set(kv->first, kv->second); // checkThreshold let through only keys and values it takes
    return t;
}

// --list-thresholds: every threshold's key, default, unit and meaning, in the rules' order.
void listThresholds()
{
    size_t keyWidth = 3;
    for (const auto& s : analysis::FindingThresholds::specs())
        keyWidth = std::max(keyWidth, std::string(s.key).size());
    std::ostringstream out;
    out << std::left << std::setw(int(keyWidth) + 2) << "key" << std::setw(10) << "default" << std::setw(10) << "unit"
        << "meaning\n";
    for (const auto& s : analysis::FindingThresholds::specs()) {
        std::ostringstream value;
        value << s.defaultValue;
        // Padded by characters, not bytes: a unit may be UTF-8 ("µs").
        std::string unit(s.unit);
        const auto chars = size_t(std::count_if(unit.begin(), unit.end(), [](char c) { return (c & 0xC0) != 0x80; }));
        unit.append(chars < 10 ? 10 - chars : 0, ' ');
        out << std::setw(int(keyWidth) + 2) << s.key << std::setw(10) << value.str() << unit << s.meaning << "\n";
    }
    std::cout << out.str();
}

// Whether a finding matches --fail-on: "warning" matches warnings and criticals, "critical"
// criticals, a rule id that rule's findings of any severity.
bool failsOn(const analysis::Finding& f, const std::vector<std::string>& failOn)
{
    for (const std::string& w : failOn) {
        if (w == "warning" && f.severity >= analysis::FindingSeverity::Warning)
            return true;
        if (w == "critical" && f.severity == analysis::FindingSeverity::Critical)
            return true;
        if (w == f.id)
            return true;
    }
    return false;
}

// The alignment a job opens with, as the window opens one: as recorded when every rank's
// time range overlaps every other's (one clock, or clocks close enough to read as one),
// otherwise by the collectives' ends (ranks on hosts whose clocks differ).
analysis::ClockAlignment defaultAlignment(const CliJob& job)
{
    for (size_t i = 0; i < job.ranks.size(); ++i)
        for (size_t j = i + 1; j < job.ranks.size(); ++j) {
            const store::TimeRange a = job.ranks[i].load.store->extent(), b = job.ranks[j].load.store->extent();
            if (a.end < b.start || b.end < a.start)
                return analysis::ClockAlignment::CollectiveEnds;
        }
    return analysis::ClockAlignment::Recorded;
}

// The collectives of a job's ranks and the job's rules over them (the straggler).
analysis::FindingsResult jobFindings(const CliJob& job, analysis::ClockAlignment align,
    const std::vector<int64_t>& numbers, const std::vector<std::shared_ptr<const analysis::OperatorCatalog>>& catalogs,
    const std::vector<store::TimeRange>& windows, const analysis::FindingThresholds& thresholds,
    analysis::CollectiveAnalysis& collectives)
{
    std::vector<analysis::CollectiveRank> inputs;
    analysis::JobFindingInputs in;
    for (size_t i = 0; i < job.ranks.size(); ++i) {
        analysis::CollectiveRank c;
        c.rank = numbers[i];
        c.store = job.ranks[i].load.store.get();
        c.launches = &catalogs[i]->launches();
        inputs.push_back(std::move(c));
        in.ranks.push_back({ numbers[i], job.ranks[i].load.store.get(), windows[i] });
    }
    collectives = analysis::CollectiveAnalyzer::analyze(inputs, align);
    in.collectives = &collectives;
    return analysis::FindingsEngine::runJob(in, thresholds);
}

int runFindings(const FindingsOptions& o)
{
    if (o.listThresholds) {
        listThresholds();
        return 0;
    }
    if (o.paths.empty())
        throw CLI::RequiredError("FILE");
    const CliJob job = loadJobOrReport(o.paths);
    if (job.ranks.empty())
        return 2;
    const analysis::FindingThresholds thresholds = thresholdsOf(o);
    std::vector<std::shared_ptr<const analysis::OperatorCatalog>> catalogs; // alive for the job's rules
    std::vector<int64_t> numbers;
    std::vector<store::TimeRange> windows;
    std::vector<report::FindingsReport::Rank> ranks;
    for (size_t i = 0; i < job.ranks.size(); ++i) {
        const importers::LoadResult& r = job.ranks[i].load;
        const store::EventStore& s = *r.store;
        catalogs.push_back(indexOf<analysis::OperatorCatalog>(r)); // first: its launches decide host wait
        const auto breakdown = indexOf<analysis::BreakdownIndex>(r);
        const store::TimeRange window = o.range ? o.range->resolve(s.extent()) : s.extent();
        const auto stated = analysis::BreakdownCalculator::rankOf(s);
        numbers.push_back(stated ? *stated : job.ranks[i].rank.value_or(int64_t(i)));
        windows.push_back(window);
        report::FindingsReport::Rank rank;
        rank.file = job.ranks[i].path;
        rank.store = &s;
        if (job.isJob)
            rank.rank = numbers.back();
        rank.result = analysis::FindingsEngine::run(s, *catalogs.back(), *breakdown, window, thresholds);
        ranks.push_back(std::move(rank));
    }
    analysis::CollectiveAnalysis collectives;
    std::optional<analysis::FindingsResult> jobResult;
    if (job.isJob)
        jobResult = jobFindings(
            job, o.align.value_or(defaultAlignment(job)), numbers, catalogs, windows, thresholds, collectives);
    const report::FindingsReport out(std::move(ranks), std::move(jobResult));
    std::cout << (o.json ? out.json() : o.markdown ? out.markdown() : out.text());
    std::cout.flush();
    if (o.failOn.empty())
        return job.status();
    std::string matched;
    for (const analysis::Finding& f : out.findings())
        if (failsOn(f, o.failOn))
            matched += (matched.empty() ? "" : ", ") + f.id
                + (f.rank >= 0 ? " (rank " + std::to_string(f.rank) + ")" : "") + " "
                + analysis::findingSeverityName(f.severity);
    if (!matched.empty()) {
        std::cerr << "strata-cli findings: --fail-on matched: " << matched << "\n";
        return 3;
    }
    // No match, but a job printed without some of its members: the gate did not see every rank.
    return job.failed ? 4 : 0;
}

// --fail-on's words: warning, critical or rule ids, comma-separated.
std::string checkFailOn(const std::string& word)
{
    if (word == "warning" || word == "critical" || analysis::FindingRules::find(word))
        return "";
    std::ostringstream ids;
    for (const auto& r : analysis::FindingRules::all())
        ids << " " << r->id();
    return "not warning, critical or a rule id (" + ids.str().substr(1) + "): " + word;
}

// --threshold's word: KEY=VALUE, KEY one of FindingThresholds' keys, VALUE a number >= 0.
std::string checkThreshold(const std::string& word)
{
    const auto kv = splitThreshold(word);
    if (kv && analysis::FindingThresholds::spec(kv->first) && kv->second >= 0)
        return "";
    std::string keys;
    for (const auto& s : analysis::FindingThresholds::specs())
        keys += (keys.empty() ? "" : ", ") + std::string(s.key);
    return "not KEY=VALUE with a threshold's key and a number >= 0 (keys: " + keys + "; --list-thresholds says "
        + "what each means): " + word;
}

CliRun declareFindings(CLI::App& command)
{
    auto o = std::make_shared<FindingsOptions>();
    // Not required by CLI11: --list-thresholds reads no profile; runFindings asks for it otherwise.
    command.add_option("FILE", o->paths, "the profile; a folder of per-rank traces, or several files, is a job");
    CliOptions::range(command, "--range", &o->range, "look at this window instead of the whole trace");
    const std::map<std::string, analysis::ClockAlignment> aligns { { "recorded", analysis::ClockAlignment::Recorded },
        { "collectives", analysis::ClockAlignment::CollectiveEnds },
        { "first-step", analysis::ClockAlignment::FirstStep } };
    command
        .add_option("--align", o->align,
            "a job's clocks for the straggler: recorded, collectives, first-step (default: recorded when the "
            "ranks' times overlap, else collectives)")
        ->transform(CLI::CheckedTransformer(aligns, CLI::ignore_case).description(""))
        ->type_name("A");
    auto* json = command.add_flag("--json", o->json, "print the findings as JSON");
    auto* markdown
        = command.add_flag("--markdown", o->markdown, "print a short Markdown report to paste into a review");
    json->excludes(markdown);
    command
        .add_option("--fail-on", o->failOn,
            "exit with status 3 when a finding matches: warning (warnings and criticals), critical, or rule ids, "
            "comma-separated")
        ->delimiter(',')
        ->check(CLI::Validator(checkFailOn, ""))
        ->type_name("W[,W...]");
    command
        .add_option("--threshold", o->thresholds,
            "set a rule's threshold, KEY=VALUE (repeatable; --list-thresholds names the keys)")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->check(CLI::Validator(checkThreshold, ""))
        ->type_name("KEY=VALUE");
    command.add_flag("--list-thresholds", o->listThresholds,
        "print every threshold's key, default, unit and meaning, and read no profile");
    return [o] { return runFindings(*o); };
}

} // namespace

STRATA_CLI_COMMAND("findings",
    "what to fix first: device idle, exposed communication, stragglers, launch-bound kernels, synchronisation, "
    "pageable copies, small transfers, step variance, data-loader waits, the hot operator, ranked by time at stake",
    &declareFindings);

} // namespace strata::app
