#include "namefit.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <unordered_map>

namespace strata::report {
namespace {

// Names are handled as code points so a cut never splits a UTF-8 sequence and widths count
// what a terminal shows. An invalid byte b is read as U+DC00 + b (never a decoded code point)
// and written back as that byte, so a name's bytes survive.
std::u32string decode(const std::string& s)
{
    std::u32string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        bool valid = (n > 1 || c < 0x80) && i + n <= s.size();
        for (size_t k = 1; valid && k < n; ++k)
            valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        if (!valid || n == 1) {
            out += c < 0x80 ? char32_t(c) : char32_t(0xDC00 + c);
            ++i;
            continue;
        }
        char32_t cp = c & (0xFF >> (n + 1));
        for (size_t k = 1; k < n; ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        out += cp;
        i += n;
    }
    return out;
}

std::string encode(const std::u32string& s)
{
    std::string out;
    out.reserve(s.size());
    for (const char32_t cp : s) {
        if (cp < 0x80)
            out += char(cp);
        else if (cp >= 0xDC80 && cp <= 0xDCFF)
            out += char(cp - 0xDC00);
        else if (cp < 0x800)
            out += { char(0xC0 | (cp >> 6)), char(0x80 | (cp & 0x3F)) };
        else if (cp < 0x10000)
            out += { char(0xE0 | (cp >> 12)), char(0x80 | ((cp >> 6) & 0x3F)), char(0x80 | (cp & 0x3F)) };
        else
            out += { char(0xF0 | (cp >> 18)), char(0x80 | ((cp >> 12) & 0x3F)), char(0x80 | ((cp >> 6) & 0x3F)),
                char(0x80 | (cp & 0x3F)) };
    }
    return out;
}

// Where a cut reads well: just after one of these (a scope, a word, an argument).
bool separator(char32_t c)
{
    return c == ':' || c == ' ' || c == '<' || c == '>' || c == ',' || c == '(' || c == ')' || c == '_' || c == '.'
        || c == '/' || c == '-' || c == '[';
}

// A C++ name shortened where it is most redundant: "f<T>(int, T)" as "f<T>(...)" (the
// parameters of an instantiated template mostly repeat its arguments), and the scopes inside
// template arguments dropped ("k<at::native::FillFunctor<float> >" as "k<FillFunctor<float> >").
// Other names stay as they are.
std::u32string shortenCpp(const std::u32string& s)
{
    std::u32string out = s;
    if (out.size() >= 3 && out.back() == U')') {
        int depth = 0;
        for (size_t i = out.size(); i-- > 0;) {
            depth += out[i] == U')' ? 1 : out[i] == U'(' ? -1 : 0;
            if (depth != 0)
                continue;
            if (i > 0 && out[i - 1] == U'>')
                out = out.substr(0, i) + U"(...)";
            break;
        }
    }
    auto word = [](char32_t c) { return c == U'_' || (c < 128 && std::isalnum(int(c))); };
    std::u32string stripped;
    int angle = 0;
    for (size_t i = 0; i < out.size();) {
        const char32_t c = out[i];
        if (angle > 0 && word(c) && (i == 0 || !word(out[i - 1]))) {
            size_t j = i;
            while (j < out.size() && word(out[j]))
                ++j;
            if (j + 1 < out.size() && out[j] == U':' && out[j + 1] == U':') {
                i = j + 2; // a scope inside template arguments
                continue;
            }
        }
        angle += c == U'<' ? 1 : (c == U'>' && angle > 0) ? -1 : 0;
        stripped += c;
        ++i;
    }
    return stripped;
}

size_t commonPrefix(const std::u32string& a, const std::u32string& b)
{
    const size_t n = std::min(a.size(), b.size());
    size_t i = 0;
    while (i < n && a[i] == b[i])
        ++i;
    return i;
}

// The texts (all distinct) in sorted order, where the names sharing a start are neighbours:
// `adjacent[r]` is the start shared by the texts ranked r - 1 and r, and `shared[k]` the
// longest start text k shares with another.
struct SortedTexts {
    std::vector<size_t> rank, adjacent, shared;

    explicit SortedTexts(const std::vector<std::u32string>& texts)
        : rank(texts.size())
        , adjacent(texts.size(), 0)
        , shared(texts.size(), 0)
    {
        std::vector<size_t> order(texts.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return texts[a] < texts[b]; });
        for (size_t r = 0; r < order.size(); ++r) {
            rank[order[r]] = r;
            if (r == 0)
                continue;
            adjacent[r] = commonPrefix(texts[order[r - 1]], texts[order[r]]);
            shared[order[r - 1]] = std::max(shared[order[r - 1]], adjacent[r]);
            shared[order[r]] = std::max(shared[order[r]], adjacent[r]);
        }
    }

    // The places where text k parts from other texts, in increasing order: the distinct
    // lengths of the starts it shares with them (in sorted order, the start k shares with a
    // text is the least `adjacent` between them).
    std::vector<size_t> branches(size_t k) const
    {
        std::vector<size_t> out;
        size_t shortest = SIZE_MAX;
        for (size_t r = rank[k]; r > 0 && shortest > 0; --r) {
            shortest = std::min(shortest, adjacent[r]);
            out.push_back(shortest);
        }
        shortest = SIZE_MAX;
        for (size_t r = rank[k] + 1; r < adjacent.size() && shortest > 0; ++r) {
            shortest = std::min(shortest, adjacent[r]);
            out.push_back(shortest);
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }
};

struct Candidate {
    std::u32string text; // the name, or its form without parameters
    size_t prefix = 0; // the longest start it shares with another shown name
    size_t suffix = 0; // the longest end it shares with another shown name
    size_t index = 0; // its place among the texts SortedTexts ranks
};

// A name that differs from the others only in its middle, past any head or tail that fits:
// its head, then a few characters around each place where it parts from other names
// (SortedTexts::branches), then as much of its tail as the width leaves, each gap an ellipsis
// ("void at::native::vec...4, neg_kernel...{lambda()#14}::...Array<char*, 2> >(...)"). Two
// names that part at b show the same layout before b, so they differ where b is shown.
std::vector<std::pair<size_t, size_t>> windowParts(
    size_t n, const std::vector<size_t>& branches, size_t head, size_t before, size_t after)
{
    std::vector<std::pair<size_t, size_t>> parts { { 0, std::min(head, n) } };
    for (const size_t b : branches) {
        const size_t from = b > before ? b - before : 0, to = std::min(n, b + after);
        if (from <= parts.back().second)
            parts.back().second = std::max(parts.back().second, to);
        else
            parts.emplace_back(from, to);
    }
    return parts;
}

std::u32string window(const Candidate& c, const SortedTexts& sorted, size_t keep, const std::u32string& ellipsis)
{
    const std::u32string& s = c.text;
    const size_t n = s.size();
    const std::vector<size_t> branches = sorted.branches(c.index);
    // Less around each place when many places leave no room at the width.
    const std::pair<size_t, size_t> margins[] = { { 4, 10 }, { 3, 7 }, { 2, 4 }, { 1, 2 } };
    std::vector<std::pair<size_t, size_t>> parts;
    size_t used = 0;
    for (const auto& [before, after] : margins) {
        parts = windowParts(n, branches, std::min<size_t>(16, keep / 3), before, after);
        used = 0;
        for (const auto& [from, to] : parts)
            used += to - from + (from > 0 ? ellipsis.size() : 0);
        if (used + ellipsis.size() <= keep)
            break;
    }
    // The tail takes what is left, joining the last part when it reaches it.
    const size_t spare = keep > used + ellipsis.size() ? keep - used - ellipsis.size() : 0;
    const size_t tailFrom = std::max(parts.back().second, n - std::min(n, spare));
    if (tailFrom <= parts.back().second + ellipsis.size())
        parts.back().second = std::min(n, parts.back().second + spare);
    else
        parts.emplace_back(tailFrom, n);
    std::u32string out;
    for (const auto& [from, to] : parts)
        out += (from > 0 ? ellipsis : U"") + s.substr(from, to - from);
    return parts.back().second < n ? out + ellipsis : out;
}

// One name in `keep` characters plus the ellipsis: a head of h and a tail of keep - h, where
// either the head is longer than every start it shares (h > prefix) or the tail longer than
// every end it shares, h as near the preferred share as that allows; then the cut moves a
// little to a separator on the side that does not carry the difference.
std::u32string elide(
    const Candidate& c, const SortedTexts& sorted, size_t keep, double headShare, const std::u32string& ellipsis)
{
    const std::u32string& s = c.text;
    const size_t n = s.size();
    const auto preferred = static_cast<size_t>(std::lround(double(keep) * headShare));
    auto byHead = [&](size_t h) { return h > c.prefix; };
    auto byTail = [&](size_t h) { return keep - h > c.suffix; };
    size_t h = preferred;
    if (!byHead(h) && !byTail(h)) {
        const bool headFits = c.prefix + 1 <= keep;
        const bool tailFits = c.suffix + 1 <= keep;
        if (headFits && tailFits) {
            const size_t hHead = c.prefix + 1, hTail = keep - c.suffix - 1;
            h = (hHead - preferred <= preferred - hTail) ? hHead : hTail;
        } else if (headFits) {
            h = c.prefix + 1;
        } else if (tailFits) {
            h = keep - c.suffix - 1;
        } else {
            return window(c, sorted, keep, ellipsis);
        }
    }
    // The tail starts after a separator: earlier while the head can spare the characters,
    // else later while the tail still tells the name apart (the text is then shorter).
    const size_t slack = std::min<size_t>(12, keep / 4);
    size_t tail = keep - h;
    if (byTail(h)) {
        const size_t start = n - tail;
        bool snapped = false;
        for (const bool word : { true, false }) { // after a space first ("..., FillFunctor<float>")
            for (size_t step = 0; step <= std::min(slack, h) && step < start && !snapped; ++step) {
                const char32_t before = s[start - step - 1];
                snapped = (word ? before == U' ' : separator(before)) && !separator(s[start - step]);
                if (snapped) {
                    h -= step;
                    tail += step;
                }
            }
        }
        for (size_t step = 1; step <= slack && tail - step > c.suffix && !snapped; ++step) {
            snapped = separator(s[start + step - 1]) && !separator(s[start + step]);
            if (snapped)
                tail -= step;
        }
    } else if (byHead(h)) { // the head ends after a separator, the tail giving way
        for (size_t e = h, steps = 0; e <= keep && steps <= slack; ++e, ++steps) {
            if (separator(s[e - 1])) {
                tail -= e - h;
                h = e;
                break;
            }
        }
    }
    return s.substr(0, h) + ellipsis + s.substr(n - tail);
}

} // namespace

size_t NameFit::columns(const std::string& text)
{
    size_t n = 0;
    for (const char c : text)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

NameFit::Result NameFit::whole(const std::vector<std::string>& names, size_t width)
{
    Result result { names, width };
    for (const std::string& name : names)
        result.width = std::max(result.width, columns(name));
    return result;
}

NameFit::Result NameFit::fit(const std::vector<std::string>& names, const Options& options)
{
    Result result { names, options.width };
    std::vector<std::u32string> raw;
    raw.reserve(names.size());
    size_t longest = 0;
    for (const std::string& name : names) {
        raw.push_back(decode(name));
        longest = std::max(longest, raw.back().size());
    }
    if (longest <= options.width)
        return result;

    // Each distinct name once, long ones in their shorter form unless two would then read alike.
    std::vector<size_t> slot(names.size());
    std::vector<std::u32string> distinct;
    std::unordered_map<std::u32string, size_t> seen;
    for (size_t i = 0; i < raw.size(); ++i) {
        const auto [it, added] = seen.emplace(raw[i], distinct.size());
        if (added)
            distinct.push_back(raw[i]);
        slot[i] = it->second;
    }
    std::vector<Candidate> cands(distinct.size());
    std::unordered_map<std::u32string, size_t> formCount;
    for (size_t k = 0; k < distinct.size(); ++k) {
        cands[k].text = distinct[k].size() > options.width ? shortenCpp(distinct[k]) : distinct[k];
        ++formCount[cands[k].text];
    }
    std::vector<std::u32string> texts(distinct.size()), reversed(distinct.size());
    for (size_t k = 0; k < distinct.size(); ++k) {
        if (formCount[cands[k].text] > 1)
            cands[k].text = distinct[k];
        texts[k] = cands[k].text;
        reversed[k].assign(texts[k].rbegin(), texts[k].rend());
    }
    const SortedTexts byStart(texts), byEnd(reversed);
    const std::vector<size_t>&prefixes = byStart.shared, &suffixes = byEnd.shared;

    // The width every long name needs: what it shares, one character that differs, the
    // ellipsis and a little context on the other side.
    const std::u32string ellipsis = decode(options.ellipsis);
    const size_t context = 32;
    size_t width = options.width;
    for (size_t k = 0; k < distinct.size(); ++k) {
        cands[k].prefix = prefixes[k];
        cands[k].suffix = suffixes[k];
        cands[k].index = k;
        if (distinct[k].size() > options.width) {
            const size_t need
                = std::min(std::min(prefixes[k], suffixes[k]) + 1 + ellipsis.size() + context, cands[k].text.size());
            width = std::max(width, std::min(need, std::max(options.cap, options.width)));
        }
    }

    // Shown at `width`; widened past the cap only while two different names still read alike.
    std::vector<std::u32string> shown(distinct.size());
    for (;; width = std::min(longest, width + std::max<size_t>(1, width / 8))) {
        std::unordered_map<std::u32string, size_t> owner;
        bool alike = false;
        for (size_t k = 0; k < distinct.size() && !alike; ++k) {
            if (distinct[k].size() <= width)
                shown[k] = distinct[k];
            else if (cands[k].text.size() <= width)
                shown[k] = cands[k].text;
            else
                shown[k] = elide(cands[k], byStart, width > ellipsis.size() ? width - ellipsis.size() : 0,
                    options.headShare, ellipsis);
            alike = !owner.emplace(shown[k], k).second;
        }
        if (!alike || width >= longest)
            break;
    }
    result.width = options.width;
    for (size_t i = 0; i < names.size(); ++i) {
        result.names[i] = encode(shown[slot[i]]);
        result.width = std::max(result.width, shown[slot[i]].size());
    }
    return result;
}

} // namespace strata::report
