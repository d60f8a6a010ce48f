// The mutation test of SnapshotReader (not a QtTest: a program ctest runs with a count and
// a time bound): writes a snapshot of the rich test store with its derived indexes, then
// reads damaged copies of it (SnapshotMutator). Each must be refused with an error naming
// the file and a byte offset, or read into a store whose every accessor can be walked
// (StoreDump), and whose index blobs are refused or restored and walked (walkIndexes). A crash, a sanitizer
// report or an escaping exception fails the run; so does a refusal without an offset text.
// Every eighth mutation is also written to a file and read from it, in reads of 61 bytes
// (Options::inputBytes), which must give the same outcome as reading it from memory.
//
//   snapshot_mutations [--count N] [--seconds S] [--seed K]
#include "snapshottestutil.h"
#include <support/indexwalk.h>
#include <support/snapshotmutator.h>
#include <support/storedump.h>

#include <snapshot/snapshotreader.h>
#include <snapshot/snapshotwriter.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

int main(int argc, char** argv)
{
    uint64_t count = 10000, seed = 17;
    double seconds = 60;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--count"))
            count = std::strtoull(argv[i + 1], nullptr, 10);
        else if (!std::strcmp(argv[i], "--seconds"))
            seconds = std::atof(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seed"))
            seed = std::strtoull(argv[i + 1], nullptr, 10);
    }
    using namespace strata::store;
    const auto store = snapshottest::richStore();
    SnapshotWriter::Options withIndexes;
    withIndexes.attachments = strata::analysis::IndexAttachments::encode(*store);
    const std::vector<uint8_t> file = SnapshotWriter::encode(*store, "mutations", withIndexes);
    const std::string expected = snapshottest::StoreDump::text(*store);
    {
        const SnapshotReadResult r = SnapshotReader::read(file.data(), file.size(), "m.strata", {});
        if (!r.store || snapshottest::StoreDump::text(*r.store) != expected
            || snapshottest::walkIndexes(*r.store, r.attachments) != 3) {
            std::fprintf(
                stderr, "snapshot_mutations: the unmutated snapshot does not read back: %s\n", r.error.c_str());
            return 1;
        }
    }
    char tempPath[] = "/tmp/snapshot_mutations_XXXXXX";
    const int tempFd = ::mkstemp(tempPath);
    if (tempFd < 0) {
        std::perror("snapshot_mutations: mkstemp");
        return 1;
    }
    ::close(tempFd);
    const std::string path = tempPath;
    struct Unlink {
        std::string path;
        ~Unlink() { std::remove(path.c_str()); }
    } unlink { path };
    // The outcome of reading `bad` from the file `path` is the one from memory (`r`, "m.strata").
    auto sameFromFile = [&](const std::vector<uint8_t>& bad, const SnapshotReadResult& r, SnapshotReader::Options o) {
        FILE* f = std::fopen(path.c_str(), "wb");
        if (!f || std::fwrite(bad.data(), 1, bad.size(), f) != bad.size() || std::fclose(f) != 0)
            return false;
        o.inputBytes = 61;
        const SnapshotReadResult fromFile = SnapshotReader::read(path, o);
        if (!r.store || !fromFile.store)
            return !r.store && !fromFile.store && fromFile.errorOffset == r.errorOffset
                && fromFile.error == path + r.error.substr(std::strlen("m.strata"));
        return snapshottest::StoreDump::text(*fromFile.store) == snapshottest::StoreDump::text(*r.store)
            && fromFile.attachments == r.attachments;
    };
    const snapshottest::SnapshotMutator mutator(file);
    std::mt19937_64 rng(seed);
    SnapshotReader::Options options;
    options.maxRawBytes = 256u << 20;
    std::map<std::string, std::pair<uint64_t, uint64_t>> byKind; // kind → (refused, read)
    const auto start = std::chrono::steady_clock::now();
    uint64_t done = 0, refused = 0, indexes = 0;
    for (; done < count; ++done) {
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds)
            break;
        std::string what;
        const std::vector<uint8_t> bad = mutator.mutate(rng, &what);
        const std::string kind = what.rfind("contents", 0) == 0 ? "section contents" : what;
        const SnapshotReadResult r = SnapshotReader::read(bad.data(), bad.size(), "m.strata", options);
        if (done % 8 == 0 && !sameFromFile(bad, r, options)) {
            std::fprintf(stderr, "snapshot_mutations: mutation %llu (%s): read otherwise from a file (%s)\n",
                (unsigned long long)done, what.c_str(), r.error.c_str());
            return 1;
        }
        if (r.store) {
            snapshottest::StoreDump::text(*r.store); // walks every accessor
            indexes += uint64_t(snapshottest::walkIndexes(*r.store, r.attachments));
            ++byKind[kind].second;
            continue;
        }
        if (r.error.rfind("m.strata: ", 0) != 0 || r.error.find(" at byte ") == std::string::npos) {
            std::fprintf(stderr, "snapshot_mutations: mutation %llu (%s): error without file or offset: %s\n",
                (unsigned long long)done, what.c_str(), r.error.c_str());
            return 1;
        }
        ++refused;
        ++byKind[kind].first;
    }
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("snapshot_mutations: %llu mutated snapshots in %.1f s: %llu refused, %llu read and walked\n",
        (unsigned long long)done, took, (unsigned long long)refused, (unsigned long long)(done - refused));
    std::printf(
        "  of those read, %llu index blobs restored and walked (the others refused)\n", (unsigned long long)indexes);
    for (const auto& [kind, n] : byKind)
        std::printf("  %-20s refused %6llu  read %6llu\n", kind.c_str(), (unsigned long long)n.first,
            (unsigned long long)n.second);
    // The bound is on time; fewer than requested only when the machine is slow, said above.
    return done == 0 ? 1 : 0;
}
