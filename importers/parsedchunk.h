#pragma once
// What a worker thread produces from one slice of the traceEvents array: events with
// chunk-local string ids, ready for the in-order merge into the StoreBuilder.
#include <store/argtable.h>
#include <store/diagnostics.h>
#include <store/stringpool.h>

#include <string>
#include <vector>

namespace strata::importers {

struct LocalId { // a pid/tid/id/bind_id token as written
    enum Kind : uint8_t { None, Number, String } kind = None;
    int64_t num = 0;
    uint32_t str = 0; // local string id
};

struct ParsedEvent {
    store::TimeNs ts = 0;
    store::TimeNs dur = 0;
    uint32_t name = UINT32_MAX; // local string ids; UINT32_MAX = absent
    uint32_t cat = UINT32_MAX;
    uint32_t ph = UINT32_MAX; // the ph string as written
    LocalId pid, tid, id, bindId;
    uint32_t argsBegin = 0, argsEnd = 0; // into ParsedChunk::args
    uint32_t offset = 0; // byte offset of the event in the chunk
    char scope = 0; // 's' field: 'g', 'p', 't'
    bool hasTs = false, tsBad = false, hasDur = false, durBad = false;
    bool bpEnclosing = false, flowIn = false, flowOut = false;
    bool id2Local = false; // id came from id2.local (process-scoped)
    bool empty = true; // "{}" placeholder
};

struct ParsedArg {
    uint32_t key; // local string id (flattened dotted path)
    store::ArgKind kind;
    union {
        int64_t i;
        uint64_t u;
        double d;
        uint32_t s;
    };
};

struct ParsedChunk {
    uint64_t seq = 0;
    uint64_t baseOffset = 0; // offset of chunk byte 0 in the decompressed input
    store::StringPool strings;
    std::vector<ParsedEvent> events;
    std::vector<ParsedArg> args;
    store::Diagnostics diagnostics;
    std::string fatal; // set when parsing failed outright (e.g. out of memory)
};

} // namespace strata::importers
