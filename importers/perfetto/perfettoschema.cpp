#include "perfettoschema.h"

#include <algorithm>
#include <iterator>

namespace strata::importers::perfetto {

namespace {
struct NamedField {
    uint32_t id;
    const char* name;
};

// Every field TracePacket itself declares (google/perfetto trace_packet.proto), by number.
// Extensions (56, 76, 88, 92, 93, 94, 96, 97, 104, 105, 112, 114, 116, 121, 1000+) are
// defined out of tree and have no name here: they print as "field<N>".
constexpr NamedField kPacketFields[] = {
    { 1, "ftrace_events" },
    { 2, "process_tree" },
    { 3, "trusted_uid" },
    { 4, "inode_file_map" },
    { 5, "chrome_events" },
    { 6, "clock_snapshot" },
    { 7, "sys_stats" },
    { 8, "timestamp" },
    { 9, "process_stats" },
    { 10, "trusted_packet_sequence_id" },
    { 11, "track_event" },
    { 12, "interned_data" },
    { 13, "sequence_flags" },
    { 33, "trace_config" },
    { 34, "ftrace_stats" },
    { 35, "trace_stats" },
    { 36, "synchronization_marker" },
    { 37, "profile_packet" },
    { 38, "battery" },
    { 39, "android_log" },
    { 40, "power_rails" },
    { 41, "incremental_state_cleared" },
    { 42, "previous_packet_dropped" },
    { 43, "process_descriptor" },
    { 44, "thread_descriptor" },
    { 45, "system_info" },
    { 46, "trigger" },
    { 47, "packages_list" },
    { 48, "chrome_benchmark_metadata" },
    { 49, "perfetto_metatrace" },
    { 50, "compressed_packets" },
    { 51, "chrome_metadata" },
    { 52, "gpu_counter_event" },
    { 53, "gpu_render_stage_event" },
    { 54, "streaming_profile_packet" },
    { 57, "graphics_frame_event" },
    { 58, "timestamp_clock_id" },
    { 59, "trace_packet_defaults" },
    { 60, "track_descriptor" },
    { 61, "module_symbols" },
    { 62, "vulkan_memory_event" },
    { 63, "gpu_log" },
    { 64, "deobfuscation_mapping" },
    { 65, "vulkan_api_event" },
    { 66, "perf_sample" },
    { 67, "cpu_info" },
    { 68, "smaps_packet" },
    { 69, "service_event" },
    { 70, "initial_display_state" },
    { 71, "gpu_mem_total_event" },
    { 72, "extension_descriptor" },
    { 73, "memory_tracker_snapshot" },
    { 74, "streaming_allocation" },
    { 75, "streaming_free" },
    { 77, "android_energy_estimation_breakdown" },
    { 78, "ui_state" },
    { 79, "trusted_pid" },
    { 82, "translation_table" },
    { 83, "android_game_intervention_list" },
    { 84, "statsd_atom" },
    { 86, "android_system_property" },
    { 87, "first_packet_on_sequence" },
    { 89, "trace_uuid" },
    { 90, "track_event_range_of_interest" },
    { 91, "entity_state_residency" },
    { 95, "etw_events" },
    { 98, "machine_id" },
    { 99, "v8_js_code" },
    { 100, "v8_internal_code" },
    { 101, "v8_wasm_code" },
    { 102, "v8_reg_exp_code" },
    { 103, "v8_code_move" },
    { 107, "remote_clock_sync" },
    { 109, "chrome_trigger" },
    { 110, "pixel_modem_events" },
    { 111, "pixel_modem_token_database" },
    { 113, "clone_snapshot_trigger" },
    { 115, "kernel_wakelock_data" },
    { 117, "generic_kernel_task_state_event" },
    { 118, "generic_kernel_cpu_freq_event" },
    { 119, "cpu_per_uid_data" },
    { 120, "generic_kernel_task_rename_event" },
    { 122, "generic_kernel_process_tree" },
    { 123, "user_list" },
    { 124, "trace_provenance" },
    { 125, "protovms" },
    { 126, "trace_attributes" },
    { 127, "android_aflags" },
    { 128, "gpu_info" },
    { 129, "generic_gpu_frequency_event" },
    { 130, "interrupt_info" },
    { 131, "art_process_metadata" },
    { 132, "journald_event" },
    { 133, "zstd_compressed_packets" },
    { 134, "concurrent_session_event" },
    { 135, "stack_sample" },
    { 138, "recovered_trace_info" },
    { 139, "source_file" },
    { 140, "module_disassembly" },
    { 900, "for_testing" },
};

// Nouns for the payload kinds system traces carry most (singular; the plural adds "s").
constexpr NamedField kPacketNouns[] = {
    { 1, "ftrace bundle" },
    { 2, "process tree snapshot" },
    { 5, "legacy Chrome event bundle" },
    { 7, "system stats sample" },
    { 9, "process stats sample" },
    { 37, "heap profile packet" },
    { 38, "battery counter sample" },
    { 39, "Android log bundle" },
    { 40, "power rail sample" },
    { 49, "metatrace event" },
    { 52, "GPU counter event" },
    { 53, "GPU render stage event" },
    { 54, "CPU profile sample bundle" },
    { 66, "perf sample" },
    { 84, "statsd atom" },
    { 91, "entity state residency sample" },
    { 135, "stack sample" },
};

// The field TracePacket declares with number `id`; nullptr for the others.
const NamedField* packetField(uint32_t id)
{
    const auto* it = std::lower_bound(std::begin(kPacketFields), std::end(kPacketFields), id,
        [](const NamedField& f, uint32_t v) { return f.id < v; });
    return it != std::end(kPacketFields) && it->id == id ? it : nullptr;
}
} // namespace

std::string packetFieldName(uint32_t id)
{
    if (const NamedField* f = packetField(id))
        return f->name;
    return "field" + std::to_string(id);
}

PacketNouns packetKindNouns(uint32_t id)
{
    for (const NamedField& f : kPacketNouns)
        if (f.id == id)
            return { f.name, std::string(f.name) + "s" };
    if (!packetField(id)) {
        const std::string field = "extension field " + std::to_string(id);
        return { "packet of " + field, "packets of " + field };
    }
    const std::string name = packetFieldName(id);
    return { name + " packet", name + " packets" };
}

int packetFieldWireType(uint32_t id)
{
    if (!packetField(id))
        return -1;
    return !isPayloadField(id) && id != 12 && id != 59 ? 0 : 2;
}

bool isPacketBytesField(uint32_t id)
{
    return id == 36 || id == 50 || id == 133;
}

} // namespace strata::importers::perfetto
