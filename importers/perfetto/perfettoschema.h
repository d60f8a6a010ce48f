#pragma once
// Field numbers of the Perfetto trace protos the importer reads (formats.md §2.2, checked
// against google/perfetto protos/perfetto/trace/*.proto). Only numbers, no generated code.
#include <cstdint>
#include <string>

namespace strata::importers::perfetto {

namespace trace {
constexpr uint32_t kPacket = 1;
}

namespace packet {
constexpr uint32_t kFtraceEvents = 1;
constexpr uint32_t kTrustedUid = 3;
constexpr uint32_t kClockSnapshot = 6;
constexpr uint32_t kTimestamp = 8;
constexpr uint32_t kTrustedPacketSequenceId = 10;
constexpr uint32_t kTrackEvent = 11;
constexpr uint32_t kInternedData = 12;
constexpr uint32_t kSequenceFlags = 13;
constexpr uint32_t kIncrementalStateCleared = 41;
constexpr uint32_t kPreviousPacketDropped = 42;
constexpr uint32_t kProcessDescriptor = 43;
constexpr uint32_t kThreadDescriptor = 44;
constexpr uint32_t kCompressedPackets = 50;
constexpr uint32_t kTimestampClockId = 58;
constexpr uint32_t kTracePacketDefaults = 59;
constexpr uint32_t kTrackDescriptor = 60;
constexpr uint32_t kTrustedPid = 79;
constexpr uint32_t kFirstPacketOnSequence = 87;
constexpr uint32_t kMachineId = 98;
constexpr uint32_t kZstdCompressedPackets = 133;

constexpr uint32_t kSeqIncrementalStateCleared = 1;
constexpr uint32_t kSeqNeedsIncrementalState = 2;
} // namespace packet

namespace defaults { // TracePacketDefaults
constexpr uint32_t kTimestampClockId = 58;
constexpr uint32_t kTrackEventDefaults = 11;
} // namespace defaults

namespace trackdefaults { // TrackEventDefaults
constexpr uint32_t kTrackUuid = 11;
constexpr uint32_t kExtraCounterTrackUuids = 31;
constexpr uint32_t kExtraDoubleCounterTrackUuids = 45;
} // namespace trackdefaults

namespace interned {
constexpr uint32_t kEventCategories = 1;
constexpr uint32_t kEventNames = 2;
constexpr uint32_t kDebugAnnotationNames = 3;
constexpr uint32_t kSourceLocations = 4;
constexpr uint32_t kDebugAnnotationStringValues = 29;
// EventCategory / EventName / DebugAnnotationName: iid = 1, name = 2; InternedString: iid = 1, str = 2.
constexpr uint32_t kIid = 1;
constexpr uint32_t kName = 2;
// SourceLocation
constexpr uint32_t kFileName = 2;
constexpr uint32_t kFunctionName = 3;
constexpr uint32_t kLineNumber = 4;
} // namespace interned

namespace track { // TrackDescriptor
constexpr uint32_t kUuid = 1;
constexpr uint32_t kName = 2;
constexpr uint32_t kProcess = 3;
constexpr uint32_t kThread = 4;
constexpr uint32_t kParentUuid = 5;
constexpr uint32_t kCounter = 8;
constexpr uint32_t kStaticName = 10;
constexpr uint32_t kChildOrdering = 11;
constexpr uint32_t kSiblingOrderRank = 12;
constexpr uint32_t kAtraceName = 13;
constexpr uint32_t kChildOrderingExplicit = 3;
} // namespace track

namespace process { // ProcessDescriptor
constexpr uint32_t kPid = 1;
constexpr uint32_t kCmdline = 2;
constexpr uint32_t kLegacySortIndex = 3;
constexpr uint32_t kProcessName = 6;
constexpr uint32_t kProcessLabels = 8;
} // namespace process

namespace thread { // ThreadDescriptor
constexpr uint32_t kPid = 1;
constexpr uint32_t kTid = 2;
constexpr uint32_t kThreadName = 5;
constexpr uint32_t kReferenceTimestampUs = 6;
} // namespace thread

namespace counter { // CounterDescriptor
constexpr uint32_t kType = 1;
constexpr uint32_t kUnit = 3;
constexpr uint32_t kUnitMultiplier = 4;
constexpr uint32_t kIsIncremental = 5;
constexpr uint32_t kUnitName = 6;
} // namespace counter

namespace event { // TrackEvent
constexpr uint32_t kTimestampDeltaUs = 1;
constexpr uint32_t kCategoryIids = 3;
constexpr uint32_t kDebugAnnotations = 4;
constexpr uint32_t kLegacyEvent = 6;
constexpr uint32_t kType = 9;
constexpr uint32_t kNameIid = 10;
constexpr uint32_t kTrackUuid = 11;
constexpr uint32_t kExtraCounterValues = 12;
constexpr uint32_t kTimestampAbsoluteUs = 16;
constexpr uint32_t kCategories = 22;
constexpr uint32_t kName = 23;
constexpr uint32_t kCounterValue = 30;
constexpr uint32_t kExtraCounterTrackUuids = 31;
constexpr uint32_t kSourceLocation = 33;
constexpr uint32_t kSourceLocationIid = 34;
constexpr uint32_t kFlowIdsOld = 36;
constexpr uint32_t kTerminatingFlowIdsOld = 42;
constexpr uint32_t kDoubleCounterValue = 44;
constexpr uint32_t kExtraDoubleCounterTrackUuids = 45;
constexpr uint32_t kExtraDoubleCounterValues = 46;
constexpr uint32_t kFlowIds = 47;
constexpr uint32_t kTerminatingFlowIds = 48;

constexpr uint32_t kTypeSliceBegin = 1;
constexpr uint32_t kTypeSliceEnd = 2;
constexpr uint32_t kTypeInstant = 3;
constexpr uint32_t kTypeCounter = 4;
} // namespace event

namespace legacy { // TrackEvent.LegacyEvent
constexpr uint32_t kNameIid = 1;
constexpr uint32_t kPhase = 2;
constexpr uint32_t kDurationUs = 3;
} // namespace legacy

namespace annotation { // DebugAnnotation
constexpr uint32_t kNameIid = 1;
constexpr uint32_t kBoolValue = 2;
constexpr uint32_t kUintValue = 3;
constexpr uint32_t kIntValue = 4;
constexpr uint32_t kDoubleValue = 5;
constexpr uint32_t kStringValue = 6;
constexpr uint32_t kPointerValue = 7;
constexpr uint32_t kNestedValue = 8;
constexpr uint32_t kLegacyJsonValue = 9;
constexpr uint32_t kName = 10;
constexpr uint32_t kDictEntries = 11;
constexpr uint32_t kArrayValues = 12;
constexpr uint32_t kStringValueIid = 17;
} // namespace annotation

namespace nested { // DebugAnnotation.NestedValue
constexpr uint32_t kNestedType = 1;
constexpr uint32_t kDictKeys = 2;
constexpr uint32_t kDictValues = 3;
constexpr uint32_t kArrayValues = 4;
constexpr uint32_t kIntValue = 5;
constexpr uint32_t kDoubleValue = 6;
constexpr uint32_t kBoolValue = 7;
constexpr uint32_t kStringValue = 8;
constexpr uint32_t kDict = 1;
constexpr uint32_t kArray = 2;
} // namespace nested

namespace clock { // ClockSnapshot
constexpr uint32_t kClocks = 1;
constexpr uint32_t kPrimaryTraceClock = 2;
constexpr uint32_t kClockId = 1;
constexpr uint32_t kTimestamp = 2;
constexpr uint32_t kIsIncremental = 3;
constexpr uint32_t kUnitMultiplierNs = 4;
constexpr uint32_t kBoottime = 6;
constexpr uint32_t kFirstSequenceClock = 64;
constexpr uint32_t kLastSequenceClock = 127;
} // namespace clock

// The TracePacket field name for the phase histogram ("track_event", "ftrace_events", ...);
// numbers the message does not declare (extensions such as 92) are "field<N>".
std::string packetFieldName(uint32_t id);

// Whether a TracePacket field is the packet's payload (a member of its `data` oneof or an
// extension) rather than packet metadata such as timestamp, sequence id or interned data.
bool isPayloadField(uint32_t id);

// The wire type TracePacket declares for a field it names: 0 for its scalars (varint), 2
// for messages and bytes, -1 for numbers it does not name (extensions, unknown fields).
int packetFieldWireType(uint32_t id);
// Named length-delimited TracePacket fields that hold bytes rather than a message.
bool isPacketBytesField(uint32_t id);

} // namespace strata::importers::perfetto
