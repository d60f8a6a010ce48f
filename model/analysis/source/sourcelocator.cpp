#include "sourcelocator.h"

#include <analysis/enumname.h>

#include <iterator>
#include <vector>

namespace strata::analysis {

namespace {

std::string_view trim(std::string_view s)
{
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && space(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string_view unquote(std::string_view s)
{
    s = trim(s);
    if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
        s = trim(s.substr(1, s.size() - 2));
    return s;
}

// All digits, 1..9 of them, value > 0.
bool lineNumber(std::string_view s, uint32_t* out)
{
    if (s.empty() || s.size() > 9)
        return false;
    uint32_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + uint32_t(c - '0');
    }
    if (v == 0)
        return false;
    *out = v;
    return true;
}

bool finish(std::string_view file, uint32_t line, std::string* fileOut, uint32_t* lineOut)
{
    file = unquote(file);
    if (file.empty())
        return false;
    std::string norm = SourceLocator::normalisePath(file);
    if (norm.empty())
        return false;
    *fileOut = std::move(norm);
    *lineOut = line;
    return true;
}

bool isSegmentPrefix(std::string_view path, std::string_view segment)
{
    // segment appears at the start or right after a '/'
    for (size_t at = path.find(segment); at != std::string_view::npos; at = path.find(segment, at + 1))
        if (at == 0 || path[at - 1] == '/')
            return true;
    return false;
}

} // namespace

const char* sourceOriginName(SourceOrigin o)
{
    static constexpr const char* kNames[]
        = { "none", "type_source", "source_arg", "loc", "file_line", "nki", "call_stack" };
    static_assert(std::size(kNames) == size_t(SourceOrigin::CallStack) + 1, "a name per SourceOrigin");
    return enumName(o, kNames, "unknown");
}

SourceLocator::SourceLocator(const store::EventStore& store)
    : m_s(store)
{
    const store::StringPool& p = store.strings();
    m_source = p.find("source");
    m_loc = p.find("loc");
    m_file = p.find("file");
    m_line = p.find("line");
    m_filePath = p.find("file_path");
    m_lineNumber = p.find("line_number");
    m_filename = p.find("filename");
    m_lineno = p.find("lineno");
    m_nki = p.find("nki_source_location");
    m_bir = p.find("bir_debug_info_source_location");
    m_callStack = p.find("Call stack");
    for (uint32_t i = 0;; ++i) {
        const store::StringId k = p.find("nki_source_location[" + std::to_string(i) + "]");
        if (!k.valid())
            break;
        m_nkiItems.push_back(k);
    }
    for (uint32_t i = 0;; ++i) {
        const store::StringId k = p.find("bir_debug_info_source_location[" + std::to_string(i) + "]");
        if (!k.valid())
            break;
        m_birItems.push_back(k);
    }
    for (store::StringId k : { m_source, m_loc, m_file, m_filePath, m_filename, m_nki, m_bir, m_callStack })
        m_anyKey = m_anyKey || k.valid();
    m_anyKey = m_anyKey || !m_nkiItems.empty() || !m_birItems.empty();
}

SourceLocation SourceLocator::locate(store::TypeId type) const
{
    SourceLocation out;
    const store::StringId src = m_s.types().get(type).source;
    if (src.valid() && parseFileLine(m_s.str(src), &out.file, &out.line))
        out.origin = SourceOrigin::TypeSource;
    return out;
}

SourceArgRef SourceLocator::find(store::ArgSetId set) const
{
    return find(set, SourceOrigin::None);
}

SourceArgRef SourceLocator::find(store::ArgSetId set, SourceOrigin after) const
{
    SourceArgRef ref;
    if (!set.valid() || !m_anyKey)
        return ref;
    const store::ArgTable& t = m_s.args();
    const size_t n = t.size(set);
    // What the set holds, by role.
    store::Arg source, loc, nki, bir, stack, fileArg[3], lineArg[3];
    bool has[5] = {}, hasFile[3] = {}, hasLine[3] = {};
    int nkiItem = -1, birItem = -1;
    store::Arg nkiLast, birLast;
    auto str = [](const store::Arg& a) { return a.kind == store::ArgKind::String; };
    for (size_t i = 0; i < n; ++i) {
        const store::Arg a = t.at(set, i);
        const store::StringId k = a.key;
        if (k == m_source && str(a)) {
            source = a;
            has[0] = true;
        } else if (k == m_loc && str(a)) {
            loc = a;
            has[1] = true;
        } else if (k == m_nki && str(a)) {
            nki = a;
            has[2] = true;
        } else if (k == m_bir && str(a)) {
            bir = a;
            has[3] = true;
        } else if (k == m_callStack && str(a)) {
            stack = a;
            has[4] = true;
        } else if (k == m_file && str(a)) {
            fileArg[0] = a;
            hasFile[0] = true;
        } else if (k == m_filePath && str(a)) {
            fileArg[1] = a;
            hasFile[1] = true;
        } else if (k == m_filename && str(a)) {
            fileArg[2] = a;
            hasFile[2] = true;
        } else if (k == m_line) {
            lineArg[0] = a;
            hasLine[0] = true;
        } else if (k == m_lineNumber) {
            lineArg[1] = a;
            hasLine[1] = true;
        } else if (k == m_lineno) {
            lineArg[2] = a;
            hasLine[2] = true;
        } else if (str(a)) {
            for (size_t j = 0; j < m_nkiItems.size(); ++j)
                if (k == m_nkiItems[j] && int(j) > nkiItem) {
                    nkiItem = int(j);
                    nkiLast = a;
                }
            for (size_t j = 0; j < m_birItems.size(); ++j)
                if (k == m_birItems[j] && int(j) > birItem) {
                    birItem = int(j);
                    birLast = a;
                }
        }
    }
    auto make = [&](SourceOrigin o, const store::Arg& a) {
        ref.origin = o;
        ref.text = a.stringValue();
        return ref;
    };
    if (after < SourceOrigin::SourceArg && has[0])
        return make(SourceOrigin::SourceArg, source);
    if (after < SourceOrigin::Loc && has[1])
        return make(SourceOrigin::Loc, loc);
    if (after < SourceOrigin::FileLine) {
        for (int j = 0; j < 3; ++j) {
            if (!hasFile[j])
                continue;
            make(SourceOrigin::FileLine, fileArg[j]);
            if (hasLine[j]) {
                double v = 0;
                if (lineArg[j].kind == store::ArgKind::String)
                    ref.lineText = lineArg[j].stringValue();
                else if (lineArg[j].number(&v) && v >= 1 && v < 1e9)
                    ref.line = static_cast<int64_t>(v);
            }
            return ref;
        }
    }
    if (after < SourceOrigin::Nki) {
        if (has[2])
            return make(SourceOrigin::Nki, nki);
        if (nkiItem >= 0)
            return make(SourceOrigin::Nki, nkiLast);
        if (has[3])
            return make(SourceOrigin::Nki, bir);
        if (birItem >= 0)
            return make(SourceOrigin::Nki, birLast);
    }
    if (after < SourceOrigin::CallStack && has[4])
        return make(SourceOrigin::CallStack, stack);
    return SourceArgRef();
}

SourceLocation SourceLocator::resolve(const SourceArgRef& ref) const
{
    SourceLocation out;
    if (!ref.valid())
        return out;
    const std::string_view text = m_s.str(ref.text);
    bool ok = false;
    switch (ref.origin) {
    case SourceOrigin::SourceArg:
    case SourceOrigin::Loc: ok = parseFileLine(text, &out.file, &out.line); break;
    case SourceOrigin::FileLine: {
        uint32_t line = 0;
        if (ref.line >= 1)
            ok = finish(text, uint32_t(ref.line), &out.file, &out.line);
        else if (ref.lineText.valid() && lineNumber(trim(m_s.str(ref.lineText)), &line))
            ok = finish(text, line, &out.file, &out.line);
        else
            ok = parseFileLine(text, &out.file, &out.line);
        break;
    }
    case SourceOrigin::Nki: ok = lastListEntry(text, &out.file, &out.line); break;
    case SourceOrigin::CallStack: ok = innermostUserFrame(text, &out.file, &out.line); break;
    default: break;
    }
    if (ok)
        out.origin = ref.origin;
    else
        out = SourceLocation();
    return out;
}

SourceLocation SourceLocator::locate(store::ArgSetId set) const
{
    SourceOrigin after = SourceOrigin::None;
    for (;;) {
        const SourceArgRef ref = find(set, after);
        if (!ref.valid())
            return SourceLocation();
        SourceLocation loc = resolve(ref);
        if (loc.valid())
            return loc;
        after = ref.origin;
    }
}

std::string SourceLocator::normalisePath(std::string_view path)
{
    path = trim(path);
    if (path.substr(0, 7) == "file://")
        path.remove_prefix(7);
    std::string p(path);
    for (char& c : p)
        if (c == '\\')
            c = '/';
    std::string root;
    std::string_view rest = p;
    if (!rest.empty() && rest.front() == '/') {
        root = "/";
        rest.remove_prefix(1);
    } else if (rest.size() >= 2 && rest[1] == ':'
        && ((rest[0] >= 'A' && rest[0] <= 'Z') || (rest[0] >= 'a' && rest[0] <= 'z'))) {
        root = std::string(rest.substr(0, 2)) + "/";
        rest.remove_prefix(rest.size() > 2 && rest[2] == '/' ? 3 : 2);
    }
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (start <= rest.size()) {
        size_t slash = rest.find('/', start);
        if (slash == std::string_view::npos)
            slash = rest.size();
        const std::string_view seg = rest.substr(start, slash - start);
        if (seg.empty() || seg == ".") {
            // skip
        } else if (seg == "..") {
            if (!parts.empty() && parts.back() != "..")
                parts.pop_back();
            else if (root.empty())
                parts.push_back(seg); // a relative path may climb; an absolute one stops at the root
        } else {
            parts.push_back(seg);
        }
        start = slash + 1;
    }
    std::string out = root;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += '/';
        out += parts[i];
    }
    return out == root && parts.empty() ? std::string() : out;
}

bool SourceLocator::parseFileLine(std::string_view text, std::string* file, uint32_t* line)
{
    text = unquote(text);
    if (text.empty())
        return false;
    uint32_t n = 0;
    // Python traceback: 'File "a.py", line 12, in f' or 'a.py, line 12'
    const size_t lineWord = text.rfind(", line ");
    if (lineWord != std::string_view::npos) {
        std::string_view num = text.substr(lineWord + 7);
        const size_t comma = num.find(',');
        if (comma != std::string_view::npos)
            num = num.substr(0, comma);
        std::string_view f = trim(text.substr(0, lineWord));
        if (f.substr(0, 5) == "File ")
            f = f.substr(5);
        if (lineNumber(trim(num), &n))
            return finish(f, n, file, line);
    }
    // "file(12)"
    if (text.back() == ')') {
        const size_t open = text.rfind('(');
        if (open != std::string_view::npos && lineNumber(text.substr(open + 1, text.size() - open - 2), &n))
            return finish(text.substr(0, open), n, file, line);
    }
    // "file:line" or "file:line:col"
    const size_t last = text.rfind(':');
    if (last == std::string_view::npos || !lineNumber(text.substr(last + 1), &n))
        return false;
    const std::string_view head = text.substr(0, last);
    const size_t prev = head.rfind(':');
    uint32_t first = 0;
    if (prev != std::string_view::npos && lineNumber(head.substr(prev + 1), &first))
        return finish(head.substr(0, prev), first, file, line); // file:line:col
    return finish(head, n, file, line);
}

bool SourceLocator::parseStackFrame(std::string_view frame, std::string* file, uint32_t* line)
{
    frame = trim(frame);
    for (size_t open = frame.find('('); open != std::string_view::npos; open = frame.find('(', open + 1)) {
        const size_t close = frame.find(')', open + 1);
        if (close == std::string_view::npos)
            break;
        uint32_t n = 0;
        const bool tailOk = close + 1 == frame.size() || frame[close + 1] == ':';
        if (tailOk && lineNumber(frame.substr(open + 1, close - open - 1), &n))
            return finish(frame.substr(0, open), n, file, line);
    }
    return false;
}

bool SourceLocator::isLibraryPath(std::string_view f)
{
    if (f.empty() || f.front() == '<')
        return true;
    return f.find("site-packages/") != std::string_view::npos || f.find("dist-packages/") != std::string_view::npos
        || f.find("/lib/python") != std::string_view::npos || f.substr(0, 9) == "/usr/lib/"
        || f.substr(0, 15) == "/usr/local/lib/" || isSegmentPrefix(f, "torch/");
}

bool SourceLocator::innermostUserFrame(std::string_view stack, std::string* file, uint32_t* line)
{
    std::string firstFile;
    uint32_t firstLine = 0;
    bool any = false;
    size_t start = 0;
    while (start < stack.size()) {
        size_t end = stack.find_first_of(";\n", start);
        if (end == std::string_view::npos)
            end = stack.size();
        std::string f;
        uint32_t n = 0;
        const std::string_view frame = stack.substr(start, end - start);
        if (parseStackFrame(frame, &f, &n) || parseFileLine(frame, &f, &n)) {
            if (!isLibraryPath(f)) {
                *file = std::move(f);
                *line = n;
                return true;
            }
            if (!any) {
                any = true;
                firstFile = std::move(f);
                firstLine = n;
            }
        }
        start = end + 1;
    }
    if (!any)
        return false;
    *file = std::move(firstFile);
    *line = firstLine;
    return true;
}

bool SourceLocator::lastListEntry(std::string_view list, std::string* file, uint32_t* line)
{
    list = trim(list);
    if (!list.empty() && list.front() == '[' && list.back() == ']')
        list = list.substr(1, list.size() - 2);
    bool ok = false;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find_first_of(",;\n", start);
        if (end == std::string_view::npos)
            end = list.size();
        std::string f;
        uint32_t n = 0;
        if (parseFileLine(list.substr(start, end - start), &f, &n)) {
            *file = std::move(f);
            *line = n;
            ok = true;
        }
        start = end + 1;
    }
    return ok;
}

} // namespace strata::analysis
