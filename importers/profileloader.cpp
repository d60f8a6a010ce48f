#include "profileloader.h"

#include "importerregistry.h"
#include "sophgo/sophgofolder.h"

#include <store/storefinalizer.h>

#include <chrono>
#include <exception>
#include <filesystem>

namespace strata::importers {

LoadResult ProfileLoader::load(const std::string& path, const ImportContext& ctx)
{
    const auto t0 = std::chrono::steady_clock::now();
    LoadResult out;
    std::string error;
    // A folder format (Sophgo bmprofile_data-N/) is opened through one of its files, which
    // the importer's probe recognises; the importer then reads the folder itself.
    std::string file = path;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        file = sophgo::SophgoFolder::entryFile(path);
        if (file.empty()) {
            out.error = path + ": a folder that holds no profile: no global.profile, iter*.profile or bmlib*.profile"
                + " (at byte 0)";
            return out;
        }
    }
    auto input = InputReader::open(file, &error);
    if (!input) {
        out.error = error;
        return out;
    }
    input->setCancelFlag(ctx.cancel);
    out.compression = input->compression();
    out.fileBytes = file == path ? input->fileBytes() : sophgo::SophgoFolder::scan(path).totalBytes;
    const std::string_view head = input->peek(64 * 1024);
    if (input->cancelled() || (ctx.cancel && ctx.cancel->load())) {
        out.cancelled = true;
        out.error = path + ": load cancelled";
        return out;
    }
    const Importer* importer = ImporterRegistry::instance().pick(head, file);
    if (!importer) {
        if (input->failed()) {
            out.error = path + ": " + input->error() + " (at byte " + std::to_string(input->errorOffset()) + ")";
            out.errorOffset = input->errorOffset();
        } else {
            // Point at the first byte that is not whitespace: where recognition failed.
            size_t at = 0;
            while (at < head.size() && (head[at] == ' ' || head[at] == '\n' || head[at] == '\r' || head[at] == '\t'))
                ++at;
            out.errorOffset = at;
            out.error = path + (at == head.size() ? ": no profile data, only whitespace" : ": not a supported profile")
                + " (at byte " + std::to_string(at) + ")";
        }
        return out;
    }
    try {
        store::StoreBuilder builder;
        if (ctx.argSetsForMerger)
            builder.keepRepeatedArgSets();
        ImportContext importCtx = ctx;
        if (ctx.progress) // the import is ~90% of the work, finalize the rest
            importCtx.progress = [&](double f) { ctx.progress(0.9 * f); };
        ImportResult r = importer->import(*input, builder, importCtx);
        out.inputBytes = input->producedBytes();
        out.format = r.format;
        out.phases = std::move(r.phases);
        out.stages = std::move(r.stages);
        if (r.cancelled) {
            out.cancelled = true;
            out.error = path + ": load cancelled";
            return out;
        }
        if (!r.ok) {
            out.errorOffset = r.errorOffset;
            out.error = path + ": " + r.error + " (at byte " + std::to_string(r.errorOffset) + ")";
            return out;
        }
        std::function<void(double)> fin;
        if (ctx.progress)
            fin = [&](double f) { ctx.progress(0.9 + 0.1 * f); };
        const auto tf = std::chrono::steady_clock::now();
        store::StageTimes finalizeStages;
        out.store = store::StoreFinalizer::finalize(builder, fin, ctx.cancel, &finalizeStages);
        out.finalizeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - tf).count();
        for (auto& s : finalizeStages.stages())
            out.stages.push_back(std::move(s));
        if (!out.store) {
            out.cancelled = true;
            out.error = path + ": load cancelled";
        }
    } catch (const std::bad_alloc&) {
        out.store.reset();
        out.error = path + ": out of memory while loading (at byte " + std::to_string(input->consumedBytes()) + ")";
    } catch (const std::exception& e) {
        out.store.reset();
        out.error = path + ": " + e.what() + " (at byte " + std::to_string(input->consumedBytes()) + ")";
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

} // namespace strata::importers
