#pragma once
#include <store/argtable.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace strata::importers {

// One member of a record, nested objects and arrays flattened to dotted keys ("a.b", "a[2]").
struct NeuronField {
    std::string key;
    store::ArgKind kind = store::ArgKind::Null;
    int64_t i = 0; // Int, Bool
    uint64_t u = 0; // Uint
    double d = 0; // Double
    std::string s; // String
};

// One Neuron record (an instruction, an event, a sample, a summary) parsed from its JSON
// text with nlohmann's SAX interface into flat fields, in file order. The getters are
// lenient, since the Neuron tools write some numbers as strings: numbers written as strings
// are numbers, and an integer-valued double is an integer. Reused from record to record
// without reallocating.
class NeuronRecord {
public:
    // False when `text` is not one well-formed JSON object; *error names the problem and
    // *errorPos its byte within `text`.
    bool parse(std::string_view text, std::string* error, size_t* errorPos);

    size_t size() const { return m_count; }
    const NeuronField& field(size_t i) const { return m_fields[i]; }
    const NeuronField* find(std::string_view key) const;
    bool has(std::string_view key) const { return find(key) != nullptr; }
    // The first of `keys` that holds an integer (or an integral number as text).
    bool integer(std::initializer_list<std::string_view> keys, int64_t* out, std::string_view* used = nullptr) const;
    bool number(std::string_view key, double* out) const;
    // Strings as written, numbers and booleans printed; "" when absent or null.
    std::string text(std::string_view key) const;
    std::string text(std::initializer_list<std::string_view> keys) const;

    static bool integerOf(const NeuronField& f, int64_t* out);
    static bool numberOf(const NeuronField& f, double* out);
    static std::string textOf(const NeuronField& f);

    // Elements of one array flattened before the rest of it is dropped (and counted).
    static constexpr size_t kMaxArrayElements = 256;

    // For the parser: a new field at the end; forget every field.
    NeuronField& add(std::string_view key);
    void clear() { m_count = 0; }

private:
    std::vector<NeuronField> m_fields; // [0, m_count) are live; the rest keep their capacity
    size_t m_count = 0;
};

} // namespace strata::importers
