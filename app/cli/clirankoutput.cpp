#include "clirankoutput.h"

#include "cliload.h"

#include <report/jsonnumber.h>

#include <iostream>
#include <sstream>

namespace strata::app {

std::string CliRankOutput::heading(const CliJob::Rank& rank)
{
    return "== rank " + (rank.rank ? std::to_string(*rank.rank) : std::string("-")) + ": " + rank.path
        + (rank.rankFromName ? " (rank from the file name)" : "") + " ==\n";
}

std::string CliRankOutput::csvWithRank(const std::string& csv, const std::string& rank, bool withHeader)
{
    std::string out;
    bool quoted = false, recordStart = true, inHeader = true;
    for (const char c : csv) {
        if (recordStart) {
            recordStart = false;
            if (!inHeader)
                out += rank + ",";
            else if (withHeader)
                out += "rank,";
        }
        if (!inHeader || withHeader)
            out += c;
        if (c == '"') {
            quoted = !quoted;
        } else if (c == '\n' && !quoted) {
            recordStart = true;
            inHeader = false;
        }
    }
    return out;
}

int CliRankOutput::print(const CliJob& job, Format format, const PrintOne& print, std::ostream& out)
{
    if (!job.isJob)
        return job.ranks.empty() ? 2 : print(job.ranks.front(), out);
    if (job.ranks.empty())
        return 2;
    size_t failed = job.failed, printed = 0;
    report::Json ranks = report::Json::array();
    for (const CliJob::Rank& rank : job.ranks) {
        std::ostringstream one;
        if (print(rank, one) != 0) {
            ++failed;
            continue;
        }
        const std::string text = one.str();
        if (format == Format::Text) {
            out << (printed ? "\n" : "") << heading(rank) << text;
        } else if (format == Format::Csv) {
            out << csvWithRank(text, rank.rank ? std::to_string(*rank.rank) : std::string(), printed == 0);
        } else {
            report::Json o;
            o["rank"] = rank.rank ? report::Json(*rank.rank) : report::Json(nullptr);
            o["file"] = rank.path;
            report::Json parsed = report::Json::parse(text, nullptr, false);
            if (parsed.is_object())
                for (auto& [key, value] : parsed.items())
                    o[key] = std::move(value);
            else
                o["output"] = parsed.is_discarded() ? report::Json(text) : std::move(parsed);
            ranks.push_back(std::move(o));
        }
        ++printed;
    }
    if (format == Format::Json) {
        report::Json all;
        all["ranks"] = std::move(ranks);
        out << all.dump(2, ' ', false, report::Json::error_handler_t::replace) << "\n";
    }
    return printed == 0 ? 2 : failed ? 3 : 0;
}

int CliRankOutput::run(const std::vector<std::string>& paths, Format format, const PrintOne& printOne)
{
    const CliJob job = loadJobOrReport(paths);
    return print(job, format, printOne, std::cout);
}

} // namespace strata::app
