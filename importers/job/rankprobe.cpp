#include "rankprobe.h"

#include "../importerregistry.h"
#include "../inputreader.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace strata::importers::job {

namespace {

constexpr std::string_view kInfoKey = "\"distributedInfo\"";
constexpr size_t kHeadBytes = size_t(1) << 20;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The end (one past the closing quote) of the JSON string opening at `at`; npos if cut off.
size_t stringEnd(std::string_view s, size_t at)
{
    for (size_t i = at + 1; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

// The object value of the key whose quote opens at `key`: from '{' to its '}'; empty when
// the value is not an object or is cut off.
std::string_view objectAfter(std::string_view s, size_t key)
{
    size_t i = stringEnd(s, key);
    while (i < s.size() && isSpace(s[i]))
        ++i;
    if (i >= s.size() || s[i] != ':')
        return {};
    ++i;
    while (i < s.size() && isSpace(s[i]))
        ++i;
    if (i >= s.size() || s[i] != '{')
        return {};
    int depth = 0;
    for (size_t j = i; j < s.size(); ++j) {
        if (s[j] == '"') {
            j = stringEnd(s, j);
            if (j == std::string_view::npos)
                return {};
            --j;
        } else if (s[j] == '{' || s[j] == '[') {
            ++depth;
        } else if ((s[j] == '}' || s[j] == ']') && --depth == 0) {
            return s.substr(i, j + 1 - i);
        }
    }
    return {};
}

// A JSON text fed block by block, followed at its top level only: finds the object value of
// the top-level key "distributedInfo" wherever it is, without building anything else.
class TopLevelWalk {
public:
    void feed(std::string_view block)
    {
        for (const char c : block) {
            if (m_done)
                return;
            step(c);
            ++m_at;
        }
    }
    bool done() const { return m_done; }
    bool found() const { return m_keyAt != kNone && !m_object.empty(); }
    uint64_t keyOffset() const { return m_keyAt; }
    std::string_view object() const { return m_object; }

private:
    static constexpr uint64_t kNone = ~uint64_t(0);
    static constexpr size_t kMaxObject = 64 * 1024;

    void step(char c)
    {
        if (m_keyAt != kNone && m_depth >= 2)
            m_object += c; // inside distributedInfo's value
        if (m_inString) {
            if (m_escaped)
                m_escaped = false;
            else if (c == '\\')
                m_escaped = true;
            else if (c == '"')
                m_inString = false;
            else if (m_depth == 1 && m_text.size() <= kKey.size())
                m_text += c;
            if (!m_inString && m_depth == 1)
                m_lastString = m_text == kKey ? m_stringAt : kNone;
            return;
        }
        if (c == '"') {
            if (m_depth == 1 && m_keyAt != kNone && m_object.empty())
                m_done = true; // a string value: no object to read
            m_inString = true;
            m_stringAt = m_at;
            m_text.clear();
        } else if (c == ':') {
            if (m_depth == 1 && m_lastString != kNone && m_keyAt == kNone)
                m_keyAt = m_lastString;
        } else if (c == '{' || c == '[') {
            if (++m_depth == 2 && m_keyAt != kNone && m_object.empty()) {
                if (c != '{')
                    m_done = true; // not an object: nothing to read
                m_object = c;
            }
        } else if (c == '}' || c == ']') {
            if (--m_depth <= 1 && m_keyAt != kNone && !m_object.empty())
                m_done = true;
            if (m_depth <= 0)
                m_done = true;
        } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != ',') {
            if (m_depth == 1 && m_keyAt != kNone && m_object.empty())
                m_done = true; // a scalar value: no object to read
        }
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != ':' && c != '"')
            m_lastString = kNone;
        if (m_object.size() > kMaxObject)
            m_done = true;
    }

    static constexpr std::string_view kKey = "distributedInfo";
    uint64_t m_at = 0;
    int m_depth = 0;
    bool m_inString = false, m_escaped = false, m_done = false;
    uint64_t m_stringAt = 0;
    std::string m_text; // the string being read at depth 1, up to the key's length + 1
    uint64_t m_lastString = kNone; // where a just-closed "distributedInfo" string starts
    uint64_t m_keyAt = kNone;
    std::string m_object;
};

bool isLetter(char c)
{
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

} // namespace

size_t RankProbe::findInHead(std::string_view head, bool* reachedEvents)
{
    *reachedEvents = false;
    size_t i = 0;
    while (i < head.size() && isSpace(head[i]))
        ++i;
    if (i < head.size() && head[i] != '{') {
        *reachedEvents = true; // an array of events has no top-level keys
        return std::string_view::npos;
    }
    int depth = 0;
    for (; i < head.size(); ++i) {
        const char c = head[i];
        if (c == '"') {
            const size_t end = stringEnd(head, i);
            if (end == std::string_view::npos)
                return std::string_view::npos;
            size_t after = end;
            while (after < head.size() && isSpace(head[after]))
                ++after;
            if (depth == 1 && after < head.size() && head[after] == ':') {
                const std::string_view key = head.substr(i, end - i);
                if (key == kInfoKey)
                    return i;
                if (key == "\"traceEvents\"") {
                    *reachedEvents = true;
                    return std::string_view::npos;
                }
            }
            i = end - 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth <= 0) {
            *reachedEvents = true; // the end of the top-level object
            return std::string_view::npos;
        }
    }
    return std::string_view::npos;
}

bool RankProbe::readInfo(std::string_view object, std::optional<int64_t>* rank, std::optional<int64_t>* worldSize)
{
    const nlohmann::json info = nlohmann::json::parse(object, nullptr, false);
    if (!info.is_object())
        return false;
    const auto integer = [&info](const char* key) -> std::optional<int64_t> {
        const auto it = info.find(key);
        if (it == info.end() || !it->is_number_integer())
            return std::nullopt;
        return it->get<int64_t>();
    };
    *rank = integer("rank");
    *worldSize = integer("world_size");
    return true;
}

std::optional<int64_t> RankProbe::rankOfName(const std::string& fileName, std::string* pattern)
{
    std::string lower = fileName;
    for (char& c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    std::optional<int64_t> rank;
    size_t best = std::string::npos; // where the digits of the rank taken so far start
    for (const std::string_view word : { std::string_view("rank"), std::string_view("worker") }) {
        for (size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
            if (at > 0 && isLetter(lower[at - 1]))
                continue; // "frank1" is no rank
            size_t digits = at + word.size();
            if (digits < lower.size() && (lower[digits] == '-' || lower[digits] == '_'))
                ++digits;
            size_t end = digits;
            while (end < lower.size() && end - digits < 9 && std::isdigit(static_cast<unsigned char>(lower[end])))
                ++end;
            if (end == digits || (best != std::string::npos && digits < best))
                continue; // the last token wins ("worker2_rank5": rank 5)
            best = digits;
            rank = std::stoll(lower.substr(digits, end - digits));
            if (pattern)
                *pattern = fileName.substr(0, digits) + "N";
        }
    }
    return rank;
}

RankProbe RankProbe::read(const std::string& path)
{
    RankProbe p;
    p.path = path;
    p.nameRank = rankOfName(std::filesystem::path(path).filename().string(), &p.namePattern);
    std::unique_ptr<InputReader> in = InputReader::open(path, &p.error);
    if (!in) {
        // "PATH: REASON (at byte N)": the reason and the offset, apart.
        if (p.error.rfind(path + ": ", 0) == 0)
            p.error.erase(0, path.size() + 2);
        const size_t at = p.error.rfind(" (at byte ");
        if (at != std::string::npos && p.error.back() == ')') {
            p.errorOffset = std::strtoull(p.error.c_str() + at + 10, nullptr, 10);
            p.error.erase(at);
        }
        return p;
    }
    const std::string_view head = in->peek(kHeadBytes);
    if (head.empty()) {
        p.error = in->failed() ? in->error() : std::string("empty file");
        p.errorOffset = in->failed() ? in->errorOffset() : 0;
        return p;
    }
    p.readable = true;
    const Importer* importer = ImporterRegistry::instance().pick(head.substr(0, 64 * 1024), path);
    p.importer = importer ? importer->name() : "";
    bool reachedEvents = false;
    const size_t key = findInHead(head, &reachedEvents);
    if (key != std::string_view::npos) {
        p.infoOffset = key;
        readInfo(objectAfter(head, key), &p.infoRank, &p.worldSize);
        return p;
    }
    // Some writers put distributedInfo after the events: walk the rest of the stream's top
    // level (strings and nesting only, decompressing without parsing) to the key. That pass
    // costs about two decompressions of the file, so it is made only for a file whose name
    // carries no rank: a job's files named rank-N or workerN group by their names.
    if (!reachedEvents || p.importer != "chrome-json" || p.nameRank)
        return p;
    TopLevelWalk walk;
    std::string block;
    while (!walk.done()) {
        block.clear();
        if (in->append(&block, kHeadBytes) == 0)
            break;
        walk.feed(block);
    }
    if (walk.found()) {
        p.infoOffset = walk.keyOffset();
        readInfo(walk.object(), &p.infoRank, &p.worldSize);
    }
    return p;
}

} // namespace strata::importers::job
