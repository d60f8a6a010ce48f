#include "perfettoargs.h"

#include "perfettoschema.h"

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <utility>

namespace strata::importers::perfetto {

using namespace strata::store;

namespace {
void setError(AnnotationConverter::Problems* p, const proto::Reader& r)
{
    if (p->error.empty()) {
        p->error = r.error();
        p->errorOffset = r.errorOffset();
    }
}

enum class Scalar { Bool, Uint, Int, Double, String };
struct ScalarField {
    uint32_t id;
    Scalar kind;
};
// The plain value fields of a DebugAnnotation and of a NestedValue, by the kind of arg each makes.
constexpr ScalarField kAnnotationScalars[]
    = { { annotation::kBoolValue, Scalar::Bool }, { annotation::kUintValue, Scalar::Uint },
          { annotation::kIntValue, Scalar::Int }, { annotation::kDoubleValue, Scalar::Double },
          { annotation::kStringValue, Scalar::String }, { annotation::kLegacyJsonValue, Scalar::String } };
constexpr ScalarField kNestedScalars[] = { { nested::kIntValue, Scalar::Int }, { nested::kDoubleValue, Scalar::Double },
    { nested::kBoolValue, Scalar::Bool }, { nested::kStringValue, Scalar::String } };

// Whether `x` is one of the table's fields; if so, its value (a string only from bytes) goes
// to *value.
template <size_t N>
bool readScalar(const ScalarField (&table)[N], const proto::Field& x, StoreBuilder& b, std::optional<Arg>* value)
{
    const ScalarField* f
        = std::find_if(std::begin(table), std::end(table), [&](const ScalarField& s) { return s.id == x.id; });
    if (f == std::end(table))
        return false;
    switch (f->kind) {
    case Scalar::Bool: *value = Arg::makeBool(StringId(), x.asBool()); break;
    case Scalar::Uint: *value = Arg::makeUint(StringId(), x.asUint64()); break;
    case Scalar::Int: *value = Arg::makeInt(StringId(), x.asInt64()); break;
    case Scalar::Double: *value = Arg::makeDouble(StringId(), x.asDouble()); break;
    case Scalar::String:
        if (!x.isBytes())
            return true;
        *value = Arg::makeString(StringId(), b.intern(x.bytes));
        break;
    }
    return true;
}

// Whether `x` is one of the listed message-typed repeated fields; if so, a well-formed one
// is appended to its list, to be walked once the enclosing message is read.
bool collect(const proto::Field& x, std::initializer_list<std::pair<uint32_t, std::vector<proto::Field>*>> lists)
{
    for (const auto& [id, list] : lists) {
        if (x.id != id)
            continue;
        if (x.isBytes())
            list->push_back(x);
        return true;
    }
    return false;
}
} // namespace

AnnotationConverter::AnnotationConverter(StoreBuilder& builder)
    : m_b(builder)
{
}

void AnnotationConverter::convert(
    const proto::Field& annotation, const SequenceState& seq, std::vector<Arg>* out, Problems* problems)
{
    const size_t before = out->size();
    if (!this->annotation(annotation, KeyMode::Top, std::string(), 0, 0, seq, out, problems))
        out->resize(before);
}

bool AnnotationConverter::annotation(const proto::Field& f, KeyMode mode, const std::string& parent, size_t index,
    int depth, const SequenceState& seq, std::vector<Arg>* out, Problems* problems)
{
    if (depth > kMaxDepth) {
        ++problems->tooDeep;
        return true;
    }
    // The name as a view (into the packet, the pool or unknownName), and its pool id when it
    // came interned: a top-level key is then that id, with no copy and no lookup.
    std::string_view name;
    std::string unknownName;
    StringId nameId;
    bool hasName = false;
    std::optional<Arg> value;
    std::vector<proto::Field> members, elements;
    const proto::Field* nestedValue = nullptr;
    proto::Field nestedField;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        if (readScalar(kAnnotationScalars, x, m_b, &value)
            || collect(x, { { annotation::kDictEntries, &members }, { annotation::kArrayValues, &elements } }))
            continue;
        switch (x.id) {
        case annotation::kName:
            if (x.isBytes()) {
                name = x.bytes;
                nameId = StringId();
                hasName = true;
            }
            break;
        case annotation::kNameIid:
            if (x.isVarint()) {
                auto it = seq.annotationNames.find(x.asUint64());
                if (it != seq.annotationNames.end()) {
                    name = m_b.strings().view(it->second);
                    nameId = it->second;
                } else {
                    problems->undefinedNameIids.push_back(x.asUint64());
                    unknownName = "[unknown arg iid " + std::to_string(x.asUint64()) + "]";
                    name = unknownName;
                    nameId = StringId();
                }
                hasName = true;
            }
            break;
        case annotation::kStringValueIid: {
            auto it = seq.stringValues.find(x.asUint64());
            if (it != seq.stringValues.end()) {
                value = Arg::makeString(StringId(), it->second);
            } else {
                problems->undefinedValueIids.push_back(x.asUint64());
                value = Arg::makeString(
                    StringId(), m_b.intern("[unknown string iid " + std::to_string(x.asUint64()) + "]"));
            }
            break;
        }
        case annotation::kPointerValue: {
            char buf[24];
            std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(x.asUint64()));
            value = Arg::makeString(StringId(), m_b.intern(buf));
            break;
        }
        case annotation::kNestedValue:
            if (x.isBytes()) {
                nestedField = x;
                nestedValue = &nestedField;
            }
            break;
        case 14: // proto_value: needs the producer's descriptor; not decoded
            ++problems->skippedProtoValues;
            break;
        default: break;
        }
    }
    if (r.failed()) {
        setError(problems, r);
        return false;
    }
    const bool children = nestedValue || !members.empty() || !elements.empty();
    if (mode == KeyMode::Top && !children) {
        // A plain top-level annotation, the usual kind: its key is its name.
        const StringId k = nameId.valid() ? nameId : m_b.intern(hasName ? name : std::string_view("[unnamed]"));
        if (!value)
            value = Arg::makeNull(StringId());
        value->key = k;
        out->push_back(*value);
        return true;
    }
    std::string k;
    const std::string_view own = hasName ? name : std::string_view("[unnamed]");
    switch (mode) {
    case KeyMode::Top: k.assign(own); break;
    case KeyMode::Member: k.append(parent).append(".").append(own); break;
    case KeyMode::Element: k = parent + "[" + std::to_string(index) + "]"; break;
    }
    if (value) {
        value->key = key(k);
        out->push_back(*value);
    }
    if (nestedValue && !nested(*nestedValue, k, depth + 1, out, problems))
        return false;
    for (const proto::Field& m : members)
        if (!annotation(m, KeyMode::Member, k, 0, depth + 1, seq, out, problems))
            return false;
    for (size_t i = 0; i < elements.size(); ++i)
        if (!annotation(elements[i], KeyMode::Element, k, i, depth + 1, seq, out, problems))
            return false;
    if (!value && !nestedValue && members.empty() && elements.empty())
        out->push_back(Arg::makeNull(key(k)));
    return true;
}

bool AnnotationConverter::nested(
    const proto::Field& f, const std::string& k, int depth, std::vector<Arg>* out, Problems* problems)
{
    if (depth > kMaxDepth) {
        ++problems->tooDeep;
        return true;
    }
    uint32_t type = 0;
    std::vector<std::string_view> keys;
    std::vector<proto::Field> values, elements;
    std::optional<Arg> value;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        if (readScalar(kNestedScalars, x, m_b, &value)
            || collect(x, { { nested::kDictValues, &values }, { nested::kArrayValues, &elements } }))
            continue;
        switch (x.id) {
        case nested::kNestedType: type = x.asUint32(); break;
        case nested::kDictKeys:
            if (x.isBytes())
                keys.push_back(x.bytes);
            break;
        default: break;
        }
    }
    if (r.failed()) {
        setError(problems, r);
        return false;
    }
    if (type == nested::kDict) {
        for (size_t i = 0; i < values.size(); ++i) {
            const std::string member = i < keys.size() ? "." + std::string(keys[i]) : ".[" + std::to_string(i) + "]";
            if (!nested(values[i], k + member, depth + 1, out, problems))
                return false;
        }
        return true;
    }
    if (type == nested::kArray) {
        for (size_t i = 0; i < elements.size(); ++i)
            if (!nested(elements[i], k + "[" + std::to_string(i) + "]", depth + 1, out, problems))
                return false;
        return true;
    }
    if (value) {
        value->key = key(k);
        out->push_back(*value);
    } else {
        out->push_back(Arg::makeNull(key(k)));
    }
    return true;
}

} // namespace strata::importers::perfetto
