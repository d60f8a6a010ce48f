#pragma once
// The events of a Chrome/Kineto trace as written, for reference computations that must not
// go through Strata's importer or store (tst_kinetoreference, tst_breakdownreference):
// nlohmann's SAX reader keeps the fields they use, timestamps parsed exactly from their
// decimal text (µs → ns), correlation and External ids from "args".
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <QFile>
#include <QString>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kinetojson {

struct Ev {
    std::string ph, cat, name, pid, tid;
    int64_t ts = 0, dur = 0;
    bool hasTs = false, hasDur = false;
    std::optional<int64_t> correlation, external;
};

// µs as written ("1712195495505543.2", "829", 3.5e2) → ns, exactly for plain decimals.
inline int64_t microsToNs(const std::string& text)
{
    if (text.find_first_of("eE") != std::string::npos)
        return static_cast<int64_t>(std::llround(std::stold(text) * 1000.0L));
    const bool neg = !text.empty() && text[0] == '-';
    const size_t dot = text.find('.');
    const std::string whole
        = text.substr(neg ? 1 : 0, dot == std::string::npos ? std::string::npos : dot - (neg ? 1 : 0));
    std::string frac = dot == std::string::npos ? std::string() : text.substr(dot + 1);
    const bool up = frac.size() > 3 && frac[3] >= '5';
    frac = (frac + "000").substr(0, 3);
    const int64_t ns = std::stoll(whole.empty() ? "0" : whole) * 1000 + std::stoll(frac) + (up ? 1 : 0);
    return neg ? -ns : ns;
}

// Collects the events of "traceEvents" (or of a top-level array) with the fields used here.
class EventReader : public nlohmann::json_sax<nlohmann::json> {
public:
    std::vector<Ev> events;

    bool null() override { return value(std::string(), false); }
    bool boolean(bool) override { return value(std::string(), false); }
    bool number_integer(number_integer_t v) override { return value(std::to_string(v), true); }
    bool number_unsigned(number_unsigned_t v) override { return value(std::to_string(v), true); }
    bool number_float(number_float_t, const string_t& s) override { return value(s, true); }
    bool string(string_t& v) override { return value(v, false); }
    bool binary(binary_t&) override { return value(std::string(), false); }
    bool start_object(std::size_t) override
    {
        if (isEventSlot())
            events.emplace_back();
        m_stack.push_back({ true, m_key });
        return true;
    }
    bool end_object() override { return pop(); }
    bool start_array(std::size_t) override
    {
        m_stack.push_back({ false, m_key });
        return true;
    }
    bool end_array() override { return pop(); }
    bool key(string_t& k) override
    {
        m_key = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    struct Level {
        bool object;
        std::string key; // the key this container is the value of
    };
    // An event is an object directly in the top-level array, or in the top object's "traceEvents".
    bool isEventSlot() const
    {
        if (m_stack.size() == 1)
            return !m_stack[0].object;
        return m_stack.size() == 2 && m_stack[0].object && !m_stack[1].object && m_stack[1].key == "traceEvents";
    }
    size_t eventDepth() const { return m_stack.size() && !m_stack[0].object ? 2 : 3; }
    bool pop()
    {
        m_stack.pop_back();
        return true;
    }
    bool value(const std::string& text, bool number)
    {
        const size_t d = eventDepth();
        if (events.empty() || m_stack.size() < d)
            return true;
        Ev& e = events.back();
        if (m_stack.size() == d) {
            if (m_key == "ph")
                e.ph = text;
            else if (m_key == "cat")
                e.cat = text;
            else if (m_key == "name")
                e.name = text;
            else if (m_key == "pid")
                e.pid = text;
            else if (m_key == "tid")
                e.tid = text;
            else if (m_key == "ts" && number) {
                e.ts = microsToNs(text);
                e.hasTs = true;
            } else if (m_key == "dur" && number) {
                e.dur = microsToNs(text);
                e.hasDur = true;
            }
        } else if (m_stack.size() == d + 1 && m_stack.back().key == "args" && !text.empty()) {
            const bool digits = text.find_first_not_of("0123456789") == std::string::npos;
            if ((m_key == "correlation" || m_key == "correlation id") && digits)
                e.correlation = std::stoll(text);
            else if ((m_key == "External id" || m_key == "external id") && digits)
                e.external = std::stoll(text);
        }
        return true;
    }
    std::vector<Level> m_stack;
    std::string m_key;
};

inline std::string readFile(const QString& path)
{
    gzFile f = gzopen(QFile::encodeName(path).constData(), "rb"); // reads plain files as they are
    std::string out;
    if (!f)
        return out;
    char buf[1 << 16];
    int n = 0;
    while ((n = gzread(f, buf, sizeof buf)) > 0)
        out.append(buf, size_t(n));
    gzclose(f);
    return out;
}

} // namespace kinetojson
