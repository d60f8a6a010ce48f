// The fuzz target of the annotations sidecar (`<trace>.strata-annotations.json`, also the
// Annotations dock's Load…): the bytes as AnnotationsFile::read hands them to parse().
// A marker set that parses is written back and parsed again, as saving a loaded file does.
#include <state/annotationsfile.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using strata::model::AnnotationsFile;
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const auto set = AnnotationsFile::parse(bytes, QStringLiteral("fuzz.strata-annotations.json"), &error);
    if (!set)
        return 0;
    const auto again = AnnotationsFile::parse(AnnotationsFile::serialize(*set), QStringLiteral("again"), &error);
    // What was saved must load back whole.
    if (!again || again->markers.size() != set->markers.size()) {
        std::fprintf(stderr, "fuzz: a saved marker set does not load back: %s\n", qPrintable(error));
        std::abort();
    }
    return 0;
}
