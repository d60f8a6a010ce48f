#pragma once
#include "neuronrecord.h"

#include <store/storebuilder.h>

#include <initializer_list>
#include <string_view>
#include <vector>

namespace strata::importers {

// Turns a record's fields into a deduplicated arg set: every field except the ones the
// importer consumed (times), typed as written, strings interned; `extra` args are added
// after them (identity args such as framework_name).
class NeuronArgs {
public:
    explicit NeuronArgs(store::StoreBuilder& builder)
        : m_b(builder)
    {
    }
    store::ArgSetId build(const NeuronRecord& record, std::initializer_list<std::string_view> skip,
        const std::vector<store::Arg>& extra = {});

private:
    store::StoreBuilder& m_b;
    std::vector<store::Arg> m_args;
};

} // namespace strata::importers
