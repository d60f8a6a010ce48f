#pragma once
#include "sophgoglobalinfo.h"

#include <store/diagnostics.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::importers::sophgo {

// Reads global.profile (the `[bmprofile] ...` text file) leniently, line by line: each line
// is "anything, then key=value pairs" (a value runs to the next whitespace, the last key's
// to the end of the line; commas inside numbers are dropped). Lines it does not know are
// counted, bad values reported with their byte offset; nothing stops the parse.
class SophgoGlobalProfileParser {
public:
    using Pairs = std::vector<std::pair<std::string_view, std::string_view>>;

    static SophgoGlobalInfo parse(std::string_view text, store::Diagnostics& diag);

    // Exposed for tests.
    static Pairs keyValues(std::string_view line);
    // Decimal or 0x-hex, commas ignored; false when anything else is in the text.
    static bool parseUnsigned(std::string_view text, uint64_t* out);
    static bool parseSigned(std::string_view text, int64_t* out);

private:
    SophgoGlobalProfileParser(store::Diagnostics& diag)
        : m_diag(diag)
    {
    }
    void line(std::string_view text, uint64_t offset);
    SophgoSubnet& subnet();
    SophgoLayer* layer();
    void addLayer(SophgoLayerKind kind, const Pairs& kv, uint64_t offset);
    void addTensor(const Pairs& kv, uint64_t offset);
    void addCommand(bool gdma, const Pairs& kv, uint64_t offset);
    void addAllocation(const Pairs& kv, uint64_t offset);
    void memoryUsage(const Pairs& kv, uint64_t offset);
    bool number(const Pairs& kv, std::string_view key, int64_t* out, uint64_t offset);
    bool unsignedNumber(const Pairs& kv, std::string_view key, uint64_t* out, uint64_t offset);
    void bad(std::string_view key, std::string_view value, uint64_t offset);

    store::Diagnostics& m_diag;
    SophgoGlobalInfo m_info;
    int64_t m_subnet = 0;
    int64_t m_group = -1;
    bool m_parallel = false;
    uint64_t m_lineNo = 0;
};

} // namespace strata::importers::sophgo
