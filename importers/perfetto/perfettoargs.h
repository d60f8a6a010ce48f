#pragma once
// DebugAnnotations → typed args. Nested values are flattened like the JSON importer does:
// dict members as "key.member", array elements as "key[i]", for both the NestedValue form
// and the dict_entries/array_values form.
#include "perfettosequence.h"
#include "protowire.h"

#include <store/storebuilder.h>

#include <string>
#include <vector>

namespace strata::importers::perfetto {

class AnnotationConverter {
public:
    explicit AnnotationConverter(store::StoreBuilder& builder);

    struct Problems {
        std::string error; // first malformed annotation (its args are dropped)
        uint64_t errorOffset = 0;
        std::vector<uint64_t> undefinedNameIids;
        std::vector<uint64_t> undefinedValueIids;
        uint64_t skippedProtoValues = 0;
        uint64_t tooDeep = 0;
    };
    // Appends the args of one DebugAnnotation to *out. A malformed annotation adds nothing
    // and fills problems->error (once).
    void convert(
        const proto::Field& annotation, const SequenceState& seq, std::vector<store::Arg>* out, Problems* problems);

    static constexpr int kMaxDepth = 32;

private:
    enum class KeyMode { Top, Member, Element };
    bool annotation(const proto::Field& f, KeyMode mode, const std::string& parent, size_t index, int depth,
        const SequenceState& seq, std::vector<store::Arg>* out, Problems* problems);
    bool nested(
        const proto::Field& f, const std::string& key, int depth, std::vector<store::Arg>* out, Problems* problems);
    store::StringId key(const std::string& k) { return m_b.intern(k); }

    store::StoreBuilder& m_b;
};

} // namespace strata::importers::perfetto
