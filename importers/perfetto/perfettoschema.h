#pragma once
// Field numbers of the Perfetto trace protos the importer reads (checked against
// google/perfetto protos/perfetto/trace/*.proto). Only numbers, no generated code.
#include <cstdint>
#include <string>

namespace strata::importers::perfetto {

// One declaration per message (or enum) lists its field numbers as the .proto does.
namespace trace {
constexpr uint32_t kPacket = 1;
}

namespace packet {
constexpr uint32_t kFtraceEvents = 1, kTrustedUid = 3, kClockSnapshot = 6, kTimestamp = 8,
                   kTrustedPacketSequenceId = 10, kTrackEvent = 11, kInternedData = 12, kSequenceFlags = 13,
                   kIncrementalStateCleared = 41, kPreviousPacketDropped = 42, kProcessDescriptor = 43,
                   kThreadDescriptor = 44, kCompressedPackets = 50, kTimestampClockId = 58, kTracePacketDefaults = 59,
                   kTrackDescriptor = 60, kTrustedPid = 79, kFirstPacketOnSequence = 87, kMachineId = 98,
                   kZstdCompressedPackets = 133;
// SequenceFlags bits
constexpr uint32_t kSeqIncrementalStateCleared = 1, kSeqNeedsIncrementalState = 2;
} // namespace packet

namespace defaults { // TracePacketDefaults
constexpr uint32_t kTimestampClockId = 58, kTrackEventDefaults = 11;
} // namespace defaults

namespace trackdefaults { // TrackEventDefaults
constexpr uint32_t kTrackUuid = 11, kExtraCounterTrackUuids = 31, kExtraDoubleCounterTrackUuids = 45;
} // namespace trackdefaults

namespace interned {
constexpr uint32_t kEventCategories = 1, kEventNames = 2, kDebugAnnotationNames = 3, kSourceLocations = 4,
                   kDebugAnnotationStringValues = 29;
// EventCategory / EventName / DebugAnnotationName: iid = 1, name = 2; InternedString: iid = 1, str = 2.
constexpr uint32_t kIid = 1, kName = 2;
// SourceLocation
constexpr uint32_t kFileName = 2, kFunctionName = 3, kLineNumber = 4;
} // namespace interned

namespace track { // TrackDescriptor
constexpr uint32_t kUuid = 1, kName = 2, kProcess = 3, kThread = 4, kParentUuid = 5, kCounter = 8, kStaticName = 10,
                   kChildOrdering = 11, kSiblingOrderRank = 12, kAtraceName = 13;
// ChildTracksOrdering
constexpr uint32_t kChildOrderingExplicit = 3;
} // namespace track

namespace process { // ProcessDescriptor
constexpr uint32_t kPid = 1, kCmdline = 2, kLegacySortIndex = 3, kProcessName = 6, kProcessLabels = 8;
} // namespace process

namespace thread { // ThreadDescriptor
constexpr uint32_t kPid = 1, kTid = 2, kThreadName = 5, kReferenceTimestampUs = 6;
} // namespace thread

namespace counter { // CounterDescriptor
constexpr uint32_t kType = 1, kUnit = 3, kUnitMultiplier = 4, kIsIncremental = 5, kUnitName = 6;
} // namespace counter

namespace event { // TrackEvent
constexpr uint32_t kTimestampDeltaUs = 1, kCategoryIids = 3, kDebugAnnotations = 4, kLegacyEvent = 6, kType = 9,
                   kNameIid = 10, kTrackUuid = 11, kExtraCounterValues = 12, kTimestampAbsoluteUs = 16,
                   kCategories = 22, kName = 23, kCounterValue = 30, kExtraCounterTrackUuids = 31, kSourceLocation = 33,
                   kSourceLocationIid = 34, kFlowIdsOld = 36, kTerminatingFlowIdsOld = 42, kDoubleCounterValue = 44,
                   kExtraDoubleCounterTrackUuids = 45, kExtraDoubleCounterValues = 46, kFlowIds = 47,
                   kTerminatingFlowIds = 48;
// TrackEvent.Type
constexpr uint32_t kTypeSliceBegin = 1, kTypeSliceEnd = 2, kTypeInstant = 3, kTypeCounter = 4;
} // namespace event

namespace legacy { // TrackEvent.LegacyEvent
constexpr uint32_t kNameIid = 1, kPhase = 2, kDurationUs = 3;
} // namespace legacy

namespace annotation { // DebugAnnotation
constexpr uint32_t kNameIid = 1, kBoolValue = 2, kUintValue = 3, kIntValue = 4, kDoubleValue = 5, kStringValue = 6,
                   kPointerValue = 7, kNestedValue = 8, kLegacyJsonValue = 9, kName = 10, kDictEntries = 11,
                   kArrayValues = 12, kStringValueIid = 17;
} // namespace annotation

namespace nested { // DebugAnnotation.NestedValue
constexpr uint32_t kNestedType = 1, kDictKeys = 2, kDictValues = 3, kArrayValues = 4, kIntValue = 5, kDoubleValue = 6,
                   kBoolValue = 7, kStringValue = 8;
// NestedValue.NestedType
constexpr uint32_t kDict = 1, kArray = 2;
} // namespace nested

namespace clock { // ClockSnapshot
constexpr uint32_t kClocks = 1, kPrimaryTraceClock = 2;
// ClockSnapshot.Clock
constexpr uint32_t kClockId = 1, kTimestamp = 2, kIsIncremental = 3, kUnitMultiplierNs = 4;
// BuiltinClock ids, and the range of sequence-scoped clock ids
constexpr uint32_t kBoottime = 6, kFirstSequenceClock = 64, kLastSequenceClock = 127;
} // namespace clock

// The TracePacket field name for the phase histogram ("track_event", "ftrace_events", ...);
// numbers the message does not declare (extensions such as 92) are "field<N>".
std::string packetFieldName(uint32_t id);

// Readable nouns for a count of packets of one payload kind, singular and plural, for the
// sentence saying what was not shown: ftrace_events → "ftrace bundle", "ftrace bundles";
// kinds without a noun of their own → "trace_config packet", "packets of extension field 92".
struct PacketNouns {
    std::string one, many;
};
PacketNouns packetKindNouns(uint32_t id);

// Packet metadata, everything outside TracePacket's `data` oneof, as a bit per field number
// (all are below 128): 3, 8, 10, 12, 13, 41, 42, 58, 59, 79, 87, 98.
constexpr uint64_t kMetadataFieldBits[2] = {
    (uint64_t(1) << 3) | (uint64_t(1) << 8) | (uint64_t(1) << 10) | (uint64_t(1) << 12) | (uint64_t(1) << 13)
        | (uint64_t(1) << 41) | (uint64_t(1) << 42) | (uint64_t(1) << 58) | (uint64_t(1) << 59),
    (uint64_t(1) << (79 - 64)) | (uint64_t(1) << (87 - 64)) | (uint64_t(1) << (98 - 64)),
};

// Whether a TracePacket field is the packet's payload (a member of its `data` oneof or an
// extension) rather than packet metadata such as timestamp, sequence id or interned data.
// Inline: it is asked for every field of every packet.
inline bool isPayloadField(uint32_t id)
{
    return id >= 128 || ((kMetadataFieldBits[id >> 6] >> (id & 63)) & 1) == 0;
}

// The wire type TracePacket declares for a field it names: 0 for its scalars (varint), 2
// for messages and bytes, -1 for numbers it does not name (extensions, unknown fields).
int packetFieldWireType(uint32_t id);
// Named length-delimited TracePacket fields that hold bytes rather than a message.
bool isPacketBytesField(uint32_t id);

} // namespace strata::importers::perfetto
