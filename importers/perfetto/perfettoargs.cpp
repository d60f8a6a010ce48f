#include "perfettoargs.h"

#include "perfettoschema.h"

#include <cstdio>

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
} // namespace

AnnotationConverter::AnnotationConverter(StoreBuilder& builder) : m_b(builder) {}

void AnnotationConverter::convert(const proto::Field& annotation, const SequenceState& seq, std::vector<Arg>* out,
    Problems* problems)
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
    std::string name;
    bool hasName = false;
    Arg value;
    bool hasValue = false;
    std::vector<proto::Field> members, elements;
    const proto::Field* nestedValue = nullptr;
    proto::Field nestedField;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        switch (x.id) {
        case annotation::kName:
            if (x.isBytes()) {
                name.assign(x.bytes);
                hasName = true;
            }
            break;
        case annotation::kNameIid:
            if (x.isVarint()) {
                auto it = seq.annotationNames.find(x.asUint64());
                if (it != seq.annotationNames.end()) {
                    name.assign(m_b.strings().view(it->second));
                } else {
                    problems->undefinedNameIids.push_back(x.asUint64());
                    name = "[unknown arg iid " + std::to_string(x.asUint64()) + "]";
                }
                hasName = true;
            }
            break;
        case annotation::kBoolValue:
            value = Arg::makeBool(StringId(), x.asBool());
            hasValue = true;
            break;
        case annotation::kUintValue:
            value = Arg::makeUint(StringId(), x.asUint64());
            hasValue = true;
            break;
        case annotation::kIntValue:
            value = Arg::makeInt(StringId(), x.asInt64());
            hasValue = true;
            break;
        case annotation::kDoubleValue:
            value = Arg::makeDouble(StringId(), x.asDouble());
            hasValue = true;
            break;
        case annotation::kStringValue:
        case annotation::kLegacyJsonValue:
            if (x.isBytes()) {
                value = Arg::makeString(StringId(), m_b.intern(x.bytes));
                hasValue = true;
            }
            break;
        case annotation::kStringValueIid: {
            auto it = seq.stringValues.find(x.asUint64());
            if (it != seq.stringValues.end()) {
                value = Arg::makeString(StringId(), it->second);
            } else {
                problems->undefinedValueIids.push_back(x.asUint64());
                value = Arg::makeString(StringId(), m_b.intern("[unknown string iid " + std::to_string(x.asUint64()) + "]"));
            }
            hasValue = true;
            break;
        }
        case annotation::kPointerValue: {
            char buf[24];
            std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(x.asUint64()));
            value = Arg::makeString(StringId(), m_b.intern(buf));
            hasValue = true;
            break;
        }
        case annotation::kNestedValue:
            if (x.isBytes()) {
                nestedField = x;
                nestedValue = &nestedField;
            }
            break;
        case annotation::kDictEntries:
            if (x.isBytes())
                members.push_back(x);
            break;
        case annotation::kArrayValues:
            if (x.isBytes())
                elements.push_back(x);
            break;
        case 14: // proto_value: needs the producer's descriptor; not decoded
            ++problems->skippedProtoValues;
            break;
        default:
            break;
        }
    }
    if (r.failed()) {
        setError(problems, r);
        return false;
    }
    std::string k;
    switch (mode) {
    case KeyMode::Top:
        k = hasName ? name : std::string("[unnamed]");
        break;
    case KeyMode::Member:
        k = parent + "." + (hasName ? name : std::string("[unnamed]"));
        break;
    case KeyMode::Element:
        k = parent + "[" + std::to_string(index) + "]";
        break;
    }
    if (hasValue) {
        value.key = key(k);
        out->push_back(value);
    }
    if (nestedValue && !nested(*nestedValue, k, depth + 1, out, problems))
        return false;
    for (const proto::Field& m : members)
        if (!annotation(m, KeyMode::Member, k, 0, depth + 1, seq, out, problems))
            return false;
    for (size_t i = 0; i < elements.size(); ++i)
        if (!annotation(elements[i], KeyMode::Element, k, i, depth + 1, seq, out, problems))
            return false;
    if (!hasValue && !nestedValue && members.empty() && elements.empty())
        out->push_back(Arg::makeNull(key(k)));
    return true;
}

bool AnnotationConverter::nested(const proto::Field& f, const std::string& k, int depth, std::vector<Arg>* out,
    Problems* problems)
{
    if (depth > kMaxDepth) {
        ++problems->tooDeep;
        return true;
    }
    uint32_t type = 0;
    std::vector<std::string_view> keys;
    std::vector<proto::Field> values, elements;
    Arg value;
    bool hasValue = false;
    proto::Reader r = f.message();
    proto::Field x;
    while (r.next(&x)) {
        switch (x.id) {
        case nested::kNestedType:
            type = x.asUint32();
            break;
        case nested::kDictKeys:
            if (x.isBytes())
                keys.push_back(x.bytes);
            break;
        case nested::kDictValues:
            if (x.isBytes())
                values.push_back(x);
            break;
        case nested::kArrayValues:
            if (x.isBytes())
                elements.push_back(x);
            break;
        case nested::kIntValue:
            value = Arg::makeInt(StringId(), x.asInt64());
            hasValue = true;
            break;
        case nested::kDoubleValue:
            value = Arg::makeDouble(StringId(), x.asDouble());
            hasValue = true;
            break;
        case nested::kBoolValue:
            value = Arg::makeBool(StringId(), x.asBool());
            hasValue = true;
            break;
        case nested::kStringValue:
            if (x.isBytes()) {
                value = Arg::makeString(StringId(), m_b.intern(x.bytes));
                hasValue = true;
            }
            break;
        default:
            break;
        }
    }
    if (r.failed()) {
        setError(problems, r);
        return false;
    }
    if (type == nested::kDict) {
        for (size_t i = 0; i < values.size(); ++i) {
            const std::string member = i < keys.size() ? std::string(keys[i]) : "[" + std::to_string(i) + "]";
            if (!nested(values[i], k + "." + member, depth + 1, out, problems))
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
    if (hasValue) {
        value.key = key(k);
        out->push_back(value);
    } else {
        out->push_back(Arg::makeNull(key(k)));
    }
    return true;
}

} // namespace strata::importers::perfetto
